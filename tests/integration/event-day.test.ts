import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDisplay, MyHeats, RunOrderDisplay, RunOrderView } from '../../api/contracts/run-orders.ts';
import type { EventRow, User } from '../../api/db/schema.ts';
import { callAs, createTestApp, type Method, type TestApp } from '../support/app.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertRun,
  insertTeam,
  insertUser,
} from '../support/factories.ts';

/**
 * The day around the run orders (docs/decisions/047, 048): estimated heat starts on the display, the
 * event-wide display following the run the timing table started last, and a competitor's own heats.
 */

let t: TestApp;
let admin: User;
let event: EventRow;
const db = () => t.database.db;
const send = (method: Method, url: string, payload?: unknown, caller: User | null = admin) =>
  callAs(t.app, method, url, caller ?? undefined, payload);

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(db(), { role: 'admin' });
  event = await insertEvent(db(), { name: 'Estevan Firefit', start_date: '2027-06-05' });
});
afterAll(async () => {
  await t?.close();
});

/** An individual run with one confirmed entry per competitor, its order made with heats of one pair. */
async function runOf(eventId: number, competitors: User[], overrides: { start_time?: string; name?: string } = {}) {
  const run = await insertRun(db(), eventId, {
    participant_limit: 100,
    heat_duration_seconds: 360,
    start_time: overrides.start_time ?? '2027-06-05T16:00:00Z',
    name: overrides.name ?? 'Individual: Open Men',
  });
  const registrations: number[] = [];
  for (const c of competitors) registrations.push((await insertRegistration(db(), { runId: run.id, userId: c.id })).id);
  await placeInOrder(run.id, registrations);
  return { run, registrations };
}

/** An order with heats of one pair holding the registrations in this order. */
async function placeInOrder(runId: number, registrations: number[]) {
  let view = await command(runId, 'POST', '/create-empty', { heatSize: 1, positions: 2 }, 0);
  for (const [i, id] of registrations.entries())
    view = await command(runId, 'POST', `/registrations/${id}/insert`, { position: i + 1 }, view.version);
  return view;
}

async function command(runId: number, method: Method, path: string, body: object, version?: number) {
  const expectedVersion =
    version ?? ((await send('GET', `/api/run-orders/run/${runId}/full`)).json() as RunOrderView).version;
  const res = await send(method, `/api/run-orders/run/${runId}${path}`, { ...body, expectedVersion });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RunOrderView;
}

const minutesBetween = (a: string | null | undefined, b: string | null | undefined) =>
  (Date.parse(b ?? '') - Date.parse(a ?? '')) / 60_000;

describe('estimated heat starts', () => {
  it('the display spaces the heats by the run heat duration from the scheduled start', async () => {
    const people = [await insertUser(db()), await insertUser(db()), await insertUser(db()), await insertUser(db())];
    const { run } = await runOf(event.id, people);
    const res = await send('GET', `/api/run-orders/run/${run.id}/display`, undefined, null);
    expect(res.statusCode, res.body).toBe(200);
    const display = res.json() as RunOrderDisplay;
    expect(display.currentHeatStartedAt).toBeNull();
    const [first, second] = display.heats;
    expect(first?.estimatedStart).toBe('2027-06-05T16:00:00.000Z');
    expect(minutesBetween(first?.estimatedStart, second?.estimatedStart)).toBe(6);
  });

  it('the heat duration is a run setting: admins set and clear it, bad values change nothing', async () => {
    const run = await insertRun(db(), event.id);
    const put = (body: object) => send('PUT', `/api/runs/${run.id}`, body);
    const set = await put({ heatDurationSeconds: 330 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().heatDurationSeconds).toBe(330);
    for (const bad of [0, 29, 3601, 12.5, '300', -60]) {
      const res = await put({ heatDurationSeconds: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await send('GET', `/api/runs/${run.id}`)).json().heatDurationSeconds).toBe(330);
    expect((await put({ heatDurationSeconds: null })).json().heatDurationSeconds).toBeNull();
  });
});

describe('the event-wide display', () => {
  it('follows the run whose heat the timing table started last, and names the next one', async () => {
    const day = await insertEvent(db(), { name: 'Weyburn Day', start_date: '2027-06-05' });
    const people: User[] = [];
    for (let i = 0; i < 6; i += 1) people.push(await insertUser(db()));
    const morning = await runOf(day.id, people.slice(0, 4), { start_time: '2027-06-05T15:00:00Z', name: 'Morning' });
    const noon = await runOf(day.id, people.slice(4), { start_time: '2027-06-05T17:00:00Z', name: 'Noon' });
    const read = async () => {
      const res = await send('GET', `/api/run-orders/event/${day.id}/display`, undefined, null);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json() as EventDisplay;
    };

    const before = await read();
    expect(before).toMatchObject({ eventName: 'Weyburn Day', runningRunId: null, nextRunId: morning.run.id });
    expect(before.runs.map((r) => r.runName)).toEqual(['Morning', 'Noon']);
    expect(before.runs[0]?.estimatedStart).toBe('2027-06-05T15:00:00.000Z');

    // Heat 1 of the morning run starts ("next heat" on a run not started yet starts heat 1).
    await command(morning.run.id, 'PATCH', '/current-heat', { heat: 1 });
    const morningOn = await read();
    expect(morningOn).toMatchObject({ runningRunId: morning.run.id, nextRunId: noon.run.id });
    expect(morningOn.runs[0]).toMatchObject({ started: true, estimatedStart: null });

    // The noon run starts: the display moves to it.
    await command(noon.run.id, 'PATCH', '/current-heat', { heat: 1 });
    expect(await read()).toMatchObject({ runningRunId: noon.run.id, nextRunId: null });

    // The morning run's next heat moves the display back.
    await command(morning.run.id, 'PATCH', '/current-heat', { heat: 2 });
    expect((await read()).runningRunId).toBe(morning.run.id);
  });

  it('is public for public events only; a draft, an inactive or a missing event is 404', async () => {
    const draft = await insertEvent(db(), { status: 'Draft' });
    const inactive = await insertEvent(db(), { is_active: false });
    for (const id of [draft.id, inactive.id, 999_999]) {
      const res = await send('GET', `/api/run-orders/event/${id}/display`, undefined, null);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('EVENT_NOT_FOUND');
    }
    for (const bad of ['0', 'abc', '1e3', '99999999999'])
      expect((await send('GET', `/api/run-orders/event/${bad}/display`, undefined, null)).statusCode).toBe(400);
  });

  it('the run display never shows an e-mail, even for a competitor without a name', async () => {
    const nameless = await insertUser(db(), { first_name: '', last_name: '', email: 'nameless.runner@example.com' });
    const { run } = await runOf(event.id, [nameless]);
    const res = await send('GET', `/api/run-orders/run/${run.id}/display`, undefined, null);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('@');
    expect(res.body).toContain('Competitor');
  });

  it('never names an inactive run, and carries no e-mail', async () => {
    const day = await insertEvent(db(), { start_date: '2027-06-05' });
    const person = await insertUser(db(), { email: 'hidden.competitor@example.com' });
    const hidden = await runOf(day.id, [person], { name: 'Hidden run' });
    await db().updateTable('runs').set({ is_active: false }).where('id', '=', hidden.run.id).execute();
    const res = await send('GET', `/api/run-orders/event/${day.id}/display`, undefined, null);
    expect(res.body).not.toContain('Hidden run');
    expect(res.body).not.toContain('@');
  });
});

describe('my heats', () => {
  it("answers the caller's heat, pair, lane and estimated start, for their own and their team's entries", async () => {
    const day = await insertEvent(db(), { start_date: '2027-06-05' });
    const me = await insertUser(db(), { first_name: 'Mia' });
    const others = [await insertUser(db()), await insertUser(db()), await insertUser(db())];
    const { run } = await runOf(day.id, [others[0] as User, others[1] as User, others[2] as User, me]);
    const mine = async (caller: User, query = '') => {
      const res = await send('GET', `/api/run-orders/mine${query}`, undefined, caller);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as MyHeats).data;
    };
    const [entry] = await mine(me, `?eventId=${day.id}`);
    expect(entry).toMatchObject({ runId: run.id, heat: 2, heatCount: 2, pair: 2, lane: 'right', position: 4 });
    expect(minutesBetween('2027-06-05T16:00:00Z', entry?.estimatedStart)).toBe(6);
    // Another event's filter: nothing; a stranger sees only their own (none).
    expect(await mine(me, '?eventId=999999')).toEqual([]);
    expect(await mine(await insertUser(db()))).toEqual([]);

    // A team entry: every member sees it.
    const department = await insertDepartment(db());
    const captain = await insertUser(db(), { department_id: department.id });
    const member = await insertUser(db(), { department_id: department.id });
    const relay = await insertRun(db(), day.id, { type: 'relay', category: 'Men', participant_limit: 10 });
    const team = await insertTeam(db(), { captain_id: captain.id, department_id: department.id }, [member.id]);
    const registration = await insertRegistration(db(), { runId: relay.id, teamId: team.id });
    await placeInOrder(relay.id, [registration.id]);
    expect(await mine(member, `?eventId=${day.id}`)).toEqual([
      expect.objectContaining({ runId: relay.id, teamName: team.name, heat: 1, lane: 'left' }),
    ]);
  });

  it('needs a signed-in caller and a valid event id; leaves out draft events', async () => {
    expect((await send('GET', '/api/run-orders/mine', undefined, null)).statusCode).toBe(401);
    const me = await insertUser(db());
    expect((await send('GET', '/api/run-orders/mine?eventId=abc', undefined, me)).statusCode).toBe(400);
    const draft = await insertEvent(db(), { status: 'Draft', start_date: '2027-06-05' });
    await runOf(draft.id, [me]);
    const res = await send('GET', '/api/run-orders/mine', undefined, me);
    expect(res.json().data).toEqual([]);
  });
});
