import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../api/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { callsOn } from '../support/calls.ts';
import { insertUser } from '../support/factories.ts';
import { knownKeys } from '../support/route-bodies.ts';

/**
 * Every id of the legacy billing area, in a path or a query, given hostile text: each is a 400 with a
 * code that says so, never a 500 (decision 072). The routes are read from the route table, so a new
 * legacy route is walked as soon as it is registered. Validation comes before the legacy source is
 * touched, so the embedded source is enough.
 */
const HOSTILE_IDS: Array<{ name: string; text: string }> = [
  { name: 'letters', text: 'abc' },
  { name: 'empty', text: '' },
  { name: 'a NUL', text: '\u0000' },
  { name: 'a NUL after digits', text: '1\u0000' },
  { name: 'huge', text: '99999999999999999999999999' },
  { name: 'past 2^63-1', text: '9223372036854775808' },
  { name: 'negative', text: '-1' },
  { name: 'zero', text: '0' },
  { name: 'an overflowing exponent', text: '1e309' },
  { name: 'a quote', text: "'" },
  { name: 'an injection', text: "1' or '1'='1" },
];

/** A path or query name that holds a legacy id. */
const isIdName = (name: string) => name === 'id' || name.endsWith('Id');

let t: TestApp;
let superAdmin: User;
const { db, call } = callsOn(() => t);

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await insertUser(db(), { role: 'super-admin' });
});
afterAll(async () => {
  await t?.close();
});

const legacyRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/legacy/') && r.method !== 'HEAD');

/** A valid value for each other path parameter, so only the id under test is hostile. */
const VALID_PARAM: Record<string, string> = { year: '2024', code: 'SPRING', email: 'a@b.test', term: 'ann' };

function pathWith(url: string, param: string, text: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(name === param ? text : isIdName(name) ? '1' : (VALID_PARAM[name] ?? '1')),
  );
}

describe('hostile legacy ids', () => {
  it('finds the legacy ids to test, in paths and in queries', () => {
    const inPaths = legacyRoutes().filter((r) => /:(id|\w+Id)\b/.test(r.url));
    const inQueries = legacyRoutes().filter((r) => knownKeys(r.querystring).some(isIdName));
    expect(inPaths.length).toBeGreaterThanOrEqual(15);
    expect(inQueries.length).toBeGreaterThanOrEqual(4);
  });

  it('answers 400 VALIDATION_FAILED naming the id, never a 500, on every legacy route', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const route of legacyRoutes()) {
      const method = route.method as 'GET' | 'PATCH';
      const payload = method === 'GET' ? undefined : {};
      const pathIds = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string).filter(isIdName);
      const queryIds = knownKeys(route.querystring).filter(isIdName);
      const tries: Array<{ field: string; url: (text: string) => string }> = [
        ...pathIds.map((field) => ({ field, url: (text: string) => pathWith(route.url, field, text) })),
        ...queryIds.map((field) => ({
          field,
          url: (text: string) => `${pathWith(route.url, '', '')}?${field}=${encodeURIComponent(text)}`,
        })),
      ];
      for (const { field, url } of tries) {
        for (const hostile of HOSTILE_IDS) {
          // An empty path segment is a different address: the route without it.
          if (hostile.text === '' && pathIds.includes(field)) continue;
          calls++;
          const res = await call(method, url(hostile.text), superAdmin, payload);
          const body = res.json() as { code?: string; details?: Array<{ field?: string }> };
          const named = (body.details ?? []).some((d) => d.field === field || d.field?.endsWith(`.${field}`));
          if (res.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || !named)
            wrong.push(`${method} ${route.url} ${field}=${hostile.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  });

  it('answers an empty id in a path with a 4xx in the envelope, never a 500', async () => {
    for (const route of legacyRoutes().filter((r) => /:(id|\w+Id)$/.test(r.url))) {
      const res = await call(route.method as 'GET', route.url.replace(/:\w+$/, ''), superAdmin);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: expect.any(String) });
    }
  });
});
