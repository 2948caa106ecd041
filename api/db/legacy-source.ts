import { createRequire } from 'node:module';
import { CompiledQuery, Kysely, MysqlDialect, sql } from 'kysely';
import type { Pool, PoolConnection } from 'mysql2';
import type { LegacyTimeouts } from '../config.ts';
import { isDatabaseUnavailable } from './errors.ts';
import type { LegacyDatabase } from './legacy-schema.ts';
import type { Database } from './schema.ts';

/**
 * Where the legacy billing tables are read from (docs/decisions/037): the `legacy` schema of the main
 * database (embedded, the default) or a live MySQL/MariaDB database (LEGACY_DATABASE_URL).
 */
export interface LegacySource {
  kind: 'embedded' | 'mysql';
  /** The legacy tables, unqualified: the same queries run on both. */
  db: Kysely<LegacyDatabase>;
  /**
   * One transaction on the legacy tables, with a handle on the main database for the audit row. On the
   * embedded source both are the same transaction; on MySQL the audit row is written (on the main
   * database) before the legacy transaction commits, so a failed audit write rolls the change back.
   */
  transaction<T>(fn: (legacy: Kysely<LegacyDatabase>, main: Kysely<Database>) => Promise<T>): Promise<T>;
  /** Server version and round trip, or the reason it is not reachable, within timeoutMs. */
  ping(timeoutMs: number): Promise<LegacyPing>;
  /** Ends the pool once its statements are answered (each within its query bound), then whatever is left. */
  close(): Promise<void>;
  /** Ends every connection at once: the shutdown deadline passed (decision 072). */
  destroy(): void;
}

export type LegacyPing =
  | { reachable: true; serverVersion: string; roundTripMs: number }
  | { reachable: false; message: string };

/** The legacy tables of the embedded source: the `legacy` schema of the main database. */
export function embeddedLegacySource(main: Kysely<Database>): LegacySource {
  const legacyOf = (db: Kysely<Database>) => db.withSchema('legacy') as unknown as Kysely<LegacyDatabase>;
  return {
    kind: 'embedded',
    db: legacyOf(main),
    transaction: (fn) => main.transaction().execute((trx) => fn(legacyOf(trx), trx)),
    ping: (timeoutMs) =>
      timed(timeoutMs, async () => {
        const { rows } = await sql<{ version: string }>`select version() as version`.execute(main);
        return rows[0]?.version ?? 'PostgreSQL';
      }),
    close: async () => {},
    destroy: () => {},
  };
}

/** mysql://user:password@host:port/database or mariadb://..., as mysql2 connection options. */
export function mysqlOptionsOf(url: string) {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database) throw new Error('LEGACY_DATABASE_URL must name a database (mysql://user@host:3306/billing)');
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
    database,
  };
}

/**
 * A pool on a MySQL/MariaDB legacy database. Nothing is lost on the way: DECIMAL and BIGINT arrive as
 * strings, dates as strings (zero dates included), the session in UTC. The pool connects lazily, so a
 * legacy server that is down never stops the app from starting (its calls answer 503). A connection's
 * handshake is bounded by connectTimeoutMs; TCP keep-alive finds an idle one whose network went away.
 */
export function createMysqlPool(url: string, connectionLimit = 5, connectTimeoutMs = 5000): Pool {
  // Required here, not at start-up: only a site with a legacy database pays for the driver (decision 052).
  const { createPool } = createRequire(import.meta.url)('mysql2') as typeof import('mysql2');
  return createPool({
    ...mysqlOptionsOf(url),
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    dateStrings: true,
    timezone: 'Z',
    connectTimeout: connectTimeoutMs,
    enableKeepAlive: true,
    keepAliveInitialDelay: 10_000,
    connectionLimit,
    charset: 'utf8mb4',
  });
}

type Callback = (error: Error | null, result?: unknown) => void;
type RawQuery = (sql: unknown, values?: unknown, callback?: Callback) => unknown;

/** The connection ends at once: its socket destroyed, and the pool forgets it (and serves a waiter). */
function destroyConnection(connection: PoolConnection): void {
  connection.destroy();
  (connection as unknown as { stream?: { destroy?: () => void } }).stream?.destroy?.();
}

/**
 * Every statement on the connection gets an answer within queryMs or fails (PROTOCOL_SEQUENCE_TIMEOUT:
 * 503 LEGACY_UNAVAILABLE). mysql2 keeps such a connection waiting for the late answer, so every later
 * statement on it would wait behind it: it is destroyed instead, and the pool makes a fresh one
 * (decision 072).
 */
function boundQueries(connection: PoolConnection, queryMs: number): void {
  const query = connection.query.bind(connection) as unknown as RawQuery;
  (connection as unknown as { query: RawQuery }).query = (sqlOrOptions, values, callback) => {
    const options =
      typeof sqlOrOptions === 'string'
        ? { sql: sqlOrOptions, timeout: queryMs }
        : { timeout: queryMs, ...(sqlOrOptions as object) };
    const [params, done] = typeof values === 'function' ? [undefined, values as Callback] : [values, callback];
    if (!done) return query(options, params);
    return query(options, params, (error, result) => {
      if (error && (error as { code?: unknown }).code === 'PROTOCOL_SEQUENCE_TIMEOUT') destroyConnection(connection);
      done(error, result);
    });
  };
}

/**
 * The pool as Kysely asks it: a connection within connectMs (a new one's handshake, or a free one while
 * every connection is busy), else an ETIMEDOUT error (503). One that arrives after is given back.
 */
function boundedAcquire(pool: Pool, connectMs: number): Pool {
  const getConnection = (callback: (error: Error | null, connection?: PoolConnection) => void) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      callback(Object.assign(new Error(`no legacy connection within ${connectMs} ms`), { code: 'ETIMEDOUT' }));
    }, connectMs);
    pool.getConnection((error, connection) => {
      if (settled) {
        connection?.release();
        return;
      }
      clearTimeout(timer);
      callback(error, connection);
    });
  };
  return new Proxy(pool, {
    get: (target, key, receiver) => (key === 'getConnection' ? getConnection : Reflect.get(target, key, receiver)),
  });
}

export function mysqlLegacySource(
  url: string,
  main: Kysely<Database>,
  timeouts: LegacyTimeouts = { connectMs: 5000, queryMs: 15000 },
): LegacySource {
  const pool = createMysqlPool(url, 5, timeouts.connectMs);
  const open = new Set<PoolConnection>();
  pool.on('connection', (connection) => {
    // A connection that dies while idle emits 'error'; the query that needed it fails on its own.
    connection.on('error', () => {});
    boundQueries(connection, timeouts.queryMs);
    open.add(connection);
    connection.once('end', () => open.delete(connection));
    connection.once('error', () => open.delete(connection));
  });
  const db = new Kysely<LegacyDatabase>({
    dialect: new MysqlDialect({
      pool: boundedAcquire(pool, timeouts.connectMs),
      onCreateConnection: async (connection) => {
        // UTC, and strict: a value out of range is an error, never silently clipped.
        await connection.executeQuery(
          CompiledQuery.raw("set time_zone = '+00:00', sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION'"),
        );
      },
    }),
  });
  const destroy = () => {
    for (const connection of open) destroyConnection(connection);
    open.clear();
  };
  let closed: Promise<void> | undefined;
  return {
    kind: 'mysql',
    db,
    transaction: (fn) => db.transaction().execute((trx) => fn(trx, main)),
    ping: (timeoutMs) =>
      timed(timeoutMs, async () => {
        const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
        return rows[0]?.version ?? 'MySQL';
      }),
    // The pool's end waits for the statements that run; one that waits on a stalled server would hold it
    // forever, so past the query bound what is left is destroyed.
    close: () => {
      closed ??= (async () => {
        let timer: NodeJS.Timeout | undefined;
        const bound = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeouts.queryMs);
        });
        await Promise.race([db.destroy().catch(() => {}), bound]);
        clearTimeout(timer);
        destroy();
      })();
      return closed;
    },
    destroy,
  };
}

async function timed(timeoutMs: number, versionOf: () => Promise<string>): Promise<LegacyPing> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const serverVersion = await Promise.race([
      versionOf(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { reachable: true, serverVersion, roundTripMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { reachable: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** mysql2's codes for a connection that is gone or cannot be had. */
const MYSQL_UNAVAILABLE_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
  'POOL_CLOSED',
]);

/** True when a legacy call failed because its database cannot be reached (it answers 503 LEGACY_UNAVAILABLE). */
export function isLegacyUnavailable(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, fatal, message } = error as { code?: unknown; fatal?: unknown; message?: unknown };
  if (fatal === true) return true;
  if (typeof code === 'string' && MYSQL_UNAVAILABLE_CODES.has(code)) return true;
  return typeof message === 'string' && /closed state|Pool is closed|connect ETIMEDOUT/.test(message);
}
