import { execFile } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../api/db/backup.ts';
import { openDatabase } from '../../api/db/database.ts';
import { builtRoot, builtTool } from '../support/api-process.ts';
import { backupLines, fillWithDemoData, snapshot } from '../support/backup-fixture.ts';
import { createServerDatabase, MACHINE_SERVER_URL, type TestDatabase } from '../support/database.ts';

/**
 * Backups (decision 050) through the tools `npm run db:backup` / `db:restore` run, compiled as
 * production runs them (`node dist/db-backup.js`, `node dist/db-restore.js`), on embedded data folders.
 * The backup they start from is made on a PostgreSQL server and what they write is restored on it, so
 * the file crosses from the server to PGlite and back: PGlite's backup must equal the server's byte for
 * byte. The same in-process, on each database kind: tests/integration/backup.test.ts.
 */

/** TEST_DATABASE_URL when set, else the machine's server, which the outage tests need too (decision 024). */
const SERVER_URL = process.env.TEST_DATABASE_URL || MACHINE_SERVER_URL;
const run = promisify(execFile);
const folders: string[] = [];
const disposers: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const dispose of disposers) await dispose();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ff-backup-'));
  folders.push(folder);
  return folder;
}

async function onServer(prefix: string): Promise<TestDatabase> {
  const database = await createServerDatabase(SERVER_URL, prefix);
  disposers.push(() => database.dispose());
  return database;
}

let lines: string[];
let before: Record<string, string[]>;

beforeAll(async () => {
  const source = await onServer('ff_backup');
  await fillWithDemoData(source.db);
  before = await snapshot(source.db);
  lines = await backupLines(source.db);
});

describe('db:backup and db:restore, compiled', () => {
  const cli = (tool: string, args: string[], dataDir: string) =>
    run(process.execPath, builtTool(tool, ...args), {
      cwd: builtRoot(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    });

  it('round-trip an embedded database through a file, which restores on a server too', {
    timeout: 240_000,
  }, async () => {
    const given = path.join(tempFolder(), 'given.sql');
    writeFileSync(given, `${lines.join('\n')}\n`);
    const from = tempFolder();
    const to = tempFolder();
    const file = path.join(tempFolder(), 'backup.sql');

    expect((await cli('db-restore', [given], from)).stdout).toMatch(/^Restored \d+ statements/);
    const backedUp = await cli('db-backup', [file], from);
    expect(backedUp.stdout).toMatch(/^Backed up \d+ rows of \d+ tables \(migration .+\) to /);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(given, 'utf8'));
    // Never overwrites an earlier backup.
    await expect(cli('db-backup', [file], from)).rejects.toThrow(/EEXIST/);

    expect((await cli('db-restore', [file], to)).stdout).toMatch(/^Restored \d+ statements/);
    await expect(cli('db-restore', [file], to)).rejects.toMatchObject({ code: 1 });
    const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(to, 'pglite') });
    try {
      expect(await snapshot(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }

    const server = await onServer('ff_restore');
    const input = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
    await restoreBackup(server.db, input);
    expect(await snapshot(server.db)).toEqual(before);
  });
});
