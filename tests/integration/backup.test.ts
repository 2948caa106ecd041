import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationTables, restoreBackup } from '../../api/db/backup.ts';
import { testDatabase } from '../support/app.ts';
import { backupLines, fillWithDemoData, linesOf, snapshot } from '../support/backup-fixture.ts';
import type { TestDatabase } from '../support/database.ts';
import { insertUser } from '../support/factories.ts';

/**
 * Backups (decision 050): back up, wipe, restore, compare, on the suite's database (PGlite, or the
 * PostgreSQL server). The tools `npm run db:backup` / `db:restore` run as processes in
 * tests/processes/backup.test.ts.
 */

const disposers: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const dispose of disposers) await dispose();
});

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
