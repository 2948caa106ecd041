import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';
import { insertAnnouncement, insertDepartment, insertEvent, insertRun, insertUser } from '../support/factories.ts';

// Other tests run with the cache off (NODE_ENV=test) so they see their writes at once; this one turns it
// on, as in development and production, to prove the cache keys keep different requests apart.
describe('public reads with the response cache on', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
    await insertEvent(t.database.db, { name: 'Local Cup', scope: 'Local', start_date: '2027-05-01' });
    await insertEvent(t.database.db, { name: 'National Cup', scope: 'National', start_date: '2027-06-01' });
    await insertAnnouncement(t.database.db, { title: 'First news' });
  });
  afterAll(() => t.close());

  const names = async (url: string) =>
    (await t.app.inject(url)).json().map((e: { name?: string; title?: string }) => e.name ?? e.title);

  it('keeps requests with different filters, years and limits apart', async () => {
    expect(await names('/api/events/by-year/2027?scope=Local')).toEqual(['Local Cup']);
    expect(await names('/api/events/by-year/2027?scope=National')).toEqual(['National Cup']);
    expect(await names('/api/events/by-year/2027')).toEqual(['National Cup', 'Local Cup']);
    expect(await names('/api/events/by-year/2028')).toEqual([]);
    expect(await names('/api/events/upcoming?limit=1')).toEqual(['Local Cup']);
    expect(await names('/api/events/upcoming?limit=2')).toEqual(['Local Cup', 'National Cup']);
  });

  it('serves a cached answer with the same ETag, and shows a write once cleared', async () => {
    const first = await t.app.inject('/api/announcements');
    await insertAnnouncement(t.database.db, { title: 'Second news', published_at: new Date() });
    const cached = await t.app.inject('/api/announcements');
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.json().map((a: { title: string }) => a.title)).toEqual(['First news']);
    const revalidated = await t.app.inject({
      url: '/api/announcements',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    t.app.publicReadCache.clear();
    const fresh = await t.app.inject('/api/announcements');
    expect(fresh.json().map((a: { title: string }) => a.title)).toEqual(['Second news', 'First news']);
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
  });

  it('a registration clears the cached public answers, so places left are never stale', async () => {
    const today = todayIn('America/Toronto');
    const event = await insertEvent(t.database.db, {
      start_date: addDays(today, 60),
      end_date: addDays(today, 60),
      registration_opens_on: addDays(today, -10),
      registration_closes_on: addDays(today, 30),
    });
    const run = await insertRun(t.database.db, event.id, { participant_limit: 5 });
    const placesLeft = async () => (await t.app.inject(`/api/runs/event/${event.id}`)).json().data[0].spotsLeft;
    expect(await placesLeft()).toBe(5);
    const competitor = await insertUser(t.database.db, { date_of_birth: '1990-03-03' });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: bearer(t.app, competitor),
      payload: { runId: run.id },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await placesLeft()).toBe(4);
  });

  it('sends the cached bytes compressed as the client accepts, and 304 for a matching ETag', async () => {
    for (let i = 1; i <= 8; i++) {
      await insertEvent(t.database.db, { name: `Autumn Cup ${i}`, start_date: `2029-09-0${i}` });
    }
    const url = '/api/events/by-year/2029';
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(8);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(1);

    const revalidated = await t.app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
    expect(revalidated.headers['cache-control']).toContain('max-age=');
  });

  // Decision 058: a URL answered from the cache is answered again by an early hook, before the route runs.
  it('answers a URL again with the same bytes and headers as its route did, in every encoding and for a 304', async () => {
    const department = await insertDepartment(t.database.db);
    const event = await insertEvent(t.database.db, { name: 'Twice Told Cup', start_date: '2027-07-01' });
    for (let i = 1; i <= 6; i++)
      await insertEvent(t.database.db, { name: `Long List Cup ${i}`, start_date: '2027-08-01' });
    const urls = [
      '/api/events/upcoming?limit=10', // over 1 KB: brotli and gzip kept
      '/api/events/by-year/2027?scope=Local',
      '/api/events/available-years',
      `/api/events/${event.id}`, // varies by Authorization
      '/api/announcements?limit=3',
      `/api/departments/${department.id}`,
      '/api/results/public/search', // public, no-cache
      '/api/results/statistics',
    ];
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-request-id': requestId, ...rest } = headers;
      expect(requestId).toBeTruthy();
      return rest;
    };
    for (const url of urls) {
      for (const encoding of ['identity', 'br', 'gzip']) {
        const headers = { 'accept-encoding': encoding };
        t.app.publicReadCache.clear();
        const byRoute = await t.app.inject({ url, headers });
        expect(byRoute.statusCode, url).toBe(200);
        const early = await t.app.inject({ url, headers });
        expect(early.statusCode, url).toBe(200);
        expect(early.rawPayload.equals(byRoute.rawPayload), `${url} ${encoding}`).toBe(true);
        expect(comparable(early.headers), `${url} ${encoding}`).toEqual(comparable(byRoute.headers));
        expect(early.headers['x-request-id']).not.toBe(byRoute.headers['x-request-id']);

        const conditional = { ...headers, 'if-none-match': String(byRoute.headers.etag) };
        t.app.publicReadCache.clear();
        const notModifiedByRoute = await t.app.inject({ url, headers: conditional });
        const notModified = await t.app.inject({ url, headers: conditional });
        expect(notModified.statusCode, url).toBe(304);
        expect(notModified.rawPayload).toHaveLength(0);
        expect(comparable(notModified.headers), `${url} 304`).toEqual(comparable(notModifiedByRoute.headers));
      }
    }
    const big = await t.app.inject({ url: urls[0] as string, headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('never answers a request with Authorization, a HEAD or another URL from an anonymous GET', async () => {
    const event = await insertEvent(t.database.db, { name: 'Seen By All Cup', start_date: '2027-09-01' });
    const url = `/api/events/${event.id}`;
    const anonymous = await t.app.inject(url);
    expect(anonymous.json()).not.toHaveProperty('slug');
    expect(anonymous.headers.vary).toBe('authorization, accept-encoding');
    // The admin view of the same URL, never the public answer kept for it.
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const asAdmin = await t.app.inject({ url, headers: bearer(t.app, admin) });
    expect(asAdmin.json()).toMatchObject({ slug: event.slug, isDeleted: false });
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload).toHaveLength(0);
    // The same read spelled otherwise is validated by its route (and kept apart).
    expect((await t.app.inject(`${url}?`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/events/upcoming?limit=0')).statusCode).toBe(400);
    expect((await t.app.inject('/api/events/upcoming?limit=0')).statusCode).toBe(400);
  });

  it("forgets its answers when any instance's event log changes (the live hub's notification)", async () => {
    const titles = async () => (await t.app.inject('/api/announcements')).json().map((a: { title: string }) => a.title);
    const before = await titles();
    await insertAnnouncement(t.database.db, { title: 'Told by another instance', published_at: new Date() });
    expect(await titles()).toEqual(before);
    // What another instance's append sends after its commit.
    const payload = JSON.stringify({ streamId: 'elsewhere-1', streamType: 'elsewhere', version: 1, globalPosition: 0 });
    await sql`select pg_notify('event_log', ${payload})`.execute(t.database.db);
    // Well within the 5 s lifetime: only the notification can have cleared it.
    await vi.waitFor(async () => expect(await titles()).toContain('Told by another instance'), { timeout: 3_000 });
  });
});
