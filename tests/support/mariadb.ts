import { randomBytes } from 'node:crypto';
import { Kysely, MysqlDialect } from 'kysely';
import mysql from 'mysql2/promise';
import { LEGACY_MYSQL_DDL, type LegacyDatabase } from '../../api/db/legacy-schema.ts';
import { createMysqlPool } from '../../api/db/legacy-source.ts';

/**
 * The machine's MariaDB for the legacy billing tests (docs/decisions/037): a database of the test's own,
 * created with the legacy schema and dropped after. No MariaDB is a failure, never a skip.
 */
export const MARIADB_URL = process.env.TEST_LEGACY_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';

export interface MariaDbDatabase {
  /** mysql://.../<database>: what LEGACY_DATABASE_URL takes. */
  url: string;
  name: string;
  /** The legacy tables, for fixtures. */
  db: Kysely<LegacyDatabase>;
  drop(): Promise<void>;
}

async function adminConnection() {
  const u = new URL(MARIADB_URL);
  try {
    return await mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username || 'root'),
      password: decodeURIComponent(u.password),
      connectTimeout: 5000,
    });
  } catch (error) {
    throw new Error(
      `The legacy billing tests need MariaDB/MySQL at ${u.host} (TEST_LEGACY_MYSQL_URL): ${(error as Error).message}`,
    );
  }
}

/** A fresh database with the legacy tables (empty unless `withTables` is false: then no tables at all). */
export async function createMariaDbDatabase(prefix = 'ff_legacy', withTables = true): Promise<MariaDbDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = await adminConnection();
  try {
    await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
    if (withTables) {
      await admin.query(`use \`${name}\``);
      for (const ddl of LEGACY_MYSQL_DDL) await admin.query(ddl);
    }
  } finally {
    await admin.end();
  }
  const u = new URL(MARIADB_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = new Kysely<LegacyDatabase>({ dialect: new MysqlDialect({ pool: createMysqlPool(url) }) });
  return {
    url,
    name,
    db,
    async drop() {
      await db.destroy();
      const again = await adminConnection();
      try {
        await again.query(`drop database if exists \`${name}\``);
      } finally {
        await again.end();
      }
    },
  };
}
