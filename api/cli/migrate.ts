import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { runCli } from './run.ts';

runCli(async () => {
  const config = loadConfig();
  const database = await openDatabase(config.database, { statementTimeout: false });
  try {
    const applied = await migrateToLatest(database.db);
    process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
  } finally {
    await database.close();
  }
});
