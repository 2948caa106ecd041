import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, Run, User } from '../../api/db/schema.ts';
import { INFRACTIONS } from '../../api/domain/results/penalties.ts';
import { type ResultsBookData, TIMING_SHEET_HEADERS } from '../../api/modules/documents/definitions.ts';
import { appOn, callAs, createTestApp, type TestApp } from '../support/app.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertResult,
  insertRun,
  insertUser,
} from '../support/factories.ts';

/**
 * Print documents and CSV exports through the real app and database (docs/decisions/040-print-documents.md):
 * each PDF's text is read back and checked for its names in order, pages, headers, accents and the draft
 * watermark; access follows the data.
 */

let t: TestApp;
let admin: User;
let user: User;
let publicEvent: EventRow;
let draftEvent: EventRow;
const db = () => t.database.db;

const NAMES: [string, string][] = [
  ['Hélène', 'Bérubé'],
  ['François', 'Côté'],
  ['Joëlle', 'Laïné'],
  ['Anaïs', 'Lefèvre'],
  ['Marie-Ève-Françoise', 'de La Rochefoucauld-Montmorency-Saint-Éloi-des-Bois-Francs'],
  ['Jérôme', 'Gagné'],
  ['=HYPERLINK("x")', 'Formula'],
  ['Noël', 'Ouellet'],
];
const fullName = (i: number) => NAMES[i]?.join(' ') ?? '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(db(), { role: 'admin', first_name: 'Alex', last_name: 'Morgan' });
  user = await insertUser(db(), { role: 'user' });
  publicEvent = await insertEvent(db(), { name: 'Défi de Québec', start_date: '2027-06-01' });
  draftEvent = await insertEvent(db(), { name: 'Brouillon', status: 'Draft' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, caller?: User) => callAs(t.app, 'GET', url, caller);

async function pdf(body: Buffer): Promise<{ pages: string[]; all: string }> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(document, { mergePages: false });
  const pages = text as string[];
  return { pages, all: pages.join('\n') };
}

/** An individual run of the event with the names above, its order generated (heats of 2 pairs). */
async function runWith(event: EventRow, overrides: Partial<Run> = {}) {
  const department = await insertDepartment(db(), { name: `Service d'incendie de Lévis ${Math.random()}` });
  const run = await insertRun(db(), event.id, { participant_limit: 100, name: 'Individuel hommes', ...overrides });
  const registrations: number[] = [];
  for (const [first, last] of NAMES) {
    const person = await insertUser(db(), { first_name: first, last_name: last, department_id: department.id });
    registrations.push((await insertRegistration(db(), { runId: run.id, userId: person.id })).id);
  }
  const generated = await callAs(t.app, 'POST', `/api/run-orders/run/${run.id}/generate`, admin, {
    expectedVersion: 0,
    seeding: { rule: 'random', seed: 3, separateDepartments: false, minRest: 0 },
    heatSize: 2,
  });
  expect(generated.statusCode, generated.body).toBe(200);
  const slots = (generated.json() as { slots: (number | null)[] }).slots;
  const nameOf = (registrationId: number | null) =>
    registrationId === null ? '' : fullName(registrations.indexOf(registrationId));
  return { run, registrations, slots, order: slots.map(nameOf) };
}

/** Each of `names` appears in `text`, in this order. */
function expectInOrder(text: string, names: readonly string[]) {
  // A long name wraps in its cell: compare without white space.
  const flat = text.replace(/\s+/g, '');
  let from = -1;
  for (const name of names) {
    const at = flat.indexOf(name.replace(/\s+/g, ''), from + 1);
    expect(at, `${name} after position ${from}`).toBeGreaterThan(from);
    from = at;
  }
}

describe('start lists, heat sheets and timing sheets', () => {
  it('prints the start list of a public run for anyone: names in order, accents, long names, page x of y', async () => {
    const { run, order } = await runWith(publicEvent);
    const res = await get(`/api/documents/run/${run.id}/start-list.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="start-list-defi-de-quebec-individuel-hommes.pdf"',
    );
    const { pages, all } = await pdf(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(all).toContain('Start list: Individuel hommes (Open Men)');
    expect(all).toContain('Défi de Québec');
    expect(all).toContain('Page 1 of 1');
    expectInOrder(
      all,
      order.filter((n) => !n.startsWith('=')),
    );
    expect(all).toContain('Saint-Éloi');
    expect(all).toMatch(/Lévis/);
  });

  it('prints a scratch or a no-show beside the name on the start list, heat and timing sheets, as the board shows it; the version before it prints none', async () => {
    const { run, slots, order } = await runWith(publicEvent);
    const scratched = slots.findIndex((id) => id !== null);
    const marked = await callAs(
      t.app,
      'PATCH',
      `/api/run-orders/run/${run.id}/registrations/${slots[scratched]}/mark`,
      admin,
      { expectedVersion: 1, mark: 'scratched' },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const now = (await pdf((await get(`/api/documents/run/${run.id}/start-list.pdf`)).rawPayload)).all;
    expect(now.replace(/\s+/g, '')).toContain(`${order[scratched]}(Scratched)`.replace(/\s+/g, ''));
    const before = await get(`/api/documents/run/${run.id}/start-list.pdf?version=1`, admin);
    expect((await pdf(before.rawPayload)).all).not.toContain('Scratched');
    // The officials' sheets carry the same mark: nobody times a lane that will not run.
    for (const sheet of ['heat-sheets.pdf', 'timing-sheets.pdf']) {
      const printed = await get(`/api/documents/run/${run.id}/${sheet}`, admin);
      expect(printed.statusCode, printed.body).toBe(200);
      const text = (await pdf(printed.rawPayload)).all.replace(/\s+/g, '');
      expect(text, sheet).toContain(`${order[scratched]}(Scratched)`.replace(/\s+/g, ''));
      const atOne = await get(`/api/documents/run/${run.id}/${sheet}?version=1`, admin);
      expect((await pdf(atOne.rawPayload)).all, sheet).not.toContain('Scratched');
    }
  });

  it('prints a past version or a saved state for admins; refuses them to others and bad queries', async () => {
    const { run, order } = await runWith(publicEvent);
    const saved = await callAs(t.app, 'POST', `/api/run-orders/run/${run.id}/states`, admin, {
      expectedVersion: 1,
      name: 'Finale',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const atZero = await get(`/api/documents/run/${run.id}/start-list.pdf?version=0`, admin);
    expect(atZero.statusCode, atZero.body).toBe(200);
    const zero = await pdf(atZero.rawPayload);
    expect(zero.all).toContain('Version 0');
    expect(zero.all).not.toContain('Bérubé');
    const state = await get(`/api/documents/run/${run.id}/start-list.pdf?state=Finale`, admin);
    expect(state.statusCode, state.body).toBe(200);
    const stateText = (await pdf(state.rawPayload)).all;
    expect(stateText).toContain('Saved state "Finale"');
    expectInOrder(
      stateText,
      order.filter((n) => !n.startsWith('=')),
    );

    expectEnvelope(await get(`/api/documents/run/${run.id}/start-list.pdf?version=0`), 403, 'FORBIDDEN');
    expectEnvelope(
      await get(`/api/documents/run/${run.id}/start-list.pdf?state=Nope`, admin),
      404,
      'SAVED_STATE_NOT_FOUND',
    );
    expectEnvelope(
      await get(`/api/documents/run/${run.id}/start-list.pdf?version=99`, admin),
      404,
      'VERSION_NOT_FOUND',
    );
    for (const query of ['version=abc', 'version=-1', 'version=0&state=Finale', 'other=1', 'version=1e3']) {
      expectEnvelope(
        await get(`/api/documents/run/${run.id}/start-list.pdf?${query}`, admin),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectEnvelope(await get('/api/documents/run/abc/start-list.pdf', admin), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/api/documents/run/999999/start-list.pdf', admin), 404, 'RUN_NOT_FOUND');
  });

  it('keeps the start list of a non-public event for admins', async () => {
    const { run } = await runWith(draftEvent);
    expectEnvelope(await get(`/api/documents/run/${run.id}/start-list.pdf`), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await get(`/api/documents/run/${run.id}/start-list.csv`, user), 404, 'RUN_NOT_FOUND');
    expect((await get(`/api/documents/run/${run.id}/start-list.pdf`, admin)).statusCode).toBe(200);
  });

  it('prints heat sheets and blank timing sheets, a page per heat, for admins only', async () => {
    const { run, order } = await runWith(publicEvent);
    const heats = Math.ceil(order.length / 4);
    const sheets = await get(`/api/documents/run/${run.id}/heat-sheets.pdf`, admin);
    expect(sheets.statusCode, sheets.body).toBe(200);
    expect(sheets.headers['content-disposition']).toContain('heat-sheets-defi-de-quebec-individuel-hommes.pdf');
    const heatPages = (await pdf(sheets.rawPayload)).pages;
    expect(heatPages).toHaveLength(heats);
    heatPages.forEach((page, i) => {
      expect(page).toContain(`Heat ${i + 1}`);
      expect(page).toContain('Heat sheets — Individuel hommes');
      expect(page).toContain(`Page ${i + 1} of ${heats}`);
      expectInOrder(
        page,
        order.slice(i * 4, i * 4 + 4).filter((n) => !n.startsWith('=')),
      );
    });

    const timing = await get(`/api/documents/run/${run.id}/timing-sheets.pdf`, admin);
    expect(timing.statusCode, timing.body).toBe(200);
    const timingPages = (await pdf(timing.rawPayload)).pages;
    expect(timingPages).toHaveLength(heats);
    expect(timingPages[0]).toContain('Timing sheet — heat 1');
    for (const label of ['Time (m:ss.hh)', 'DNF', 'DNS', 'DQ', 'Initials', 'False start', 'Timing official']) {
      expect(timingPages[0]).toContain(label);
    }
    // Every infraction's box is headed by a readable name and its key, in the table's header, before the names.
    expectInOrder(timingPages[0] ?? '', [
      'Penalties: +2 s each, tally every call',
      'Disqualify (DQ)',
      ...INFRACTIONS.filter((i) => !i.disqualifies).map((i) => `${TIMING_SHEET_HEADERS[i.code]} ${i.key}`),
      ...INFRACTIONS.filter((i) => i.disqualifies).map((i) => `${TIMING_SHEET_HEADERS[i.code]} ${i.key}`),
      'DNF',
      order.find((n) => n !== '' && !n.startsWith('=')) ?? '',
      'Penalty keys:',
    ]);
    expectInOrder(
      timingPages[0] ?? '',
      order.slice(0, 4).filter((n) => !n.startsWith('=')),
    );

    expectEnvelope(await get(`/api/documents/run/${run.id}/heat-sheets.pdf`), 401, 'UNAUTHORIZED');
    expectEnvelope(await get(`/api/documents/run/${run.id}/timing-sheets.pdf`, user), 403, 'FORBIDDEN');
  });

  it('exports the start list as CSV: BOM, header row, CRLF, accents, formulas defused', async () => {
    const { run, order } = await runWith(publicEvent);
    const res = await get(`/api/documents/run/${run.id}/start-list.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="start-list-defi-de-quebec-individuel-hommes.csv"',
    );
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFPosition,Heat,Pair,Lane,Name,Department,Category,Seed time,Note\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(order.length + 2);
    expect(lines[1]).toContain(order[0]?.startsWith('=') ? `"'=HYPERLINK(""x"")` : (order[0] ?? ''));
    expect(text).toContain(`"'=HYPERLINK(""x"") Formula"`);
    expect(text).toContain('Hélène Bérubé');
  });
});

/** A run with results: the first four of the order official (fastest first), the fifth provisional. */
async function runWithResults(event: EventRow, overrides: Partial<Run> = {}) {
  const made = await runWith(event, overrides);
  for (const [i, registrationId] of made.slots.slice(0, 5).entries()) {
    await insertResult(db(), {
      registrationId: registrationId as number,
      rawTimeMs: 100_000 + i * 1_000,
      heat: 1,
      position: i + 1,
      enteredBy: admin.id,
      ...(i < 4 ? { validatedBy: user.id } : {}),
    });
  }
  return made;
}

describe('results', () => {
  it('prints official results for the public and provisional ones under a DRAFT watermark for admins', async () => {
    const { run, order } = await runWithResults(publicEvent);
    const official = order.slice(0, 4);
    const provisional = order[4] as string;

    const pub = await get(`/api/documents/run/${run.id}/results.pdf`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.headers['content-disposition']).toContain('results-defi-de-quebec-individuel-hommes.pdf');
    const pubText = (await pdf(pub.rawPayload)).all;
    expect(pubText).not.toContain('DRAFT');
    expectInOrder(
      pubText,
      official.filter((n) => !n.startsWith('=')),
    );
    expect(pubText).not.toContain(provisional);
    expect(pubText).toContain('Provisional results are not shown');
    expect(pubText).toContain('1:40.00');

    const adm = await get(`/api/documents/run/${run.id}/results.pdf`, admin);
    expect(adm.statusCode, adm.body).toBe(200);
    expect(adm.headers['cache-control']).toBe('private, no-store');
    const admText = (await pdf(adm.rawPayload)).all;
    expect(admText).toContain('DRAFT — PROVISIONAL');
    expectInOrder(
      admText,
      [...official, provisional].filter((n) => !n.startsWith('=')),
    );
    expect(admText).toContain('provisional');

    const csv = (await get(`/api/documents/run/${run.id}/results.csv`)).rawPayload.toString('utf8');
    expect(csv.startsWith('\uFEFFRun,Category,Rank,Name,Department,')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(official.length + 2);
    expect(csv).not.toContain('provisional\r\n');
    // The gap is the code's own value: written as it is, never defused like a typed name.
    expect(csv).toContain(',1:41.00,+1.00,Finished,official\r\n');
    expect(csv).not.toContain("'+");
  });

  it('writes the raw time of a run disqualified by an infraction, with DQ and the infraction; no official time, gap or rank', async () => {
    const { run, slots, order } = await runWith(publicEvent);
    const placed = slots.flatMap((id, i) => (id !== null && !(order[i] ?? '').startsWith('=') ? [i] : []));
    const [fastest, disqualified] = placed as [number, number];
    await insertResult(db(), {
      registrationId: slots[fastest] as number,
      rawTimeMs: 100_000,
      enteredBy: admin.id,
      validatedBy: user.id,
    });
    await insertResult(db(), {
      registrationId: slots[disqualified] as number,
      rawTimeMs: 98_760,
      penalties: ['roll-dropped'],
      enteredBy: admin.id,
      validatedBy: user.id,
    });
    const csv = (await get(`/api/documents/run/${run.id}/results.csv`)).rawPayload.toString('utf8');
    const line = csv.split('\r\n').find((l) => l.includes(order[disqualified] as string));
    expect(line?.split(',').slice(2)).toEqual([
      '',
      order[disqualified],
      expect.stringContaining('Lévis'),
      '1:38.76',
      'Roll dropped off the platform',
      '',
      '',
      'DQ',
      'official',
    ]);
    expect(csv).toContain(`Individuel hommes,Open Men,1,${order[fastest]},`);
    // The printed results show it too.
    const text = (await pdf((await get(`/api/documents/run/${run.id}/results.pdf`)).rawPayload)).all;
    expect(text).toContain('1:38.76');
  });

  it('prints no draft watermark once every result is official', async () => {
    const { run, slots } = await runWith(publicEvent);
    await insertResult(db(), {
      registrationId: slots[0] as number,
      rawTimeMs: 99_000,
      heat: 1,
      position: 1,
      enteredBy: admin.id,
      validatedBy: user.id,
    });
    const text = (await pdf((await get(`/api/documents/run/${run.id}/results.pdf`, admin)).rawPayload)).all;
    expect(text).not.toContain('DRAFT');
    expect(text).toContain('Official results');
  });

  it('shows nothing of a held run, a non-public event or an inactive run to the public', async () => {
    const held = await runWithResults(publicEvent, { results_held: true });
    const heldText = (await pdf((await get(`/api/documents/run/${held.run.id}/results.pdf`)).rawPayload)).all;
    expect(heldText).toContain('No results yet.');
    expect(heldText).not.toContain(held.order[0] ?? 'x');
    const hidden = await runWithResults(draftEvent);
    expectEnvelope(await get(`/api/documents/run/${hidden.run.id}/results.pdf`), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await get(`/api/documents/run/${hidden.run.id}/results.csv`, user), 404, 'RUN_NOT_FOUND');
    expect((await get(`/api/documents/run/${hidden.run.id}/results.pdf`, admin)).statusCode).toBe(200);
    const inactive = await runWithResults(publicEvent, { is_active: false });
    expectEnvelope(await get(`/api/documents/run/${inactive.run.id}/results.pdf`), 404, 'RUN_NOT_FOUND');
    expectEnvelope(await get(`/api/documents/event/${draftEvent.id}/results-book.pdf`), 404, 'EVENT_NOT_FOUND');
    expectEnvelope(await get(`/api/documents/event/${draftEvent.id}/results.csv`, user), 404, 'EVENT_NOT_FOUND');
    expectEnvelope(await get('/api/documents/event/0/results-book.pdf'), 400, 'VALIDATION_FAILED');
  });

  it("prints the event's results book: cover, contents, every run, a header and page x of y on every page", async () => {
    const event = await insertEvent(db(), { name: 'Championnat de Trois-Rivières', start_date: '2027-07-03' });
    const first = await runWithResults(event, { name: 'Individuel hommes' });
    const second = await runWithResults(event, { name: 'Individuel femmes', category: 'Open Women' });
    const res = await get(`/api/documents/event/${event.id}/results-book.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="results-book-championnat-de-trois-rivieres.pdf"',
    );
    const { pages } = await pdf(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages[0]).toContain('Championnat de Trois-Rivières');
    expect(pages[0]).toContain('Results book');
    expect(pages[1]).toContain('Contents');
    expectInOrder(pages[1] ?? '', ['Results: Individuel hommes', 'Results: Individuel femmes']);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(page).toContain('Results book — Championnat de Trois-Rivières');
    });
    const all = pages.join('\n');
    expect(all).not.toContain('DRAFT');
    expectInOrder(all, [
      'Results: Individuel hommes',
      ...first.order.slice(0, 4).filter((n) => !n.startsWith('=')),
      'Results: Individuel femmes',
      ...second.order.slice(0, 4).filter((n) => !n.startsWith('=')),
    ]);

    const draft = (await pdf((await get(`/api/documents/event/${event.id}/results-book.pdf`, admin)).rawPayload)).all;
    expect(draft).toContain('DRAFT — PROVISIONAL');
    expect(draft).toContain('PROVISIONAL — not official results');

    const csv = await get(`/api/documents/event/${event.id}/results.csv`);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="results-championnat-de-trois-rivieres.csv"');
    const rows = csv.rawPayload.toString('utf8').split('\r\n');
    expect(rows).toHaveLength(1 + 8 + 1);
    expect(rows[1]?.startsWith('Individuel hommes,Open Men,1,')).toBe(true);
  });
});

describe('rendering off the event loop, by version, bounded (docs/decisions/073-document-render-workers.md)', () => {
  it("answers a results book's ETag with 304 and renders nothing; the same version is the same bytes; a changed result is a new ETag", async () => {
    const event = await insertEvent(db(), { name: 'Coupe de Gatineau', start_date: '2027-08-01' });
    const { slots, order } = await runWithResults(event);
    const url = `/api/documents/event/${event.id}/results-book.pdf`;
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const rendered = t.app.documentRenderer.stats().rendered;

    const revalidated = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.rawPayload).toHaveLength(0);
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(t.app.documentRenderer.stats().rendered).toBe(rendered);
    expect((await pdf(again.rawPayload)).pages[0]).toContain('Coupe de Gatineau');

    // A sixth competitor's official result: the public's book changes, and so does its version.
    const sixth = slots.findIndex((id, i) => i >= 5 && id !== null && !(order[i] ?? '').startsWith('='));
    await insertResult(db(), {
      registrationId: slots[sixth] as number,
      rawTimeMs: 95_000,
      enteredBy: admin.id,
      validatedBy: user.id,
    });
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expectInOrder((await pdf(changed.rawPayload)).all, [order[sixth] as string, order[0] as string]);
    const admins = await get(url, admin);
    expect(admins.headers.etag).not.toBe(changed.headers.etag);
    expect(admins.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a document with 503 DOCUMENTS_BUSY and Retry-After while every render thread and place in line is taken', async () => {
    const busy = await appOn(t.database, { env: { DOCUMENT_WORKERS: '1', DOCUMENT_QUEUE_LIMIT: '1' } });
    try {
      const { run } = await runWithResults(publicEvent);
      const url = `/api/documents/run/${run.id}/results.pdf`;
      // The one thread and the one place in line taken by two long books.
      const long = (name: string): ResultsBookData => ({
        eventName: name,
        eventDates: '2027-06-01',
        draft: false,
        runs: Array.from({ length: 4 }, (_, r) => ({
          runId: r + 1,
          eventName: name,
          runName: `Run ${r + 1}`,
          runCategory: 'Open Men',
          draft: false,
          omittedProvisional: false,
          categories: [],
          teams: [],
          overall: Array.from({ length: 100 }, (_, i) => ({
            rank: i + 1,
            name: `${fullName(i % NAMES.length)} ${i}`,
            departmentName: 'Lévis',
            rawTime: '1:40.00',
            penalties: '',
            officialTime: '1:40.00',
            gap: null,
            outcome: 'Finished',
            provisional: false,
          })),
        })),
      });
      const taken = [
        busy.documentRenderer.pool.render('results-book', long('One')),
        busy.documentRenderer.pool.render('results-book', long('Two')),
      ];
      const refused = await busy.inject({ method: 'GET', url });
      expectEnvelope(refused, 503, 'DOCUMENTS_BUSY');
      expect(refused.headers['retry-after']).toBe('5');
      await Promise.all(taken);
      const served = await busy.inject({ method: 'GET', url });
      expect(served.statusCode, served.body).toBe(200);
      expect((await pdf(served.rawPayload)).all).toContain('Official results');
    } finally {
      await busy.close();
    }
  });

  it('limits the renders of one address for anyone but an admin with 429 RATE_LIMITED; a rendered version and other addresses are not held back', async () => {
    const limited = await appOn(t.database, { env: { DOCUMENT_RATE_LIMIT: '2' } });
    try {
      const runs = [await runWith(publicEvent), await runWith(publicEvent), await runWith(publicEvent)];
      const urls = runs.map(({ run }) => `/api/documents/run/${run.id}/start-list.pdf`);
      const from = (remoteAddress: string, url: string, caller?: User) =>
        limited.inject({
          method: 'GET',
          url,
          remoteAddress,
          headers: caller ? { authorization: `Bearer ${limited.jwt.sign({ sub: caller.id, role: caller.role })}` } : {},
        });
      expect((await from('10.7.0.1', urls[0] as string)).statusCode).toBe(200);
      expect((await from('10.7.0.1', urls[1] as string)).statusCode).toBe(200);
      const refused = await from('10.7.0.1', urls[2] as string);
      expectEnvelope(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // A signed-in user sees what the public sees, and is counted the same way.
      expectEnvelope(await from('10.7.0.1', urls[2] as string, user), 429, 'RATE_LIMITED');
      // Already rendered: served from the cache, nothing charged.
      const cached = await from('10.7.0.1', urls[0] as string);
      expect(cached.statusCode).toBe(200);
      expect((await pdf(cached.rawPayload)).all).toContain('Start list');
      // Another address has its own count; an admin is not limited.
      expect((await from('10.7.0.2', urls[2] as string)).statusCode).toBe(200);
      const heatSheets = await from('10.7.0.1', `/api/documents/run/${runs[1]?.run.id}/heat-sheets.pdf`, admin);
      expect(heatSheets.statusCode, heatSheets.body).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
