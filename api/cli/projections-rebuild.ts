import { PROJECTIONS } from '../../projections/registry.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { rebuildProjections } from '../event-store/projection.ts';
import { runCli } from './run.ts';

/** npm run projections:rebuild: every read model, rebuilt from the event log in one transaction. */
runCli(async () => {
  const config = loadConfig();
  const database = await openDatabase(config.database, { statementTimeout: false });
  try {
    await migrateToLatest(database.db);
    const report = await rebuildProjections(database.db, PROJECTIONS);
    process.stdout.write(
      `Rebuilt ${report.projections.length} read model(s) (${report.projections.join(', ') || 'none'}) from ${report.events} events in ${report.milliseconds} ms.\n`,
    );
  } finally {
    await database.close();
  }
});
