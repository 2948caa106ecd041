import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../api/db/schema.ts';
import type { RouteEntry } from '../../api/plugins/access.ts';
import { METRICS_PATH } from '../../api/plugins/metrics.ts';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';
import { insertAnnouncement, insertDepartment, insertEvent, insertUser } from '../support/factories.ts';

/**
 * Every /api route of the app, for anonymous, a signed-in stranger, the owner of the resource, an
 * admin and a super-admin, generated from the route table: a new route is in the matrix the moment it
 * is registered. Who may pass comes from the route's declared access; the test checks the server keeps it.
 */
type Caller = 'anonymous' | 'stranger' | 'owner' | 'admin' | 'super-admin';
const CALLERS: Caller[] = ['anonymous', 'stranger', 'owner', 'admin', 'super-admin'];

/**
 * Routes a machine calls with a token of its own instead of an account's: every caller of the matrix
 * is refused (401), and only that token passes.
 */
const METRICS_TOKEN = 'access-matrix-metrics-token-0123456789abcdef';
const OWN_TOKEN_ROUTES: Record<string, string> = { [METRICS_PATH]: METRICS_TOKEN };

/**
 * Routes whose declared access is itself a decision: the matrix checks the server keeps a declaration,
 * these pin the declaration, so a route made public by mistake fails here too.
 */
const PINNED_ACCESS: Record<string, RouteEntry['access']> = {
  // Every result event of a run, with who did it and why (docs/decisions/064-audit-trail-csv.md).
  'GET /api/documents/run/:runId/audit-trail.csv': 'admin',
  // The whole database, password hashes included (docs/decisions/075-one-writer-per-embedded-database.md).
  'GET /api/admin/backup': 'super-admin',
};

let t: TestApp;
let headersOf: Record<Caller, Record<string, string>>;
/** Values for path parameters, by the path's resource; owner-or-admin routes point at the owner's things. */
let params: Record<string, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '10000', METRICS_TOKEN } });
  const db = t.database.db;
  const department = await insertDepartment(db);
  const users: Record<Exclude<Caller, 'anonymous'>, { id: number; role: Role }> = {
    stranger: await insertUser(db, { role: 'user' }),
    owner: await insertUser(db, { role: 'user', department_id: department.id }),
    admin: await insertUser(db, { role: 'admin' }),
    'super-admin': await insertUser(db, { role: 'super-admin' }),
  };
  const target = await insertUser(db, { role: 'user' });
  const targetAdmin = await insertUser(db, { role: 'admin' });
  const bio = await db
    .insertInto('bios')
    .values({ user_id: users.owner.id, headline: 'Owner' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await insertEvent(db);
  const announcement = await insertAnnouncement(db);
  headersOf = {
    anonymous: {},
    stranger: bearer(t.app, users.stranger),
    owner: bearer(t.app, users.owner),
    admin: bearer(t.app, users.admin),
    'super-admin': bearer(t.app, users['super-admin']),
  };
  params = {
    'owner-or-admin:/api/users': { id: String(users.owner.id), userId: String(users.owner.id) },
    '/api/users/bios': { id: String(bio.id) },
    '/api/users': { id: String(target.id), userId: String(users.owner.id) },
    '/api/admin-users': { id: String(targetAdmin.id) },
    '/api/departments': { id: String(department.id) },
    '/api/events': { id: String(event.id), year: '2027', status: 'Draft' },
    '/api/runs': { id: String(event.id), type: 'relay' },
    '/api/announcements': { id: String(announcement.id), imageId: '1' },
    '/api/pictures': { id: '1' },
    // A qualifying standard that does not exist: its change and delete answer 404 once access passes.
    '/api/qualifying-standards': { id: '1' },
    // A team the owner captains; userId is the owner, so no call of the matrix takes the captaincy away.
    '/api/teams': {
      id: String(
        (
          await db
            .insertInto('teams')
            .values({ name: 'Owner team', run_type: 'relay', department_id: department.id, captain_id: users.owner.id })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
      userId: String(users.owner.id),
      invitationId: '1',
    },
    // Legacy billing: ids, years, a code, an e-mail and a search term (the embedded legacy tables are empty).
    '/api/legacy': {
      id: '1',
      year: '2024',
      userId: '1',
      eventId: '1',
      code: 'EARLYBIRD',
      email: 'someone@legacy.example',
      term: 'macleod',
    },
    // An invitation id: its accept and decline answer 404 to anyone it is not addressed to.
    '/api/team-invitations': { id: '1' },
    // The owner's own registration (an individual run of the event) and a team the owner captains.
    ...(await (async () => {
      const { insertRegistration, insertRun, insertTeam } = await import('../support/factories.ts');
      const run = await insertRun(db, event.id);
      const registration = await insertRegistration(db, { runId: run.id, userId: users.owner.id });
      const team = await insertTeam(db, {
        captain_id: users.owner.id,
        department_id: department.id,
        run_type: 'relay',
      });
      return {
        '/api/registrations': { id: String(registration.id) },
        '/api/registrations/user': { id: String(users.owner.id) },
        '/api/registrations/team': { id: String(team.id) },
        '/api/registrations/run': { id: String(run.id) },
        '/api/run-orders/run': { runId: String(run.id), regId: String(registration.id), pair: '1' },
        '/api/run-orders/event': { eventId: String(event.id) },
        // Follow a competitor or a department: the owner (entered in the run) and the owner's department.
        '/api/run-orders/public': { userId: String(users.owner.id), departmentId: String(department.id) },
        '/api/documents/run': { runId: String(run.id) },
        '/api/documents/event': { eventId: String(event.id) },
        // A result is its registration's: id is the owner's registration, teamId a team with none.
        '/api/results': {
          id: String(registration.id),
          runId: String(run.id),
          teamId: String(team.id),
          status: 'provisional',
        },
        // Public results: a public event and run, the owner, the owner's department (404s pass as not refused).
        '/api/results/public': {
          eventId: String(event.id),
          runId: String(run.id),
          userId: String(users.owner.id),
          departmentId: String(department.id),
        },
      };
    })()),
  };
});
afterAll(async () => {
  await t?.close();
});

function concretePath(route: RouteEntry): string {
  const prefix = Object.keys(params)
    .filter((p) => !p.includes(':') && route.url.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  const values = (prefix && (params[`${route.access}:${prefix}`] ?? params[prefix])) || {};
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = values?.[name];
    if (!value)
      throw new Error(`The access matrix has no value for :${name} in ${route.method} ${route.url}: add one to params`);
    return value;
  });
}

/** Which callers the declared access lets through; owner-or-admin also checks ownership in the handler. */
function allowed(route: RouteEntry, caller: Caller): boolean {
  if (route.url in OWN_TOKEN_ROUTES) return false;
  switch (route.access) {
    case 'public':
      return true;
    case 'user':
      return caller !== 'anonymous';
    case 'owner-or-admin':
      return caller === 'owner' || caller === 'admin' || caller === 'super-admin';
    case 'admin':
      return caller === 'admin' || caller === 'super-admin';
    case 'super-admin':
      return caller === 'super-admin';
    default:
      return false;
  }
}

function apiRoutes(): RouteEntry[] {
  return t.app.routeTable.filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'),
  );
}

describe('access matrix', () => {
  it('covers every API route, with a declared access', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const url of Object.keys(OWN_TOKEN_ROUTES)) expect(routes.map((r) => r.url)).toContain(url);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    for (const [route, access] of Object.entries(PINNED_ACCESS)) {
      expect(routes.find((r) => `${r.method} ${r.url}` === route)?.access, route).toBe(access);
    }
  });

  it('lets exactly the declared callers through, for every route', async () => {
    const failures: string[] = [];
    // Safe methods first and destructive ones last, so a deactivation or a delete cannot hide a later check.
    const order = (r: RouteEntry) => ({ GET: 0, POST: 1, PUT: 1, PATCH: 2, DELETE: 3 })[r.method] ?? 1;
    for (const route of apiRoutes().sort((a, b) => order(a) - order(b))) {
      const url = concretePath(route);
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: headersOf[caller],
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const refused = res.statusCode === 401 || res.statusCode === 403;
        const expectRefusal = !allowed(route, caller);
        const expectedStatus = caller === 'anonymous' || route.url in OWN_TOKEN_ROUTES ? 401 : 403;
        if (expectRefusal && res.statusCode !== expectedStatus) {
          failures.push(`${route.method} ${url} as ${caller}: expected ${expectedStatus}, got ${res.statusCode}`);
        }
        if (!expectRefusal && refused && !(route.url === '/api/auth/refresh' || route.url === '/api/auth/login')) {
          failures.push(`${route.method} ${url} as ${caller}: refused with ${res.statusCode} (${res.json().code})`);
        }
        if (res.statusCode >= 500) failures.push(`${route.method} ${url} as ${caller}: ${res.statusCode}`);
      }
      const ownToken = OWN_TOKEN_ROUTES[route.url];
      if (ownToken !== undefined) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${ownToken}` },
        });
        if (res.statusCode !== 200) failures.push(`${route.method} ${url} with its own token: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
