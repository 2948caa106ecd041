import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '../../api/db/schema.ts';
import type { ContentBlock } from '../../api/domain/announcements/blocks.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertAnnouncement, insertPicture } from '../support/factories.ts';

const ANNOUNCEMENT_FIELDS = [
  'content',
  'excerpt',
  'hasPicture',
  'id',
  'isPinned',
  'publishedAt',
  'title',
  'videoUrl',
].sort();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
const a: Record<string, Announcement> = {};
let picture: Awaited<ReturnType<typeof insertPicture>>;

const body: ContentBlock[] = [
  { type: 'heading', data: { text: 'Records' } },
  { type: 'paragraph', data: { text: 'Two national records fell.' } },
  { type: 'list', data: { items: ['Over 50', 'Mixed relay'] } },
  { type: 'divider', data: {} },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const now = Date.now();
  picture = await insertPicture(db, { bytes: Buffer.from('GIF89a-not-really'), contentType: 'image/gif' });
  const add = async (name: string, values: Parameters<typeof insertAnnouncement>[1]) => {
    a[name] = await insertAnnouncement(db, { title: name, ...values });
  };
  await add('pinnedOld', { is_pinned: true, published_at: new Date(now - 10 * DAY) });
  await add('pinnedNew', { is_pinned: true, published_at: new Date(now - 2 * DAY) });
  await add('latest', {
    published_at: new Date(now - HOUR),
    picture_id: picture.id,
    video_url: 'https://video.example.org/records',
    excerpt: 'Records fell',
    content: body,
  });
  await add('yesterday', { published_at: new Date(now - DAY) });
  await add('older', { published_at: new Date(now - 5 * DAY) });
  await add('hidden', {
    is_visible: false,
    is_pinned: true,
    published_at: new Date(now - HOUR),
    picture_id: picture.id,
  });
  await add('scheduled', { is_pinned: true, published_at: new Date(now + 2 * DAY), picture_id: picture.id });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const ids = (list: Array<{ id: number }>) => list.map((x) => x.id);
const idsOf = (...names: string[]) => names.map((n) => a[n]?.id);

describe('GET /api/announcements', () => {
  it('answers an array: pinned first, then newest first, with the public fields only', async () => {
    const res = await get('/api/announcements');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(ids(list)).toEqual(idsOf('pinnedNew', 'pinnedOld', 'latest', 'yesterday', 'older'));
    for (const item of list) expect(Object.keys(item).sort()).toEqual(ANNOUNCEMENT_FIELDS);
  });

  it('accepts what the web client sends, and the ascending order after the pinned ones', async () => {
    const res = await get('/api/announcements?sort=publishedAt&order=desc&limit=3');
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(idsOf('pinnedNew', 'pinnedOld', 'latest'));
    const asc = await get('/api/announcements?sort=publishedAt&order=asc');
    expect(ids(asc.json())).toEqual(idsOf('pinnedOld', 'pinnedNew', 'older', 'yesterday', 'latest'));
    expect(ids((await get('/api/announcements?limit=1')).json())).toEqual(idsOf('pinnedNew'));
    expect((await get('/api/announcements?limit=50')).json()).toHaveLength(5);
  });

  it('never lists hidden or scheduled announcements', async () => {
    const list = (await get('/api/announcements?limit=50')).json();
    expect(ids(list)).not.toContain(a.hidden?.id);
    expect(ids(list)).not.toContain(a.scheduled?.id);
  });

  it('refuses another sort field, order or a limit outside 1..50 with 400', async () => {
    for (const query of [
      'sort=title',
      'sort=',
      'order=up',
      'order=DESC',
      'limit=0',
      'limit=51',
      'limit=abc',
      'limit=1.5',
    ]) {
      const res = await get(`/api/announcements?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
      expect(res.json().details[0].field).toMatch(/^querystring\./);
    }
  });

  it('sends ETag and Cache-Control, 304 on a matching If-None-Match and 200 on another', async () => {
    const first = await get('/api/announcements?sort=publishedAt&order=desc&limit=3');
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const etag = String(first.headers.etag);
    const again = await get('/api/announcements?sort=publishedAt&order=desc&limit=3', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(
      (await get('/api/announcements?sort=publishedAt&order=desc&limit=3', { 'if-none-match': '"nope"' })).statusCode,
    ).toBe(200);
    expect((await get('/api/announcements?limit=4', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers an empty array when there is nothing to show', async () => {
    const empty = await createTestApp();
    try {
      const res = await empty.app.inject('/api/announcements');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect((await empty.app.inject('/api/announcements/featured')).json()).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe('GET /api/announcements/featured', () => {
  it('answers 3 by default: pinned first, then the latest', async () => {
    const res = await get('/api/announcements/featured');
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(idsOf('pinnedNew', 'pinnedOld', 'latest'));
    for (const item of res.json()) expect(Object.keys(item).sort()).toEqual(ANNOUNCEMENT_FIELDS);
    expect(res.headers.etag).toBeDefined();
    expect(res.headers['cache-control']).toContain('public');
  });

  it('honours limit and refuses one outside 1..50', async () => {
    expect(ids((await get('/api/announcements/featured?limit=1')).json())).toEqual(idsOf('pinnedNew'));
    expect(ids((await get('/api/announcements/featured?limit=4')).json())).toEqual(
      idsOf('pinnedNew', 'pinnedOld', 'latest', 'yesterday'),
    );
    expect((await get('/api/announcements/featured?limit=50')).json()).toHaveLength(5);
    for (const limit of ['0', '51', 'x']) {
      const res = await get(`/api/announcements/featured?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'querystring.limit' }] });
    }
  });
});

describe('GET /api/announcements/{id}', () => {
  it('answers the announcement wrapped in data', async () => {
    const res = await get(`/api/announcements/${a.latest?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: a.latest?.id,
        title: 'latest',
        excerpt: 'Records fell',
        publishedAt: a.latest?.published_at.toISOString(),
        isPinned: false,
        hasPicture: true,
        videoUrl: 'https://video.example.org/records',
        content: body,
      },
    });
    const plain = (await get(`/api/announcements/${a.pinnedOld?.id}`)).json().data;
    expect(plain).toMatchObject({ isPinned: true, hasPicture: false, videoUrl: null });
    expect(plain.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('answers 404 in the envelope for a hidden, scheduled or missing announcement', async () => {
    for (const id of [a.hidden?.id, a.scheduled?.id, 2147483647]) {
      const res = await get(`/api/announcements/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Announcement not found',
        code: 'ANNOUNCEMENT_NOT_FOUND',
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('refuses an id that is not a positive whole number with 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      for (const url of [`/api/announcements/${id}`, `/api/announcements/${id}/picture`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'params.id' }] });
      }
    }
  });

  it('is cacheable', async () => {
    const first = await get(`/api/announcements/${a.latest?.id}`);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const etag = String(first.headers.etag);
    expect((await get(`/api/announcements/${a.latest?.id}`, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(`/api/announcements/${a.older?.id}`, { 'if-none-match': etag })).statusCode).toBe(200);
  });
});

describe('GET /api/announcements/{id}/picture', () => {
  it('serves the bytes with their type, an ETag and a long cache, and 304 when unchanged', async () => {
    const res = await get(`/api/announcements/${a.latest?.id}/picture`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.rawPayload.toString()).toBe('GIF89a-not-really');
    expect(res.headers.etag).toBe(`"${picture.checksum}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const again = await get(`/api/announcements/${a.latest?.id}/picture`, { 'if-none-match': `"${picture.checksum}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(`/api/announcements/${a.latest?.id}/picture`, { 'if-none-match': '"x"' })).statusCode).toBe(200);
  });

  it('answers 404 without a picture, and for hidden or scheduled announcements that have one', async () => {
    const none = await get(`/api/announcements/${a.older?.id}/picture`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'PICTURE_NOT_FOUND' });
    for (const name of ['hidden', 'scheduled']) {
      const res = await get(`/api/announcements/${a[name]?.id}/picture`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ANNOUNCEMENT_NOT_FOUND', requestId: res.headers['x-request-id'] });
    }
  });
});

describe('the public announcement routes', () => {
  it('are public and documented in OpenAPI with a tag and a summary', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of [
      '/api/announcements',
      '/api/announcements/featured',
      '/api/announcements/{id}',
      '/api/announcements/{id}/picture',
    ]) {
      expect(doc.paths[path]?.get, path).toMatchObject({ tags: ['announcements'], summary: expect.any(String) });
      const route = t.app.routeTable.find((r) => r.method === 'GET' && r.url === path.replace(/\{(\w+)\}/g, ':$1'));
      expect(route?.access, path).toBe('public');
    }
  });
});
