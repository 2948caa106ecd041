import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, EventRow, NewEvent } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertDepartment, insertEvent, insertPicture, insertRun } from '../support/factories.ts';

const EVENT_FIELDS = [
  'city',
  'daysUntilEvent',
  'departmentId',
  'departmentName',
  'description',
  'endDate',
  'hasOpenRuns',
  'hasPicture',
  'id',
  'name',
  'province',
  'registrationPhase',
  'scope',
  'startDate',
  'status',
].sort();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let today: string;
const at = (days: number) => addDays(today, days);
const ids = (body: Array<{ id: number }>) => body.map((e) => e.id);

/** Every fixture, by name; all inserted before the first request. */
const ev: Record<string, EventRow> = {};
let visible: EventRow[] = [];
let deptA: Awaited<ReturnType<typeof insertDepartment>>;
let picture: Awaited<ReturnType<typeof insertPicture>>;

async function seed(db: Kysely<Database>) {
  const now = Date.now();
  deptA = await insertDepartment(db, { name: 'Red Deer Emergency Services', city: 'Red Deer', province: 'AB' });
  const deletedDept = await insertDepartment(db, { deleted_at: new Date() });
  const inactiveDept = await insertDepartment(db, { is_active: false });
  picture = await insertPicture(db);

  const add = async (name: string, values: Partial<NewEvent>) => {
    ev[name] = await insertEvent(db, { name, department_id: deptA.id, ...values });
    return ev[name] as EventRow;
  };
  const window = (opens: number, early: number | null, late: number | null, closes: number | null) => ({
    registration_opens_on: at(opens),
    early_bird_ends_on: early === null ? null : at(early),
    late_starts_on: late === null ? null : at(late),
    registration_closes_on: closes === null ? null : at(closes),
  });

  // Relative to today: phases, days away, open runs, what "upcoming" means.
  await add('inProgress', { start_date: at(-1), end_date: at(1), status: 'In Progress', ...window(-60, -40, -10, -2) });
  const soon = await add('soon', {
    start_date: at(10),
    end_date: at(10),
    status: 'Firm',
    scope: 'Provincial',
    ...window(-30, -5, 5, 8),
  });
  await insertRun(db, soon.id);
  const early = await add('early', { start_date: at(40), end_date: at(41), ...window(-5, 10, 20, 30) });
  await insertRun(db, early.id, {
    registration_opens_at: new Date(now - 10 * DAY),
    registration_closes_at: new Date(now - HOUR),
  });
  const late = await add('late', { start_date: at(20), end_date: at(20), ...window(-40, -30, -3, 5) });
  await insertRun(db, late.id, { is_active: false });
  const notOpen = await add('notOpen', { start_date: at(60), end_date: at(60), ...window(10, 20, 40, 50) });
  await insertRun(db, notOpen.id);
  const ownWindow = await add('ownWindow', { start_date: at(70), end_date: at(70), ...window(30, null, null, 50) });
  await insertRun(db, ownWindow.id, {
    registration_opens_at: new Date(now - HOUR),
    registration_closes_at: new Date(now + DAY),
  });
  const onlyClosesAt = await add('onlyClosesAt', {
    start_date: at(80),
    end_date: at(80),
    ...window(-10, null, null, null),
  });
  await insertRun(db, onlyClosesAt.id, { registration_closes_at: new Date(now - HOUR) });
  const cancelled = await add('cancelled', {
    start_date: at(15),
    end_date: at(15),
    status: 'Cancelled',
    ...window(-30, 5, null, 10),
  });
  await insertRun(db, cancelled.id);
  await add('completed', { start_date: at(-10), end_date: at(-9), status: 'Completed' });
  const endedYesterday = await add('endedYesterday', {
    start_date: at(-3),
    end_date: at(-1),
    ...window(-30, null, null, null),
  });
  await insertRun(db, endedYesterday.id);
  await add('startsToday', { start_date: at(0), end_date: at(0), status: 'Confirmed' });
  await add('withPicture', { start_date: at(90), end_date: at(90), picture_id: picture.id });
  await add('deletedDept', { start_date: at(100), end_date: at(100), department_id: deletedDept.id });
  await add('inactiveDept', { start_date: at(101), end_date: at(101), department_id: inactiveDept.id });
  await add('noDept', { start_date: at(102), end_date: at(102), department_id: null });
  // Never public.
  await add('draft', { start_date: at(5), end_date: at(5), status: 'Draft', picture_id: picture.id });
  await add('inactive', { start_date: at(6), end_date: at(6), is_active: false, picture_id: picture.id });
  await add('deleted', { start_date: at(7), end_date: at(7), deleted_at: new Date(), picture_id: picture.id });

  // A fixed year for the by-year filters, and years that only hidden events have.
  await add('y1', { start_date: '2033-03-01', end_date: '2033-03-01', scope: 'Local', status: 'Confirmed' });
  await add('y2', { start_date: '2033-06-01', end_date: '2033-06-02', scope: 'National', status: 'Tentative' });
  await add('y3', { start_date: '2033-09-01', end_date: '2033-09-01', scope: 'Regional', status: 'Cancelled' });
  await add('y4', { start_date: '2033-09-01', end_date: '2033-09-01', scope: 'Regional', status: 'Firm' });
  await add('y5', { start_date: '2033-11-01', end_date: '2033-11-01', scope: 'International', status: 'In Progress' });
  await add('y2033draft', { start_date: '2033-05-01', end_date: '2033-05-01', status: 'Draft' });
  await add('y2033inactive', { start_date: '2033-05-02', end_date: '2033-05-02', is_active: false });
  await add('y2033deleted', { start_date: '2033-05-03', end_date: '2033-05-03', deleted_at: new Date() });
  await add('y2035draft', { start_date: '2035-05-01', end_date: '2035-05-01', status: 'Draft' });
  await add('y2036inactive', { start_date: '2036-05-01', end_date: '2036-05-01', is_active: false });
  await add('y2037deleted', { start_date: '2037-05-01', end_date: '2037-05-01', deleted_at: new Date() });

  visible = Object.values(ev).filter((e) => e.is_active && e.deleted_at === null && e.status !== 'Draft');
}

beforeAll(async () => {
  t = await createTestApp();
  today = todayIn(t.app.config.siteTimeZone);
  await seed(t.database.db);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const byName = (body: Array<{ id: number; registrationPhase?: string }>, name: string) =>
  body.find((e) => e.id === ev[name]?.id);

describe('GET /api/events/upcoming', () => {
  it('answers 5 events by default, soonest first, with the public fields only', async () => {
    const res = await get('/api/events/upcoming');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(5);
    for (const event of body) expect(Object.keys(event).sort()).toEqual(EVENT_FIELDS);
    expect(ids(body)).toEqual(ids((await get('/api/events/upcoming?limit=50')).json()).slice(0, 5));
  });

  it('lists events not yet over (including one in progress today), not cancelled ones, soonest first', async () => {
    const body = (await get('/api/events/upcoming?limit=50')).json();
    const expected = visible
      .filter((e) => e.end_date >= today && e.status !== 'Cancelled')
      .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id);
    expect(ids(body)).toEqual(ids(expected));
    expect(ids(body).slice(0, 2)).toEqual([ev.inProgress?.id, ev.startsToday?.id]);
    for (const gone of ['cancelled', 'completed', 'endedYesterday', 'draft', 'inactive', 'deleted']) {
      expect(byName(body, gone), gone).toBeUndefined();
    }
  });

  it('honours limit and refuses one outside 1..50', async () => {
    expect((await get('/api/events/upcoming?limit=2')).json()).toHaveLength(2);
    expect((await get('/api/events/upcoming?limit=50')).json().length).toBeGreaterThan(5);
    for (const limit of ['0', '51', 'abc', '2.5']) {
      const res = await get(`/api/events/upcoming?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('sends ETag and Cache-Control, 304 on a matching If-None-Match and 200 on another', async () => {
    const first = await get('/api/events/upcoming');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const again = await get('/api/events/upcoming', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await get('/api/events/upcoming', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
    const head = await t.app.inject({ method: 'HEAD', url: '/api/events/upcoming' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.body).toBe('');
  });
});

describe('derived fields', () => {
  it('answers one event in full', async () => {
    const res = await get(`/api/events/${ev.soon?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: ev.soon?.id,
      name: 'soon',
      description: 'A test event',
      startDate: at(10),
      endDate: at(10),
      city: 'Red Deer',
      province: 'AB',
      scope: 'Provincial',
      status: 'Firm',
      registrationPhase: 'regular',
      daysUntilEvent: 10,
      hasOpenRuns: true,
      hasPicture: false,
      departmentId: deptA.id,
      departmentName: 'Red Deer Emergency Services',
    });
  });

  it('derives registrationPhase from the registration dates', async () => {
    const body = (await get('/api/events/upcoming?limit=50')).json();
    const phase = (name: string) => byName(body, name)?.registrationPhase;
    expect(phase('early')).toBe('early');
    expect(phase('soon')).toBe('regular');
    expect(phase('late')).toBe('late');
    expect(phase('notOpen')).toBe('not_open');
    expect(phase('inProgress')).toBe('closed');
    expect(phase('startsToday')).toBe('not_open'); // no registration dates at all
  });

  it('never shows an open phase for a cancelled event or one that is over', async () => {
    expect((await get(`/api/events/${ev.cancelled?.id}`)).json().registrationPhase).toBe('closed');
    expect((await get(`/api/events/${ev.endedYesterday?.id}`)).json().registrationPhase).toBe('closed');
  });

  it('counts daysUntilEvent from today in the site time zone (negative once started)', async () => {
    const days = async (name: string) => (await get(`/api/events/${ev[name]?.id}`)).json().daysUntilEvent;
    expect(await days('startsToday')).toBe(0);
    expect(await days('soon')).toBe(10);
    expect(await days('inProgress')).toBe(-1);
    expect(await days('completed')).toBe(-10);
  });

  it('says hasOpenRuns only for an active run whose window (its own, else the event’s) covers now', async () => {
    const open = async (name: string) => (await get(`/api/events/${ev[name]?.id}`)).json().hasOpenRuns;
    expect(await open('soon')).toBe(true); // active run, event registration window open
    expect(await open('ownWindow')).toBe(true); // event window not open, the run's own one is
    expect(await open('early')).toBe(false); // event window open, the run's own window closed
    expect(await open('onlyClosesAt')).toBe(false); // the run's own closing time has passed
    expect(await open('late')).toBe(false); // only an inactive run
    expect(await open('notOpen')).toBe(false); // active run, window not open yet
    expect(await open('cancelled')).toBe(false); // open window and active run, but cancelled
    expect(await open('endedYesterday')).toBe(false); // open-ended window, but the event is over
    expect(await open('y1')).toBe(false); // no runs
  });

  it('names the department only when it is public', async () => {
    const dept = async (name: string) => {
      const body = (await get(`/api/events/${ev[name]?.id}`)).json();
      return [body.departmentId, body.departmentName];
    };
    expect(await dept('soon')).toEqual([deptA.id, deptA.name]);
    expect(await dept('deletedDept')).toEqual([null, null]);
    expect(await dept('inactiveDept')).toEqual([null, null]);
    expect(await dept('noDept')).toEqual([null, null]);
  });
});

describe('GET /api/events/by-year/{year}', () => {
  it('lists the public events starting that year, latest first', async () => {
    const res = await get('/api/events/by-year/2033');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([ev.y5, ev.y4, ev.y3, ev.y2, ev.y1].map((e) => e?.id));
    for (const event of body) expect(Object.keys(event).sort()).toEqual(EVENT_FIELDS);
    expect(body[2]).toMatchObject({ status: 'Cancelled', daysUntilEvent: expect.any(Number), hasOpenRuns: false });
  });

  it('lists this year with events of every kind but hidden ones', async () => {
    const year = today.slice(0, 4);
    const body = (await get(`/api/events/by-year/${year}`)).json();
    const expected = visible
      .filter((e) => e.start_date.startsWith(year))
      .sort((a, b) => b.start_date.localeCompare(a.start_date) || b.id - a.id);
    expect(ids(body)).toEqual(ids(expected));
    for (const hidden of ['draft', 'inactive', 'deleted']) expect(byName(body, hidden), hidden).toBeUndefined();
  });

  it('filters by scope and by a comma list of statuses', async () => {
    const list = async (query: string) => ids((await get(`/api/events/by-year/2033?${query}`)).json());
    expect(await list('scope=Regional')).toEqual([ev.y4?.id, ev.y3?.id]);
    expect(await list('scope=Local,National')).toEqual([ev.y2?.id, ev.y1?.id]);
    expect(await list('status=Confirmed,Tentative')).toEqual([ev.y2?.id, ev.y1?.id]);
    expect(await list('status=In%20Progress')).toEqual([ev.y5?.id]);
    expect(await list('status=Firm,%20Cancelled')).toEqual([ev.y4?.id, ev.y3?.id]);
    expect(await list('scope=National&status=Tentative')).toEqual([ev.y2?.id]);
    expect(await list('scope=National&status=Firm')).toEqual([]);
    expect(await list('status=Draft')).toEqual([]);
    expect(await list('status=')).toHaveLength(5);
  });

  it('refuses an unknown scope or status with 400', async () => {
    for (const query of ['status=Bogus', 'status=Firm,Bogus', 'scope=Galactic', 'status=confirmed']) {
      const res = await get(`/api/events/by-year/2033?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
    }
  });

  it('answers an empty list for a year without public events', async () => {
    expect((await get('/api/events/by-year/2035')).json()).toEqual([]);
    expect((await get('/api/events/by-year/2001')).json()).toEqual([]);
    expect((await get('/api/events/by-year/2099')).json()).toEqual([]);
  });

  it('refuses a year outside 2001..2099 or not a number with 400 in the envelope', async () => {
    for (const year of ['1999', '2000', '2100', 'abcd', '2033.5', '-2033']) {
      const res = await get(`/api/events/by-year/${year}`);
      expect(res.statusCode, year).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid request: params.year must be a year from 2001 to 2099',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'params.year', message: 'must be a year from 2001 to 2099' }],
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('is cacheable', async () => {
    const first = await get('/api/events/by-year/2033');
    expect(first.headers['cache-control']).toContain('public, max-age=');
    expect((await get('/api/events/by-year/2033', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(
      304,
    );
    expect(
      (await get('/api/events/by-year/2033?scope=Local', { 'if-none-match': String(first.headers.etag) })).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/events/available-years and current-season-year', () => {
  it('lists the years that have public events, oldest first, without years only hidden events have', async () => {
    const res = await get('/api/events/available-years');
    expect(res.statusCode).toBe(200);
    const expected = [...new Set(visible.map((e) => Number(e.start_date.slice(0, 4))))].sort((a, b) => a - b);
    expect(res.json()).toEqual(expected);
    expect(res.json()).toContain(2033);
    expect(res.json()).not.toContain(2035);
    expect(res.json()).not.toContain(2036);
    expect(res.json()).not.toContain(2037);
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=1500');
    expect((await get('/api/events/available-years', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(
      304,
    );
  });

  it('answers the current season as the calendar year in the site time zone', async () => {
    const res = await get('/api/events/current-season-year');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ year: Number(today.slice(0, 4)) });
    expect(res.headers.etag).toBeDefined();
    expect(res.headers['cache-control']).toContain('max-age=300');
  });
});

describe('GET /api/events/{id}', () => {
  it('answers 404 in the envelope for hidden and missing events', async () => {
    for (const name of ['draft', 'inactive', 'deleted', 'y2033draft', 'y2033inactive', 'y2033deleted']) {
      const res = await get(`/api/events/${ev[name]?.id}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Event not found',
        code: 'EVENT_NOT_FOUND',
        requestId: res.headers['x-request-id'],
      });
    }
    expect((await get('/api/events/2147483647')).statusCode).toBe(404);
  });

  it('refuses an id that is not a positive whole number with 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1e400']) {
      for (const url of [`/api/events/${id}`, `/api/events/${id}/picture`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'params.id' }] });
        expect(res.json().requestId).toBe(res.headers['x-request-id']);
      }
    }
  });

  it('is cacheable, with a 304 on a matching If-None-Match', async () => {
    const first = await get(`/api/events/${ev.soon?.id}`);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect((await get(`/api/events/${ev.soon?.id}`, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(
      304,
    );
    expect((await get(`/api/events/${ev.soon?.id}`, { 'if-none-match': `W/${first.headers.etag}` })).statusCode).toBe(
      304,
    );
    expect((await get(`/api/events/${ev.soon?.id}`, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });
});

describe('GET /api/events/{id}/picture', () => {
  it('says hasPicture and serves the bytes with their type, an ETag and a long cache', async () => {
    expect((await get(`/api/events/${ev.withPicture?.id}`)).json().hasPicture).toBe(true);
    const res = await get(`/api/events/${ev.withPicture?.id}/picture`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(Buffer.from(picture.data))).toBe(true);
    expect(res.headers['content-length']).toBe(String(picture.byte_size));
    expect(res.headers.etag).toBe(`"${picture.checksum}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const again = await get(`/api/events/${ev.withPicture?.id}/picture`, { 'if-none-match': `"${picture.checksum}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(`/api/events/${ev.withPicture?.id}/picture`, { 'if-none-match': '"other"' })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for an event without a picture and for a hidden event with one', async () => {
    const none = await get(`/api/events/${ev.soon?.id}/picture`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ statusCode: 404, code: 'PICTURE_NOT_FOUND' });
    for (const name of ['draft', 'inactive', 'deleted']) {
      const res = await get(`/api/events/${ev[name]?.id}/picture`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().code).toBe('EVENT_NOT_FOUND');
    }
  });
});

describe('the public event routes', () => {
  it('are public and documented in OpenAPI with a tag and a summary', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of [
      '/api/events/upcoming',
      '/api/events/by-year/{year}',
      '/api/events/available-years',
      '/api/events/current-season-year',
      '/api/events/{id}',
      '/api/events/{id}/picture',
    ]) {
      expect(doc.paths[path]?.get, path).toMatchObject({ tags: ['events'], summary: expect.any(String) });
      const route = t.app.routeTable.find((r) => r.method === 'GET' && r.url === path.replace(/\{(\w+)\}/g, ':$1'));
      expect(route?.access, path).toBe('public');
    }
  });
});

describe('the public read cache (on outside NODE_ENV=test)', () => {
  it('answers repeated reads from memory for a few seconds, and shows a write at once after clear()', async () => {
    const cached = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      expect(cached.app.publicReadCache.ttlMs).toBeGreaterThan(0);
      const db = cached.database.db;
      const first = await insertEvent(db, { start_date: at(3), end_date: at(3) });
      const before = await cached.app.inject('/api/events/upcoming');
      expect(ids(before.json())).toEqual([first.id]);

      const second = await insertEvent(db, { start_date: at(2), end_date: at(2) });
      const stale = await cached.app.inject('/api/events/upcoming');
      expect(stale.body).toBe(before.body);
      expect(stale.headers.etag).toBe(before.headers.etag);
      expect((await cached.app.inject(`/api/events/${second.id}`)).statusCode).toBe(200); // another key: loaded now

      cached.app.publicReadCache.clear();
      const fresh = await cached.app.inject('/api/events/upcoming');
      expect(ids(fresh.json())).toEqual([second.id, first.id]);
      expect(fresh.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await cached.close();
    }
  });
});
