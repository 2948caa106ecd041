import { type Kysely, sql } from 'kysely';
import { writeBackup } from '../../api/db/backup.ts';
import { seedDemoData } from '../../api/demo/seed.ts';
import { seedDemoCompetition } from '../../api/demo/seed-competition.ts';
import { seedDemoResults } from '../../api/demo/seed-results.ts';
import { createEventStore } from '../../api/event-store/store.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { insertUser } from './factories.ts';

/**
 * What the backup tests (decision 050) share: in-process on each database kind
 * (tests/integration/backup.test.ts), and through the compiled tools (tests/processes/backup.test.ts).
 */

/** Every row of every table of the two schemas, and every sequence, read independently of the backup code. */
export async function snapshot(db: Kysely<any>): Promise<Record<string, string[]>> {
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

export async function fillWithDemoData(db: Kysely<any>): Promise<void> {
  await seedDemoData(db, { now: new Date('2026-11-25T12:00:00Z'), timeZone: 'America/Toronto' });
  const store = createEventStore(db, PROJECTIONS);
  await seedDemoCompetition(store, { timeZone: 'America/Toronto' });
  await seedDemoResults(store, { timeZone: 'America/Toronto' });
  // Text that a careless dump mangles: quotes, a backslash, a line break, accents, an emoji.
  await insertUser(db, { first_name: 'O\'Brien \\ "Jr"\nsecond line', last_name: 'Côté 🚒' });
}

export async function backupLines(db: Kysely<any>): Promise<string[]> {
  const lines: string[] = [];
  await writeBackup(db, (line) => {
    lines.push(line);
  });
  return lines;
}

export async function* linesOf(lines: string[]): AsyncGenerator<string> {
  yield* lines;
}
