import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationDto } from '../../api/contracts/registrations.ts';
import type { EventRow, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { appOn, bearer, sessionsWritten, testDatabase } from '../support/app.ts';
import type { TestDatabase } from '../support/database.ts';
import { insertEvent, insertRun, insertUser } from '../support/factories.ts';
import { type CountedDatabase, countStatements } from '../support/statements.ts';

/**
 * The round trips of one registration command (decision 055), counted through the real app on the real
 * database: every statement its transaction sends, begin and commit included. A change that adds a
 * query to the command fails here; one that removes one should lower the figure.
 */

/** begin; lock the run (+ event, person); the run's places, the entrant, the command id and the new id; append (events, command id, notify); the read model's upsert; commit. */
const REGISTRATION_ROUND_TRIPS = 6;

let database: TestDatabase;
let counted: CountedDatabase<TestDatabase>;
let app: Awaited<ReturnType<typeof appOn>>;
let event: EventRow;

beforeAll(async () => {
  database = await testDatabase();
  counted = countStatements(database);
  app = await appOn(counted.handle);
  const today = todayIn('America/Toronto');
  event = await insertEvent(database.db, {
    start_date: addDays(today, 60),
    registration_opens_on: addDays(today, -30),
    registration_closes_on: addDays(today, 30),
  });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

/** The statements of the transaction that appended to the log, from its begin to its commit. */
function commandTransaction(statements: readonly string[]): string[] {
  const append = statements.findIndex((s) => s.includes('insert into event_log'));
  expect(append, statements.join('\n')).toBeGreaterThan(-1);
  const begin = statements.lastIndexOf('begin', append);
  const commit = statements.indexOf('commit', append);
  return statements.slice(begin, commit + 1);
}

async function registerCounted(user: User, runId: number): Promise<{ dto: RegistrationDto; statements: string[] }> {
  const headers = bearer(app, user);
  // The token's session is written before the request; only the request's statements are counted.
  await sessionsWritten(app);
  counted.reset();
  const res = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers,
    payload: { runId, commandId: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { dto: res.json(), statements: commandTransaction(counted.statements) };
}

describe('one registration command', () => {
  it('takes a fixed number of round trips, confirmed or waitlisted, and answers what a read gives', async () => {
    const run = await insertRun(database.db, event.id, { participant_limit: 1 });
    const first = await insertUser(database.db, { date_of_birth: '1991-04-12', gender: 'male' });
    const second = await insertUser(database.db, { date_of_birth: '1990-02-03', gender: 'male' });

    const confirmed = await registerCounted(first, run.id);
    expect(confirmed.dto.status).toBe('confirmed');
    expect(confirmed.statements, confirmed.statements.join('\n')).toHaveLength(REGISTRATION_ROUND_TRIPS);

    const waitlisted = await registerCounted(second, run.id);
    expect(waitlisted.dto).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(waitlisted.statements, waitlisted.statements.join('\n')).toHaveLength(REGISTRATION_ROUND_TRIPS);

    // Built from the appended state without reading the row back: the same as a read of it.
    for (const [user, dto] of [
      [first, confirmed.dto],
      [second, waitlisted.dto],
    ] as const) {
      const read = await app.inject({ method: 'GET', url: `/api/registrations/${dto.id}`, headers: bearer(app, user) });
      expect(read.statusCode, read.body).toBe(200);
      expect(dto).toEqual(read.json());
    }
  });
});
