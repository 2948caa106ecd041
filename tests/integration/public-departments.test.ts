import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department } from '../../api/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertDepartment } from '../support/factories.ts';

let t: TestApp;
let full: Department;
let bare: Department;
let inactive: Department;
let deleted: Department;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  full = await insertDepartment(db, {
    name: 'Kelowna Fire Department',
    city: 'Kelowna',
    province: 'BC',
    website: 'https://kelowna-fire.example',
    email: 'info@kelowna-fire.example',
    phone: '555-0100',
    address: '2255 Enterprise Way',
  });
  bare = await insertDepartment(db, { name: 'Small Town Volunteers', city: 'Hope', province: 'BC' });
  inactive = await insertDepartment(db, { is_active: false });
  deleted = await insertDepartment(db, { deleted_at: new Date() });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('GET /api/departments/{id}', () => {
  it('answers the department (public card plus state, member count and timestamps), and no private fields', async () => {
    const res = await get(`/api/departments/${full.id}`);
    expect(res.statusCode).toBe(200);
    const stamps = {
      isActive: true,
      isDeleted: false,
      deletedAt: null,
      memberCount: 0,
      createdAt: full.created_at.toISOString(),
      updatedAt: full.updated_at.toISOString(),
    };
    expect(res.json()).toEqual({
      id: full.id,
      name: 'Kelowna Fire Department',
      city: 'Kelowna',
      province: 'BC',
      website: 'https://kelowna-fire.example',
      email: 'info@kelowna-fire.example',
      phone: '555-0100',
      address: '2255 Enterprise Way',
      ...stamps,
    });
    expect((await get(`/api/departments/${bare.id}`)).json()).toEqual({
      id: bare.id,
      name: 'Small Town Volunteers',
      city: 'Hope',
      province: 'BC',
      website: null,
      email: null,
      phone: null,
      address: null,
      ...stamps,
      createdAt: bare.created_at.toISOString(),
      updatedAt: bare.updated_at.toISOString(),
    });
  });

  it('answers 404 in the envelope for an inactive, soft-deleted or missing department', async () => {
    for (const id of [inactive.id, deleted.id, 2147483647]) {
      const res = await get(`/api/departments/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Department not found',
        code: 'DEPARTMENT_NOT_FOUND',
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('refuses an id that is not a positive whole number with 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      const res = await get(`/api/departments/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'params.id', message: 'must be a positive whole number' }],
      });
    }
  });

  it('sends ETag and Cache-Control, 304 on a matching If-None-Match and 200 on another', async () => {
    const first = await get(`/api/departments/${full.id}`);
    expect(first.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=1500');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`/api/departments/${full.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(`/api/departments/${full.id}`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(`/api/departments/${bare.id}`, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('is public and documented in OpenAPI with a tag and a summary', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(doc.paths['/api/departments/{id}']?.get).toMatchObject({
      tags: ['departments'],
      summary: expect.any(String),
    });
    expect(t.app.routeTable.find((r) => r.method === 'GET' && r.url === '/api/departments/:id')?.access).toBe('public');
  });
});
