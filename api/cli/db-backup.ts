import { once } from 'node:events';
import { createWriteStream, existsSync, linkSync, mkdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { writeBackup } from '../db/backup.ts';
import { openDatabase } from '../db/database.ts';
import { runCli } from './run.ts';

/**
 * npm run db:backup [-- <file>]: every row of the configured database into one SQL file (decision 050),
 * by default $DATA_DIR/backups/firefit-<date and time>.sql. The embedded database is one process's at a
 * time: while the server holds it this is refused (exit 75) and the server's GET /api/admin/backup gives
 * the same file (decision 075). The file appears only once complete: never empty, never half.
 */
runCli(async () => {
  const config = loadConfig();
  const stamp = new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `firefit-${stamp}.sql`));
  // Never overwrite an earlier backup: checked before the database is opened, and again by the link below.
  if (existsSync(file)) throw new Error(`EEXIST: ${file} already exists; a backup never overwrites one.`);
  const database = await openDatabase(config.database, { statementTimeout: false });
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true });
    try {
      await once(out, 'open');
      const report = await writeBackup(database.db, async (line) => {
        if (!out.write(`${line}\n`)) await once(out, 'drain');
      });
      out.end();
      await once(out, 'finish');
      // link, unlike rename, refuses a file that appeared meanwhile.
      linkSync(partial, file);
      process.stdout.write(
        `Backed up ${report.rows} rows of ${report.tables} tables (migration ${report.migration}) to ${file}\n`,
      );
    } finally {
      out.destroy();
    }
  } finally {
    try {
      unlinkSync(partial);
    } catch {
      // never created
    }
    await database.close();
  }
});
