import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/database.ts';
import { initialiseEmbeddedFolder } from '../../api/db/pglite-init.ts';

/**
 * An empty folder's embedded database is created (initdb) in a short-lived process of its own, not in
 * the process that opens it, whose memory would otherwise carry initdb's to its end (decision 078).
 */
const folders: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ff-first-open-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the first open of an empty folder', () => {
  it('creates the database in another process, and the folder then opens and keeps what is written', async () => {
    const dataDir = path.join(scratch(), 'pglite');
    await initialiseEmbeddedFolder(dataDir);
    expect(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);

    const first = await openDatabase({ kind: 'pglite', dataDir });
    await sql`create table t (n int)`.execute(first.db);
    await sql`insert into t values (1), (2)`.execute(first.db);
    await first.close();
    await initialiseEmbeddedFolder(dataDir); // already there: nothing is done to it
    const again = await openDatabase({ kind: 'pglite', dataDir });
    const { rows } = await sql<{ n: number }>`select n from t order by n`.execute(again.db);
    await again.close();
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  }, 120_000);
});
