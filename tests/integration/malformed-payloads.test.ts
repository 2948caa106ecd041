import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { LegacyDatabase } from '../../api/db/legacy-schema.ts';
import { insertLegacyRows, legacyRows } from '../../api/demo/seed-legacy.ts';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';
import { insertDepartment, insertUser } from '../support/factories.ts';
import { bodyRoutesOf, knownKeys, LEGACY_FINGERPRINT_TABLES, tablesFingerprint } from '../support/route-bodies.ts';

/**
 * Property: for every route that takes a JSON body, any payload its schema rejects gets 400 in the
 * error envelope (never a 5xx) and leaves the database exactly as it was. Routes are read from the
 * route table, so a new body schema is covered as soon as it is registered.
 */
const TABLES = [
  'users',
  'departments',
  'bios',
  'pictures',
  'refresh_tokens',
  'account_tokens',
  'email_outbox',
  'events',
  'runs',
  'announcements',
  'event_log',
  'results',
  ...LEGACY_FINGERPRINT_TABLES,
  'announcement_images',
  'announcement_image_variants',
];

let t: TestApp;
let asSuperAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '10000' } });
  const superAdmin = await insertUser(t.database.db, { role: 'super-admin' });
  await insertDepartment(t.database.db);
  // A few legacy billing rows, so a refused correction has rows it could have changed.
  await insertLegacyRows(
    t.database.db.withSchema('legacy') as unknown as Kysely<LegacyDatabase>,
    legacyRows({ users: 3, invoices: 3 }),
  );
  asSuperAdmin = bearer(t.app, superAdmin);
});
afterAll(async () => {
  await t?.close();
});

const fingerprint = () => tablesFingerprint(t.database.db, TABLES);
const bodyRoutes = () => bodyRoutesOf(t.app.routeTable);

describe('malformed payloads', () => {
  it('finds the body schemas to test', () => {
    expect(bodyRoutes().length).toBeGreaterThanOrEqual(10);
  });

  it('answers every payload a body schema rejects with 400 in the envelope and changes nothing', async () => {
    const before = await fingerprint();
    for (const route of bodyRoutes()) {
      const schema = route.body as z.ZodType;
      const keys = knownKeys(schema);
      const field = keys.length
        ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 }))
        : fc.string({ maxLength: 12 });
      const payload = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.dictionary(field, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
        fc.dictionary(
          field,
          fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
          { maxKeys: 6 },
        ),
      );
      const url = route.url.replace(/:\w+/g, '1');
      await fc.assert(
        fc.asyncProperty(payload, async (body) => {
          fc.pre(!schema.safeParse(body).success);
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...asSuperAdmin, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          if (res.statusCode !== 400)
            throw new Error(`${route.method} ${route.url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body}`);
          const envelope = res.json();
          expect(envelope).toMatchObject({
            statusCode: 400,
            code: expect.any(String),
            message: expect.any(String),
            requestId: expect.any(String),
          });
        }),
        { numRuns: 40, seed: 20261121 },
      );
      // Not JSON at all.
      for (const raw of ['{', '{"email":', 'null,', '\u0000']) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...asSuperAdmin, 'content-type': 'application/json' },
          payload: raw,
        });
        expect(res.statusCode, `${route.method} ${route.url} with ${JSON.stringify(raw)}`).toBe(400);
        expect(res.json().requestId).toBeDefined();
      }
    }
    expect(await fingerprint()).toBe(before);
    // Every body route of the app in one property run: the route table grows, so the time allowed is generous.
  }, 180_000);
});
