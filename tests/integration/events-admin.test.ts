import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminEvent, EVENT_PICTURE_MAX_BYTES } from '../../api/contracts/events.ts';
import type { User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import type { EventStatus } from '../../api/domain/events/statuses.ts';
import { bearer, createTestApp, sessionsWritten, type TestApp } from '../support/app.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import {
  insertDepartment,
  insertEvent,
  insertPicture,
  insertRegistrationRow,
  insertRun,
  insertTeam,
  insertUser,
} from '../support/factories.ts';
import { injectMultipart, multipart, type Part, testImage } from '../support/multipart.ts';

let t: TestApp;
let admin: User;
let superAdmin: User;
let user: User;
let today: string;
const at = (days: number) => addDays(today, days);

beforeAll(async () => {
  // One admin uploads every picture of this file: more than a person's upload limit (decision 029).
  t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: '1000' } });
  const db = t.database.db;
  admin = await insertUser(db, { role: 'admin' });
  superAdmin = await insertUser(db, { role: 'super-admin' });
  user = await insertUser(db);
  today = todayIn(t.app.config.siteTimeZone);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const as = (who: User): Headers => bearer(t.app, who);
const anonymous: Headers = {};

const get = (url: string, headers: Headers = anonymous) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: unknown, headers: Headers) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const post = (url: string, payload: unknown, headers: Headers = as(admin)) => send('POST', url, payload, headers);
const put = (url: string, payload: unknown, headers: Headers = as(admin)) => send('PUT', url, payload, headers);
const patch = (url: string, headers: Headers = as(admin)) => send('PATCH', url, undefined, headers);
const del = (url: string, headers: Headers = as(admin)) => send('DELETE', url, undefined, headers);

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((e) => e.id);

let created = 0;
/** An event made through the API (a Draft), with overrides of the create body. */
async function createEvent(fields: Record<string, unknown> = {}): Promise<AdminEvent> {
  created++;
  const res = await post('/api/events', {
    name: `Admin Test Event ${created} ${randomUUID().slice(0, 6)}`,
    startDate: at(60),
    city: 'Red Deer',
    province: 'AB',
    scope: 'Regional',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminEvent>();
}

async function setStatus(id: number, status: EventStatus) {
  await t.database.db.updateTable('events').set({ status }).where('id', '=', id).execute();
}

const ADMIN_FIELDS = [
  'allowedStatusTransitions',
  'city',
  'createdAt',
  'daysUntilEvent',
  'deletedAt',
  'department',
  'departmentId',
  'departmentName',
  'description',
  'earlyBirdEndsOn',
  'endDate',
  'hasOpenRuns',
  'hasPicture',
  'id',
  'isActive',
  'isDeleted',
  'lateStartsOn',
  'name',
  'pictureUrl',
  'province',
  'registrationClosesOn',
  'registrationCount',
  'registrationOpensOn',
  'registrationPhase',
  'runCount',
  'scope',
  'slug',
  'startDate',
  'status',
  'updatedAt',
].sort();

describe('POST /api/events', () => {
  it('creates a Draft with a slug from the name and start year, and answers the admin view', async () => {
    const department = await insertDepartment(t.database.db, { name: 'Medicine Hat Fire Services' });
    const res = await post('/api/events', {
      name: '  Medicine Hat Firefit Challenge  ',
      description: 'Six tasks in full gear.',
      startDate: '2031-06-14',
      endDate: '2031-06-15',
      city: 'Medicine Hat',
      province: 'AB',
      scope: 'Provincial',
      departmentId: department.id,
      registrationOpensOn: '2031-03-01',
      earlyBirdEndsOn: '2031-04-01',
      lateStartsOn: '2031-05-20',
      registrationClosesOn: '2031-06-07',
    });
    expect(res.statusCode).toBe(201);
    const event = res.json<AdminEvent>();
    expect(res.headers.location).toBe(`/api/events/${event.id}`);
    expect(Object.keys(event).sort()).toEqual(ADMIN_FIELDS);
    expect(event).toMatchObject({
      name: 'Medicine Hat Firefit Challenge',
      slug: 'medicine-hat-firefit-challenge-2031',
      status: 'Draft',
      isActive: true,
      isDeleted: false,
      deletedAt: null,
      startDate: '2031-06-14',
      endDate: '2031-06-15',
      departmentId: department.id,
      departmentName: 'Medicine Hat Fire Services',
      department: { id: department.id, name: 'Medicine Hat Fire Services', isActive: true, isDeleted: false },
      registrationOpensOn: '2031-03-01',
      earlyBirdEndsOn: '2031-04-01',
      lateStartsOn: '2031-05-20',
      registrationClosesOn: '2031-06-07',
      hasPicture: false,
      pictureUrl: null,
      runCount: 0,
      registrationCount: 0,
      registrationPhase: 'not_open',
      hasOpenRuns: false,
      allowedStatusTransitions: ['Tentative', 'Cancelled', 'To Be Rescheduled'],
    });
    // A Draft is not public.
    expectEnvelope(await get(`/api/events/${event.id}`), 404, 'EVENT_NOT_FOUND');
  });

  it('fills the defaults: end date = start date, empty description, no department', async () => {
    const event = await createEvent({ startDate: '2032-01-10' });
    expect(event).toMatchObject({
      endDate: '2032-01-10',
      description: '',
      departmentId: null,
      department: null,
      registrationOpensOn: null,
    });
  });

  it('keeps slugs unique, also for the same name created at once, and does not repeat a year the name has', async () => {
    const first = await post('/api/events', {
      name: 'Slug Cup',
      startDate: '2033-05-01',
      city: 'Truro',
      province: 'NS',
      scope: 'Local',
    });
    const second = await post('/api/events', {
      name: 'Slug  Cup!',
      startDate: '2033-08-01',
      city: 'Truro',
      province: 'NS',
      scope: 'Local',
    });
    expect(first.json().slug).toBe('slug-cup-2033');
    expect(second.json().slug).toBe('slug-cup-2033-2');
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        post('/api/events', {
          name: 'Race Cup',
          startDate: '2033-05-01',
          city: 'Truro',
          province: 'NS',
          scope: 'Local',
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(racing.map((r) => r.json().slug).sort()).toEqual(['race-cup-2033', 'race-cup-2033-2', 'race-cup-2033-3']);
    const withYear = await post('/api/events', {
      name: 'Nationals 2034 – Montréal',
      startDate: '2034-09-01',
      city: 'Montréal',
      province: 'QC',
      scope: 'National',
    });
    expect(withYear.json().slug).toBe('nationals-2034-montreal');
  });

  it('refuses dates out of order with 422 INVALID_EVENT_DATES naming each problem, and writes nothing', async () => {
    const before = await t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const base = { name: 'Bad Dates', city: 'Regina', province: 'SK', scope: 'Local' };
    const endFirst = await post('/api/events', { ...base, startDate: '2031-06-14', endDate: '2031-06-13' });
    expectEnvelope(endFirst, 422, 'INVALID_EVENT_DATES');
    expect(endFirst.json()).toMatchObject({
      message: 'The end date must be on or after the start date.',
      details: [{ field: 'endDate', message: 'The end date must be on or after the start date.' }],
    });
    const registration = await post('/api/events', {
      ...base,
      startDate: '2031-06-14',
      registrationOpensOn: '2031-04-01',
      earlyBirdEndsOn: '2031-03-01',
      registrationClosesOn: '2031-06-20',
    });
    expectEnvelope(registration, 422, 'INVALID_EVENT_DATES');
    expect(registration.json().details).toEqual([
      {
        field: 'registrationOpensOn',
        message: 'The registration opening date must be on or before the early-bird end date.',
      },
      { field: 'registrationClosesOn', message: 'The registration closing date must be on or before the start date.' },
    ]);
    const lateBeforeEarly = await post('/api/events', {
      ...base,
      startDate: '2031-06-14',
      earlyBirdEndsOn: '2031-05-01',
      lateStartsOn: '2031-04-01',
    });
    expect(lateBeforeEarly.json().details).toEqual([
      {
        field: 'earlyBirdEndsOn',
        message: 'The early-bird end date must be on or before the late registration start date.',
      },
    ]);
    // The same day for every date is fine.
    const sameDay = await post('/api/events', {
      ...base,
      name: 'Same Day',
      startDate: '2031-06-14',
      registrationOpensOn: '2031-06-14',
      earlyBirdEndsOn: '2031-06-14',
      lateStartsOn: '2031-06-14',
      registrationClosesOn: '2031-06-14',
    });
    expect(sameDay.statusCode).toBe(201);
    const after = await t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('refuses a department that is missing, deleted or inactive with 422 DEPARTMENT_UNAVAILABLE', async () => {
    const deleted = await insertDepartment(t.database.db, { deleted_at: new Date() });
    const inactive = await insertDepartment(t.database.db, { is_active: false });
    for (const departmentId of [deleted.id, inactive.id, 2_000_000_000]) {
      const res = await post('/api/events', {
        name: 'Dept',
        startDate: '2031-01-01',
        city: 'X',
        province: 'ON',
        scope: 'Local',
        departmentId,
      });
      expectEnvelope(res, 422, 'DEPARTMENT_UNAVAILABLE');
      expect(res.json().details).toEqual({ departmentId });
    }
  });

  it('validates the body: required fields, real dates, known scope, no status or unknown fields', async () => {
    const base = { name: 'Valid', startDate: '2031-01-01', city: 'X', province: 'ON', scope: 'Local' };
    const missingName = await post('/api/events', { ...base, name: '   ' });
    expectEnvelope(missingName, 400, 'VALIDATION_FAILED');
    expect(missingName.json().message).toContain('Name is required');
    expectEnvelope(await post('/api/events', { ...base, startDate: '2031-02-30' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await post('/api/events', { ...base, scope: 'Galactic' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await post('/api/events', { ...base, status: 'Confirmed' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await post('/api/events', { ...base, slug: 'mine' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await post('/api/events', { ...base, name: 'x'.repeat(151) }), 400, 'VALIDATION_FAILED');
  });

  it('is for admins only', async () => {
    const body = { name: 'Nope', startDate: '2031-01-01', city: 'X', province: 'ON', scope: 'Local' };
    expectEnvelope(await post('/api/events', body, anonymous), 401, 'UNAUTHORIZED');
    expectEnvelope(await post('/api/events', body, as(user)), 403, 'FORBIDDEN');
    expect((await post('/api/events', { ...body, name: 'By a super-admin' }, as(superAdmin))).statusCode).toBe(201);
  });
});

describe('GET /api/events, /filter and /status/{status}', () => {
  let listed: Record<string, AdminEvent>;
  const year = 2041;

  beforeAll(async () => {
    const dept = await insertDepartment(t.database.db);
    const make = async (name: string, fields: Record<string, unknown>, status?: EventStatus) => {
      const event = await createEvent({ name, ...fields });
      if (status) await setStatus(event.id, status);
      return event;
    };
    listed = {
      draft: await make('Listed Draft', { startDate: `${year}-03-01` }),
      tentative: await make(
        'Listed Tentative Lethbridge',
        { startDate: `${year}-05-01`, city: 'Lethbridge', scope: 'Local' },
        'Tentative',
      ),
      inactive: await make('Listed Inactive', { startDate: `${year}-07-01`, isActive: false }, 'Confirmed'),
      progress: await make(
        'Listed In Progress',
        { startDate: `${year}-09-01`, departmentId: dept.id, scope: 'National' },
        'In Progress',
      ),
      otherYear: await make('Listed Other Year', { startDate: `${year + 1}-01-01` }, 'Confirmed'),
      deleted: await make('Listed Deleted', { startDate: `${year}-04-01` }, 'Confirmed'),
    };
    expect((await del(`/api/events/${listed.deleted?.id}`)).statusCode).toBe(204);
  });

  const inYear = (query = '') => get(`/api/events?year=${year}&limit=100${query}`, as(admin));

  it('lists drafts and inactive events, not deleted ones, latest start first, with the admin fields', async () => {
    const res = await inYear();
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: AdminEvent[]; meta: unknown }>();
    expect(ids(body)).toEqual([listed.progress, listed.inactive, listed.tentative, listed.draft].map((e) => e?.id));
    expect(body.meta).toEqual({ total: 4, page: 1, perPage: 100 });
    for (const event of body.data) expect(Object.keys(event).sort()).toEqual(ADMIN_FIELDS);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('pages with page and limit (default 20, at most 100)', async () => {
    const first = (await get(`/api/events?year=${year}&limit=3`, as(admin))).json();
    const second = (await get(`/api/events?year=${year}&limit=3&page=2`, as(admin))).json();
    expect(first.meta).toEqual({ total: 4, page: 1, perPage: 3 });
    expect(second.meta).toEqual({ total: 4, page: 2, perPage: 3 });
    expect([...ids(first), ...ids(second)]).toEqual(ids((await inYear()).json()));
    expect((await get('/api/events', as(admin))).json().meta).toMatchObject({ page: 1, perPage: 20 });
    expectEnvelope(await get('/api/events?limit=101', as(admin)), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/api/events?page=0', as(admin)), 400, 'VALIDATION_FAILED');
  });

  it('filters by isActive, status (comma list), scope, year, departmentId and free text', async () => {
    expect(ids((await inYear('&isActive=false')).json())).toEqual([listed.inactive?.id]);
    expect(ids((await inYear('&status=Draft,In%20Progress')).json())).toEqual([listed.progress?.id, listed.draft?.id]);
    expect(ids((await inYear('&status=in-progress')).json())).toEqual([listed.progress?.id]);
    expect(ids((await inYear('&scope=Local,National')).json())).toEqual([listed.progress?.id, listed.tentative?.id]);
    expect(ids((await inYear(`&departmentId=${listed.progress?.departmentId}`)).json())).toEqual([listed.progress?.id]);
    expect(ids((await inYear('&query=lethbr')).json())).toEqual([listed.tentative?.id]);
    expect(ids((await inYear('&query=100%25')).json())).toEqual([]);
    expectEnvelope(await get('/api/events?status=Done', as(admin)), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/api/events?isActive=yes', as(admin)), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/api/events?year=20x1', as(admin)), 400, 'VALIDATION_FAILED');
  });

  it('puts what an organiser needs on the day first with sort=event-day: in progress, then the next ones soonest first', async () => {
    const res = await inYear('&sort=event-day');
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(
      [listed.progress, listed.draft, listed.tentative, listed.inactive].map((e) => e?.id),
    );
    // Past events come after every coming one, latest first.
    const past = await createEvent({ name: 'Listed Long Ago', startDate: '2001-05-01' });
    const older = await createEvent({ name: 'Listed Longer Ago', startDate: '2000-05-01' });
    const all = ids((await get('/api/events?sort=event-day&limit=100', as(admin))).json());
    expect(all.indexOf(past.id)).toBeGreaterThan(all.indexOf(listed.inactive?.id ?? 0));
    expect(all.indexOf(older.id)).toBe(all.indexOf(past.id) + 1);
    expect(ids((await inYear('&sort=latest')).json())).toEqual(ids((await inYear()).json()));
    expectEnvelope(await get('/api/events?sort=soonest', as(admin)), 400, 'VALIDATION_FAILED');
  });

  it('answers the same from /filter', async () => {
    const list = (await inYear('&status=Tentative,Confirmed')).json();
    const filtered = (
      await get(`/api/events/filter?year=${year}&limit=100&status=Tentative,Confirmed`, as(admin))
    ).json();
    expect(filtered).toEqual(list);
  });

  it('lists one status through /status/{status}, written as stored or in-progress style', async () => {
    for (const status of ['In%20Progress', 'in-progress', 'IN_PROGRESS']) {
      const res = await get(`/api/events/status/${status}?year=${year}`, as(admin));
      expect(res.statusCode, status).toBe(200);
      expect(ids(res.json()), status).toEqual([listed.progress?.id]);
    }
    expect(ids((await get(`/api/events/status/Draft?year=${year}`, as(admin))).json())).toEqual([listed.draft?.id]);
    const unknown = await get('/api/events/status/Finished', as(admin));
    expectEnvelope(unknown, 400, 'VALIDATION_FAILED');
    expect(unknown.json().message).toContain('status must be one of Draft, Tentative');
  });

  it('is for admins only', async () => {
    for (const url of ['/api/events', '/api/events/filter', '/api/events/status/Draft']) {
      expectEnvelope(await get(url), 401, 'UNAUTHORIZED');
      expectEnvelope(await get(url, as(user)), 403, 'FORBIDDEN');
      expect((await get(url, as(superAdmin))).statusCode).toBe(200);
    }
  });
});

describe('GET /api/events/active', () => {
  it('is public: the events the public site shows, latest first, paginated, with the public fields', async () => {
    const shown = await insertEvent(t.database.db, { start_date: '2051-05-01', status: 'Confirmed' });
    const older = await insertEvent(t.database.db, { start_date: '2051-01-01', status: 'Completed' });
    await insertEvent(t.database.db, { start_date: '2052-01-01', status: 'Draft' });
    await insertEvent(t.database.db, { start_date: '2052-01-02', is_active: false });
    await insertEvent(t.database.db, { start_date: '2052-01-03', deleted_at: new Date() });
    const res = await get('/api/events/active?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([shown.id, older.id]);
    expect(body.meta).toMatchObject({ page: 1, perPage: 2 });
    expect(body.meta.total).toBeGreaterThanOrEqual(2);
    expect(body.data[0]).not.toHaveProperty('slug');
    expect(body.data[0]).toMatchObject({ id: shown.id, status: 'Confirmed', registrationPhase: 'not_open' });
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    // Every event of every page is a public one.
    const all = (await get('/api/events/active?limit=100')).json();
    expect(all.data.every((e: { status: string }) => e.status !== 'Draft')).toBe(true);
    expect(all.meta.total).toBe(all.data.length);
    for (const id of ids(all)) expect((await get(`/api/events/${id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/events/{id}', () => {
  it('answers an admin with the admin view of any event, read fresh and never stored by a shared cache', async () => {
    const draft = await createEvent();
    const res = await get(`/api/events/${draft.id}`, as(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: draft.id, status: 'Draft', slug: draft.slug });
    expect(Object.keys(res.json()).sort()).toEqual(ADMIN_FIELDS);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('authorization');
    // Anyone else: the public rules (a Draft is not found), whatever token they bring.
    for (const headers of [anonymous, as(user), { authorization: 'Bearer nonsense' }]) {
      expectEnvelope(await get(`/api/events/${draft.id}`, headers), 404, 'EVENT_NOT_FOUND');
    }
    expectEnvelope(await get('/api/events/2000000000', as(admin)), 404, 'EVENT_NOT_FOUND');
  });

  it('answers the public fields only to the public for a public event', async () => {
    const event = await createEvent();
    await setStatus(event.id, 'Confirmed');
    const res = await get(`/api/events/${event.id}`, as(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('slug');
    expect(res.json()).toMatchObject({ id: event.id, status: 'Confirmed' });
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect((await get(`/api/events/${event.id}`, as(admin))).json()).toHaveProperty('slug', event.slug);
  });

  it('counts runs and live registrations (not cancelled, not deleted)', async () => {
    const db = t.database.db;
    const event = await createEvent();
    const runA = await insertRun(db, event.id);
    const runB = await insertRun(db, event.id, { type: 'relay', category: 'Mixed', is_active: false });
    await insertRun(db, event.id, { deleted_at: new Date() });
    await insertRegistrationRow(db, runA);
    await insertRegistrationRow(db, runA, { status: 'waitlisted', waitlist_position: 1 });
    await insertRegistrationRow(db, runB, { status: 'cancelled', cancelled_at: new Date() });
    await insertRegistrationRow(db, runB, { deleted_at: new Date() });
    const res = (await get(`/api/events/${event.id}`, as(admin))).json<AdminEvent>();
    expect(res).toMatchObject({ runCount: 2, registrationCount: 2 });
  });
});

describe('PUT /api/events/{id}', () => {
  it('changes the given fields only, keeps the slug and the status', async () => {
    const event = await createEvent({ name: 'Before Rename', startDate: '2035-06-01', description: 'Keep me' });
    const res = await put(`/api/events/${event.id}`, {
      name: 'After Rename',
      city: 'Moncton',
      province: 'NB',
      endDate: '2035-06-02',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'After Rename',
      city: 'Moncton',
      endDate: '2035-06-02',
      description: 'Keep me',
      slug: event.slug,
      status: 'Draft',
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(event.updatedAt));
    const same = await put(`/api/events/${event.id}`, {});
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(res.json());
  });

  it('checks the dates as they will be after the change', async () => {
    const event = await createEvent({
      startDate: '2035-06-10',
      endDate: '2035-06-11',
      registrationClosesOn: '2035-06-01',
    });
    const res = await put(`/api/events/${event.id}`, { startDate: '2035-06-12' });
    expectEnvelope(res, 422, 'INVALID_EVENT_DATES');
    expect(res.json().details).toEqual([
      { field: 'endDate', message: 'The end date must be on or after the start date.' },
    ]);
    const closesLate = await put(`/api/events/${event.id}`, { startDate: '2035-05-30', endDate: '2035-05-31' });
    expect(closesLate.json().details).toEqual([
      { field: 'registrationClosesOn', message: 'The registration closing date must be on or before the start date.' },
    ]);
    // Clearing the closing date makes the move fine.
    const moved = await put(`/api/events/${event.id}`, {
      startDate: '2035-05-30',
      endDate: '2035-05-31',
      registrationClosesOn: null,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ startDate: '2035-05-30', registrationClosesOn: null });
  });

  it('takes an open department, keeps one that has since closed, refuses to move to a closed one', async () => {
    const db = t.database.db;
    const open = await insertDepartment(db);
    const event = await createEvent({ departmentId: open.id });
    await db.updateTable('departments').set({ is_active: false }).where('id', '=', open.id).execute();
    const kept = await put(`/api/events/${event.id}`, { departmentId: open.id, name: 'Still hosted' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().department).toEqual({ id: open.id, name: open.name, isActive: false, isDeleted: false });
    const closed = await insertDepartment(db, { deleted_at: new Date() });
    expectEnvelope(await put(`/api/events/${event.id}`, { departmentId: closed.id }), 422, 'DEPARTMENT_UNAVAILABLE');
    expect((await put(`/api/events/${event.id}`, { departmentId: null })).json()).toMatchObject({
      departmentId: null,
      department: null,
    });
  });

  it('refuses a status or slug in the body, a deleted or missing event, and non-admins', async () => {
    const event = await createEvent();
    expectEnvelope(await put(`/api/events/${event.id}`, { status: 'Confirmed' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await put(`/api/events/${event.id}`, { slug: 'x' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await put(`/api/events/${event.id}`, { name: 'x' }, anonymous), 401, 'UNAUTHORIZED');
    expectEnvelope(await put(`/api/events/${event.id}`, { name: 'x' }, as(user)), 403, 'FORBIDDEN');
    expectEnvelope(await put('/api/events/2000000000', { name: 'x' }), 404, 'EVENT_NOT_FOUND');
    expect((await del(`/api/events/${event.id}`)).statusCode).toBe(204);
    expectEnvelope(await put(`/api/events/${event.id}`, { name: 'x' }), 404, 'EVENT_NOT_FOUND');
  });
});

describe('DELETE /api/events/{id}', () => {
  it('soft-deletes: the event and its runs vanish from every public route and the admin lists', async () => {
    const db = t.database.db;
    const picture = await insertPicture(db);
    const event = await insertEvent(db, {
      start_date: at(5),
      end_date: at(5),
      status: 'Confirmed',
      picture_id: picture.id,
    });
    const run = await insertRun(db, event.id);
    const upcomingIds = async () =>
      ((await get('/api/events/upcoming?limit=50')).json() as Array<{ id: number }>).map((e) => e.id);
    const byYear = async () =>
      ((await get(`/api/events/by-year/${event.start_date.slice(0, 4)}`)).json() as Array<{ id: number }>).map(
        (e) => e.id,
      );
    expect(await upcomingIds()).toContain(event.id);
    expect(await byYear()).toContain(event.id);
    expect((await get(`/api/events/${event.id}/picture`)).statusCode).toBe(200);
    expect((await get(`/api/runs/${run.id}`)).statusCode).toBe(200);

    const res = await del(`/api/events/${event.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(await upcomingIds()).not.toContain(event.id);
    expect(await byYear()).not.toContain(event.id);
    expect(ids((await get('/api/events/active?limit=100')).json())).not.toContain(event.id);
    expectEnvelope(await get(`/api/events/${event.id}`), 404, 'EVENT_NOT_FOUND');
    expectEnvelope(await get(`/api/events/${event.id}/picture`), 404, 'EVENT_NOT_FOUND');
    expectEnvelope(await get(`/api/runs/${run.id}`), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await get(`/api/runs/event/${event.id}`), 404, 'EVENT_NOT_FOUND');
    expect(
      ids((await get(`/api/events?year=${event.start_date.slice(0, 4)}&limit=100`, as(admin))).json()),
    ).not.toContain(event.id);

    // An admin can still read it by id, marked deleted; it is not deleted twice.
    const seen = (await get(`/api/events/${event.id}`, as(admin))).json();
    expect(seen).toMatchObject({ id: event.id, isDeleted: true, deletedAt: expect.any(String) });
    expectEnvelope(await del(`/api/events/${event.id}`), 404, 'EVENT_NOT_FOUND');
    expect(await db.selectFrom('events').select('id').where('id', '=', event.id).executeTakeFirst()).toBeDefined();
  });

  it('is for admins only, and 404 for a missing event', async () => {
    const event = await createEvent();
    expectEnvelope(await del(`/api/events/${event.id}`, anonymous), 401, 'UNAUTHORIZED');
    expectEnvelope(await del(`/api/events/${event.id}`, as(user)), 403, 'FORBIDDEN');
    expectEnvelope(await del('/api/events/2000000000'), 404, 'EVENT_NOT_FOUND');
    expect((await get(`/api/events/${event.id}`, as(admin))).json().isDeleted).toBe(false);
  });
});

describe('PATCH /api/events/{id}/activate and /deactivate', () => {
  it('hides an event from the public and shows it again; asking twice changes nothing', async () => {
    const event = await insertEvent(t.database.db, { start_date: at(12), end_date: at(12), status: 'Firm' });
    const off = await patch(`/api/events/${event.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: event.id, isActive: false });
    expectEnvelope(await get(`/api/events/${event.id}`), 404, 'EVENT_NOT_FOUND');
    expect((await patch(`/api/events/${event.id}/deactivate`)).json()).toMatchObject({
      isActive: false,
      updatedAt: off.json().updatedAt,
    });

    const on = await patch(`/api/events/${event.id}/activate`);
    expect(on.json()).toMatchObject({ isActive: true });
    expect((await get(`/api/events/${event.id}`)).statusCode).toBe(200);
  });

  it('is for admins only, 404 for missing or deleted events', async () => {
    const event = await createEvent();
    for (const action of ['activate', 'deactivate']) {
      expectEnvelope(await patch(`/api/events/${event.id}/${action}`, anonymous), 401, 'UNAUTHORIZED');
      expectEnvelope(await patch(`/api/events/${event.id}/${action}`, as(user)), 403, 'FORBIDDEN');
      expectEnvelope(await patch(`/api/events/2000000000/${action}`), 404, 'EVENT_NOT_FOUND');
    }
    await del(`/api/events/${event.id}`);
    expectEnvelope(await patch(`/api/events/${event.id}/activate`), 404, 'EVENT_NOT_FOUND');
  });
});

describe('POST /api/events/{id}/transition-status', () => {
  const transition = (id: number, status: string, headers: Headers = as(admin)) =>
    post(`/api/events/${id}/transition-status`, { status }, headers);

  it('walks an event from Draft to Completed, publishing it on the way', async () => {
    const event = await createEvent({ startDate: at(30) });
    expectEnvelope(await get(`/api/events/${event.id}`), 404, 'EVENT_NOT_FOUND');
    const steps: Array<[EventStatus, EventStatus[]]> = [
      ['Tentative', ['Confirmed', 'Cancelled', 'To Be Rescheduled']],
      ['Confirmed', ['Firm', 'Cancelled', 'To Be Rescheduled']],
      ['Firm', ['In Progress', 'Cancelled', 'To Be Rescheduled']],
      ['In Progress', ['Completed', 'Cancelled', 'To Be Rescheduled']],
      ['Completed', []],
    ];
    for (const [status, next] of steps) {
      const res = await transition(event.id, status);
      expect(res.statusCode, status).toBe(200);
      expect(res.json()).toMatchObject({ status, allowedStatusTransitions: next });
      // The public sees the new status at once.
      expect((await get(`/api/events/${event.id}`)).json().status).toBe(status);
    }
  });

  it('refuses an illegal transition with 409 INVALID_STATUS_TRANSITION naming the allowed statuses', async () => {
    const event = await createEvent();
    const res = await transition(event.id, 'Completed');
    expectEnvelope(res, 409, 'INVALID_STATUS_TRANSITION');
    expect(res.json()).toMatchObject({
      message:
        'An event that is Draft cannot become Completed; from Draft it can become: Tentative, Cancelled, To Be Rescheduled.',
      details: { from: 'Draft', to: 'Completed', allowed: ['Tentative', 'Cancelled', 'To Be Rescheduled'] },
    });
    expect((await get(`/api/events/${event.id}`, as(admin))).json().status).toBe('Draft');
  });

  it('cancels or postpones from any status that is not final; a postponed event comes back as Tentative', async () => {
    const event = await createEvent();
    await setStatus(event.id, 'Firm');
    expect((await transition(event.id, 'To Be Rescheduled')).json()).toMatchObject({
      status: 'To Be Rescheduled',
      allowedStatusTransitions: ['Tentative', 'Cancelled'],
    });
    const skip = await transition(event.id, 'Confirmed');
    expectEnvelope(skip, 409, 'INVALID_STATUS_TRANSITION');
    expect(skip.json().details.allowed).toEqual(['Tentative', 'Cancelled']);
    expect((await transition(event.id, 'Tentative')).statusCode).toBe(200);
    expect((await transition(event.id, 'Cancelled')).statusCode).toBe(200);
    const final = await transition(event.id, 'Tentative');
    expectEnvelope(final, 409, 'INVALID_STATUS_TRANSITION');
    expect(final.json()).toMatchObject({ details: { from: 'Cancelled', to: 'Tentative', allowed: [] } });
    expect(final.json().message).toContain('Cancelled is final');
  });

  it('treats the current status as no change, and takes in-progress for In Progress', async () => {
    const event = await createEvent();
    await setStatus(event.id, 'Firm');
    const before = (await get(`/api/events/${event.id}`, as(admin))).json();
    const same = await transition(event.id, 'Firm');
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(before);
    expect((await transition(event.id, 'in-progress')).json().status).toBe('In Progress');
    // Even a final status may be asked for again.
    expect((await transition(event.id, 'Completed')).statusCode).toBe(200);
    expect((await transition(event.id, 'Completed')).statusCode).toBe(200);
  });

  it('judges two transitions at once one after the other', async () => {
    const event = await createEvent();
    await setStatus(event.id, 'In Progress');
    const results = await Promise.all([transition(event.id, 'Completed'), transition(event.id, 'Cancelled')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json().status;
    expect((await get(`/api/events/${event.id}`, as(admin))).json().status).toBe(winner);
  });

  it('answers 400 for an unknown status, 404 for a missing or deleted event, and is for admins only', async () => {
    const event = await createEvent();
    const unknown = await transition(event.id, 'Finished');
    expectEnvelope(unknown, 400, 'VALIDATION_FAILED');
    expect(unknown.json().message).toContain(
      'status must be one of Draft, Tentative, Confirmed, Firm, In Progress, Completed, Cancelled, To Be Rescheduled',
    );
    expectEnvelope(await post(`/api/events/${event.id}/transition-status`, {}), 400, 'VALIDATION_FAILED');
    expectEnvelope(await transition(2_000_000_000, 'Tentative'), 404, 'EVENT_NOT_FOUND');
    expectEnvelope(await transition(event.id, 'Tentative', anonymous), 401, 'UNAUTHORIZED');
    expectEnvelope(await transition(event.id, 'Tentative', as(user)), 403, 'FORBIDDEN');
    await del(`/api/events/${event.id}`);
    expectEnvelope(await transition(event.id, 'Tentative'), 404, 'EVENT_NOT_FOUND');
  });
});

describe('GET /api/events/{id}/registrations', () => {
  it('pages the registrations of an event by run, confirmed then waitlisted by position, with names and filters', async () => {
    const db = t.database.db;
    const event = await createEvent();
    const runA = await insertRun(db, event.id, { name: 'A' });
    const runB = await insertRun(db, event.id, { name: 'B', type: 'relay', category: 'Mixed' });
    const otherEvent = await createEvent();
    const otherRun = await insertRun(db, otherEvent.id);
    const jordan = await insertUser(db, { first_name: 'Jordan', last_name: 'MacLeod' });
    const captain = await insertUser(db);
    const team = await insertTeam(db, { captain_id: captain.id, name: 'Red Deer Relay' });

    const w2 = await insertRegistrationRow(db, runA, { status: 'waitlisted', waitlist_position: 2 });
    const confirmed = await insertRegistrationRow(db, runA, { user_id: jordan.id, notes: 'Left lane' });
    const w1 = await insertRegistrationRow(db, runA, { status: 'waitlisted', waitlist_position: 1 });
    const cancelled = await insertRegistrationRow(db, runA, {
      status: 'cancelled',
      cancelled_at: new Date(),
      confirmed_at: null,
    });
    const relay = await insertRegistrationRow(db, runB, { team_id: team.id, registered_by: captain.id });
    await insertRegistrationRow(db, runA, { deleted_at: new Date() });
    await insertRegistrationRow(db, otherRun);

    const res = await get(`/api/events/${event.id}/registrations`, as(admin));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([confirmed.id, w1.id, w2.id, cancelled.id, relay.id]);
    expect(body.meta).toEqual({ total: 5, page: 1, perPage: 20 });
    expect(body.data[0]).toEqual({
      id: confirmed.id,
      eventId: event.id,
      runId: runA.id,
      runName: 'A',
      teamId: null,
      teamName: null,
      userId: jordan.id,
      userName: 'Jordan MacLeod',
      registeredBy: null,
      status: 'confirmed',
      waitlistPosition: null,
      isHybridOptIn: false,
      isLate: false,
      notes: 'Left lane',
      submittedAt: expect.any(String),
      confirmedAt: expect.any(String),
      cancelledAt: null,
      updatedAt: expect.any(String),
      version: 1,
    });
    expect(body.data[4]).toMatchObject({
      runId: runB.id,
      teamId: team.id,
      teamName: 'Red Deer Relay',
      userId: null,
      userName: null,
      registeredBy: captain.id,
    });

    const url = (q: string) => get(`/api/events/${event.id}/registrations?${q}`, as(admin));
    expect(ids((await url('status=waitlisted')).json())).toEqual([w1.id, w2.id]);
    expect(ids((await url('status=confirmed,cancelled')).json())).toEqual([confirmed.id, cancelled.id, relay.id]);
    expect(ids((await url(`runId=${runB.id}`)).json())).toEqual([relay.id]);
    expect(ids((await url('hasWaitlistPosition=true')).json())).toEqual([w1.id, w2.id]);
    expect(ids((await url('hasWaitlistPosition=false')).json())).toEqual([confirmed.id, cancelled.id, relay.id]);
    const page2 = (await url('limit=2&page=2')).json();
    expect(ids(page2)).toEqual([w2.id, cancelled.id]);
    expect(page2.meta).toEqual({ total: 5, page: 2, perPage: 2 });
    expectEnvelope(await url('status=pending'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await url('runId=abc'), 400, 'VALIDATION_FAILED');
  });

  it('answers an empty page for an event without registrations, 404 for a missing one, and is for admins only', async () => {
    const event = await createEvent();
    expect((await get(`/api/events/${event.id}/registrations`, as(admin))).json()).toEqual({
      data: [],
      meta: { total: 0, page: 1, perPage: 20 },
    });
    expectEnvelope(await get('/api/events/2000000000/registrations', as(admin)), 404, 'EVENT_NOT_FOUND');
    expectEnvelope(await get(`/api/events/${event.id}/registrations`), 401, 'UNAUTHORIZED');
    expectEnvelope(await get(`/api/events/${event.id}/registrations`, as(user)), 403, 'FORBIDDEN');
  });
});

// ---------- picture upload ----------

const upload = (eventId: number, headers: Headers, parts: Part[]) =>
  injectMultipart(t.app, `/api/events/${eventId}/upload-picture`, headers, parts);

const picturePart = (data: Buffer, filename = 'event.png', contentType = 'image/png'): Part[] => [
  { name: 'picture', data, filename, contentType },
];

async function pictureIdOf(eventId: number) {
  const row = await t.database.db
    .selectFrom('events')
    .select('picture_id')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  return row.picture_id;
}

async function pictureIds(): Promise<number[]> {
  return (await t.database.db.selectFrom('pictures').select('id').orderBy('id').execute()).map((r) => r.id);
}

describe('POST /api/events/{id}/upload-picture', () => {
  it('re-encodes to WebP within 1600x900 and serves it publicly under a versioned URL', async () => {
    const event = await insertEvent(t.database.db, { status: 'Confirmed', start_date: at(40), end_date: at(40) });
    const png = await testImage(1800, 900).png().toBuffer();
    const res = await upload(event.id, as(admin), picturePart(png, 'wide.png'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminEvent>();
    expect(body.hasPicture).toBe(true);
    expect(body.pictureUrl).toMatch(new RegExp(`^/api/events/${event.id}/picture\\?v=[A-Za-z0-9_-]{12}$`));
    const stored = await t.database.db
      .selectFrom('pictures')
      .selectAll()
      .where('id', '=', (await pictureIdOf(event.id)) as number)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ content_type: 'image/webp', width: 1600, height: 800 });
    expect(body.pictureUrl).toContain(`v=${stored.checksum.slice(0, 12)}`);

    const served = await get(body.pictureUrl as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect((await get(`/api/events/${event.id}`)).json().hasPicture).toBe(true);

    // A tall picture is fitted by its height.
    const tall = await testImage(1000, 2000).jpeg().toBuffer();
    expect((await upload(event.id, as(admin), picturePart(tall, 'tall.jpg', 'image/jpeg'))).statusCode).toBe(200);
    expect(await sharp((await get(`/api/events/${event.id}/picture`)).rawPayload).metadata()).toMatchObject({
      width: 450,
      height: 900,
    });
  });

  it('replaces the previous picture and deletes its row', async () => {
    const event = await createEvent();
    const first = await upload(event.id, as(admin), picturePart(await testImage(100, 100).png().toBuffer()));
    const firstId = await pictureIdOf(event.id);
    const second = await upload(
      event.id,
      as(admin),
      picturePart(await testImage(120, 90).webp().toBuffer(), 'b.webp', 'image/webp'),
    );
    expect(second.statusCode).toBe(200);
    const secondId = await pictureIdOf(event.id);
    expect(secondId).not.toBe(firstId);
    const all = await pictureIds();
    expect(all).toContain(secondId);
    expect(all).not.toContain(firstId);
    expect(second.json().pictureUrl).not.toBe(first.json().pictureUrl);
  });

  it("lets an admin preview a hidden event's picture, never through a shared cache; the public gets 404", async () => {
    const event = await createEvent();
    expect((await upload(event.id, as(admin), picturePart(await testImage(64, 48).png().toBuffer()))).statusCode).toBe(
      200,
    );
    const preview = await get(`/api/events/${event.id}/picture`, as(admin));
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expectEnvelope(await get(`/api/events/${event.id}/picture`), 404, 'EVENT_NOT_FOUND');
    expectEnvelope(await get(`/api/events/${event.id}/picture`, as(user)), 404, 'EVENT_NOT_FOUND');
  });

  it('judges the type by the bytes: text, SVG, TIFF or a cut PNG is 422 UNSUPPORTED_IMAGE', async () => {
    const event = await createEvent();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const tiff = await testImage(40, 40).tiff().toBuffer();
    const cut = (await testImage(200, 200).png().toBuffer()).subarray(0, 300);
    for (const [data, name, type] of [
      [Buffer.from('Not a picture at all.\n'), 'poster.png', 'image/png'],
      [svg, 'poster.svg', 'image/svg+xml'],
      [tiff, 'poster.jpg', 'image/jpeg'],
      [cut, 'poster.png', 'image/png'],
    ] as const) {
      const res = await upload(event.id, as(admin), picturePart(data, name, type));
      expectEnvelope(res, 422, 'UNSUPPORTED_IMAGE');
      expect(res.json().message).toBe('The picture must be a JPEG, PNG or WebP image.');
    }
    expect(await pictureIdOf(event.id)).toBeNull();
  });

  it('refuses an oversized upload with 422 PICTURE_TOO_LARGE and changes nothing', async () => {
    const event = await createEvent();
    const png = await testImage(100, 100).png().toBuffer();
    expect((await upload(event.id, as(admin), picturePart(png))).statusCode).toBe(200);
    const pictureBefore = await pictureIdOf(event.id);
    const picturesBefore = await pictureIds();
    const huge = Buffer.concat([png, Buffer.alloc(EVENT_PICTURE_MAX_BYTES + 1 - png.length, 7)]);
    const res = await upload(event.id, as(admin), picturePart(huge));
    expectEnvelope(res, 422, 'PICTURE_TOO_LARGE');
    expect(res.json().message).toBe('The picture must be at most 8 MB.');
    expect(await pictureIdOf(event.id)).toBe(pictureBefore);
    expect(await pictureIds()).toEqual(picturesBefore);
  });

  it('refuses an oversized upload over a real socket too, and takes a good one after it', async () => {
    const event = await createEvent();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const signedIn = as(admin);
    await sessionsWritten(t.app); // the token leaves the process: its session first (decision 025)
    const png = await testImage(100, 100).png().toBuffer();
    for (const size of [EVENT_PICTURE_MAX_BYTES + 1, 3 * EVENT_PICTURE_MAX_BYTES]) {
      const bytes = Buffer.concat([png, Buffer.alloc(size - png.length, 1)]);
      const form = new FormData();
      form.append('picture', new Blob([bytes], { type: 'image/png' }), 'big.png');
      const handBuilt = multipart(picturePart(bytes));
      for (const init of [
        { body: form, headers: signedIn },
        { body: handBuilt.payload, headers: { ...signedIn, 'content-type': handBuilt.contentType } },
      ]) {
        const res = await fetch(`${address}/api/events/${event.id}/upload-picture`, { method: 'POST', ...init });
        expect(res.status).toBe(422);
        expect(await res.json()).toMatchObject({
          statusCode: 422,
          code: 'PICTURE_TOO_LARGE',
          requestId: expect.any(String),
        });
      }
    }
    expect(await pictureIdOf(event.id)).toBeNull();
    const good = multipart(picturePart(png));
    const ok = await fetch(`${address}/api/events/${event.id}/upload-picture`, {
      method: 'POST',
      body: good.payload,
      headers: { ...signedIn, 'content-type': good.contentType },
    });
    expect(ok.status).toBe(200);
    expect(await pictureIdOf(event.id)).not.toBeNull();
  });

  it('takes a file of exactly the limit', async () => {
    const event = await createEvent();
    const png = await testImage(100, 100).png().toBuffer();
    const exact = Buffer.concat([png, Buffer.alloc(EVENT_PICTURE_MAX_BYTES - png.length, 0)]);
    expect((await upload(event.id, as(admin), picturePart(exact))).statusCode).toBe(200);
  });

  it('answers 400 PICTURE_REQUIRED without a picture file, and refuses non-admins and missing events before reading', async () => {
    const event = await createEvent();
    const png = await testImage(20, 20).png().toBuffer();
    expectEnvelope(
      await upload(event.id, as(admin), [{ name: 'image', data: png, filename: 'a.png', contentType: 'image/png' }]),
      400,
      'PICTURE_REQUIRED',
    );
    expectEnvelope(
      await upload(event.id, as(admin), [{ name: 'picture', data: 'just a field' }]),
      400,
      'PICTURE_REQUIRED',
    );
    expectEnvelope(await upload(event.id, as(admin), []), 400, 'PICTURE_REQUIRED');
    expectEnvelope(await post(`/api/events/${event.id}/upload-picture`, { picture: 'x' }), 400, 'PICTURE_REQUIRED');
    expectEnvelope(await upload(event.id, anonymous, picturePart(png)), 401, 'UNAUTHORIZED');
    expectEnvelope(await upload(event.id, as(user), picturePart(png)), 403, 'FORBIDDEN');
    expectEnvelope(await upload(2_000_000_000, as(admin), picturePart(png)), 404, 'EVENT_NOT_FOUND');
    await del(`/api/events/${event.id}`);
    expectEnvelope(await upload(event.id, as(admin), picturePart(png)), 404, 'EVENT_NOT_FOUND');
    expect(await pictureIdOf(event.id)).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents every event route with the events tag and a summary', async () => {
    const doc = (await get('/api/docs/json')).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    const expected: Array<[string, string]> = [
      ['/api/events', 'get'],
      ['/api/events', 'post'],
      ['/api/events/filter', 'get'],
      ['/api/events/active', 'get'],
      ['/api/events/status/{status}', 'get'],
      ['/api/events/{id}', 'get'],
      ['/api/events/{id}', 'put'],
      ['/api/events/{id}', 'delete'],
      ['/api/events/{id}/activate', 'patch'],
      ['/api/events/{id}/deactivate', 'patch'],
      ['/api/events/{id}/registrations', 'get'],
      ['/api/events/{id}/transition-status', 'post'],
      ['/api/events/{id}/upload-picture', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toMatchObject({
        tags: ['events'],
        summary: expect.any(String),
      });
    }
  });
});
