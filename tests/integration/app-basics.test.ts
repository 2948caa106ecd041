import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.ts';
import { ACCESS_LEVELS } from '../../api/plugins/access.ts';
import {
  bearer,
  createTestApp,
  TEST_JWT_SECRET,
  type TestApp,
  testConfig,
  testDatabase,
  withTestSessions,
} from '../support/app.ts';
import { insertUser } from '../support/factories.ts';

describe('the app on a real database', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'ff-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>FireFit</title><div id="root"></div>');
    writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log("hi")');
    writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg/>');
    t = await createTestApp({ webRoot });
  });
  afterAll(() => t.close());

  it('answers health and readiness', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', pendingMigrations: [] });
  });

  it('gives every response a request id, reusing a sane incoming one', async () => {
    const fresh = await t.app.inject('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'edge-42' } });
    expect(given.headers['x-request-id']).toBe('edge-42');
    const hostile = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(hostile.headers['x-request-id']).not.toContain('bad');
  });

  it('answers an unknown /api route with 404 in the envelope', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/no-such-thing not found',
      code: 'ROUTE_NOT_FOUND',
      requestId: res.headers['x-request-id'],
    });
  });

  it('answers a schema failure with 400 listing the failing fields', async () => {
    const res = await t.app.inject('/api/events/by-year/20x6');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual([{ field: 'params.year', message: 'must be a year from 2001 to 2099' }]);
    expect(body.requestId).toBe(res.headers['x-request-id']);
    const bad = await t.app.inject('/api/events/upcoming?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('querystring.limit');
  });

  it('declares an access level on every route', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    for (const route of t.app.routeTable) {
      expect(ACCESS_LEVELS, `${route.method} ${route.url}`).toContain(route.access);
    }
  });

  it('serves OpenAPI 3.1 generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/events/upcoming', '/api/health', '/api/ready']),
    );
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
  });

  it('serves the web app: hashed assets cached for a year, index.html for any page path', async () => {
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    for (const page of ['/', '/events/42', '/some/unknown/page?x=1']) {
      const res = await t.app.inject(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    const missingAsset = await t.app.inject('/assets/missing-999.js');
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json().code).toBe('ROUTE_NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/events' });
    expect(post.statusCode).toBe(404);
  });

  it('sends the same security headers on every answer, pages, reads and errors', async () => {
    // Made on the first request and copied after: every later one must carry them all.
    const first = await t.app.inject('/');
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const names = Object.keys(first.headers).filter((name) => name.startsWith('x-') || name.includes('policy'));
    for (const url of ['/api/events/upcoming', '/api/no-such-route', '/events']) {
      const res = await t.app.inject(url);
      for (const name of names.filter((n) => n !== 'x-request-id')) {
        expect(res.headers[name], `${url} ${name}`).toBe(first.headers[name]);
      }
    }
  });
});

describe('errors and failures', () => {
  it('answers 500 without leaking internals, and refuses routes without an access declaration', async () => {
    const database = await testDatabase();
    const app = await buildApp({
      config: testConfig(),
      database,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
      webRoot: '/none',
    });
    app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
      throw new Error('password=hunter2 at /srv/secret/path.ts:12');
    });
    await app.ready();
    const res = await app.inject('/api/test/explode');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An unexpected error occurred.',
      code: 'INTERNAL_ERROR',
      requestId: res.headers['x-request-id'],
    });
    expect(res.body).not.toContain('hunter2');

    // The database going away: readiness says so, and reads fail in the envelope without SQL in them.
    await database.dispose();
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', details: { database: 'down' } });
    const read = await app.inject('/api/events/upcoming');
    expect(read.statusCode).toBe(500);
    expect(read.body).not.toMatch(/select|from "events"/i);
    await app.close();

    const strict = await buildApp({
      config: testConfig(),
      database: await testDatabase(),
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
      webRoot: '/none',
    });
    strict.get('/api/test/undeclared', async () => 'hi');
    await expect(strict.ready()).rejects.toThrow('Routes without an access declaration: GET /api/test/undeclared');
    await strict.close().catch(() => {});
  });

  it('refuses a signed-out caller on a non-public route with 401, and a too-low role with 403', async () => {
    const database = await testDatabase();
    const app = await buildApp({
      config: testConfig(),
      database,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
      webRoot: '/none',
    });
    app.get('/api/test/admin-only', { config: { access: 'admin' } }, async () => ({ ok: true }));
    await app.ready();
    withTestSessions(app);
    const anonymous = await app.inject('/api/test/admin-only');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
    const user = await insertUser(database.db, { role: 'user' });
    const asUser = await app.inject({ url: '/api/test/admin-only', headers: bearer(app, user) });
    expect(asUser.statusCode).toBe(403);
    const admin = await insertUser(database.db, { role: 'admin' });
    const asAdmin = await app.inject({ url: '/api/test/admin-only', headers: bearer(app, admin) });
    expect(asAdmin.statusCode).toBe(200);
    // The account is read on every call: a token of a deactivated account, or one naming a higher role
    // than the account now has, does not get through.
    await database.db.updateTable('users').set({ is_active: false }).where('id', '=', admin.id).execute();
    expect((await app.inject({ url: '/api/test/admin-only', headers: bearer(app, admin) })).statusCode).toBe(401);
    const forged = app.jwt.sign({ sub: user.id, role: 'admin' });
    const stale = await app.inject({ url: '/api/test/admin-only', headers: { authorization: `Bearer ${forged}` } });
    expect(stale.statusCode).toBe(403);
    await app.close();
    await database.dispose();
  });
});
