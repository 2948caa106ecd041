import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department, NewUser, User } from '../../api/db/schema.ts';
import { todayIn } from '../../api/domain/dates.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { callsOn } from '../support/calls.ts';
import { insertDepartment, insertRefreshToken, insertUser } from '../support/factories.ts';

let t: TestApp;
let superAdmin: User;
let otherSuperAdmin: User;
let admin: User;
let otherAdmin: User;
let member: User;
let stranger: User;
let openDepartment: Department;
let inactiveDepartment: Department;
let deletedDepartment: Department;

const { db, call } = callsOn(() => t);
const row = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const fresh = (overrides: Partial<NewUser> = {}) => insertUser(db(), overrides);
const insertSession = (userId: number) => insertRefreshToken(db(), userId);
const session = (id: number) =>
  db().selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ids = (body: { data: Array<{ id: number }> }) => body.data.map((u) => u.id);

beforeAll(async () => {
  t = await createTestApp();
  openDepartment = await insertDepartment(db(), { name: 'Open Fire Department' });
  inactiveDepartment = await insertDepartment(db(), { name: 'Closed Fire Department', is_active: false });
  deletedDepartment = await insertDepartment(db(), { name: 'Gone Fire Department', deleted_at: new Date() });
  superAdmin = await fresh({ role: 'super-admin', first_name: 'Sue', last_name: 'Perior' });
  otherSuperAdmin = await fresh({ role: 'super-admin', first_name: 'Sam', last_name: 'Perior' });
  admin = await fresh({ role: 'admin', first_name: 'Ada', last_name: 'Minister' });
  otherAdmin = await fresh({ role: 'admin', first_name: 'Otto', last_name: 'Minister' });
  member = await fresh({
    first_name: 'Mia',
    last_name: 'Member',
    department_id: openDepartment.id,
    date_of_birth: '1990-05-31',
  });
  stranger = await fresh({ first_name: 'Stan', last_name: 'Ranger' });
});
afterAll(() => t.close());

describe('who may call the user routes', () => {
  it('declares an access level on every route', () => {
    const access = (method: string, url: string) =>
      t.app.routeTable.find((r) => r.method === method && r.url === url)?.access;
    expect(access('GET', '/api/users')).toBe('admin');
    expect(access('GET', '/api/users/search')).toBe('admin');
    expect(access('GET', '/api/users/filter')).toBe('admin');
    expect(access('GET', '/api/users/:id')).toBe('owner-or-admin');
    expect(access('PUT', '/api/users/:id')).toBe('owner-or-admin');
    expect(access('PATCH', '/api/users/:id/deactivate')).toBe('admin');
    expect(access('PATCH', '/api/users/:id/activate')).toBe('admin');
  });

  it('answers 401 without a token and 403 to a plain user on the admin routes', async () => {
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/users/search?query=a'],
      ['GET', '/api/users/filter'],
      ['PATCH', `/api/users/${stranger.id}/deactivate`],
      ['PATCH', `/api/users/${stranger.id}/activate`],
    ] as const) {
      const anonymous = await call(method, url);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const plain = await call(method, url, member);
      expect(plain.statusCode, `${method} ${url}`).toBe(403);
      expect(plain.json()).toMatchObject({
        statusCode: 403,
        code: 'FORBIDDEN',
        requestId: plain.headers['x-request-id'],
      });
    }
    expect((await call('GET', `/api/users/${member.id}`)).statusCode).toBe(401);
    expect((await call('PUT', `/api/users/${member.id}`, undefined, { firstName: 'X' })).statusCode).toBe(401);
  });

  it('is documented in OpenAPI with the users tag', async () => {
    const doc = (await call('GET', '/api/docs/json')).json();
    for (const path of [
      '/api/users',
      '/api/users/search',
      '/api/users/filter',
      '/api/users/{id}',
      '/api/users/{id}/deactivate',
    ]) {
      const operations = Object.values(doc.paths[path] ?? {}) as Array<{ tags?: string[]; summary?: string }>;
      expect(operations.length, path).toBeGreaterThan(0);
      for (const op of operations) expect(op).toMatchObject({ tags: ['users'], summary: expect.any(String) });
    }
  });
});

describe('GET /api/users', () => {
  it('lists every account to an admin with the page meta, by last name, first name and id', async () => {
    const total = Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await call('GET', '/api/users?limit=100', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total, page: 1, perPage: 100 });
    expect(body.data).toHaveLength(total);
    expect(body.data.find((u: { id: number }) => u.id === member.id)).toEqual({
      id: member.id,
      email: member.email,
      firstName: 'Mia',
      lastName: 'Member',
      role: 'user',
      isVerified: true,
      isActive: true,
      departmentId: openDepartment.id,
      departmentName: 'Open Fire Department',
      dateOfBirth: '1990-05-31',
      seedTimeMs: null,
      lastLoginAt: null,
      createdAt: member.created_at.toISOString(),
      updatedAt: member.updated_at.toISOString(),
    });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('orders by last name, then first name, then id', async () => {
    const b = await fresh({ last_name: 'Ordertest B', first_name: 'Zed' });
    const a2 = await fresh({ last_name: 'Ordertest A', first_name: 'Yan' });
    const a1 = await fresh({ last_name: 'Ordertest A', first_name: 'Xia' });
    const a1twin = await fresh({ last_name: 'Ordertest A', first_name: 'Xia' });
    const res = await call('GET', '/api/users?query=ordertest', admin);
    expect(ids(res.json())).toEqual([a1.id, a1twin.id, a2.id, b.id]);
  });

  it('defaults to page 1 of 20 and pages with page and limit', async () => {
    for (let i = 0; i < 5; i++) await fresh({ last_name: `Pagetest ${i}`, first_name: 'P' });
    const first = await call('GET', '/api/users?query=pagetest', admin);
    expect(first.json().meta).toEqual({ total: 5, page: 1, perPage: 20 });
    const all = ids(first.json());
    const second = await call('GET', '/api/users?query=pagetest&page=2&limit=2', admin);
    expect(second.json()).toMatchObject({ meta: { total: 5, page: 2, perPage: 2 } });
    expect(ids(second.json())).toEqual(all.slice(2, 4));
    const third = await call('GET', '/api/users?query=pagetest&page=3&limit=2', admin);
    expect(ids(third.json())).toEqual(all.slice(4));
    const beyond = await call('GET', '/api/users?query=pagetest&page=9&limit=2', admin);
    expect(beyond.json()).toEqual({ data: [], meta: { total: 5, page: 9, perPage: 2 } });
  });

  it('filters by isVerified, isActive, departmentId and role, alone and together', async () => {
    const unverified = await fresh({ is_verified: false, department_id: openDepartment.id });
    const inactive = await fresh({ is_active: false });
    const list = async (qs: string) => {
      const res = await call('GET', `/api/users?limit=100&${qs}`, admin);
      expect(res.statusCode, qs).toBe(200);
      return res.json().data as Array<{
        id: number;
        isVerified: boolean;
        isActive: boolean;
        departmentId: number | null;
        role: string;
      }>;
    };
    const notVerified = await list('isVerified=false');
    expect(notVerified.map((u) => u.id)).toContain(unverified.id);
    expect(notVerified.every((u) => !u.isVerified)).toBe(true);
    const verified = await list('isVerified=true');
    expect(verified.map((u) => u.id)).not.toContain(unverified.id);
    expect(verified.every((u) => u.isVerified)).toBe(true);

    const notActive = await list('isActive=false');
    expect(notActive.map((u) => u.id)).toContain(inactive.id);
    expect(notActive.every((u) => !u.isActive)).toBe(true);

    const inDepartment = await list(`departmentId=${openDepartment.id}`);
    expect(inDepartment.map((u) => u.id).sort()).toEqual([member.id, unverified.id].sort());

    const admins = await list('role=admin');
    expect(admins.map((u) => u.id).sort()).toEqual([admin.id, otherAdmin.id].sort());
    const supers = await list('role=super-admin');
    expect(supers.every((u) => u.role === 'super-admin')).toBe(true);
    expect(supers.map((u) => u.id)).toEqual(expect.arrayContaining([superAdmin.id, otherSuperAdmin.id]));

    const both = await list(`departmentId=${openDepartment.id}&isVerified=false`);
    expect(both.map((u) => u.id)).toEqual([unverified.id]);
    expect(await list(`departmentId=${openDepartment.id}&role=admin`)).toEqual([]);
  });

  it('searches first name, last name, "first last" and e-mail without regard to case', async () => {
    const jane = await fresh({ first_name: 'Janelle', last_name: 'Quixote', email: 'jq-search@fire.example' });
    const find = async (query: string) =>
      ids((await call('GET', `/api/users?query=${encodeURIComponent(query)}`, admin)).json());
    expect(await find('JANELLE')).toEqual([jane.id]);
    expect(await find('quixo')).toEqual([jane.id]);
    expect(await find('Janelle Quix')).toEqual([jane.id]);
    expect(await find('JQ-SEARCH@fire')).toEqual([jane.id]);
    expect(await find('  quixote  ')).toEqual([jane.id]);
    expect(await find('no such person')).toEqual([]);
  });

  it('takes % and _ and \\ in the query literally', async () => {
    const percent = await fresh({ last_name: 'Hundred%Percent' });
    const underscore = await fresh({ last_name: 'Under_Score' });
    const backslash = await fresh({ last_name: 'Back\\Slash' });
    const find = async (query: string) =>
      ids((await call('GET', `/api/users?query=${encodeURIComponent(query)}`, admin)).json());
    expect(await find('%')).toEqual([percent.id]);
    expect(await find('d%p')).toEqual([percent.id]);
    expect(await find('_')).toEqual([underscore.id]);
    expect(await find('r_s')).toEqual([underscore.id]);
    expect(await find('\\')).toEqual([backslash.id]);
  });

  it('refuses malformed filters with 400 in the envelope', async () => {
    for (const qs of [
      'page=0',
      'page=abc',
      'limit=0',
      'limit=101',
      'isActive=yes',
      'isVerified=1',
      'departmentId=abc',
      'departmentId=0',
      'role=boss',
      `query=${'x'.repeat(101)}`,
    ]) {
      const res = await call('GET', `/api/users?${qs}`, admin);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('GET /api/users/filter and /api/users/search', () => {
  it('filter answers like the list', async () => {
    for (const qs of ['', '?isActive=true&limit=5', `?departmentId=${openDepartment.id}`, '?role=admin&query=otto']) {
      const list = await call('GET', `/api/users${qs}`, admin);
      const filter = await call('GET', `/api/users/filter${qs}`, admin);
      expect(filter.statusCode, qs).toBe(200);
      expect(filter.json(), qs).toEqual(list.json());
    }
  });

  it('search takes query, page and limit, and requires query', async () => {
    const res = await call('GET', '/api/users/search?query=minister&limit=1&page=2', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [expect.objectContaining({ id: otherAdmin.id })],
      meta: { total: 2, page: 2, perPage: 1 },
    });
    const missing = await call('GET', '/api/users/search', admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'querystring.query', message: 'query is required' }],
    });
    expect((await call('GET', '/api/users/search?query=x&isActive=true', admin)).statusCode).toBe(200);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the owner and the admins', async () => {
    for (const caller of [member, admin, superAdmin]) {
      const res = await call('GET', `/api/users/${member.id}`, caller);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: member.id, email: member.email, departmentName: 'Open Fire Department' });
    }
  });

  it("refuses another account's profile to a plain user, whether it exists or not", async () => {
    for (const id of [stranger.id, admin.id, 2147483647]) {
      const res = await call('GET', `/api/users/${id}`, member);
      expect(res.statusCode, String(id)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('answers 404 USER_NOT_FOUND to an admin for a missing account, and 400 for a bad id', async () => {
    const res = await call('GET', '/api/users/2147483647', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'User not found',
      code: 'USER_NOT_FOUND',
      requestId: res.headers['x-request-id'],
    });
    expect((await call('GET', '/api/users/abc', admin)).statusCode).toBe(400);
  });

  it('refuses a deactivated account its own profile (401)', async () => {
    const gone = await fresh({ is_active: false });
    expect((await call('GET', `/api/users/${gone.id}`, gone)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/{id}', () => {
  it('lets a user change their own names, department and date of birth', async () => {
    const me = await fresh();
    const before = await row(me.id);
    const res = await call('PUT', `/api/users/${me.id}`, me, {
      firstName: '  Renée ',
      lastName: "O'Brien",
      departmentId: openDepartment.id,
      dateOfBirth: '1985-02-28',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: me.id,
      firstName: 'Renée',
      lastName: "O'Brien",
      departmentId: openDepartment.id,
      departmentName: 'Open Fire Department',
      dateOfBirth: '1985-02-28',
      role: 'user',
    });
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
    expect(await row(me.id)).toMatchObject({
      first_name: 'Renée',
      last_name: "O'Brien",
      department_id: openDepartment.id,
      date_of_birth: '1985-02-28',
    });

    const cleared = await call('PUT', `/api/users/${me.id}`, me, { departmentId: null, dateOfBirth: null });
    expect(cleared.json()).toMatchObject({
      departmentId: null,
      departmentName: null,
      dateOfBirth: null,
      firstName: 'Renée',
    });
    const unchanged = await call('PUT', `/api/users/${me.id}`, me, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toEqual(cleared.json());
  });

  it('refuses a plain user role or verification changes, and other accounts, changing nothing', async () => {
    const me = await fresh({ is_verified: false });
    for (const body of [
      { role: 'admin' },
      { role: 'user' },
      { isVerified: true },
      { firstName: 'Sneaky', role: 'super-admin' },
    ]) {
      const res = await call('PUT', `/api/users/${me.id}`, me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const other = await call('PUT', `/api/users/${stranger.id}`, me, { firstName: 'Hacked' });
    expect(other.statusCode).toBe(403);
    expect(await row(me.id)).toMatchObject({ role: 'user', is_verified: false, first_name: me.first_name });
    expect((await row(stranger.id)).first_name).toBe('Stan');
  });

  it('refuses fields it does not take (e-mail, password, unknown) with 400', async () => {
    for (const body of [
      { email: 'new@example.org' },
      { password: 'whatever123' },
      { isActive: false },
      { firstName: '' },
      { departmentId: 'x' },
      { dateOfBirth: '31/05/1990' },
    ]) {
      const res = await call('PUT', `/api/users/${member.id}`, member, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it("lets an admin change any plain or admin account's fields and verification, but not its role", async () => {
    const target = await fresh({ is_verified: false });
    const res = await call('PUT', `/api/users/${target.id}`, admin, { isVerified: true, lastName: 'Verified' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isVerified: true, lastName: 'Verified' });
    const peer = await call('PUT', `/api/users/${otherAdmin.id}`, admin, { firstName: 'Otto' });
    expect(peer.statusCode).toBe(200);

    const role = await call('PUT', `/api/users/${target.id}`, admin, { role: 'admin' });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toMatch(/super-admin/);
    const sameRole = await call('PUT', `/api/users/${target.id}`, admin, { role: 'user' });
    expect(sameRole.statusCode).toBe(403);
    expect((await row(target.id)).role).toBe('user');
  });

  it('refuses an admin any change to a super-admin account', async () => {
    const res = await call('PUT', `/api/users/${superAdmin.id}`, admin, { firstName: 'Demoted' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await row(superAdmin.id)).first_name).toBe('Sue');
    expect((await call('PUT', `/api/users/${superAdmin.id}`, superAdmin, { firstName: 'Sue' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${superAdmin.id}`, otherSuperAdmin, { firstName: 'Sue' })).statusCode).toBe(
      200,
    );
  });

  it('lets a super-admin change roles; raising keeps sessions, lowering ends them', async () => {
    const target = await fresh();
    const token = await insertSession(target.id);
    const raised = await call('PUT', `/api/users/${target.id}`, superAdmin, { role: 'admin' });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().role).toBe('admin');
    expect((await session(token.id)).revoked_at).toBeNull();
    // The new role applies at once: the access plugin reads it fresh.
    expect((await call('GET', '/api/users', target)).statusCode).toBe(200);

    const lowered = await call('PUT', `/api/users/${target.id}`, superAdmin, { role: 'user' });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().role).toBe('user');
    const revoked = await session(token.id);
    expect(revoked.revoked_at).toBeInstanceOf(Date);
    expect(revoked.revoked_reason).toBe('role-lowered');
    expect((await call('GET', '/api/users', target)).statusCode).toBe(403);
  });

  it('lets a super-admin demote another super-admin while one remains', async () => {
    const extra = await fresh({ role: 'super-admin' });
    const res = await call('PUT', `/api/users/${extra.id}`, superAdmin, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('admin');
  });

  it('refuses anyone a change of their own role (422), but takes their current role as no change', async () => {
    const res = await call('PUT', `/api/users/${superAdmin.id}`, superAdmin, { role: 'admin', firstName: 'Changed' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ statusCode: 422, code: 'CANNOT_CHANGE_OWN_ROLE' });
    expect(await row(superAdmin.id)).toMatchObject({ role: 'super-admin', first_name: 'Sue' });
    const same = await call('PUT', `/api/users/${superAdmin.id}`, superAdmin, { role: 'super-admin' });
    expect(same.statusCode).toBe(200);
  });

  it('takes only an existing, active, not deleted department (422 DEPARTMENT_UNAVAILABLE)', async () => {
    const me = await fresh();
    for (const departmentId of [inactiveDepartment.id, deletedDepartment.id, 2147483647]) {
      const res = await call('PUT', `/api/users/${me.id}`, me, { departmentId });
      expect(res.statusCode, String(departmentId)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'DEPARTMENT_UNAVAILABLE', details: { departmentId } });
    }
    expect((await row(me.id)).department_id).toBeNull();
  });

  it('lets an account keep a department that has since closed', async () => {
    const me = await fresh({ department_id: inactiveDepartment.id });
    const res = await call('PUT', `/api/users/${me.id}`, me, {
      departmentId: inactiveDepartment.id,
      firstName: 'Kept',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      departmentId: inactiveDepartment.id,
      departmentName: 'Closed Fire Department',
      firstName: 'Kept',
    });
  });

  it('takes a date of birth from 1900 to today only (422 INVALID_DATE_OF_BIRTH)', async () => {
    const me = await fresh();
    const today = todayIn(t.app.config.siteTimeZone);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const dateOfBirth of [tomorrow, '2999-01-01', '1899-12-31', '0001-01-01']) {
      const res = await call('PUT', `/api/users/${me.id}`, me, { dateOfBirth });
      expect(res.statusCode, dateOfBirth).toBe(422);
      expect(res.json()).toMatchObject({ code: 'INVALID_DATE_OF_BIRTH' });
    }
    for (const dateOfBirth of ['1900-01-01', today]) {
      const res = await call('PUT', `/api/users/${me.id}`, me, { dateOfBirth });
      expect(res.statusCode, dateOfBirth).toBe(200);
      expect(res.json().dateOfBirth).toBe(dateOfBirth);
    }
    const impossible = await call('PUT', `/api/users/${me.id}`, me, { dateOfBirth: '2001-02-30' });
    expect([400, 422]).toContain(impossible.statusCode);
    expect((await row(me.id)).date_of_birth).toBe(today);
  });

  it('changes nothing when any part of the request fails', async () => {
    const target = await fresh({ role: 'admin', first_name: 'Before' });
    const token = await insertSession(target.id);
    const res = await call('PUT', `/api/users/${target.id}`, superAdmin, {
      firstName: 'After',
      role: 'user',
      isVerified: false,
      departmentId: inactiveDepartment.id,
    });
    expect(res.statusCode).toBe(422);
    expect(await row(target.id)).toMatchObject({
      first_name: 'Before',
      role: 'admin',
      is_verified: true,
      department_id: null,
    });
    expect((await session(token.id)).revoked_at).toBeNull();
  });

  it('answers 404 to an admin for a missing account', async () => {
    const res = await call('PUT', '/api/users/2147483647', admin, { firstName: 'Nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
  });
});

describe('PATCH /api/users/{id}/deactivate and /activate', () => {
  it('deactivates an account, ends its sessions and is idempotent', async () => {
    const target = await fresh();
    const live = await insertSession(target.id);
    const alreadyRevoked = await insertSession(target.id);
    const earlier = new Date('2026-01-01T00:00:00Z');
    await db()
      .updateTable('refresh_tokens')
      .set({ revoked_at: earlier, revoked_reason: 'logout' })
      .where('id', '=', alreadyRevoked.id)
      .execute();

    const res = await call('PATCH', `/api/users/${target.id}/deactivate`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, isActive: false });
    const revoked = await session(live.id);
    expect(revoked.revoked_at).toBeInstanceOf(Date);
    expect(revoked.revoked_reason).toBe('deactivated');
    expect(await session(alreadyRevoked.id)).toMatchObject({ revoked_at: earlier, revoked_reason: 'logout' });
    expect((await call('GET', `/api/users/${target.id}`, target)).statusCode).toBe(401);

    const again = await call('PATCH', `/api/users/${target.id}/deactivate`, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isActive: false, updatedAt: res.json().updatedAt });
  });

  it('activates an account again, idempotently', async () => {
    const target = await fresh({ is_active: false });
    const res = await call('PATCH', `/api/users/${target.id}/activate`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(true);
    expect((await call('GET', `/api/users/${target.id}`, target)).statusCode).toBe(200);
    const again = await call('PATCH', `/api/users/${target.id}/activate`, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isActive: true, updatedAt: res.json().updatedAt });
  });

  it('refuses deactivating yourself (422 CANNOT_DEACTIVATE_SELF)', async () => {
    for (const caller of [admin, superAdmin]) {
      const res = await call('PATCH', `/api/users/${caller.id}/deactivate`, caller);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'CANNOT_DEACTIVATE_SELF' });
      expect((await row(caller.id)).is_active).toBe(true);
    }
    expect((await call('PATCH', `/api/users/${admin.id}/activate`, admin)).statusCode).toBe(200);
  });

  it('refuses an admin (de)activating a super-admin (403); a super-admin may', async () => {
    const extra = await fresh({ role: 'super-admin' });
    for (const action of ['deactivate', 'activate']) {
      const res = await call('PATCH', `/api/users/${extra.id}/${action}`, admin);
      expect(res.statusCode, action).toBe(403);
    }
    expect((await row(extra.id)).is_active).toBe(true);
    const off = await call('PATCH', `/api/users/${extra.id}/deactivate`, superAdmin);
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    const on = await call('PATCH', `/api/users/${extra.id}/activate`, superAdmin);
    expect(on.json().isActive).toBe(true);
  });

  it('lets an admin deactivate another admin', async () => {
    const peer = await fresh({ role: 'admin' });
    const res = await call('PATCH', `/api/users/${peer.id}/deactivate`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin', isActive: false });
  });

  it('answers 404 for a missing account and 400 for a bad id', async () => {
    const res = await call('PATCH', '/api/users/2147483647/deactivate', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await call('PATCH', '/api/users/2147483647/activate', admin)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/users/x/activate', admin)).statusCode).toBe(400);
  });
});
