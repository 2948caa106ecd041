import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionsWritten, type TestApp } from '../support/app.ts';
import { insertEvent, insertRegistration, insertRun, insertUser } from '../support/factories.ts';
import { type OpenApiDocument, openApiClient } from '../support/openapi-client.ts';

/**
 * The OpenAPI document as others consume it (decision 049): Redocly's recommended rules pass with no
 * error, every operation has a stable operationId and the security its route's access declares, and a
 * client that knows nothing but the document can call the API.
 */

/** Warnings the document keeps on purpose, each with the reason it is not fixed. */
const JUSTIFIED_WARNINGS: Record<string, string> = {
  // `/api/events/{id}/picture` against `/api/events/by-year/{year}`: Fastify's router takes the static
  // segment first, and ids are digits only (their pattern says so), so no request is ambiguous.
  'no-ambiguous-paths': 'static segments win; ids are digits',
  // The project is not published under a licence.
  'info-license': 'no licence is granted',
};

/** Operations that answer no 4xx at all: nothing they take can be wrong. */
const WITHOUT_4XX = new Set([
  'getHealth',
  'getReady',
  'getEventsAvailableYears',
  'getEventsCurrentSeasonYear',
  // The public results search's pickers: no parameters.
  'getResultsPublicFilters',
  // Signing out always succeeds: without a session cookie there is nothing to end.
  'postAuthLogout',
]);

let t: TestApp;
let doc: OpenApiDocument & Record<string, unknown>;
let source: string;

beforeAll(async () => {
  // The address a deployment names; localhost would (rightly) be a lint warning.
  t = await createTestApp({ env: { PUBLIC_URL: 'https://portal.firefit.test' } });
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  source = res.body;
  doc = res.json();
});

afterAll(() => t.close());

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules: no error, and only the justified warnings", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const explain = (p: NormalizedProblem) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;
    expect(problems.filter((p) => p.severity === 'error').map(explain)).toEqual([]);
    const unexplained = problems.filter((p) => {
      if (p.severity !== 'warn') return false;
      if (p.ruleId in JUSTIFIED_WARNINGS) return false;
      if (p.ruleId === 'operation-4xx-response') {
        const operationId = operationsOf(doc).find(
          ({ path, method }) => p.location[0]?.pointer === `#/paths/${path.replaceAll('/', '~1')}/${method}/responses`,
        )?.operation.operationId;
        return !WITHOUT_4XX.has(operationId ?? '');
      }
      return true;
    });
    expect(unexplained.map(explain)).toEqual([]);
  });

  it('names the server and the bearer scheme', () => {
    expect(doc.servers).toEqual([{ url: 'https://portal.firefit.test', description: 'This server' }]);
    expect((doc.components as { securitySchemes: unknown }).securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  it("gives every documented route a unique operationId and its access declaration's security", () => {
    const operations = operationsOf(doc);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      operations.find((o) => o.path === '/api/events/{id}/picture' && o.method === 'get')?.operation.operationId,
    ).toBe('getEventsByIdPicture');
    for (const route of t.app.routeTable) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      if (!operation) continue; // HEAD twins, the docs' own routes and the live socket are not documented
      const expected = route.access === 'public' ? [] : [{ bearer: [] }];
      expect(operation.security, `${route.method} ${route.url}`).toEqual(expected);
    }
    // Every operation is one of the app's routes.
    expect(operations.length).toBeGreaterThan(100);
  });
});

describe('a client driven by the document alone', () => {
  let client: ReturnType<typeof openApiClient>;
  let address: string;

  beforeAll(async () => {
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    client = openApiClient(doc, address);
  });

  it('reads a public route', async () => {
    const event = await insertEvent(t.database.db, { name: 'Client Cup', start_date: '2099-06-01' });
    const res = await client.call('getEventsById', { params: { id: event.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: event.id, name: 'Client Cup' });
  });

  it('calls a signed-in route with a bearer token, and is refused without one', async () => {
    const user = await insertUser(t.database.db, { first_name: 'Docu', email: 'docu@example.org' });
    const token = t.app.jwt.sign({ sub: user.id, role: user.role });
    await sessionsWritten(t.app);
    const me = await client.call('getAuthMe', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, email: 'docu@example.org', firstName: 'Docu' });
    const anonymous = await client.call('getAuthMe');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('gets the documented error envelope when validation fails, and nothing is written', async () => {
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const token = t.app.jwt.sign({ sub: admin.id, role: admin.role });
    await sessionsWritten(t.app);
    const before = await t.database.db
      .selectFrom('departments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await client.call('postDepartments', { token, body: { name: '', city: 'Red Deer', province: 'XX' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const after = await t.database.db
      .selectFrom('departments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
    const badId = await client.call('getEventsById', { params: { id: 'not-a-number' } });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('downloads a PDF and the CSVs in the media types the document lists, with the bodies it describes', async () => {
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const token = t.app.jwt.sign({ sub: admin.id, role: admin.role });
    await sessionsWritten(t.app);
    const event = await insertEvent(t.database.db, { name: 'Download Cup', start_date: '2099-06-01' });
    const run = await insertRun(t.database.db, event.id, { name: 'Individual: Open Men' });
    const person = await insertUser(t.database.db, { first_name: 'Pat', last_name: 'Doe' });
    await insertRegistration(t.database.db, { runId: run.id, userId: person.id });
    const generated = await client.call('postRunOrdersRunByRunIdGenerate', {
      token,
      params: { runId: run.id },
      body: { expectedVersion: 0, seeding: { rule: 'random', seed: 1 }, heatSize: 1 },
    });
    expect(generated.status).toBe(200);

    const pdf = await client.call('getDocumentsRunByRunIdStartListPdf', { params: { runId: run.id } });
    expect(pdf.status).toBe(200);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.body).toBeInstanceOf(Uint8Array);
    expect(
      Buffer.from(pdf.body as Uint8Array)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const sheets = await client.call('getDocumentsRunByRunIdHeatSheetsPdf', { token, params: { runId: run.id } });
    expect([sheets.status, sheets.contentType]).toEqual([200, 'application/pdf']);

    const csv = await client.call('getDocumentsRunByRunIdStartListCsv', { params: { runId: run.id } });
    expect([csv.status, csv.contentType]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(csv.body).toMatch(/^\uFEFFPosition,Heat,Pair,Lane,Name,.*\r\n1,1,1,.*Pat Doe/s);
    const results = await client.call('getDocumentsEventByEventIdResultsCsv', { token, params: { eventId: event.id } });
    expect([results.status, results.contentType]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(results.body).toMatch(/^\uFEFFRun,Category,Rank,Name/);

    // A refusal is the JSON error envelope the document lists for it.
    const missing = await client.call('getDocumentsRunByRunIdResultsPdf', { params: { runId: 2_000_000 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: expect.any(String) });

    // And the client refuses a file the document says is JSON, as a generated one would fail on it.
    const asJson = structuredClone(doc);
    const ok = asJson.paths['/api/documents/run/{runId}/start-list.pdf']?.get?.responses['200'];
    if (ok) ok.content = { 'application/json': { schema: {} } };
    await expect(
      openApiClient(asJson, address).call('getDocumentsRunByRunIdStartListPdf', { params: { runId: run.id } }),
    ).rejects.toThrow('answered 200 in application/pdf, which the document does not list (application/json)');
  });

  it('refuses what the document does not offer', async () => {
    await expect(client.call('getNothingAtAll')).rejects.toThrow('No operation getNothingAtAll');
    await expect(client.call('getEventsById', { params: { eventId: 1 } })).rejects.toThrow('no path parameter eventId');
  });
});
