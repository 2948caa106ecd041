import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department, NewDepartment, User } from '../../api/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import type { Caller } from '../support/calls.ts';
import { insertDepartment, insertUser } from '../support/factories.ts';

let t: TestApp;
let superAdmin: User;
let admin: User;
let member: User;
let active: Department;
let inactive: Department;
let deleted: Department;

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';

const db = () => t.database.db;
const headersOf = (caller: Caller): Record<string, string> =>
  caller ? { authorization: `Bearer ${t.app.jwt.sign({ sub: caller.id, role: caller.role })}` } : {};
const call = (method: Method, url: string, caller?: Caller, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headersOf(caller),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const row = (id: number) => db().selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const department = (overrides: Partial<NewDepartment> = {}) => insertDepartment(db(), overrides);
const names = (body: { data: Array<{ name: string }> }) => body.data.map((d) => d.name);

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await insertUser(db(), { role: 'super-admin' });
  admin = await insertUser(db(), { role: 'admin' });
  active = await department({ name: 'Alpha Fire Rescue', city: 'Calgary', province: 'AB', phone: '555-0101' });
  inactive = await department({ name: 'Bravo Fire Brigade', city: 'Regina', province: 'SK', is_active: false });
  deleted = await department({
    name: 'Charlie Fire Hall',
    city: 'Moncton',
    province: 'NB',
    deleted_at: new Date('2026-01-02T03:04:05Z'),
  });
  member = await insertUser(db(), { department_id: active.id, last_name: 'Zimmer' });
  await insertUser(db(), { department_id: active.id, last_name: 'Adams' });
  await insertUser(db(), { department_id: inactive.id });
});
afterAll(() => t.close());

describe('who may call the department routes', () => {
  it('declares an access level on every route', () => {
    const access = (method: string, url: string) =>
      t.app.routeTable.find((r) => r.method === method && r.url === url)?.access;
    expect(access('GET', '/api/departments')).toBe('user');
    expect(access('GET', '/api/departments/search')).toBe('user');
    expect(access('GET', '/api/departments/filter')).toBe('user');
    expect(access('GET', '/api/departments/:id')).toBe('public');
    expect(access('POST', '/api/departments')).toBe('admin');
    expect(access('PUT', '/api/departments/:id')).toBe('admin');
    expect(access('POST', '/api/departments/:id/soft-delete')).toBe('admin');
    expect(access('POST', '/api/departments/:id/restore')).toBe('admin');
    expect(access('GET', '/api/departments/:id/users')).toBe('admin');
  });

  it('answers 401 without a token, and 403 to a plain user on the admin routes, changing nothing', async () => {
    for (const url of ['/api/departments', '/api/departments/search?query=a', '/api/departments/filter']) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
    const writes: Array<[Method, string, unknown?]> = [
      ['POST', '/api/departments', { name: 'Sneaky FD', city: 'Hope', province: 'BC' }],
      ['PUT', `/api/departments/${active.id}`, { name: 'Sneaky FD' }],
      ['POST', `/api/departments/${active.id}/soft-delete`],
      ['POST', `/api/departments/${deleted.id}/restore`],
      ['GET', `/api/departments/${active.id}/users`],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(method, url, member, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await row(active.id)).toMatchObject({ name: 'Alpha Fire Rescue', deleted_at: null });
    expect((await row(deleted.id)).deleted_at).not.toBeNull();
    expect(await db().selectFrom('departments').select('id').where('name', '=', 'Sneaky FD').execute()).toEqual([]);
  });
});

describe('GET /api/departments (list, filter, search)', () => {
  it('shows a plain user the active, not deleted departments by name, with member counts', async () => {
    const res = await call('GET', '/api/departments', member);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 1, page: 1, perPage: 20 });
    expect(body.data).toEqual([
      {
        id: active.id,
        name: 'Alpha Fire Rescue',
        city: 'Calgary',
        province: 'AB',
        address: null,
        phone: '555-0101',
        email: null,
        website: null,
        isActive: true,
        isDeleted: false,
        deletedAt: null,
        memberCount: 2,
        createdAt: active.created_at.toISOString(),
        updatedAt: active.updated_at.toISOString(),
      },
    ]);
  });

  it('shows an admin the inactive ones too, but not the deleted ones unless deleted=true', async () => {
    const all = await call('GET', '/api/departments', admin);
    expect(names(all.json())).toEqual(['Alpha Fire Rescue', 'Bravo Fire Brigade']);
    expect(all.json().data[1]).toMatchObject({ isActive: false, memberCount: 1 });
    expect(names((await call('GET', '/api/departments?deleted=false', admin)).json())).toEqual([
      'Alpha Fire Rescue',
      'Bravo Fire Brigade',
    ]);
    const bin = await call('GET', '/api/departments?deleted=true', admin);
    expect(bin.json()).toMatchObject({
      data: [{ id: deleted.id, isDeleted: true, deletedAt: '2026-01-02T03:04:05.000Z' }],
      meta: { total: 1, page: 1, perPage: 20 },
    });
    expect(names((await call('GET', '/api/departments?isActive=false', admin)).json())).toEqual(['Bravo Fire Brigade']);
    expect(names((await call('GET', '/api/departments?isActive=true', admin)).json())).toEqual(['Alpha Fire Rescue']);
    expect(names((await call('GET', '/api/departments?isActive=true&deleted=true', admin)).json())).toEqual([
      'Charlie Fire Hall',
    ]);
  });

  it('gives a plain user an empty page for inactive or deleted departments', async () => {
    for (const qs of ['isActive=false', 'deleted=true', 'deleted=true&isActive=true']) {
      const res = await call('GET', `/api/departments?${qs}`, member);
      expect(res.statusCode, qs).toBe(200);
      expect(res.json(), qs).toEqual({ data: [], meta: { total: 0, page: 1, perPage: 20 } });
    }
    expect(names((await call('GET', '/api/departments?isActive=true&deleted=false', member)).json())).toEqual([
      'Alpha Fire Rescue',
    ]);
  });

  it('orders by name without regard to case, and pages', async () => {
    const made = [];
    for (const name of ['orderly delta', 'Orderly Bravo', 'ORDERLY charlie', 'Orderly alpha'])
      made.push(await department({ name }));
    const res = await call('GET', '/api/departments?query=orderly', member);
    expect(names(res.json())).toEqual(['Orderly alpha', 'Orderly Bravo', 'ORDERLY charlie', 'orderly delta']);
    const page2 = await call('GET', '/api/departments?query=orderly&page=2&limit=3', member);
    expect(page2.json()).toEqual({
      data: [expect.objectContaining({ name: 'orderly delta' })],
      meta: { total: 4, page: 2, perPage: 3 },
    });
    const beyond = await call('GET', '/api/departments?query=orderly&page=5&limit=3', member);
    expect(beyond.json()).toEqual({ data: [], meta: { total: 4, page: 5, perPage: 3 } });
    for (const d of made) await db().deleteFrom('departments').where('id', '=', d.id).execute();
  });

  it('searches name and city without regard to case, with % and _ taken literally', async () => {
    const odd = await department({ name: '100% Volunteer_Crew', city: 'Thunder Bay', province: 'ON' });
    const find = async (url: string, caller: Caller = member) => names((await call('GET', url, caller)).json());
    expect(await find('/api/departments/search?query=ALPHA')).toEqual(['Alpha Fire Rescue']);
    expect(await find('/api/departments/search?query=calg')).toEqual(['Alpha Fire Rescue']);
    expect(await find('/api/departments/search?query=%25')).toEqual(['100% Volunteer_Crew']);
    expect(await find('/api/departments/search?query=_')).toEqual(['100% Volunteer_Crew']);
    expect(await find('/api/departments/search?query=thunder')).toEqual(['100% Volunteer_Crew']);
    // Same visibility as the list: a plain user does not find the inactive one; an admin does.
    expect(await find('/api/departments/search?query=bravo')).toEqual([]);
    expect(await find('/api/departments/search?query=bravo', admin)).toEqual(['Bravo Fire Brigade']);
    expect(await find('/api/departments/search?query=charlie', admin)).toEqual([]);
    expect(await find('/api/departments?query=regina', admin)).toEqual(['Bravo Fire Brigade']);
    const paged = await call('GET', '/api/departments/search?query=fire&limit=1&page=2', admin);
    expect(paged.json()).toMatchObject({
      data: [{ name: 'Bravo Fire Brigade' }],
      meta: { total: 2, page: 2, perPage: 1 },
    });
    await db().deleteFrom('departments').where('id', '=', odd.id).execute();
  });

  it('filter answers like the list', async () => {
    for (const [qs, caller] of [
      ['', member],
      ['', admin],
      ['?isActive=false', admin],
      ['?deleted=true', admin],
      ['?deleted=true', member],
      ['?query=fire&limit=1', admin],
    ] as const) {
      const list = await call('GET', `/api/departments${qs}`, caller);
      const filter = await call('GET', `/api/departments/filter${qs}`, caller);
      expect(filter.statusCode, qs).toBe(200);
      expect(filter.json(), qs).toEqual(list.json());
    }
  });

  it('refuses malformed queries with 400', async () => {
    for (const url of [
      '/api/departments?isActive=maybe',
      '/api/departments?deleted=1',
      '/api/departments?page=0',
      '/api/departments?limit=101',
      '/api/departments/filter?limit=x',
      '/api/departments/search',
      `/api/departments/search?query=${'x'.repeat(101)}`,
    ]) {
      const res = await call('GET', url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('GET /api/departments/{id}', () => {
  it('shows an admin any department, deleted ones included, never cached publicly', async () => {
    for (const d of [active, inactive, deleted]) {
      const res = await call('GET', `/api/departments/${d.id}`, admin);
      expect(res.statusCode, d.name).toBe(200);
      expect(res.json()).toMatchObject({
        id: d.id,
        name: d.name,
        isActive: d.is_active,
        isDeleted: d.deleted_at !== null,
      });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toMatch(/authorization/i);
    }
    expect((await call('GET', `/api/departments/${active.id}`, admin)).json().memberCount).toBe(2);
  });

  it('shows everyone else only active, not deleted ones (404 otherwise)', async () => {
    for (const caller of [undefined, member]) {
      const ok = await call('GET', `/api/departments/${active.id}`, caller);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=1500');
      for (const d of [inactive, deleted]) {
        const res = await call('GET', `/api/departments/${d.id}`, caller);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'DEPARTMENT_NOT_FOUND' });
      }
    }
  });

  it('treats a bad or stale token as no token', async () => {
    const res = await t.app.inject({
      url: `/api/departments/${deleted.id}`,
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(res.statusCode).toBe(404);
    const gone = await insertUser(db(), { role: 'admin', is_active: false });
    expect((await call('GET', `/api/departments/${deleted.id}`, gone)).statusCode).toBe(404);
    expect((await call('GET', `/api/departments/${active.id}`, gone)).statusCode).toBe(200);
  });

  it('answers an admin 404 for a missing department', async () => {
    const res = await call('GET', '/api/departments/2147483647', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'DEPARTMENT_NOT_FOUND' });
  });
});

describe('POST /api/departments', () => {
  it('creates a department (201) and shows it on the public page', async () => {
    const res = await call('POST', '/api/departments', admin, {
      name: '  Delta Fire Department ',
      city: 'Halifax',
      province: 'NS',
      address: '1 Main St',
      phone: '',
      email: 'chief@delta.example',
      website: 'https://delta.example',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Delta Fire Department',
      city: 'Halifax',
      province: 'NS',
      address: '1 Main St',
      phone: null,
      email: 'chief@delta.example',
      website: 'https://delta.example',
      isActive: true,
      isDeleted: false,
      deletedAt: null,
      memberCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call('GET', `/api/departments/${body.id}`)).json()).toEqual(body);
    const hidden = await call('POST', '/api/departments', superAdmin, {
      name: 'Echo Fire Department',
      city: 'Hope',
      province: 'BC',
      isActive: false,
    });
    expect(hidden.statusCode).toBe(201);
    expect(hidden.json().isActive).toBe(false);
    expect((await call('GET', `/api/departments/${hidden.json().id}`)).statusCode).toBe(404);
  });

  it('refuses a name in use, without regard to case (409 DEPARTMENT_NAME_TAKEN)', async () => {
    const res = await call('POST', '/api/departments', admin, {
      name: 'ALPHA fire rescue',
      city: 'Elsewhere',
      province: 'ON',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      statusCode: 409,
      code: 'DEPARTMENT_NAME_TAKEN',
      details: { departmentId: active.id, isDeleted: false },
    });
    const ofDeleted = await call('POST', '/api/departments', admin, {
      name: 'Charlie Fire Hall',
      city: 'Moncton',
      province: 'NB',
    });
    expect(ofDeleted.statusCode).toBe(409);
    expect(ofDeleted.json()).toMatchObject({
      code: 'DEPARTMENT_NAME_TAKEN',
      details: { departmentId: deleted.id, isDeleted: true },
    });
    expect(ofDeleted.json().message).toMatch(/restore/);
    const count = await db().selectFrom('departments').select('id').where('city', '=', 'Elsewhere').execute();
    expect(count).toEqual([]);
  });

  it('keeps names unique when the same name is created at the same time', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/api/departments', admin, { name: 'Racing Fire Department', city: 'Banff', province: 'AB' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json()).toMatchObject({ code: 'DEPARTMENT_NAME_TAKEN' });
  });

  it('relies on a unique violation (23505) that both PostgreSQL and PGlite report by code', async () => {
    await expect(
      db().insertInto('departments').values({ name: 'alpha FIRE rescue', city: 'X', province: 'AB' }).execute(),
    ).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('refuses invalid bodies with 400 and the field named', async () => {
    const base = { name: 'Foxtrot FD', city: 'Hope', province: 'BC' };
    for (const [body, field] of [
      [{ city: 'Hope', province: 'BC' }, 'body.name'],
      [{ ...base, name: '   ' }, 'body.name'],
      [{ ...base, name: 'x'.repeat(121) }, 'body.name'],
      [{ ...base, province: 'XX' }, 'body.province'],
      [{ ...base, city: '' }, 'body.city'],
      [{ ...base, email: 'not-an-email' }, 'body.email'],
      [{ ...base, website: 'ftp://files.example' }, 'body.website'],
      [{ ...base, isActive: 'yes' }, 'body.isActive'],
      [{ ...base, memberCount: 3 }, 'body'],
    ] as const) {
      const res = await call('POST', '/api/departments', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(
        res
          .json()
          .details.map((d: { field: string }) => d.field)
          .join(' '),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await db().selectFrom('departments').select('id').where('name', '=', 'Foxtrot FD').execute()).toEqual([]);
  });
});

describe('PUT /api/departments/{id}', () => {
  it('changes the given fields only', async () => {
    const d = await department({ name: 'Golf Fire Department', city: 'Golden', province: 'BC', phone: '555-0199' });
    const res = await call('PUT', `/api/departments/${d.id}`, admin, {
      city: 'Revelstoke',
      website: 'http://golf.example',
      phone: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: d.id,
      name: 'Golf Fire Department',
      city: 'Revelstoke',
      province: 'BC',
      website: 'http://golf.example',
      phone: null,
    });
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThanOrEqual(d.updated_at.getTime());
    const same = await call('PUT', `/api/departments/${d.id}`, admin, {});
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(res.json());
    const renamed = await call('PUT', `/api/departments/${d.id}`, admin, { name: 'GOLF Fire Department' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('GOLF Fire Department');
  });

  it('deactivating hides it from the public page and plain users; activating brings it back', async () => {
    const d = await department({ name: 'Hotel Fire Department' });
    expect((await call('GET', `/api/departments/${d.id}`)).statusCode).toBe(200);
    expect((await call('PUT', `/api/departments/${d.id}`, admin, { isActive: false })).json().isActive).toBe(false);
    expect((await call('GET', `/api/departments/${d.id}`)).statusCode).toBe(404);
    expect(names((await call('GET', '/api/departments/search?query=hotel', member)).json())).toEqual([]);
    expect((await call('PUT', `/api/departments/${d.id}`, admin, { isActive: true })).json().isActive).toBe(true);
    expect((await call('GET', `/api/departments/${d.id}`)).statusCode).toBe(200);
  });

  it('refuses the name of another department (409) and changes nothing', async () => {
    const d = await department({ name: 'India Fire Department', city: 'Inuvik', province: 'NT' });
    const res = await call('PUT', `/api/departments/${d.id}`, admin, { name: 'bravo fire brigade', city: 'Changed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DEPARTMENT_NAME_TAKEN', details: { departmentId: inactive.id } });
    expect(await row(d.id)).toMatchObject({ name: 'India Fire Department', city: 'Inuvik' });
  });

  it('answers 404 for a missing or soft-deleted department (restore it first)', async () => {
    for (const id of [2147483647, deleted.id]) {
      const res = await call('PUT', `/api/departments/${id}`, admin, { city: 'Nowhere' });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toMatchObject({ code: 'DEPARTMENT_NOT_FOUND' });
    }
    expect((await row(deleted.id)).city).toBe('Moncton');
  });

  it('refuses invalid bodies with 400', async () => {
    for (const body of [{ name: '' }, { province: 'ZZ' }, { id: 5 }, { isDeleted: false }]) {
      expect((await call('PUT', `/api/departments/${active.id}`, admin, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
  });
});

describe('POST /api/departments/{id}/soft-delete and /restore', () => {
  it('round trip: gone from lists and the public page, back on restore, idempotent both ways', async () => {
    const d = await department({ name: 'Juliet Fire Department', city: 'Jasper', province: 'AB' });
    const resident = await insertUser(db(), { department_id: d.id });
    const visible = async () => ({
      public: (await call('GET', `/api/departments/${d.id}`)).statusCode,
      userList: names((await call('GET', '/api/departments?query=juliet', member)).json()),
      adminList: names((await call('GET', '/api/departments?query=juliet', admin)).json()),
      bin: names((await call('GET', '/api/departments?query=juliet&deleted=true', admin)).json()),
    });
    expect(await visible()).toEqual({
      public: 200,
      userList: ['Juliet Fire Department'],
      adminList: ['Juliet Fire Department'],
      bin: [],
    });

    const gone = await call('POST', `/api/departments/${d.id}/soft-delete`, admin);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ id: d.id, isDeleted: true, deletedAt: expect.any(String), memberCount: 1 });
    expect(await visible()).toEqual({ public: 404, userList: [], adminList: [], bin: ['Juliet Fire Department'] });
    expect((await call('GET', `/api/departments/${d.id}`, admin)).json()).toMatchObject({ isDeleted: true });
    // Its members keep it; nobody new can join it.
    expect((await call('GET', `/api/users/${resident.id}`, admin)).json().departmentId).toBe(d.id);
    expect((await call('PUT', `/api/users/${member.id}`, member, { departmentId: d.id })).json()).toMatchObject({
      code: 'DEPARTMENT_UNAVAILABLE',
    });

    const again = await call('POST', `/api/departments/${d.id}/soft-delete`, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json().deletedAt).toBe(gone.json().deletedAt);

    const back = await call('POST', `/api/departments/${d.id}/restore`, admin);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ isDeleted: false, deletedAt: null, isActive: true });
    expect(await visible()).toEqual({
      public: 200,
      userList: ['Juliet Fire Department'],
      adminList: ['Juliet Fire Department'],
      bin: [],
    });
    const backAgain = await call('POST', `/api/departments/${d.id}/restore`, admin);
    expect(backAgain.statusCode).toBe(200);
    expect(backAgain.json()).toEqual(back.json());
  });

  it('answers 404 for a missing department and 400 for a bad id', async () => {
    for (const action of ['soft-delete', 'restore']) {
      const res = await call('POST', `/api/departments/2147483647/${action}`, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'DEPARTMENT_NOT_FOUND' });
      expect((await call('POST', `/api/departments/0/${action}`, admin)).statusCode).toBe(400);
    }
  });
});

describe('GET /api/departments/{id}/users', () => {
  it("lists a department's members by last name, paged", async () => {
    const res = await call('GET', `/api/departments/${active.id}/users`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 2, page: 1, perPage: 20 });
    expect(body.data.map((u: { lastName: string }) => u.lastName)).toEqual(['Adams', 'Zimmer']);
    expect(body.data[1]).toMatchObject({ id: member.id, departmentId: active.id, departmentName: 'Alpha Fire Rescue' });
    const page2 = await call('GET', `/api/departments/${active.id}/users?page=2&limit=1`, admin);
    expect(page2.json()).toMatchObject({ data: [{ id: member.id }], meta: { total: 2, page: 2, perPage: 1 } });
  });

  it('lists the members of a deleted department too, and 404 for a missing one', async () => {
    const gone = await department({ name: 'Kilo Fire Department', deleted_at: new Date() });
    await insertUser(db(), { department_id: gone.id });
    expect((await call('GET', `/api/departments/${gone.id}/users`, admin)).json().meta.total).toBe(1);
    const res = await call('GET', '/api/departments/2147483647/users', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'DEPARTMENT_NOT_FOUND' });
    expect((await call('GET', `/api/departments/${active.id}/users?limit=500`, admin)).statusCode).toBe(400);
  });
});

describe('with the public read cache on', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => cached.close());

  it('shows admin writes on the public page at once', async () => {
    const cdb = cached.database.db;
    const boss = await insertUser(cdb, { role: 'admin' });
    const auth = { authorization: `Bearer ${cached.app.jwt.sign({ sub: boss.id, role: boss.role })}` };
    const d = await insertDepartment(cdb, { name: 'Lima Fire Department' });
    const get = () => cached.app.inject({ url: `/api/departments/${d.id}` });
    expect((await get()).json().city).toBe('Red Deer');
    // Written behind the app's back: the cache still answers the old card.
    await cdb.updateTable('departments').set({ city: 'Behind' }).where('id', '=', d.id).execute();
    expect((await get()).json().city).toBe('Red Deer');
    // An admin reads around the cache.
    expect((await cached.app.inject({ url: `/api/departments/${d.id}`, headers: auth })).json().city).toBe('Behind');

    const put = await cached.app.inject({
      method: 'PUT',
      url: `/api/departments/${d.id}`,
      headers: auth,
      payload: { city: 'Lima' },
    });
    expect(put.statusCode).toBe(200);
    expect((await get()).json().city).toBe('Lima');
    await cached.app.inject({ method: 'POST', url: `/api/departments/${d.id}/soft-delete`, headers: auth });
    expect((await get()).statusCode).toBe(404);
    await cached.app.inject({ method: 'POST', url: `/api/departments/${d.id}/restore`, headers: auth });
    expect((await get()).statusCode).toBe(200);
  });
});
