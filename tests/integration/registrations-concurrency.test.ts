import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationDto } from '../../api/contracts/registrations.ts';
import { openPostgres } from '../../api/db/database.ts';
import type { EventRow, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { createTestApp, type TestApp, testDatabase } from '../support/app.ts';
import type { TestDatabase } from '../support/database.ts';
import { insertEvent, insertRun, insertUser } from '../support/factories.ts';

/**
 * The participant limit under concurrency. On a PostgreSQL server the app gets a pool larger than the
 * number of simultaneous requests, so the transactions really run in parallel and meet at the run's
 * row lock; on PGlite they are serialised by the single connection, and the same assertions hold.
 */

let t: TestApp;
let admin: User;
let event: EventRow;

beforeAll(async () => {
  const own = await testDatabase();
  let database: TestDatabase = own;
  if (own.url) {
    const wide = await openPostgres(own.url, 60);
    await own.close();
    database = { ...wide, url: own.url, dispose: () => wide.close().then(() => own.dispose()) };
  }
  t = await createTestApp({ database });
  admin = await insertUser(t.database.db, { role: 'admin' });
  const today = todayIn('America/Toronto');
  event = await insertEvent(t.database.db, {
    start_date: addDays(today, 60),
    registration_opens_on: addDays(today, -30),
    registration_closes_on: addDays(today, 30),
  });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const auth = (u: Pick<User, 'id' | 'role'>) => ({
  authorization: `Bearer ${t.app.jwt.sign({ sub: u.id, role: u.role })}`,
});
const competitors = async (n: number) => {
  const people: User[] = [];
  for (let i = 0; i < n; i++) people.push(await insertUser(db(), { date_of_birth: '1988-08-08' }));
  return people;
};

/** The run's live registrations, and the global position of each one's RegistrationSubmitted (its commit order). */
async function runState(runId: number) {
  const rows = await db()
    .selectFrom('registrations')
    .innerJoin('event_log', (j) =>
      j
        .on('event_log.type', '=', 'RegistrationSubmitted')
        .on(sql<boolean>`event_log.stream_id = 'registration:' || registrations.id`),
    )
    .select([
      'registrations.id',
      'registrations.status',
      'registrations.waitlist_position',
      'event_log.global_position',
    ])
    .where('registrations.run_id', '=', runId)
    .where('registrations.deleted_at', 'is', null)
    .orderBy('event_log.global_position')
    .execute();
  return rows;
}

async function promotionsIn(runId: number) {
  const rows = await db()
    .selectFrom('event_log')
    .innerJoin('registrations', (j) => j.on(sql<boolean>`event_log.stream_id = 'registration:' || registrations.id`))
    .select(['registrations.id', 'event_log.type'])
    .where('registrations.run_id', '=', runId)
    .where('event_log.type', 'in', ['PromotedFromWaitlist', 'RegistrationCancelled'])
    .execute();
  const count = (type: string) => {
    const by = new Map<number, number>();
    for (const r of rows) if (r.type === type) by.set(r.id, (by.get(r.id) ?? 0) + 1);
    return by;
  };
  return { promoted: count('PromotedFromWaitlist'), cancelled: count('RegistrationCancelled') };
}

describe('registrations under concurrency', () => {
  it('50 simultaneous registrations for 20 places: exactly 20 confirmed, 30 waitlisted 1..30 in commit order', async () => {
    const run = await insertRun(db(), event.id, { participant_limit: 20 });
    const people = await competitors(50);
    const answers = await Promise.all(
      people.map((p) =>
        t.app.inject({ method: 'POST', url: '/api/registrations', headers: auth(p), payload: { runId: run.id } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 201));

    const rows = await runState(run.id);
    expect(rows).toHaveLength(50);
    // In commit order: the first 20 got the places, the next 30 joined the waitlist one after another.
    expect(rows.slice(0, 20).every((r) => r.status === 'confirmed' && r.waitlist_position === null)).toBe(true);
    expect(rows.slice(20).map((r) => [r.status, r.waitlist_position])).toEqual(
      Array.from({ length: 30 }, (_, i) => ['waitlisted', i + 1]),
    );
    // And the answers agree with the read model.
    const answered = answers.map((a) => a.json() as RegistrationDto);
    expect(answered.filter((a) => a.status === 'confirmed')).toHaveLength(20);
    expect(
      answered
        .filter((a) => a.status === 'waitlisted')
        .map((a) => a.waitlistPosition)
        .sort((x, y) => (x ?? 0) - (y ?? 0)),
    ).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('simultaneous cancellations, confirmations and moves never promote twice nor exceed the limit', async () => {
    for (let round = 0; round < 4; round++) {
      const run = await insertRun(db(), event.id, { participant_limit: 3 });
      const people = await competitors(9);
      const regs: RegistrationDto[] = [];
      for (const p of people) {
        regs.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/registrations',
              headers: auth(p),
              payload: { runId: run.id },
            })
          ).json(),
        );
      }
      const [a, b, , w1, w2, w3, , , w6] = regs as RegistrationDto[] as [
        RegistrationDto,
        RegistrationDto,
        RegistrationDto,
        RegistrationDto,
        RegistrationDto,
        RegistrationDto,
        RegistrationDto,
        RegistrationDto,
        RegistrationDto,
      ];
      const calls = [
        // The same cancellation five times over, and another one.
        ...Array.from({ length: 5 }, () => ({
          method: 'PATCH' as const,
          url: `/api/registrations/${a.id}/cancel`,
          headers: auth(people[0] as User),
        })),
        { method: 'PATCH' as const, url: `/api/registrations/${b.id}/cancel`, headers: auth(admin) },
        // Admins racing to confirm waitlisted ones into the places being freed.
        { method: 'PATCH' as const, url: `/api/registrations/${w2.id}/confirm`, headers: auth(admin) },
        { method: 'PATCH' as const, url: `/api/registrations/${w3.id}/confirm`, headers: auth(admin) },
        { method: 'PATCH' as const, url: `/api/registrations/${w1.id}/confirm`, headers: auth(admin) },
        {
          method: 'PATCH' as const,
          url: `/api/registrations/${w6.id}/waitlist-position`,
          headers: auth(admin),
          payload: { position: 1 },
        },
      ];
      const answers = await Promise.all(calls.map((c) => t.app.inject(c)));
      for (const answer of answers) {
        // A lost race is a clean refusal (the run is full, or the entry is no longer waitlisted), never an error.
        expect([200, 409, 422], answer.body).toContain(answer.statusCode);
        if (answer.statusCode !== 200)
          expect(['RUN_FULL', 'NOT_WAITLISTED', 'INVALID_WAITLIST_POSITION']).toContain(answer.json().code);
      }

      const rows = await runState(run.id);
      const confirmed = rows.filter((r) => r.status === 'confirmed');
      const waiting = rows
        .filter((r) => r.status === 'waitlisted')
        .sort((x, y) => (x.waitlist_position ?? 0) - (y.waitlist_position ?? 0));
      expect(confirmed).toHaveLength(3);
      expect(waiting.map((r) => r.waitlist_position)).toEqual(waiting.map((_, i) => i + 1));
      expect(
        rows
          .filter((r) => r.status === 'cancelled')
          .map((r) => r.id)
          .sort(),
      ).toEqual([a.id, b.id].sort());
      const { promoted, cancelled } = await promotionsIn(run.id);
      expect([...promoted.values()].every((n) => n === 1)).toBe(true);
      expect(promoted.size).toBe(2);
      expect(cancelled.get(a.id)).toBe(1);
    }
  });
});
