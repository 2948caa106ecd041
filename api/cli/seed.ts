import { PROJECTIONS } from '../../projections/registry.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { isDatabaseEmpty } from '../db/site-state.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../demo/seed.ts';
import { seedDemoCompetition } from '../demo/seed-competition.ts';
import { seedDemoResults } from '../demo/seed-results.ts';
import { createEventStore } from '../event-store/store.ts';
import { EXIT_CODES, runCli } from './run.ts';

const force = process.argv.includes('--force');

runCli(async () => {
  const config = loadConfig();
  const database = await openDatabase(config.database, { statementTimeout: false });
  try {
    await migrateToLatest(database.db);
    if (!force && !(await isDatabaseEmpty(database.db))) {
      process.stderr.write(
        'The database already has data; the demo data was not loaded. Run `npm run db:seed -- --force` to add whatever demo rows are missing.\n',
      );
      process.exitCode = EXIT_CODES.usage;
      return;
    }
    const added = await seedDemoData(database.db, { now: new Date(), timeZone: config.siteTimeZone });
    const store = createEventStore(database.db, PROJECTIONS);
    const competition = await seedDemoCompetition(store, { timeZone: config.siteTimeZone });
    const results = await seedDemoResults(store, { timeZone: config.siteTimeZone });
    process.stdout.write(
      `Demo data: added ${added.departments} departments, ${added.users} users, ${added.events} events, ${added.runs} runs, ${added.announcements} announcements, ` +
        `${competition.competitors} competitors, ${competition.teams} teams, ${competition.registrations} registrations, ` +
        `${results.results} results (${results.provisional} awaiting validation).\n`,
    );
    for (const a of DEMO_ACCOUNTS) process.stdout.write(`  ${a.role.padEnd(11)} ${a.email} / ${a.password}\n`);
  } finally {
    await database.close();
  }
});
