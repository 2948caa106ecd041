import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { bearer, callAs, createTestApp, type TestApp } from '../support/app.ts';
import { insertDepartment, insertEvent, insertRun, insertTeam, insertUser } from '../support/factories.ts';
import { bodyRoutesOf, knownKeys, tablesFingerprint } from '../support/route-bodies.ts';

/** Text input hygiene through HTTP (docs/decisions/027): a NUL is a 400 naming the field, never a 500. */
const TABLES = [
  'users',
  'departments',
  'bios',
  'teams',
  'team_members',
  'registrations',
  'events',
  'runs',
  'event_log',
];

let t: TestApp;
let superAdmin: { id: number; role: 'super-admin' };
let me: { id: number; role: 'user' };
let teamId: number;
let runId: number;
let registrationId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '10000' } });
  const db = t.database.db;
  const department = await insertDepartment(db);
  superAdmin = { ...(await insertUser(db, { role: 'super-admin' })), role: 'super-admin' };
  me = {
    ...(await insertUser(db, { department_id: department.id, date_of_birth: '1991-04-12', gender: 'male' })),
    role: 'user',
  };
  const today = todayIn('America/Toronto');
  const event = await insertEvent(db, {
    start_date: addDays(today, 60),
    registration_opens_on: addDays(today, -30),
    registration_closes_on: addDays(today, 30),
  });
  runId = (await insertRun(db, event.id, { participant_limit: 20 })).id;
  teamId = (await insertTeam(db, { captain_id: me.id, department_id: department.id })).id;
  const registered = await callAs(t.app, 'POST', '/api/registrations', me, { runId, notes: 'First time' });
  expect(registered.statusCode, registered.body).toBe(201);
  registrationId = registered.json().id;
});
afterAll(async () => {
  await t?.close();
});

const fingerprint = () => tablesFingerprint(t.database.db, TABLES);

function expectRefused(res: { statusCode: number; body: string; json: () => unknown }, field: string, message: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const envelope = res.json() as { code: string; details: Array<{ field: string; message: string }> };
  expect(envelope.code).toBe('VALIDATION_FAILED');
  expect(envelope.details).toContainEqual({ field, message: expect.stringMatching(message) });
}

describe('a NUL in a text field or query string', () => {
  it('is refused with 400 naming the field on the representative inputs, and changes nothing', async () => {
    const before = await fingerprint();
    const cases: Array<[string, 'GET' | 'POST' | 'PUT', string, { id: number; role: never } | undefined, unknown]> = [
      [
        'body.firstName',
        'POST',
        '/api/auth/register',
        undefined,
        {
          email: 'nul@example.ca',
          password: 'Abcdef123',
          firstName: 'Ann\u0000',
          lastName: 'Lee',
        },
      ],
      ['body.lastName', 'PUT', `/api/users/${me.id}`, me as never, { lastName: 'L\u0000ee' }],
      ['body.about', 'POST', '/api/users/bios', me as never, { headline: 'Hi', about: 'About\u0000me' }],
      ['body.name', 'PUT', `/api/teams/${teamId}`, me as never, { name: 'Red\u0000 Team' }],
      ['body.name', 'POST', '/api/teams', me as never, { name: 'Red\u0000 Team', runType: 'relay' }],
      ['body.notes', 'PUT', `/api/registrations/${registrationId}`, me as never, { notes: 'Need\u0000 a mask' }],
      [
        'body.name',
        'POST',
        '/api/departments',
        superAdmin as never,
        { name: 'Station\u0000 1', city: 'Ottawa', province: 'ON' },
      ],
      ['querystring.query', 'GET', '/api/users?query=a%00b', superAdmin as never, undefined],
      ['querystring.query', 'GET', '/api/teams?query=a%00b', me as never, undefined],
      ['querystring.query', 'GET', '/api/registrations?query=a%00b', superAdmin as never, undefined],
    ];
    for (const [field, method, url, caller, payload] of cases) {
      const res = await callAs(t.app, method, url, caller, payload);
      expectRefused(res, field, /NUL/);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('is refused in every body field of every route in the route table', async () => {
    const before = await fingerprint();
    const routes = bodyRoutesOf(t.app.routeTable);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, '1');
      for (const key of knownKeys(route.body)) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...bearer(t.app, superAdmin), 'content-type': 'application/json' },
          payload: JSON.stringify({ [key]: 'a\u0000b' }),
        });
        expect(res.statusCode, `${route.method} ${route.url} ${key}: ${res.body}`).toBe(400);
        expect(res.json().details, `${route.method} ${route.url} ${key}`).toContainEqual({
          field: `body.${key}`,
          message: expect.stringMatching(/NUL/),
        });
      }
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('other text an attacker might send', () => {
  it('refuses a lone surrogate (jsonb cannot hold it) with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/registrations/${registrationId}`,
      headers: { ...bearer(t.app, me), 'content-type': 'application/json' },
      payload: '{"notes":"half \\ud800 a pair"}',
    });
    expectRefused(res, 'body.notes', /surrogate/);
  });
});

describe('names made of invisible characters', () => {
  it('refuses invisible-only and direction-disguised names and trims invisible ends', async () => {
    const before = await fingerprint();
    expectRefused(
      await callAs(t.app, 'PUT', `/api/users/${me.id}`, me, { firstName: '\u200B\u200D\uFEFF' }),
      'body.firstName',
      /required/,
    );
    expectRefused(
      await callAs(t.app, 'PUT', `/api/users/${me.id}`, me, { lastName: 'Lee\u202Egnip' }),
      'body.lastName',
      /direction/,
    );
    expectRefused(await callAs(t.app, 'PUT', `/api/teams/${teamId}`, me, { name: '\u2066\u2069' }), 'body.name', /./);
    expectRefused(
      await callAs(t.app, 'POST', '/api/departments', superAdmin, {
        name: '\u200B\u200C',
        city: 'Ottawa',
        province: 'ON',
      }),
      'body.name',
      /required/,
    );
    expect(await fingerprint()).toBe(before);
    const renamed = await callAs(t.app, 'PUT', `/api/users/${me.id}`, me, { firstName: '\u200B Zoë\u200E' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().firstName).toBe('Zoë');
  });
});
