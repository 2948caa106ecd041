import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { rebuildProjections } from '../../api/event-store/projection.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { insertEvent, insertRegistration, insertRun, insertUser } from './factories.ts';

/**
 * The fault test's burst (docs/decisions/024-database-outages.md): concurrent registrations and a chain
 * of run-order commands, each with a command id of its own, and the checks after the database was
 * killed in the middle of it and started again.
 */

export interface BurstFixture {
  adminId: number;
  userIds: number[];
  /** The run everyone registers for (fewer places than people: some are waitlisted). */
  registrationRunId: number;
  /** The run whose order is generated and then moved, one command after the other. */
  boardRunId: number;
}

/** A command the API answered with 2xx: it must be in the log whatever happened after. */
export interface Answered {
  commandId: string;
  status: number;
}

const PEOPLE = 40;
const BOARD_SIZE = 8;
const MOVES = 30;

export async function seedBurst(db: Kysely<Database>): Promise<BurstFixture> {
  const admin = await insertUser(db, { role: 'admin' });
  const userIds: number[] = [];
  for (let i = 0; i < PEOPLE; i++) userIds.push((await insertUser(db, { date_of_birth: '1986-06-06' })).id);
  const today = todayIn('America/Toronto');
  const event = await insertEvent(db, {
    start_date: addDays(today, 60),
    registration_opens_on: addDays(today, -30),
    registration_closes_on: addDays(today, 30),
  });
  const registrationRun = await insertRun(db, event.id, { participant_limit: PEOPLE / 2 });
  const boardRun = await insertRun(db, event.id, { participant_limit: 50 });
  for (let i = 0; i < BOARD_SIZE; i++)
    await insertRegistration(db, { runId: boardRun.id, userId: (await insertUser(db)).id });
  return { adminId: admin.id, userIds, registrationRunId: registrationRun.id, boardRunId: boardRun.id };
}

/**
 * Fires every registration at once and, alongside, generates the board's order and moves it again and
 * again (each move waits for the previous answer). Reports each 2xx as it arrives; any other answer
 * (503 once the database is gone) is not reported, and ends the run-order chain.
 */
export async function runBurst(
  app: FastifyInstance,
  fixture: BurstFixture,
  onAnswered: (answer: Answered) => void,
): Promise<void> {
  // An access token names a live session (decision 025): each caller gets one, as a sign-in would start,
  // written before the burst so that the burst itself is only commands.
  const sessionOf = new Map<number, string>();
  for (const id of [fixture.adminId, ...fixture.userIds]) {
    const sid = randomUUID();
    await app.db
      .insertInto('refresh_tokens')
      .values({ user_id: id, family_id: sid, token_hash: `burst-${sid}`, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    sessionOf.set(id, sid);
  }
  const auth = (id: number, role: 'user' | 'admin') => ({
    authorization: `Bearer ${app.jwt.sign({ sub: id, role, sid: sessionOf.get(id) })}`,
  });
  const send = async (
    method: 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload: Record<string, unknown>,
  ) => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode >= 200 && res.statusCode < 300)
      onAnswered({ commandId: String(payload.commandId), status: res.statusCode });
    return res;
  };
  const registrations = fixture.userIds.map((id) =>
    send('POST', '/api/registrations', auth(id, 'user'), {
      runId: fixture.registrationRunId,
      commandId: `burst-register-${id}`,
    }),
  );
  const board = (async () => {
    const url = `/api/run-orders/run/${fixture.boardRunId}`;
    const admin = auth(fixture.adminId, 'admin');
    let res = await send('POST', `${url}/generate`, admin, {
      expectedVersion: 0,
      seeding: { rule: 'random', seed: 7 },
      commandId: 'burst-generate',
    });
    for (let i = 0; i < MOVES && res.statusCode === 200; i++) {
      res = await send('PATCH', `${url}/positions/move`, admin, {
        expectedVersion: (res.json() as { version: number }).version,
        sourcePosition: 1 + (i % BOARD_SIZE),
        targetPosition: BOARD_SIZE - (i % BOARD_SIZE),
        commandId: `burst-move-${i}`,
      });
    }
  })();
  await Promise.allSettled([...registrations, board]);
}

/** The answered commands whose events are not (all) in the log: empty when nothing acknowledged was lost. */
export async function missingFromLog(db: Kysely<Database>, answered: readonly Answered[]): Promise<string[]> {
  const missing: string[] = [];
  for (const { commandId } of answered) {
    const { rows } = await sql<{ expected: number; found: number }>`
      select pc.last_version - pc.first_version + 1 as expected,
             (select count(*) from event_log e
               where e.stream_id = pc.stream_id and e.version between pc.first_version and pc.last_version)::int as found
      from processed_commands pc where pc.command_id = ${commandId}`.execute(db);
    const row = rows[0];
    if (!row || row.found !== row.expected || row.found === 0) missing.push(commandId);
  }
  return missing;
}

/** A table's rows, in a stable order, as text. */
async function rowsOf(db: Kysely<Database>, schema: string, table: string): Promise<string[]> {
  const { rows } = await sql<{
    row: string;
  }>`select t::text as row from ${sql.table(`${schema}.${table}`)} t order by t::text`.execute(db);
  return rows.map((r) => r.row);
}

/**
 * Rebuilds every read model from the log into scratch tables (schema `scratch`, one empty copy of each
 * read-model table, found first on the search path while the rebuild runs) and returns the live rows
 * and the rebuilt ones, per table. The live read models are not touched. The handle must have a single
 * connection, so that the search path holds for the rebuild's transaction.
 */
export async function liveAndRebuilt(
  db: Kysely<Database>,
): Promise<{ live: Record<string, string[]>; rebuilt: Record<string, string[]> }> {
  const tables = [...new Set(PROJECTIONS.flatMap((p) => p.tables))];
  await sql`drop schema if exists scratch cascade`.execute(db);
  await sql`create schema scratch`.execute(db);
  for (const table of tables)
    await sql`create table ${sql.table(`scratch.${table}`)} (like ${sql.table(`public.${table}`)} including all)`.execute(
      db,
    );
  await sql`set search_path = scratch, public`.execute(db);
  try {
    await rebuildProjections(db, PROJECTIONS);
  } finally {
    await sql`set search_path = public`.execute(db);
  }
  const live: Record<string, string[]> = {};
  const rebuilt: Record<string, string[]> = {};
  for (const table of tables) {
    live[table] = await rowsOf(db, 'public', table);
    rebuilt[table] = await rowsOf(db, 'scratch', table);
  }
  return { live, rebuilt };
}
