import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDto } from '../../api/contracts/runs.ts';
import type { EventRow, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import { insertEvent, insertRegistration, insertRegistrationRow, insertRun, insertUser } from '../support/factories.ts';

let t: TestApp;
let admin: User;
let user: User;
let today: string;
let timeZone: string;
const at = (days: number) => addDays(today, days);
/** An instant on a calendar day in the site time zone: 12:00 UTC is the same day in every Canadian zone. */
const noonOf = (day: string, hourUtc = 12) => `${day}T${String(hourUtc).padStart(2, '0')}:00:00Z`;

/** A public event, registration open now, in 30 days for two days. */
let open: EventRow;
let draft: EventRow;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await insertUser(db, { role: 'admin' });
  user = await insertUser(db);
  timeZone = t.app.config.siteTimeZone;
  today = todayIn(timeZone);
  open = await insertEvent(db, {
    name: 'Open Event',
    start_date: at(30),
    end_date: at(31),
    status: 'Confirmed',
    registration_opens_on: at(-10),
    registration_closes_on: at(20),
  });
  draft = await insertEvent(db, {
    name: 'Draft Event',
    start_date: at(40),
    end_date: at(40),
    status: 'Draft',
    registration_opens_on: at(-10),
  });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const as = (who: User): Headers => bearer(t.app, who);
const anonymous: Headers = {};
const get = (url: string, headers: Headers = anonymous) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown, headers: Headers = as(admin)) =>
  t.app.inject({ method, url, headers, payload: payload as object });

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id);

async function createRun(fields: Record<string, unknown> = {}): Promise<RunDto> {
  const res = await send('POST', '/api/runs', {
    eventId: open.id,
    type: 'individual',
    category: 'Open Men',
    participantLimit: 20,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RunDto>();
}

const RUN_FIELDS = [
  'allowsHybrid',
  'category',
  'confirmedCount',
  'createdAt',
  'endTime',
  'eventId',
  'eventName',
  'id',
  'isActive',
  'isFull',
  'isHeadToHead',
  'isOpen',
  'heatDurationSeconds',
  'name',
  'participantLimit',
  'registrationClosesAt',
  'registrationOpensAt',
  'spotsLeft',
  'startTime',
  'type',
  'updatedAt',
  'waitlistCount',
].sort();

describe('POST /api/runs', () => {
  it('creates a run with its defaults and answers it with counts and whether it is open', async () => {
    const res = await send('POST', '/api/runs', {
      eventId: open.id,
      type: 'relay',
      category: 'Mixed',
      participantLimit: 16,
    });
    expect(res.statusCode).toBe(201);
    const run = res.json<RunDto>();
    expect(res.headers.location).toBe(`/api/runs/${run.id}`);
    expect(Object.keys(run).sort()).toEqual(RUN_FIELDS);
    expect(run).toMatchObject({
      eventId: open.id,
      eventName: 'Open Event',
      name: 'Relay: Mixed',
      type: 'relay',
      category: 'Mixed',
      participantLimit: 16,
      isHeadToHead: true,
      allowsHybrid: false,
      isActive: true,
      startTime: null,
      endTime: null,
      registrationOpensAt: null,
      registrationClosesAt: null,
      confirmedCount: 0,
      waitlistCount: 0,
      spotsLeft: 16,
      isFull: false,
      isOpen: true,
    });
    // The public event now has an open run.
    expect((await get(`/api/events/${open.id}`)).json().hasOpenRuns).toBe(true);
  });

  it('takes every field, with a schedule on the event days and a registration window', async () => {
    const run = await createRun({
      name: '  Tech2 Final  ',
      type: 'tech2',
      category: 'Women',
      participantLimit: 12,
      isHeadToHead: false,
      allowsHybrid: true,
      isActive: false,
      startTime: noonOf(at(31), 14),
      endTime: noonOf(at(31), 16),
      registrationOpensAt: `${at(-1)}T10:00:00-04:00`,
      registrationClosesAt: `${at(5)}T10:00:00Z`,
    });
    expect(run).toMatchObject({
      name: 'Tech2 Final',
      isHeadToHead: false,
      allowsHybrid: true,
      isActive: false,
      startTime: new Date(noonOf(at(31), 14)).toISOString(),
      endTime: new Date(noonOf(at(31), 16)).toISOString(),
      registrationOpensAt: new Date(`${at(-1)}T10:00:00-04:00`).toISOString(),
      isOpen: false,
    });
  });

  it("refuses a category that is not one of the type's with 422 INVALID_CATEGORY naming the choices", async () => {
    const relayOnIndividual = await send('POST', '/api/runs', {
      eventId: open.id,
      type: 'individual',
      category: 'Mixed',
      participantLimit: 10,
    });
    expectEnvelope(relayOnIndividual, 422, 'INVALID_CATEGORY');
    expect(relayOnIndividual.json().message).toContain(
      '"Mixed" is not a Individual category; choose one of: Open Men, Open Women, Over 40 Men',
    );
    const tech2 = await send('POST', '/api/runs', {
      eventId: open.id,
      type: 'tech2',
      category: 'Over 40',
      participantLimit: 10,
    });
    expectEnvelope(tech2, 422, 'INVALID_CATEGORY');
    expect(tech2.json()).toMatchObject({
      message: '"Over 40" is not a Tech2 Relay category; choose one of: Men, Women, Mixed.',
      details: { type: 'tech2', category: 'Over 40' },
    });
    expect(
      (await send('POST', '/api/runs', { eventId: open.id, type: 'relay', category: 'Over 40', participantLimit: 10 }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a schedule outside the event days or ending first, and a window that closes before it opens', async () => {
    const base = { eventId: open.id, type: 'individual', category: 'Open Women', participantLimit: 10 };
    const before = await send('POST', '/api/runs', { ...base, startTime: noonOf(at(29)), endTime: noonOf(at(30)) });
    expectEnvelope(before, 422, 'SCHEDULE_OUTSIDE_EVENT');
    expect(before.json().details).toMatchObject({
      eventStartDate: at(30),
      eventEndDate: at(31),
      timeZone,
      startDay: at(29),
    });
    expectEnvelope(
      await send('POST', '/api/runs', { ...base, startTime: noonOf(at(30), 15), endTime: noonOf(at(30), 14) }),
      422,
      'INVALID_SCHEDULE',
    );
    expectEnvelope(
      await send('POST', '/api/runs', { ...base, endTime: noonOf(at(32)) }),
      422,
      'SCHEDULE_OUTSIDE_EVENT',
    );
    const window = await send('POST', '/api/runs', {
      ...base,
      registrationOpensAt: noonOf(at(3)),
      registrationClosesAt: noonOf(at(2)),
    });
    expectEnvelope(window, 422, 'INVALID_REGISTRATION_WINDOW');
  });

  it('refuses an event that is missing or deleted with 422 EVENT_UNAVAILABLE, but takes a draft event', async () => {
    const deleted = await insertEvent(t.database.db, { deleted_at: new Date() });
    for (const eventId of [deleted.id, 2_000_000_000]) {
      const res = await send('POST', '/api/runs', {
        eventId,
        type: 'individual',
        category: 'Chief',
        participantLimit: 10,
      });
      expectEnvelope(res, 422, 'EVENT_UNAVAILABLE');
      expect(res.json().details).toEqual({ eventId });
    }
    expect(
      (
        await send('POST', '/api/runs', {
          eventId: draft.id,
          type: 'individual',
          category: 'Chief',
          participantLimit: 10,
        })
      ).json().isOpen,
    ).toBe(false);
  });

  it('validates the body: limit 1 to 1000, known type, ISO date-times with a zone, no unknown fields', async () => {
    const base = { eventId: open.id, type: 'individual', category: 'Open Men', participantLimit: 10 };
    for (const participantLimit of [0, 1001, 2.5, '10']) {
      const res = await send('POST', '/api/runs', { ...base, participantLimit });
      expectEnvelope(res, 400, 'VALIDATION_FAILED');
      expect(res.json().message).toContain('The participant limit must be a whole number from 1 to 1000');
    }
    expect((await send('POST', '/api/runs', { ...base, participantLimit: 1000 })).statusCode).toBe(201);
    expectEnvelope(await send('POST', '/api/runs', { ...base, type: 'sprint' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(
      await send('POST', '/api/runs', { ...base, startTime: `${at(30)}T09:00:00` }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(await send('POST', '/api/runs', { ...base, startTime: 'tomorrow' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await send('POST', '/api/runs', { ...base, confirmedCount: 3 }), 400, 'VALIDATION_FAILED');
    expectEnvelope(
      await send('POST', '/api/runs', { type: 'individual', category: 'Open Men', participantLimit: 10 }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('is for admins only', async () => {
    const body = { eventId: open.id, type: 'individual', category: 'Open Men', participantLimit: 10 };
    expectEnvelope(await send('POST', '/api/runs', body, anonymous), 401, 'UNAUTHORIZED');
    expectEnvelope(await send('POST', '/api/runs', body, as(user)), 403, 'FORBIDDEN');
  });
});

describe('GET /api/runs', () => {
  let event: EventRow;
  let runs: RunDto[];

  beforeAll(async () => {
    event = await insertEvent(t.database.db, { start_date: at(50), end_date: at(50), status: 'Firm' });
    const make = (fields: Record<string, unknown>) => createRun({ eventId: event.id, ...fields });
    runs = [
      await make({
        type: 'individual',
        category: 'Open Men',
        startTime: noonOf(at(50), 15),
        endTime: noonOf(at(50), 16),
      }),
      await make({
        type: 'relay',
        category: 'Men',
        isHeadToHead: false,
        startTime: noonOf(at(50), 13),
        endTime: noonOf(at(50), 14),
      }),
      await make({ type: 'relay', category: 'Women', isActive: false }),
    ];
  });

  it('lists the runs of events by start time, with filters and pages', async () => {
    const res = await get(`/api/runs?eventId=${event.id}`, as(admin));
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([runs[1], runs[0], runs[2]].map((r) => r?.id));
    expect(res.json().meta).toEqual({ total: 3, page: 1, perPage: 20 });
    const q = async (query: string) => ids((await get(`/api/runs?eventId=${event.id}&${query}`, as(admin))).json());
    expect(await q('type=relay')).toEqual([runs[1]?.id, runs[2]?.id]);
    expect(await q('isHeadToHead=false')).toEqual([runs[1]?.id]);
    expect(await q('isActive=false')).toEqual([runs[2]?.id]);
    expect(await q('isActive=true&type=individual')).toEqual([runs[0]?.id]);
    const page2 = (await get(`/api/runs?eventId=${event.id}&limit=2&page=2`, as(admin))).json();
    expect(page2).toMatchObject({ meta: { total: 3, page: 2, perPage: 2 } });
    expect(ids(page2)).toEqual([runs[2]?.id]);
    expectEnvelope(await get('/api/runs?type=sprint', as(admin)), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/api/runs?limit=500', as(admin)), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/api/runs?isHeadToHead=1', as(admin)), 400, 'VALIDATION_FAILED');
  });

  it('leaves out runs of deleted events and soft-deleted runs', async () => {
    const gone = await insertEvent(t.database.db, { deleted_at: new Date() });
    await insertRun(t.database.db, gone.id);
    const deletedRun = await insertRun(t.database.db, event.id, { deleted_at: new Date() });
    expect((await get(`/api/runs?eventId=${gone.id}`, as(admin))).json().data).toEqual([]);
    expect(ids((await get(`/api/runs?eventId=${event.id}`, as(admin))).json())).not.toContain(deletedRun.id);
  });

  it('is for admins only', async () => {
    expectEnvelope(await get('/api/runs'), 401, 'UNAUTHORIZED');
    expectEnvelope(await get('/api/runs', as(user)), 403, 'FORBIDDEN');
  });
});

describe('GET /api/runs/{id}, /event/{id} and /type/{type}', () => {
  let active: RunDto;
  let inactive: RunDto;
  let ofDraft: RunDto;
  let relayEvent: EventRow;

  beforeAll(async () => {
    relayEvent = await insertEvent(t.database.db, {
      name: 'Relay Weekend',
      start_date: at(60),
      end_date: at(61),
      status: 'Tentative',
    });
    active = await createRun({
      eventId: relayEvent.id,
      type: 'relay',
      category: 'Industrial',
      startTime: noonOf(at(61)),
      endTime: noonOf(at(61), 13),
    });
    inactive = await createRun({ eventId: relayEvent.id, type: 'relay', category: 'Fire School', isActive: false });
    ofDraft = await createRun({ eventId: draft.id, type: 'relay', category: 'Over 50' });
  });

  it('shows an active run of a public event to anyone, revalidated on every use', async () => {
    const res = await get(`/api/runs/${active.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...active, isOpen: false });
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.vary).toContain('authorization');
    expect((await get(`/api/runs/${active.id}`, { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it('hides inactive runs and runs of hidden events from all but admins', async () => {
    for (const run of [inactive, ofDraft]) {
      expectEnvelope(await get(`/api/runs/${run.id}`), 404, 'RUN_NOT_FOUND');
      expectEnvelope(await get(`/api/runs/${run.id}`, as(user)), 404, 'RUN_NOT_FOUND');
      const seen = await get(`/api/runs/${run.id}`, as(admin));
      expect(seen.statusCode).toBe(200);
      expect(seen.json().id).toBe(run.id);
      expect(seen.headers['cache-control']).toBe('private, no-store');
    }
    expectEnvelope(await get('/api/runs/2000000000', as(admin)), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await get('/api/runs/abc'), 400, 'VALIDATION_FAILED');
  });

  it("lists an event's runs: the active ones for the public, all for an admin; 404 for a hidden event", async () => {
    const pub = await get(`/api/runs/event/${relayEvent.id}`);
    expect(pub.statusCode).toBe(200);
    expect(ids(pub.json())).toEqual([active.id]);
    expect(pub.json().meta).toEqual({ total: 1, page: 1, perPage: 20 });
    expect(pub.headers['cache-control']).toBe('public, no-cache');
    const all = await get(`/api/runs/event/${relayEvent.id}`, as(admin));
    expect(ids(all.json())).toEqual([active.id, inactive.id]);
    expect(all.headers['cache-control']).toBe('private, no-store');
    expectEnvelope(await get(`/api/runs/event/${draft.id}`), 404, 'EVENT_NOT_FOUND');
    expect(ids((await get(`/api/runs/event/${draft.id}`, as(admin))).json())).toContain(ofDraft.id);
    expectEnvelope(await get('/api/runs/event/2000000000', as(admin)), 404, 'EVENT_NOT_FOUND');
  });

  it('lists the active runs of a type at public events', async () => {
    const res = await get('/api/runs/type/relay?limit=100');
    expect(res.statusCode).toBe(200);
    const found = ids(res.json());
    expect(found).toContain(active.id);
    expect(found).not.toContain(inactive.id);
    expect(found).not.toContain(ofDraft.id);
    expect(res.json().data.every((r: RunDto) => r.type === 'relay' && r.isActive)).toBe(true);
    expect(ids((await get('/api/runs/type/tech2?limit=100')).json())).not.toContain(active.id);
    const unknown = await get('/api/runs/type/sprint');
    expectEnvelope(unknown, 400, 'VALIDATION_FAILED');
    expect(unknown.json().message).toContain('type must be one of individual, relay, tech2');
  });
});

describe('registrations and counts of a run', () => {
  it('counts confirmed and waitlisted entries, and lists them (admins only) with filters', async () => {
    const db = t.database.db;
    const run = await createRun({ participantLimit: 2 });
    const rowOf = { id: run.id, event_id: run.eventId };
    const a = await insertRegistrationRow(db, rowOf);
    const b = await insertRegistrationRow(db, rowOf);
    const w1 = await insertRegistrationRow(db, rowOf, { status: 'waitlisted', waitlist_position: 1 });
    const c = await insertRegistrationRow(db, rowOf, { status: 'cancelled', cancelled_at: new Date() });
    await insertRegistrationRow(db, rowOf, { deleted_at: new Date() });

    const seen = (await get(`/api/runs/${run.id}`)).json<RunDto>();
    expect(seen).toMatchObject({ confirmedCount: 2, waitlistCount: 1, spotsLeft: 0, isFull: true, isOpen: true });

    const list = await get(`/api/runs/${run.id}/registrations`, as(admin));
    expect(list.statusCode).toBe(200);
    expect(ids(list.json())).toEqual([a.id, b.id, w1.id, c.id]);
    expect(list.json().meta).toEqual({ total: 4, page: 1, perPage: 20 });
    expect(ids((await get(`/api/runs/${run.id}/registrations?status=waitlisted`, as(admin))).json())).toEqual([w1.id]);
    expect(
      ids((await get(`/api/runs/${run.id}/registrations?hasWaitlistPosition=false&limit=1&page=2`, as(admin))).json()),
    ).toEqual([b.id]);
    expectEnvelope(await get(`/api/runs/${run.id}/registrations?status=maybe`, as(admin)), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/api/runs/2000000000/registrations', as(admin)), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await get(`/api/runs/${run.id}/registrations`), 401, 'UNAUTHORIZED');
    expectEnvelope(await get(`/api/runs/${run.id}/registrations`, as(user)), 403, 'FORBIDDEN');
  });
});

describe('GET /api/runs/{id}/run-orders', () => {
  it('answers an empty page before the run has an order (admins only); run-orders.test covers one with an order', async () => {
    const run = await createRun();
    expect((await get(`/api/runs/${run.id}/run-orders`, as(admin))).json()).toEqual({
      data: [],
      meta: { total: 0, page: 1, perPage: 20 },
    });
    expect((await get(`/api/runs/${run.id}/run-orders?page=2&limit=5`, as(admin))).json()).toEqual({
      data: [],
      meta: { total: 0, page: 2, perPage: 5 },
    });
    expectEnvelope(await get('/api/runs/2000000000/run-orders', as(admin)), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await get(`/api/runs/${run.id}/run-orders`), 401, 'UNAUTHORIZED');
    expectEnvelope(await get(`/api/runs/${run.id}/run-orders`, as(user)), 403, 'FORBIDDEN');
  });
});

describe('GET /api/runs/{id}/validate-run-types', () => {
  it('says whether every listed type is known, naming the unknown ones', async () => {
    const run = await createRun({ type: 'relay', category: 'Men' });
    const ok = await get(`/api/runs/${run.id}/validate-run-types?runTypes=individual,relay`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      valid: true,
      invalid: [],
      allowed: ['individual', 'relay', 'tech2'],
      runType: 'relay',
      includesRunType: true,
    });
    const bad = await get(
      `/api/runs/${run.id}/validate-run-types?runTypes=${encodeURIComponent('Tech2, sprint,,stairs')}`,
    );
    expect(bad.json()).toEqual({
      valid: false,
      invalid: ['sprint', 'stairs'],
      allowed: ['individual', 'relay', 'tech2'],
      runType: 'relay',
      includesRunType: false,
    });
    expectEnvelope(await get(`/api/runs/${run.id}/validate-run-types`), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get(`/api/runs/${run.id}/validate-run-types?runTypes=`), 400, 'VALIDATION_FAILED');
  });

  it('answers 404 for a run the caller may not see', async () => {
    const hidden = await createRun({ eventId: draft.id });
    expectEnvelope(await get(`/api/runs/${hidden.id}/validate-run-types?runTypes=relay`), 404, 'RUN_NOT_FOUND');
    expect((await get(`/api/runs/${hidden.id}/validate-run-types?runTypes=relay`, as(admin))).statusCode).toBe(200);
  });
});

describe('PUT /api/runs/{id}', () => {
  it('changes the given fields only, and clears times with null', async () => {
    const run = await createRun({ startTime: noonOf(at(30)), endTime: noonOf(at(30), 13) });
    const res = await send('PUT', `/api/runs/${run.id}`, {
      name: 'Renamed',
      participantLimit: 30,
      allowsHybrid: true,
      startTime: null,
      endTime: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      participantLimit: 30,
      allowsHybrid: true,
      startTime: null,
      endTime: null,
      category: 'Open Men',
    });
    const same = await send('PUT', `/api/runs/${run.id}`, {});
    expect(same.json()).toEqual(res.json());
  });

  it('checks the category against the type as they will be', async () => {
    const run = await createRun({ type: 'relay', category: 'Over 40' });
    const toTech2 = await send('PUT', `/api/runs/${run.id}`, { type: 'tech2' });
    expectEnvelope(toTech2, 422, 'INVALID_CATEGORY');
    expect(toTech2.json().message).toContain('choose one of: Men, Women, Mixed');
    expect((await send('PUT', `/api/runs/${run.id}`, { type: 'tech2', category: 'Mixed' })).json()).toMatchObject({
      type: 'tech2',
      category: 'Mixed',
    });
    expectEnvelope(await send('PUT', `/api/runs/${run.id}`, { category: 'Industrial' }), 422, 'INVALID_CATEGORY');
  });

  it('keeps the type of a run that has live registrations', async () => {
    const db = t.database.db;
    const run = await createRun({ type: 'relay', category: 'Mixed' });
    const cancelled = await insertRegistrationRow(db, { id: run.id, event_id: run.eventId }, { status: 'cancelled' });
    expect((await send('PUT', `/api/runs/${run.id}`, { type: 'tech2' })).statusCode).toBe(200);
    await insertRegistrationRow(
      db,
      { id: run.id, event_id: run.eventId },
      { status: 'waitlisted', waitlist_position: 1 },
    );
    const res = await send('PUT', `/api/runs/${run.id}`, { type: 'relay' });
    expectEnvelope(res, 422, 'RUN_HAS_REGISTRATIONS');
    expect(res.json().details).toEqual({ confirmed: 0, waitlisted: 1 });
    expect((await send('PUT', `/api/runs/${run.id}`, { category: 'Women' })).statusCode).toBe(200);
    expect(cancelled.status).toBe('cancelled');
  });

  it('checks the schedule and the window as they will be', async () => {
    const run = await createRun({ startTime: noonOf(at(30), 13), endTime: noonOf(at(30), 15) });
    expectEnvelope(await send('PUT', `/api/runs/${run.id}`, { endTime: noonOf(at(30), 12) }), 422, 'INVALID_SCHEDULE');
    expectEnvelope(
      await send('PUT', `/api/runs/${run.id}`, { startTime: noonOf(at(29)) }),
      422,
      'SCHEDULE_OUTSIDE_EVENT',
    );
    expect((await send('PUT', `/api/runs/${run.id}`, { endTime: noonOf(at(31), 20) })).statusCode).toBe(200);
    await send('PUT', `/api/runs/${run.id}`, { registrationClosesAt: noonOf(at(5)) });
    expectEnvelope(
      await send('PUT', `/api/runs/${run.id}`, { registrationOpensAt: noonOf(at(6)) }),
      422,
      'INVALID_REGISTRATION_WINDOW',
    );
  });

  it('refuses moving a run to another event, unknown fields, missing runs and non-admins', async () => {
    const run = await createRun();
    expectEnvelope(await send('PUT', `/api/runs/${run.id}`, { eventId: draft.id }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await send('PUT', `/api/runs/${run.id}`, { participantLimit: 0 }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await send('PUT', '/api/runs/2000000000', { name: 'x' }), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await send('PUT', `/api/runs/${run.id}`, { name: 'x' }, anonymous), 401, 'UNAUTHORIZED');
    expectEnvelope(await send('PUT', `/api/runs/${run.id}`, { name: 'x' }, as(user)), 403, 'FORBIDDEN');
    const gone = await insertEvent(t.database.db, { deleted_at: new Date() });
    const orphan = await insertRun(t.database.db, gone.id);
    expectEnvelope(await send('PUT', `/api/runs/${orphan.id}`, { name: 'x' }), 404, 'RUN_NOT_FOUND');
  });
});

describe('PATCH /api/runs/{id}/participant-limit', () => {
  it('sets the limit; below the confirmed count it removes nobody and warns', async () => {
    const db = t.database.db;
    const run = await createRun({ participantLimit: 5 });
    const confirmed = [];
    for (let i = 0; i < 3; i += 1)
      confirmed.push(await insertRegistration(db, { runId: run.id, userId: (await insertUser(db)).id }));
    const waiting = await insertRegistration(db, {
      runId: run.id,
      userId: (await insertUser(db)).id,
      status: 'waitlisted',
      waitlistPosition: 1,
    });

    const lowered = await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit: 2 });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json()).toMatchObject({
      id: run.id,
      participantLimit: 2,
      confirmedCount: 3,
      waitlistCount: 1,
      spotsLeft: 0,
      isFull: true,
      promotedCount: 0,
    });
    expect(lowered.json().warning).toBe(
      'The run has 3 confirmed entries, more than the new limit of 2. Nobody was removed; no new entry is confirmed until fewer than 2 are.',
    );
    const rows = await db
      .selectFrom('registrations')
      .select(['id', 'status', 'waitlist_position'])
      .where('run_id', '=', run.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      ...confirmed.map((r) => ({ id: r.id, status: 'confirmed', waitlist_position: null })),
      { id: waiting.id, status: 'waitlisted', waitlist_position: 1 },
    ]);

    const exact = await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit: 3 });
    expect(exact.json()).toMatchObject({ participantLimit: 3, warning: null, promotedCount: 0 });
    expect(
      (await db.selectFrom('registrations').select('status').where('id', '=', waiting.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('waitlisted');
  });

  it('raising the limit promotes the waitlist in order into the freed places, as events on their streams', async () => {
    const db = t.database.db;
    const run = await createRun({ participantLimit: 1 });
    const first = await insertRegistration(db, { runId: run.id, userId: (await insertUser(db)).id });
    const waiting = [];
    for (let position = 1; position <= 3; position += 1) {
      waiting.push(
        await insertRegistration(db, {
          runId: run.id,
          userId: (await insertUser(db)).id,
          status: 'waitlisted',
          waitlistPosition: position,
        }),
      );
    }

    const raised = await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit: 3 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({
      participantLimit: 3,
      confirmedCount: 3,
      waitlistCount: 1,
      spotsLeft: 0,
      promotedCount: 2,
      warning: null,
    });
    const rows = await db
      .selectFrom('registrations')
      .select(['id', 'status', 'waitlist_position'])
      .where('run_id', '=', run.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: first.id, status: 'confirmed', waitlist_position: null },
      { id: waiting[0]?.id, status: 'confirmed', waitlist_position: null },
      { id: waiting[1]?.id, status: 'confirmed', waitlist_position: null },
      { id: waiting[2]?.id, status: 'waitlisted', waitlist_position: 1 },
    ]);
    const promotions = await db
      .selectFrom('event_log')
      .select(['stream_id', 'metadata'])
      .where('type', '=', 'PromotedFromWaitlist')
      .where(
        'stream_id',
        'in',
        waiting.map((w) => `registration:${w.id}`),
      )
      .orderBy('global_position')
      .execute();
    expect(promotions.map((p) => p.stream_id)).toEqual([
      `registration:${waiting[0]?.id}`,
      `registration:${waiting[1]?.id}`,
    ]);
    expect(promotions.every((p) => (p.metadata as { actorId?: unknown }).actorId === admin.id)).toBe(true);

    const again = await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit: 10 });
    expect(again.json()).toMatchObject({ confirmedCount: 4, waitlistCount: 0, promotedCount: 1 });
  });

  it('answers no warning for an ordinary change', async () => {
    const run = await createRun({ participantLimit: 5 });
    expect((await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit: 8 })).json()).toMatchObject({
      participantLimit: 8,
      warning: null,
    });
  });

  it('takes 1 to 1000 only, and is for admins only', async () => {
    const run = await createRun();
    for (const limit of [0, 1001, -3, 1.5, '5', null]) {
      expectEnvelope(await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit }), 400, 'VALIDATION_FAILED');
    }
    expectEnvelope(await send('PATCH', `/api/runs/${run.id}/participant-limit`, {}), 400, 'VALIDATION_FAILED');
    expect((await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit: 1 })).json().participantLimit).toBe(
      1,
    );
    expect(
      (await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit: 1000 })).json().participantLimit,
    ).toBe(1000);
    expectEnvelope(await send('PATCH', '/api/runs/2000000000/participant-limit', { limit: 5 }), 404, 'RUN_NOT_FOUND');
    expectEnvelope(
      await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit: 5 }, anonymous),
      401,
      'UNAUTHORIZED',
    );
    expectEnvelope(
      await send('PATCH', `/api/runs/${run.id}/participant-limit`, { limit: 5 }, as(user)),
      403,
      'FORBIDDEN',
    );
  });
});

describe('POST /api/runs/{id}/schedule', () => {
  const schedule = (id: number, body: unknown, headers: Headers = as(admin)) =>
    send('POST', `/api/runs/${id}/schedule`, body, headers);

  it('sets both times on the event days, in any zone offset', async () => {
    const run = await createRun();
    const res = await schedule(run.id, { startTime: `${at(30)}T09:00:00-04:00`, endTime: `${at(31)}T17:30:00-04:00` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      startTime: new Date(`${at(30)}T09:00:00-04:00`).toISOString(),
      endTime: new Date(`${at(31)}T17:30:00-04:00`).toISOString(),
    });
    expect((await get(`/api/runs/${run.id}`)).json().startTime).toBe(res.json().startTime);
  });

  it('refuses times outside the event days in the site time zone with 422 SCHEDULE_OUTSIDE_EVENT', async () => {
    const run = await createRun();
    // Noon UTC the day before the event, and the day after its last day.
    const before = await schedule(run.id, { startTime: noonOf(at(29)), endTime: noonOf(at(30)) });
    expectEnvelope(before, 422, 'SCHEDULE_OUTSIDE_EVENT');
    expect(before.json().message).toBe(
      `The run must start and end within the event's day(s): from ${at(30)} to ${at(31)} (${timeZone} time).`,
    );
    expectEnvelope(
      await schedule(run.id, { startTime: noonOf(at(31)), endTime: noonOf(at(32)) }),
      422,
      'SCHEDULE_OUTSIDE_EVENT',
    );
    // 02:00 UTC on the first day is still the evening before in Toronto.
    const lateEvening = await schedule(run.id, { startTime: `${at(30)}T02:00:00Z`, endTime: noonOf(at(30)) });
    expectEnvelope(lateEvening, 422, 'SCHEDULE_OUTSIDE_EVENT');
    expect(lateEvening.json().details).toMatchObject({ startDay: at(29), endDay: at(30), timeZone });
    expect((await get(`/api/runs/${run.id}`, as(admin))).json()).toMatchObject({ startTime: null, endTime: null });
  });

  it('wants the end after the start (422 INVALID_SCHEDULE) and both times as ISO date-times (400)', async () => {
    const run = await createRun();
    expectEnvelope(
      await schedule(run.id, { startTime: noonOf(at(30), 15), endTime: noonOf(at(30), 15) }),
      422,
      'INVALID_SCHEDULE',
    );
    expectEnvelope(
      await schedule(run.id, { startTime: noonOf(at(30), 15), endTime: noonOf(at(30), 14) }),
      422,
      'INVALID_SCHEDULE',
    );
    expectEnvelope(await schedule(run.id, { startTime: noonOf(at(30)) }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await schedule(run.id, { startTime: at(30), endTime: at(30) }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await schedule(run.id, { startTime: null, endTime: null }), 400, 'VALIDATION_FAILED');
  });

  it('is for admins only, and 404 for a missing run', async () => {
    const run = await createRun();
    const body = { startTime: noonOf(at(30)), endTime: noonOf(at(30), 13) };
    expectEnvelope(await schedule(2_000_000_000, body), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await schedule(run.id, body, anonymous), 401, 'UNAUTHORIZED');
    expectEnvelope(await schedule(run.id, body, as(user)), 403, 'FORBIDDEN');
  });
});

describe('isOpen and the public hasOpenRuns', () => {
  it('agree: an event has open runs exactly when one of its runs is open', async () => {
    const db = t.database.db;
    const cases = [
      {
        event: { status: 'Confirmed' as const, registration_opens_on: at(-5), registration_closes_on: at(5) },
        run: {},
      },
      { event: { status: 'Confirmed' as const, registration_opens_on: at(2) }, run: {} },
      {
        event: { status: 'Firm' as const, registration_opens_on: null },
        run: { registration_opens_at: new Date(Date.now() - 3_600_000) },
      },
      { event: { status: 'Cancelled' as const, registration_opens_on: at(-5) }, run: {} },
      {
        event: { status: 'Confirmed' as const, registration_opens_on: at(-5) },
        run: { registration_closes_at: new Date(Date.now() - 1000) },
      },
      { event: { status: 'Confirmed' as const, registration_opens_on: at(-5) }, run: { is_active: false } },
    ];
    const expected = [true, false, true, false, false, false];
    for (const [index, { event: fields, run: runFields }] of cases.entries()) {
      const event = await insertEvent(db, { start_date: at(20), end_date: at(20), ...fields });
      const run = await insertRun(db, event.id, runFields);
      const hasOpenRuns = (await get(`/api/events/${event.id}`)).json().hasOpenRuns;
      const runOpen = (await get(`/api/runs/${run.id}`, as(admin))).json().isOpen;
      expect(hasOpenRuns, `case ${index}`).toBe(expected[index]);
      expect(runOpen, `case ${index}`).toBe(expected[index]);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every run route with the runs tag and a summary', async () => {
    const doc = (await get('/api/docs/json')).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    const expected: Array<[string, string]> = [
      ['/api/runs', 'get'],
      ['/api/runs', 'post'],
      ['/api/runs/{id}', 'get'],
      ['/api/runs/{id}', 'put'],
      ['/api/runs/event/{id}', 'get'],
      ['/api/runs/type/{type}', 'get'],
      ['/api/runs/{id}/registrations', 'get'],
      ['/api/runs/{id}/run-orders', 'get'],
      ['/api/runs/{id}/validate-run-types', 'get'],
      ['/api/runs/{id}/participant-limit', 'patch'],
      ['/api/runs/{id}/schedule', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toMatchObject({
        tags: ['runs'],
        summary: expect.any(String),
      });
    }
    expect(doc.paths['/api/runs/{id}/run-orders']?.get?.summary).toContain('run order in brief');
  });
});
