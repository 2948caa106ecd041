import { createRequire } from 'node:module';
import { CompiledQuery, Kysely, MysqlDialect, sql } from 'kysely';
import type { Pool } from 'mysql2';
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
  close(): Promise<void>;
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
 * legacy server that is down never stops the app from starting (its calls answer 503).
 */
export function createMysqlPool(url: string, connectionLimit = 5): Pool {
  // Required here, not at start-up: only a site with a legacy database pays for the driver (decision 052).
  const { createPool } = createRequire(import.meta.url)('mysql2') as typeof import('mysql2');
  return createPool({
    ...mysqlOptionsOf(url),
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    dateStrings: true,
    timezone: 'Z',
    connectTimeout: 3000,
    connectionLimit,
    charset: 'utf8mb4',
  });
}

export function mysqlLegacySource(url: string, main: Kysely<Database>): LegacySource {
  const pool = createMysqlPool(url);
  // A connection that dies while idle emits 'error'; the query that needed it fails on its own.
  pool.on('connection', (connection) => connection.on('error', () => {}));
  const db = new Kysely<LegacyDatabase>({
    dialect: new MysqlDialect({
      pool,
      onCreateConnection: async (connection) => {
        // UTC, and strict: a value out of range is an error, never silently clipped.
        await connection.executeQuery(
          CompiledQuery.raw("set time_zone = '+00:00', sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION'"),
        );
      },
    }),
  });
  return {
    kind: 'mysql',
    db,
    transaction: (fn) => db.transaction().execute((trx) => fn(trx, main)),
    ping: (timeoutMs) =>
      timed(timeoutMs, async () => {
        const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
        return rows[0]?.version ?? 'MySQL';
      }),
    close: () => db.destroy(),
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
