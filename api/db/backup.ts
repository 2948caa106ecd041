import { type Kysely, sql, type Transaction } from 'kysely';
import { createMigrator, MigrationError } from './migrate.ts';

/**
 * Backups as one plain SQL file (decision 050): the rows of every table, never the schema (the
 * migrations are the schema), restorable on PGlite and on a PostgreSQL server alike, and by `psql`.
 *
 *   -- FireFit backup
 *   -- migration: <the latest migration applied when it was taken>
 *   begin;
 *   insert into "public"."users" ("id", ...) select "id", ... from jsonb_populate_recordset(null::"public"."users", '[...]');
 *   select setval('"public"."users_id_seq"', 42, true);
 *   commit;
 *
 * One statement per line: the JSON of a batch of rows escapes its own line breaks.
 */

/** The schemas the migrations create tables in. */
const SCHEMAS = ['public', 'legacy'];
/** Kysely's own bookkeeping: a restore migrates the target instead. */
const SKIPPED = new Set(['public.kysely_migration', 'public.kysely_migration_lock']);
/** Rows of JSON per statement, at most (a statement also closes at about 1 MB of text). */
const BATCH_ROWS = 500;
const BATCH_CHARS = 1_000_000;
const PAGE_ROWS = 1000;

export const BACKUP_HEADER = '-- FireFit backup';
const MIGRATION_LINE = '-- migration: ';

export class BackupError extends Error {
  override name = 'BackupError';
}

interface Table {
  schema: string;
  name: string;
  columns: string[];
  primaryKey: string[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The application's tables in the order they can be filled: a table after the tables its foreign keys
 * point at, else in the order they were created (the migrations' order).
 */
export async function applicationTables(db: Kysely<any>): Promise<Table[]> {
  const { rows } = await sql<{ oid: number; schema: string; name: string; columns: string[]; pk: string[] | null }>`
    select c.oid::int as oid, n.nspname as schema, c.relname as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum) as columns,
      (select array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.ord)
       from pg_index i where i.indrelid = c.oid and i.indisprimary) as pk
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = any(${SCHEMAS})
    order by c.oid`.execute(db);
  const { rows: references } = await sql<{ from: number; to: number }>`
    select conrelid::int as "from", confrelid::int as "to" from pg_constraint
    where contype = 'f' and conrelid <> confrelid`.execute(db);

  const tables = rows.filter((r) => !SKIPPED.has(`${r.schema}.${r.name}`));
  const known = new Set(tables.map((t) => t.oid));
  const waitingFor = new Map(tables.map((t) => [t.oid, new Set<number>()]));
  for (const r of references) {
    if (known.has(r.from) && known.has(r.to)) waitingFor.get(r.from)?.add(r.to);
  }
  const ordered: Table[] = [];
  const done = new Set<number>();
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !done.has(t.oid) && [...(waitingFor.get(t.oid) ?? [])].every((o) => done.has(o)));
    if (!next) throw new BackupError('The tables reference each other in a cycle; no order fills them.');
    done.add(next.oid);
    ordered.push({ schema: next.schema, name: next.name, columns: next.columns, primaryKey: next.pk ?? [] });
  }
  return ordered;
}

/** The latest migration applied to the database. */
async function latestApplied(db: Kysely<any>): Promise<string | undefined> {
  const migrations = await createMigrator(db).getMigrations();
  return migrations.filter((m) => m.executedAt !== undefined).at(-1)?.name;
}

/** Every row of `table` as JSON text, page by page in primary-key order. */
async function* rowsOf(trx: Transaction<any>, table: Table): AsyncGenerator<string> {
  const order = table.primaryKey.length ? table.primaryKey.map(ident).join(', ') : 'to_jsonb(t)::text';
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const { rows } = await sql<{ row: string }>`
      select to_jsonb(t)::text as row from ${sql.raw(qualified(table))} t
      order by ${sql.raw(order)} limit ${PAGE_ROWS} offset ${offset}`.execute(trx);
    for (const r of rows) yield r.row;
    if (rows.length < PAGE_ROWS) return;
  }
}

function insertStatement(table: Table, rows: string[]): string {
  const columns = table.columns.map(ident).join(', ');
  return `insert into ${qualified(table)} (${columns}) select ${columns} from jsonb_populate_recordset(null::${qualified(table)}, ${literal(`[${rows.join(',')}]`)});`;
}

export interface BackupReport {
  migration: string;
  tables: number;
  rows: number;
}

/** Writes the backup, line by line, from one consistent snapshot of the database. */
export async function writeBackup(
  db: Kysely<any>,
  write: (line: string) => Promise<void> | void,
): Promise<BackupReport> {
  const migration = await latestApplied(db);
  if (!migration) throw new BackupError('The database has no migration applied: there is nothing to back up.');
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const tables = await applicationTables(trx);
      await write(BACKUP_HEADER);
      await write(`${MIGRATION_LINE}${migration}`);
      await write('begin;');
      let total = 0;
      for (const table of tables) {
        let batch: string[] = [];
        let chars = 0;
        for await (const row of rowsOf(trx, table)) {
          batch.push(row);
          chars += row.length;
          total++;
          if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
            await write(insertStatement(table, batch));
            batch = [];
            chars = 0;
          }
        }
        if (batch.length) await write(insertStatement(table, batch));
      }
      const { rows: sequences } = await sql<{ name: string; value: number | null }>`
        select format('%I.%I', schemaname, sequencename) as name, last_value::int8 as value
        from pg_sequences where schemaname = any(${SCHEMAS}) order by 1`.execute(trx);
      for (const s of sequences) {
        if (s.value !== null) await write(`select setval(${literal(s.name)}, ${Number(s.value)}, true);`);
      }
      await write('commit;');
      return { migration, tables: tables.length, rows: total };
    });
}

async function hasRows(db: Kysely<any>, tables: Table[]): Promise<boolean> {
  if (tables.length === 0) return false;
  const { rows } = await sql<{ any: boolean }>`select ${sql.raw(
    tables.map((t) => `exists(select 1 from ${qualified(t)})`).join(' or '),
  )} as any`.execute(db);
  return rows[0]?.any === true;
}

export interface RestoreReport {
  migration: string;
  statements: number;
  /** Migrations applied after the restore, to bring an older backup up to this version. */
  migratedForward: string[];
}

/**
 * Restores a backup into `db`: migrates it to the backup's migration, refuses a database that has rows
 * (unless `force`, which empties it first, in the same transaction), runs the backup's statements in one
 * transaction, then migrates forward to this version's latest migration.
 */
export async function restoreBackup(
  db: Kysely<any>,
  lines: AsyncIterable<string>,
  options: { force?: boolean } = {},
): Promise<RestoreReport> {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const second = await iterator.next();
  if (first.value !== BACKUP_HEADER || !String(second.value ?? '').startsWith(MIGRATION_LINE)) {
    throw new BackupError('This file is not a FireFit backup (it must start with "-- FireFit backup").');
  }
  const migration = String(second.value).slice(MIGRATION_LINE.length).trim();

  const migrator = createMigrator(db);
  const all = await migrator.getMigrations();
  const index = all.findIndex((m) => m.name === migration);
  if (index < 0) {
    throw new BackupError(`The backup was taken at migration ${migration}, which this version does not have.`);
  }
  const beyond = all.slice(index + 1).filter((m) => m.executedAt !== undefined);
  if (beyond.length) {
    throw new BackupError(
      `The database is already at migration ${beyond.at(-1)?.name}, newer than the backup's ${migration}: restore into a new, empty database.`,
    );
  }
  // Refused before anything changes, the schema included.
  if (!options.force && (await hasRows(db, await applicationTables(db)))) {
    throw new BackupError('The database already has data; nothing was restored. Add --force to replace it.');
  }
  const { error } = await migrator.migrateTo(migration);
  if (error) throw new MigrationError(`Migrating to the backup's ${migration} failed: ${String(error)}`);

  const tables = await applicationTables(db);
  let statements = 0;
  await db.transaction().execute(async (trx) => {
    if (await hasRows(trx, tables)) {
      await sql`truncate ${sql.raw(tables.map(qualified).join(', '))} restart identity cascade`.execute(trx);
    }
    // setval is not undone by a rollback: the sequences are set only once every row is in.
    const sequences: Array<{ line: string; lineNumber: number }> = [];
    const execute = async (line: string, lineNumber: number) => {
      try {
        await sql.raw(line).execute(trx);
      } catch (cause) {
        throw new BackupError(
          `Line ${lineNumber} of the backup failed, nothing was restored: ${(cause as Error).message}`,
        );
      }
      statements++;
    };
    let lineNumber = 2;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      lineNumber++;
      const line = next.value.trim();
      // The transaction is this one; the file's own begin and commit serve psql.
      if (line === '' || line.startsWith('--') || line === 'begin;' || line === 'commit;') continue;
      if (line.startsWith('select setval(')) sequences.push({ line, lineNumber });
      else await execute(line, lineNumber);
    }
    for (const s of sequences) await execute(s.line, s.lineNumber);
  });

  const { error: forwardError, results } = await migrator.migrateToLatest();
  if (forwardError)
    throw new MigrationError(`The restored data could not be migrated forward: ${String(forwardError)}`);
  return {
    migration,
    statements,
    migratedForward: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}
