import { PGlite } from '@electric-sql/pglite';
import { describeError, pgliteOptions, pgliteStartParams } from '../db/database.ts';

/**
 * Not a tool: the short-lived process that creates an embedded database in an empty folder (initdb) and
 * exits, so that no long-lived process carries initdb's memory (api/db/pglite-init.ts, decision 078).
 */
const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('Usage: pglite-init <folder>\n');
  process.exit(64);
}
try {
  const pglite = new PGlite({ ...pgliteOptions, dataDir, startParams: pgliteStartParams(PGlite) });
  await pglite.waitReady;
  await pglite.close();
} catch (error) {
  process.stderr.write(`${describeError(error)}\n`);
  process.exit(1);
}
