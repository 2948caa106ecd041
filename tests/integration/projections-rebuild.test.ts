import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { rebuildProjections } from '../../api/event-store/projection.ts';
import { PROJECTIONS } from '../../projections/registry.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertDepartment, insertEvent, insertRun, insertTeam, insertUser } from '../support/factories.ts';

/**
 * A rebuild of every read model from the log equals the live read models row for row, after any
 * sequence of commands (docs/architecture.md). Commands go through HTTP, so the live
 * rows are the ones the inline projections wrote.
 */

let t: TestApp;
let admin: User;
/** A second official: validates the results the first one enters. */
let validator: User;
let people: User[];
let runs: Run[];
let teams: number[];

const db = () => t.database.db;
const auth = (u: Pick<User, 'id' | 'role'>) => ({
  authorization: `Bearer ${t.app.jwt.sign({ sub: u.id, role: u.role })}`,
});

beforeAll(async () => {
  t = await createTestApp();
  const department = await insertDepartment(db());
  admin = await insertUser(db(), { role: 'admin' });
  validator = await insertUser(db(), { role: 'admin' });
  people = [];
  for (let i = 0; i < 8; i++)
    people.push(await insertUser(db(), { date_of_birth: '1985-02-03', department_id: department.id, gender: 'male' }));
  const today = todayIn('America/Toronto');
  const event = await insertEvent(db(), {
    start_date: addDays(today, 60),
    registration_opens_on: addDays(today, -30),
    registration_closes_on: addDays(today, 30),
  });
  runs = [
    await insertRun(db(), event.id, { participant_limit: 2, allows_hybrid: true }),
    await insertRun(db(), event.id, { participant_limit: 3 }),
    await insertRun(db(), event.id, { type: 'relay', category: 'Men', participant_limit: 2 }),
  ];
  teams = [];
  for (let i = 0; i < 4; i++) {
    const [captain, ...rest] = people.slice(i, i + 3) as [User, ...User[]];
    teams.push(
      (
        await insertTeam(
          db(),
          { captain_id: captain.id, department_id: department.id, run_type: 'relay' },
          rest.map((p) => p.id),
        )
      ).id,
    );
  }
});
afterAll(async () => {
  await t?.close();
});

/** Every read model's rows, in a stable order, as text. */
async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of new Set(PROJECTIONS.flatMap((p) => p.tables))) {
    const { rows } = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(table)} t order by t::text`.execute(db());
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

type Action =
  | { kind: 'register'; person: number; run: number }
  | { kind: 'batch'; teams: number[] }
  | { kind: 'cancel' | 'confirm' | 'softDelete' | 'restore' | 'optIn'; pick: number }
  | { kind: 'move'; pick: number; position: number }
  | { kind: 'notes'; pick: number; notes: string }
  | { kind: 'limit'; run: number; limit: number }
  | { kind: 'result'; pick: number; step: ResultStep; hundredths: number };

/** Results commands (docs/decisions/030-results.md) on the registrations the sequence made. */
type ResultStep = 'record' | 'correct' | 'validate' | 'penalty' | 'unpenalty' | 'withdraw' | 'void';

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('register' as const), person: fc.nat(7), run: fc.nat(1) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      teams: fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'cancel' as const,
        'confirm' as const,
        'softDelete' as const,
        'restore' as const,
        'optIn' as const,
      ),
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      position: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('notes' as const), pick: fc.nat(), notes: fc.string({ maxLength: 20 }) }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('result' as const),
      pick: fc.nat(),
      step: fc.constantFrom<ResultStep>('record', 'correct', 'validate', 'penalty', 'unpenalty', 'withdraw', 'void'),
      hundredths: fc.integer({ min: 6000, max: 30000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      run: fc.nat(2),
      limit: fc.integer({ min: 0, max: 4 }),
    }),
  },
);

async function perform(a: Action): Promise<number> {
  const ids = (await db().selectFrom('registrations').select('id').orderBy('id').execute()).map((r) => r.id);
  const picked = 'pick' in a ? ids[a.pick % Math.max(ids.length, 1)] : undefined;
  const inject = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(admin), ...(payload ? { payload } : {}) });
  switch (a.kind) {
    case 'register':
      return (
        await t.app.inject({
          method: 'POST',
          url: '/api/registrations',
          headers: auth(people[a.person] as User),
          payload: { runId: runs[a.run]?.id },
        })
      ).statusCode;
    case 'batch':
      return (
        await inject('POST', '/api/registrations/batch-register', {
          runId: runs[2]?.id,
          teamIds: a.teams.map((i) => teams[i]),
        })
      ).statusCode;
    case 'limit':
      await db()
        .updateTable('runs')
        .set({ participant_limit: a.limit })
        .where('id', '=', runs[a.run]?.id as number)
        .execute();
      return 200;
    case 'result': {
      // Steps after the first recording pick among the registrations that have a result.
      const withResult = (
        await db().selectFrom('results').select('registration_id').orderBy('registration_id').execute()
      ).map((r) => r.registration_id);
      const target = a.step === 'record' || withResult.length === 0 ? picked : withResult[a.pick % withResult.length];
      if (target === undefined) return 0;
      const row = await db()
        .selectFrom('results')
        .select('version')
        .where('registration_id', '=', target)
        .executeTakeFirst();
      const expectedVersion = row?.version ?? 0;
      const rawTime = `${Math.floor(a.hundredths / 6000)}:${String(Math.floor((a.hundredths % 6000) / 100)).padStart(2, '0')}.${String(a.hundredths % 100).padStart(2, '0')}`;
      const url = `/api/results/${target}`;
      const reason = 'Checked against the judge sheet';
      if (a.step === 'record')
        return (await inject('POST', '/api/results', { expectedVersion, registrationId: target, rawTime })).statusCode;
      if (a.step === 'correct') return (await inject('PUT', url, { expectedVersion, rawTime, reason })).statusCode;
      if (a.step === 'validate')
        return (
          await t.app.inject({
            method: 'POST',
            url: `${url}/validate`,
            headers: auth(validator),
            payload: { expectedVersion },
          })
        ).statusCode;
      if (a.step === 'penalty')
        return (await inject('POST', `${url}/penalties`, { expectedVersion, infraction: 'hydrant-missed' })).statusCode;
      if (a.step === 'unpenalty')
        return (await inject('POST', `${url}/penalties/remove`, { expectedVersion, infraction: 'hydrant-missed' }))
          .statusCode;
      if (a.step === 'withdraw')
        return (await inject('POST', `${url}/withdraw`, { expectedVersion, reason })).statusCode;
      return (await inject('POST', `${url}/void`, { expectedVersion, reason })).statusCode;
    }
    default:
      if (picked === undefined) return 0;
      if (a.kind === 'cancel') return (await inject('PATCH', `/api/registrations/${picked}/cancel`)).statusCode;
      if (a.kind === 'confirm') return (await inject('PATCH', `/api/registrations/${picked}/confirm`)).statusCode;
      if (a.kind === 'softDelete') return (await inject('POST', `/api/registrations/${picked}/soft-delete`)).statusCode;
      if (a.kind === 'restore') return (await inject('POST', `/api/registrations/${picked}/restore`)).statusCode;
      if (a.kind === 'optIn') return (await inject('POST', `/api/registrations/${picked}/hybrid-opt-in`)).statusCode;
      if (a.kind === 'move')
        return (await inject('PATCH', `/api/registrations/${picked}/waitlist-position`, { position: a.position }))
          .statusCode;
      return (await inject('PUT', `/api/registrations/${picked}`, { notes: 'notes' in a ? a.notes : '' })).statusCode;
  }
}

describe('projection rebuild', () => {
  it('equals the live read model row for row after random command sequences', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 10, maxLength: 40 }), async (actions) => {
        for (const a of actions) {
          const status = await perform(a);
          expect([0, 200, 201, 404, 409, 422], `${JSON.stringify(a)} answered ${status}`).toContain(status);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
        const live = await snapshot();
        const report = await rebuildProjections(db(), PROJECTIONS);
        expect(report.projections).toContain('registrations');
        expect(report.projections).toContain('results');
        expect(await snapshot()).toEqual(live);
      }),
      { numRuns: 6, seed: 20261121 },
    );
    // The sequences did real work, not only refusals.
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(50);
    expect(
      Number(
        (
          await db()
            .selectFrom('registrations')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(5);
    // Results were recorded, and some of them validated.
    const results = await db().selectFrom('results').select(['status']).execute();
    expect(results.length).toBeGreaterThan(0);
    const resultEvents = await db()
      .selectFrom('event_log')
      .select(['type'])
      .distinct()
      .where('stream_type', '=', 'result')
      .execute();
    expect(resultEvents.map((e) => e.type)).toEqual(expect.arrayContaining(['ResultRecorded', 'ResultValidated']));
    expect(resultEvents.length).toBeGreaterThanOrEqual(4);
  });

  it('is idempotent: projecting events again changes nothing', async () => {
    const before = await snapshot();
    const { readAll } = await import('../../api/event-store/store.ts');
    const events = await readAll(db(), { limit: 100_000, streamTypes: ['registration', 'result'] });
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const projection of PROJECTIONS) await projection.project(trx, events);
      });
    expect(await snapshot()).toEqual(before);
  });
});
