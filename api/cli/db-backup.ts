import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { writeBackup } from '../db/backup.ts';
import { openDatabase } from '../db/database.ts';
import { runCli } from './run.ts';

/**
 * npm run db:backup [-- <file>]: every row of the configured database into one SQL file (decision 050),
 * by default $DATA_DIR/backups/firefit-<date and time>.sql. The embedded database is one process's at a
 * time: stop the server first.
 */
runCli(async () => {
  const config = loadConfig();
  const stamp = new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `firefit-${stamp}.sql`));
  mkdirSync(path.dirname(file), { recursive: true });
  // wx: never overwrite an earlier backup (checked before the database is opened).
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  await once(out, 'open');
  const database = await openDatabase(config.database, { statementTimeout: false }).catch((error: unknown) => {
    out.destroy();
    throw error;
  });
  try {
    const report = await writeBackup(database.db, async (line) => {
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'finish');
    process.stdout.write(
      `Backed up ${report.rows} rows of ${report.tables} tables (migration ${report.migration}) to ${file}\n`,
    );
  } finally {
    out.destroy();
    await database.close();
  }
});
