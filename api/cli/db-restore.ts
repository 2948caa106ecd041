import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadConfig } from '../config.ts';
import { restoreBackup } from '../db/backup.ts';
import { openDatabase } from '../db/database.ts';
import { EXIT_CODES, runCli } from './run.ts';

/**
 * npm run db:restore -- <file> [--force]: a backup of `npm run db:backup` into the configured database,
 * embedded or server (decision 050). Refuses a database with data unless --force, which replaces it.
 */
runCli(async () => {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    process.stderr.write('Usage: npm run db:restore -- <backup.sql> [--force]\n');
    process.exitCode = EXIT_CODES.usage;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database, { statementTimeout: false });
  try {
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
    const report = await restoreBackup(database.db, lines, { force: args.includes('--force') });
    process.stdout.write(
      `Restored ${report.statements} statements (migration ${report.migration})` +
        (report.migratedForward.length ? `, then applied ${report.migratedForward.join(', ')}` : '') +
        '.\n',
    );
  } finally {
    await database.close();
  }
});
