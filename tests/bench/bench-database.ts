import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, openPostgres } from '../../api/db/database.ts';
import type { Database } from '../../api/db/schema.ts';

/** One statement on a server's admin connection (create or drop a bench database). */
export async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // a lost connection fails the query instead (decision 024)
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface Target {
  name: string;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

/**
 * Where a bench runs: PGlite in memory, and a fresh database named `<prefix>_<random>` on the server
 * BENCH_DATABASE_URL names (dropped afterwards), with a pool of `poolSize` connections.
 */
export function benchTargets(prefix: string, poolSize = 20): Target[] {
  const list: Target[] = [
    {
      name: 'PGlite (in memory)',
      open: () => openDatabase({ kind: 'pglite', dataDir: undefined }),
      cleanup: async () => {},
    },
  ];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    list.push({
      name: 'PostgreSQL server',
      open: async () => {
        await adminQuery(serverUrl, `create database ${name}`);
        return openPostgres(url.toString(), poolSize);
      },
      cleanup: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {}),
    });
  }
  return list;
}

/** A confirmed one-day event with one individual run taking `participantLimit` people; answers the run's id. */
export async function insertBenchRun(
  db: Kysely<Database>,
  names: { slug: string; run: string },
  participantLimit: number,
): Promise<number> {
  const event = await db
    .insertInto('events')
    .values({
      slug: names.slug,
      name: 'Bench event',
      description: '',
      start_date: '2027-06-01',
      end_date: '2027-06-01',
      city: 'Red Deer',
      province: 'AB',
      scope: 'Regional',
      status: 'Confirmed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const run = await db
    .insertInto('runs')
    .values({
      event_id: event.id,
      name: names.run,
      type: 'individual',
      category: 'Open Men',
      participant_limit: participantLimit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return run.id;
}

/**
 * An access token for `user`, as a sign-in would give: it names a session of its own (decision 025),
 * written here first, so the token may leave the process at once.
 */
export async function benchAccessToken(
  db: Kysely<Database>,
  app: FastifyInstance,
  user: { id: number; role: 'user' | 'admin' | 'super-admin' },
): Promise<string> {
  const sid = randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: user.id,
      family_id: sid,
      token_hash: randomBytes(32).toString('hex'),
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return app.jwt.sign({ sub: user.id, role: user.role, sid });
}

export interface BenchAdminOptions {
  /** bench-admin@example.org unless given. */
  email?: string;
  /** Admin unless given (the first name is Bench). */
  lastName?: string;
  /** 'x' (no sign-in with a password) unless given. */
  passwordHash?: string;
}

/** A verified admin user for a bench; answers its id and role. */
export async function insertBenchAdmin(
  db: Kysely<Database>,
  { email = 'bench-admin@example.org', lastName = 'Admin', passwordHash = 'x' }: BenchAdminOptions = {},
) {
  return db
    .insertInto('users')
    .values({
      email,
      password_hash: passwordHash,
      first_name: 'Bench',
      last_name: lastName,
      role: 'admin',
      is_verified: true,
    })
    .returning(['id', 'role'])
    .executeTakeFirstOrThrow();
}

/** insertBenchAdmin, and an access token for that admin (benchAccessToken): its id, role and token. */
export async function benchAdmin(db: Kysely<Database>, app: FastifyInstance, options: BenchAdminOptions = {}) {
  const admin = await insertBenchAdmin(db, options);
  return { ...admin, token: await benchAccessToken(db, app, admin) };
}
