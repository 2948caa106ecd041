import { execFile } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationTables, restoreBackup, writeBackup } from '../../api/db/backup.ts';
import { openDatabase } from '../../api/db/database.ts';
import { seedDemoData } from '../../api/db/seed.ts';
import { seedDemoCompetition } from '../../api/db/seed-competition.ts';
import { seedDemoResults } from '../../api/db/seed-results.ts';
import { createEventStore } from '../../api/event-store/store.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { testDatabase } from '../support/app.ts';
import { createServerDatabase, type TestDatabase } from '../support/database.ts';
import { insertUser } from '../support/factories.ts';

/**
 * Backups (decision 050): back up, wipe, restore, compare, on the suite's database (PGlite, or the
 * server with TEST_DATABASE_URL); and `npm run db:backup` / `db:restore` as processes on an embedded
 * data folder, whose backup also restores on the server when there is one.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
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

/** Every row of every table of the two schemas, and every sequence, read independently of the backup code. */
async function snapshot(db: Kysely<any>): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    select format('%I.%I', table_schema, table_name) as name from information_schema.tables
    where table_schema in ('public', 'legacy') and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by 1`.execute(db);
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`
      select to_jsonb(t)::text as row from ${sql.raw(name)} t order by 1`.execute(db);
    result[name] = rows.map((r) => r.row);
  }
  const { rows: sequences } = await sql<{ name: string; value: number | null }>`
    select format('%I.%I', schemaname, sequencename) as name, last_value::int8 as value
    from pg_sequences where schemaname in ('public', 'legacy') order by 1`.execute(db);
  result['(sequences)'] = sequences.map((s) => `${s.name}=${s.value}`);
  return result;
}

async function fillWithDemoData(db: Kysely<any>): Promise<void> {
  await seedDemoData(db, { now: new Date('2026-11-25T12:00:00Z'), timeZone: 'America/Toronto' });
  const store = createEventStore(db, PROJECTIONS);
  await seedDemoCompetition(store, { timeZone: 'America/Toronto' });
  await seedDemoResults(store, { timeZone: 'America/Toronto' });
  // Text that a careless dump mangles: quotes, a backslash, a line break, accents, an emoji.
  await insertUser(db, { first_name: 'O\'Brien \\ "Jr"\nsecond line', last_name: 'Côté 🚒' });
}

async function backupLines(db: Kysely<any>): Promise<string[]> {
  const lines: string[] = [];
  await writeBackup(db, (line) => {
    lines.push(line);
  });
  return lines;
}

async function* linesOf(lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

async function fresh(): Promise<TestDatabase> {
  const database = await testDatabase();
  disposers.push(() => database.dispose());
  return database;
}

let source: TestDatabase;
let lines: string[];
let before: Record<string, string[]>;

beforeAll(async () => {
  source = await fresh();
  await fillWithDemoData(source.db);
  before = await snapshot(source.db);
  lines = await backupLines(source.db);
});

describe('a backup of the database', () => {
  it('holds every table, and restores into a new database, and into a wiped one, exactly as it was', async () => {
    expect(Object.keys(before).length).toBe((await applicationTables(source.db)).length + 1);
    expect(before['public.users']?.length).toBeGreaterThan(5);
    expect(before['public.event_log']?.length).toBeGreaterThan(10);
    expect(before['legacy.invoices']?.length).toBeGreaterThan(0);
    expect(lines.slice(0, 3)).toEqual(['-- FireFit backup', expect.stringMatching(/^-- migration: \d{4}-/), 'begin;']);
    expect(lines.at(-1)).toBe('commit;');

    const target = await fresh();
    await restoreBackup(target.db, linesOf(lines));
    expect(await snapshot(target.db)).toEqual(before);

    // Wiped: every table emptied, as after a lost disk with the schema recreated.
    const tables = await applicationTables(target.db);
    await sql`truncate ${sql.raw(tables.map((t) => `"${t.schema}"."${t.name}"`).join(', '))} restart identity`.execute(
      target.db,
    );
    await restoreBackup(target.db, linesOf(lines));
    expect(await snapshot(target.db)).toEqual(before);

    // The sequences went back too: a new row takes the next id, not one of the restored ones.
    const userIds = before['public.users']?.map((r) => JSON.parse(r).id as number) ?? [];
    const added = await insertUser(target.db);
    expect(added.id).toBe(Math.max(...userIds) + 1);
  });

  it('refuses a database with data, unless forced, and a file that is not a backup; a failed restore changes nothing', async () => {
    const target = await fresh();
    await insertUser(target.db, { first_name: 'Already here' });
    const untouched = await snapshot(target.db);

    await expect(restoreBackup(target.db, linesOf(lines))).rejects.toThrow('The database already has data');
    await expect(restoreBackup(target.db, linesOf(['select 1;']))).rejects.toThrow('not a FireFit backup');
    const broken = [...lines.slice(0, -1), 'insert into public.users (id) values (1);', 'commit;'];
    await expect(restoreBackup(target.db, linesOf(broken), { force: true })).rejects.toThrow(
      /Line \d+ of the backup failed, nothing was restored/,
    );
    expect(await snapshot(target.db)).toEqual(untouched);

    await restoreBackup(target.db, linesOf(lines), { force: true });
    expect(await snapshot(target.db)).toEqual(before);
  });
});

describe('npm run db:backup and db:restore', () => {
  const cli = (script: string, args: string[], dataDir: string) =>
    run(process.execPath, ['--import', 'tsx', `api/cli/${script}`, ...args], {
      cwd: ROOT,
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

    expect((await cli('db-restore.ts', [given], from)).stdout).toMatch(/^Restored \d+ statements/);
    const backedUp = await cli('db-backup.ts', [file], from);
    expect(backedUp.stdout).toMatch(/^Backed up \d+ rows of \d+ tables \(migration .+\) to /);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(given, 'utf8'));
    // Never overwrites an earlier backup.
    await expect(cli('db-backup.ts', [file], from)).rejects.toThrow(/EEXIST/);

    expect((await cli('db-restore.ts', [file], to)).stdout).toMatch(/^Restored \d+ statements/);
    await expect(cli('db-restore.ts', [file], to)).rejects.toMatchObject({ code: 1 });
    const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(to, 'pglite') });
    try {
      expect(await snapshot(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }

    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const server = await createServerDatabase(serverUrl, 'ff_restore');
      disposers.push(() => server.dispose());
      const input = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
      await restoreBackup(server.db, input);
      expect(await snapshot(server.db)).toEqual(before);
    }
  });
});
