import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import { assertDataDirUsable, EMBEDDED_DATABASE_MIN_FREE_BYTES } from './data-dir.ts';
import { type EmbeddedLock, lockEmbeddedDatabase, processRole } from './embedded-lock.ts';
import { initialiseEmbeddedFolder } from './pglite-init.ts';
import type { Database } from './schema.ts';

// DATE columns stay 'YYYY-MM-DD' strings: turning them into Date objects at local midnight
// shifts them by a day in any time zone west of UTC. int8 (counts, event positions) become numbers.
const DATE_OID = 1082;
const INT8_OID = 20;
pg.types.setTypeParser(DATE_OID, (v) => v);
pg.types.setTypeParser(INT8_OID, (v) => Number(v));

export const pgliteParsers = {
  [DATE_OID]: (v: string) => v,
  [INT8_OID]: (v: string) => Number(v),
};

/**
 * What every PGlite instance is created with: the parsers, and pg_trgm (the trigram indexes of the
 * public results search, migration 0012), which an instance must load before it opens such a database.
 */
export const pgliteOptions = { parsers: pgliteParsers, extensions: { pg_trgm } };

/** A database handle: the typed Kysely instance plus what is needed to close it cleanly. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when there is one (LISTEN/NOTIFY goes through it directly). */
  pglite?: PGlite;
  /** The server connection settings, when there are some (LISTEN needs its own connection). */
  connectionString?: string;
  /** The server connection pool, when there is one (the metrics report its use). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** A thrown value as one readable line: PGlite and some drivers throw plain objects, not Errors. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    try {
      return JSON.stringify(error);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}

/**
 * Opens the configured database. The API process bounds every statement on a server
 * (DATABASE_STATEMENT_TIMEOUT_MS, decision 029); the command-line tools pass `statementTimeout: false`, as
 * a migration or a rebuild may rightly run long. An embedded folder is taken for this process until
 * close(), or refused with DatabaseInUseError naming its owner (`role` is what this process is called
 * there: 'server', else the tool's script name; decision 075).
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { statementTimeout?: boolean; role?: string } = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    let lock: EmbeddedLock | undefined;
    if (target.dataDir) {
      // The embedded database lives in DATA_DIR/pglite: the setting is checked before PGlite writes there.
      assertDataDirUsable(path.dirname(target.dataDir), EMBEDDED_DATABASE_MIN_FREE_BYTES);
      mkdirSync(target.dataDir, { recursive: true });
      // Before PGlite reads a byte: two instances on one folder lose writes or abort (decision 075).
      lock = await lockEmbeddedDatabase(target.dataDir, options.role ?? processRole());
      // An empty folder is created in a short-lived process: initdb's memory never comes back (decision 078).
      await initialiseEmbeddedFolder(target.dataDir).catch(async (error: unknown) => {
        await lock?.release();
        throw new DatabaseUnavailableError(
          `Cannot create the embedded database in ${target.dataDir}: ${describeError(error)}`,
        );
      });
    }
    // Options object form: PGlite ignores a second argument when the first is not a string (memory://).
    const PGliteEngine = await loadPGlite();
    const pglite = new PGliteEngine({
      ...pgliteOptions,
      dataDir: target.dataDir,
      startParams: pgliteStartParams(PGliteEngine),
    });
    try {
      await pglite.waitReady;
    } catch (error) {
      await lock?.release();
      throw new DatabaseUnavailableError(
        `Cannot open the embedded database in ${target.dataDir ?? 'memory'}: ${describeError(error)}`,
      );
    }
    return wrapPGlite(pglite, lock);
  }
  const statementTimeoutMs = options.statementTimeout === false ? undefined : target.statementTimeoutMs;
  return openPostgres(target.url, 10, { statementTimeoutMs, connectTimeoutMs: target.connectTimeoutMs });
}

/**
 * The embedded engine, loaded when an embedded database is opened: a deployment on a PostgreSQL server
 * never loads it (about 10 MB resident, decision 078).
 */
export async function loadPGlite(): Promise<typeof PGlite> {
  return (await import('@electric-sql/pglite')).PGlite;
}

/**
 * PGlite's defaults, with PostgreSQL's memory settings cut to one site's data: the buffer cache at 16 MB
 * instead of 128 MB (decision 052 took it to 32), and smaller per-sort, maintenance and temporary-table
 * memory. PGlite's WebAssembly memory grows to what these allow and never shrinks (docs/benchmarks.md,
 * docs/decisions/078-memory-small-and-flat.md).
 */
export function pgliteStartParams(engine: typeof PGlite): string[] {
  return [
    ...engine.defaultStartParams,
    ...['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=2MB'],
  ];
}

/** Wraps an already created PGlite (tests clone a migrated template into one), with its folder's lock. */
export function wrapPGlite(pglite: PGlite, lock?: EmbeddedLock): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    async close() {
      try {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
      } finally {
        // Only once PGlite's files are whole may the next process open them.
        await lock?.release();
      }
    },
  };
}

/** How much longer than the server's statement_timeout the client waits for any answer at all. */
export const QUERY_TIMEOUT_MARGIN_MS = 2000;

export async function openPostgres(
  url: string,
  maxConnections = 10,
  options: { statementTimeoutMs?: number | undefined; connectTimeoutMs?: number | undefined } = {},
): Promise<DatabaseHandle> {
  const { statementTimeoutMs, connectTimeoutMs = 5000 } = options;
  // A statement that runs or waits (on a lock) too long is cancelled by the server (57014); a stall of
  // the network, where no answer ever comes, is ended by the client a little later (query_timeout). Either
  // way the request answers 503 instead of hanging (decision 029). The LISTEN connection is a client of its
  // own (api/modules/live/listener.ts): it idles by design and has neither.
  const timeouts =
    statementTimeoutMs === undefined
      ? {}
      : { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS };
  // connectionTimeoutMillis bounds a new connection and the wait for a free one; TCP keep-alive finds an idle
  // connection whose server or network went away, and the pool drops it (decision 072).
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    ...timeouts,
  });
  // A client whose server goes away emits 'error' as well as failing its query. pg-pool handles that
  // event only while the client is idle (and then re-emits it here); a client checked out for a query
  // or a transaction has no listener, and an unhandled 'error' event ends the process. So every client
  // gets its own listener as it is created: the query that was running fails, the error plugin answers
  // 503, and the pool drops the client when it is released (decision 024).
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (statementTimeoutMs !== undefined) endConnectionOnReadTimeout(client);
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`Cannot reach the PostgreSQL server at ${redactUrl(url)}: ${reason}`);
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    connectionString: url,
    pool,
    async close() {
      await db.destroy();
    },
  };
}

/**
 * pg gives up on a query that got no answer within query_timeout but keeps the connection, still waiting
 * for that answer: every later query on it would wait behind it. The connection is ended instead, so the
 * transaction's rollback fails at once and the pool drops the client when it is released.
 */
function endConnectionOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        }
        throw error;
      });
    }
    return result;
  };
}

/** Hides the password of a connection URL in messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
