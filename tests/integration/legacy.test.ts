import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegacyDatabase } from '../../api/db/legacy-schema.ts';
import type { User } from '../../api/db/schema.ts';
import { centsText, insertLegacyRows, type LegacyRows, legacyRows } from '../../api/demo/seed-legacy.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { callsOn } from '../support/calls.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import { insertUser } from '../support/factories.ts';
import { createMariaDbDatabase, type MariaDbDatabase } from '../support/mariadb.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';

/**
 * The legacy billing area (docs/legacy-billing.md, decisions 037 and 038), every call against both
 * sources: the embedded `legacy` schema of the test database and a database of the machine's MariaDB.
 * The fixture's ids start just below 2^53, so ids above it are looked up exactly; on MariaDB some dates
 * are legacy zero dates (NULL on the embedded copy), and both must answer null for them.
 */

/** 2^53 - 4: the fixture's ids run across 2^53. */
const ID_BASE = 9007199254740988n;
const idOf = (n: number) => String(ID_BASE + BigInt(n));
const cents = (text: string) => {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -value : value;
};
const sumCents = (values: readonly string[]) => values.reduce((s, v) => s + cents(v), 0n);

/** A year of many small amounts: a float would drift, DECIMAL sums to the cent. */
const EXACT_YEAR = 2031;
const EXACT_COUNT = 2500;

function fixture(zeroDates: boolean): LegacyRows {
  const rows = legacyRows({ idBase: ID_BASE, zeroDates, users: 30, invoices: 90 });
  for (let i = 0; i < EXACT_COUNT; i++) {
    const amount = ['0.07', '0.10', '33.33', '0.01', '19.99'][i % 5] as string;
    rows.invoices.push({
      id: idOf(100_000 + i),
      number: `EXACT-${String(i).padStart(5, '0')}`,
      year: EXACT_YEAR,
      user_id: idOf(1),
      event_id: null,
      issued_on: `${EXACT_YEAR}-01-15`,
      due_on: null,
      status: 'issued',
      currency: 'CAD',
      subtotal: amount,
      tax_total: '0.00',
      total: amount,
      cancels_invoice_id: null,
      notes: null,
      updated_at: null,
    });
  }
  return rows;
}

interface Source {
  name: 'embedded' | 'mysql';
  setUp(): Promise<{ t: TestApp; legacy: Kysely<LegacyDatabase>; rows: LegacyRows; drop(): Promise<void> }>;
}

const SOURCES: Source[] = [
  {
    name: 'embedded',
    async setUp() {
      const t = await createTestApp();
      const legacy = t.database.db.withSchema('legacy') as unknown as Kysely<LegacyDatabase>;
      const rows = fixture(false);
      await insertLegacyRows(legacy, rows);
      return { t, legacy, rows, drop: async () => {} };
    },
  },
  {
    name: 'mysql',
    async setUp() {
      const maria: MariaDbDatabase = await createMariaDbDatabase();
      const rows = fixture(true);
      await insertLegacyRows(maria.db, rows);
      const t = await createTestApp({ env: { LEGACY_DATABASE_URL: maria.url } });
      return { t, legacy: maria.db, rows, drop: () => maria.drop() };
    },
  },
];

describe.each(SOURCES)('legacy billing on the $name source', (source) => {
  let t: TestApp;
  let rows: LegacyRows;
  let drop: () => Promise<void>;
  let superAdmin: User;
  let admin: User;
  let user: User;
  const { db, call } = callsOn(() => t);

  beforeAll(async () => {
    ({ t, rows, drop } = await source.setUp());
    superAdmin = await insertUser(db(), { role: 'super-admin', first_name: 'Sue', last_name: 'Perior' });
    admin = await insertUser(db(), { role: 'admin' });
    user = await insertUser(db(), { role: 'user' });
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  const get = (url: string) => call('GET', `/api/legacy${url}`, admin);
  const ok = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const fixtureInvoices = () => rows.invoices.filter((i) => i.year !== EXACT_YEAR);

  it('says which source it is and that it answers', async () => {
    const body = await ok('/test-mysql');
    expect(body).toMatchObject({ source: source.name, reachable: true, serverVersion: expect.any(String) });
    expect(body.roundTripMs).toBeGreaterThanOrEqual(0);
    if (source.name === 'mysql') expect(body.serverVersion).toMatch(/MariaDB|^\d/);
  });

  it('sums many DECIMAL amounts to the cent, per year, per status and overall', async () => {
    const totals = await ok('/invoices/totals');
    const exact = rows.invoices.filter((i) => i.year === EXACT_YEAR);
    const exactYear = totals.byYear.find((y: { year: number }) => y.year === EXACT_YEAR);
    expect(exactYear).toEqual({
      year: EXACT_YEAR,
      count: EXACT_COUNT,
      subtotal: centsText(sumCents(exact.map((i) => i.subtotal))),
      taxTotal: '0.00',
      total: centsText(sumCents(exact.map((i) => i.total))),
    });
    expect(exactYear.total).toBe('26750.00');
    expect(totals.overall.total).toBe(centsText(sumCents(rows.invoices.map((i) => i.total))));
    const paid = rows.invoices.filter((i) => i.status === 'paid');
    expect(totals.byStatus.find((s: { status: string }) => s.status === 'paid')).toMatchObject({
      count: paid.length,
      total: centsText(sumCents(paid.map((i) => i.total))),
    });
    const one = await ok('/invoices/totals?year=2020');
    expect(one.byYear).toHaveLength(1);
    const of2020 = rows.invoices.filter((i) => i.year === 2020);
    expect(one.overall).toEqual({
      count: of2020.length,
      subtotal: centsText(sumCents(of2020.map((i) => i.subtotal))),
      taxTotal: centsText(sumCents(of2020.map((i) => i.tax_total))),
      total: centsText(sumCents(of2020.map((i) => i.total))),
    });
    const years = await ok('/invoices/years');
    expect(years.data.map((y: { year: number }) => y.year)).toEqual([2031, 2023, 2022, 2021, 2020, 2019]);
    expect(years.data[0]).toEqual({ year: EXACT_YEAR, count: EXACT_COUNT, total: '26750.00' });
  });

  it('pages a year of invoices, with a status filter, newest id first', async () => {
    const of2021 = fixtureInvoices().filter((i) => i.year === 2021);
    const page1 = await ok('/invoices/year/2021?limit=5');
    expect(page1.meta).toEqual({ total: of2021.length, page: 1, perPage: 5 });
    expect(page1.data.map((i: { id: string }) => i.id)).toEqual(
      of2021
        .map((i) => i.id)
        .sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1))
        .slice(0, 5),
    );
    const paid = await ok('/invoices/year/2021?status=paid&limit=100');
    expect(paid.meta.total).toBe(of2021.filter((i) => i.status === 'paid').length);
    for (const invoice of paid.data) expect(invoice.status).toBe('paid');
    expectEnvelope(await get('/invoices/year/2021?status=lost'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/invoices/year/21'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/invoices/year/2021?limit=501'), 400, 'VALIDATION_FAILED');
  });

  it('reads ids above 2^53 exactly, and their neighbours apart', async () => {
    for (const n of [4, 5, 6]) {
      // idOf(4) is 2^53, idOf(5) is 2^53 + 1: the same number as a float.
      const invoice = await ok(`/invoices/${idOf(n)}`);
      const expected = rows.invoices.find((i) => i.id === idOf(n));
      expect(invoice).toMatchObject({ id: idOf(n), number: expected?.number, total: expected?.total });
      expect(invoice.lines.length).toBe(rows.invoice_lines.filter((l) => l.invoice_id === idOf(n)).length);
    }
    expect(idOf(5)).toBe('9007199254740993');
    expectEnvelope(await get(`/invoices/${idOf(99_999)}`), 404, 'INVOICE_NOT_FOUND');
    expectEnvelope(await get('/invoices/9223372036854775808'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/invoices/0x10'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/invoices/-1'), 400, 'VALIDATION_FAILED');
  });

  it('answers null for legacy zero dates', async () => {
    // Invoice 40 has a zero issue date (a NULL on the embedded copy), invoice 28 a zero due date.
    expect(rows.invoices.find((i) => i.id === idOf(40))?.issued_on).toBe(source.name === 'mysql' ? '0000-00-00' : null);
    const invoice = await ok(`/invoices/${idOf(40)}`);
    expect(invoice.issuedOn).toBeNull();
    expect((await ok(`/invoices/${idOf(28)}`)).dueOn).toBeNull();
    const dated = await ok(`/invoices/${idOf(3)}`);
    expect(dated.issuedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(dated.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const events = await ok('/events?limit=100');
    expect(events.data.find((e: { id: string }) => e.id === idOf(6)).eventDate).toBeNull();
  });

  it('reads an invoice with its lines and payments, and lines on their own', async () => {
    const paidInvoice = rows.invoices.find((i) => i.status === 'paid' && i.year !== EXACT_YEAR);
    const invoice = await ok(`/invoices/${paidInvoice?.id}`);
    const allocation = rows.payment_allocations.find((a) => a.invoice_id === paidInvoice?.id);
    expect(invoice.payments).toEqual([
      expect.objectContaining({ paymentId: allocation?.payment_id, amount: allocation?.amount }),
    ]);
    expect(invoice.userEmail).toMatch(/@legacy\.example$/);
    const lines = await ok(`/invoices/${paidInvoice?.id}/lines`);
    expect(lines.data.map((l: { position: number }) => l.position)).toEqual([1, 2, 3]);
    expect(await ok(`/invoice-lines?invoiceId=${paidInvoice?.id}`)).toEqual(lines);
    expect(sumCents(lines.data.map((l: { lineTotal: string }) => l.lineTotal))).toBe(cents(invoice.subtotal));
    expectEnvelope(await get(`/invoices/${idOf(99_999)}/lines`), 404, 'INVOICE_NOT_FOUND');
    expectEnvelope(await get('/invoice-lines'), 400, 'VALIDATION_FAILED');
  });

  it("finds invoices by a user's e-mail, number, user and event", async () => {
    const someone = rows.users[2];
    const theirs = fixtureInvoices().filter((i) => i.user_id === someone?.id);
    const byEmail = await ok(`/invoices/filter?email=${encodeURIComponent(someone?.email.toUpperCase() ?? '')}`);
    expect(byEmail.meta.total).toBe(theirs.length);
    const byUser = await ok(`/invoices/user/${someone?.id}?limit=100`);
    expect(byUser.data.map((i: { id: string }) => i.id).sort()).toEqual(theirs.map((i) => i.id).sort());
    const byNumber = await ok('/invoices/filter?number=exact-0249');
    expect(byNumber.data.map((i: { number: string }) => i.number)).toEqual(
      [
        'EXACT-02490',
        'EXACT-02491',
        'EXACT-02492',
        'EXACT-02493',
        'EXACT-02494',
        'EXACT-02495',
        'EXACT-02496',
        'EXACT-02497',
        'EXACT-02498',
        'EXACT-02499',
      ].reverse(),
    );
    // LIKE wildcards are taken literally.
    expect((await ok('/invoices/filter?number=%25')).meta.total).toBe(0);
    const byEvent = await ok(`/invoices/filter?eventId=${idOf(1)}&year=2019`);
    expect(byEvent.meta.total).toBe(fixtureInvoices().filter((i) => i.event_id === idOf(1)).length);
  });

  it('reads payments by year, with and without the deleted, by id, user and filter', async () => {
    const year = rows.payments.find((p) => p.is_deleted)?.year as number;
    const of2020 = rows.payments.filter((p) => p.year === year);
    const deleted = of2020.filter((p) => p.is_deleted);
    expect(deleted.length).toBeGreaterThan(0);
    const visible = await ok(`/payments/year/${year}?limit=500`);
    expect(visible.meta.total).toBe(of2020.length - deleted.length);
    expect(visible.data.every((p: { isDeleted: boolean }) => !p.isDeleted)).toBe(true);
    const all = await ok(`/payments/year/${year}?limit=500&showDeleted=true`);
    expect(all.meta.total).toBe(of2020.length);
    expectEnvelope(await get('/payments/year/2020?showDeleted=yes'), 400, 'VALIDATION_FAILED');
    const years = await ok('/payments/years');
    expect(years.data.find((y: { year: number }) => y.year === year)).toEqual({
      year,
      count: of2020.length - deleted.length,
      total: centsText(sumCents(of2020.filter((p) => !p.is_deleted).map((p) => p.amount))),
    });
    const payment = rows.payments[0];
    const one = await ok(`/payments/${payment?.id}`);
    expect(one).toMatchObject({ id: payment?.id, amount: payment?.amount, reference: payment?.reference });
    expect(one.allocations).toHaveLength(1);
    const byUser = await ok(`/payments/user/${payment?.user_id}?showDeleted=true`);
    expect(byUser.meta.total).toBe(rows.payments.filter((p) => p.user_id === payment?.user_id).length);
    const refunded = await ok('/payments/filter?state=refunded&showDeleted=true');
    expect(refunded.meta.total).toBe(rows.payments.filter((p) => p.state === 'refunded').length);
    const byInvoice = await ok(`/payments/filter?invoiceId=${rows.payment_allocations[0]?.invoice_id}`);
    expect(byInvoice.data.map((p: { id: string }) => p.id)).toEqual([rows.payment_allocations[0]?.payment_id]);
    expectEnvelope(await get(`/payments/${idOf(99_999)}`), 404, 'PAYMENT_NOT_FOUND');
  });

  it('checks a payment code at each of its states, with the reason', async () => {
    const check = (code: string, query: string) => ok(`/payment-codes/validate/${code}?${query}`);
    expect(await check('earlybird', 'year=2022&on=2022-06-01')).toMatchObject({ code: 'EARLYBIRD', state: 'valid' });
    expect(await check('EARLYBIRD', 'year=2022&on=2023-01-01')).toMatchObject({
      state: 'expired',
      reason: expect.stringContaining('2022-12-31'),
    });
    expect(await check('SPRING', 'year=2022&on=2022-02-01')).toMatchObject({ state: 'not_yet_valid' });
    expect(await check('TEAM25', 'year=2022&on=2022-06-01')).toMatchObject({
      state: 'used_up',
      reason: expect.stringContaining('5 of 5'),
    });
    expect(await check('NOPE', 'on=2022-06-01')).toMatchObject({ state: 'unknown', paymentCode: null });
    expect(await check('VOLUNTEER', 'on=2022-06-01')).toMatchObject({ state: 'valid', paymentCode: { year: 2023 } });
    expectEnvelope(await get('/payment-codes/validate/X?on=2022-13-01'), 400, 'VALIDATION_FAILED');
    const years = await ok('/payment-codes/years');
    expect(years.data).toHaveLength(5);
    const of2022 = await ok('/payment-codes/year/2022');
    expect(of2022.data.map((c: { code: string }) => c.code)).toEqual(['EARLYBIRD', 'SPRING', 'TEAM25', 'VOLUNTEER']);
    expect(await ok(`/payment-codes/${of2022.data[0].id}`)).toEqual(of2022.data[0]);
  });

  it("gives a user's credit ledger with its balance summed in SQL", async () => {
    const owner = rows.credit_transactions[0]?.user_id as string;
    const entries = rows.credit_transactions.filter((c) => c.user_id === owner);
    const ledger = await ok(`/credits/user/${owner}`);
    expect(ledger.balance).toBe(centsText(sumCents(entries.map((c) => c.amount))));
    expect(ledger.meta.total).toBe(entries.length);
    expect((await ok(`/credits/user/${idOf(99_999)}`)).balance).toBe('0.00');
    const tx = await ok(`/credits/transactions/${entries[1]?.id}`);
    expect(tx).toMatchObject({ amount: '-19.99', kind: 'used' });
    expectEnvelope(await get(`/credits/transactions/${idOf(99_999)}`), 404, 'CREDIT_TRANSACTION_NOT_FOUND');
  });

  it('finds legacy users by year, id, e-mail, search and filter, with activity and the overview', async () => {
    const someone = rows.users[4];
    expect(await ok(`/users/${someone?.id}`)).toMatchObject({ id: someone?.id, email: someone?.email });
    expect((await ok(`/users/email/${encodeURIComponent(someone?.email.toUpperCase() ?? '')}`)).id).toBe(someone?.id);
    expectEnvelope(await get('/users/email/nobody%40nowhere.example'), 404, 'LEGACY_USER_NOT_FOUND');
    const search = await ok(`/users/search/${someone?.last_name.toLowerCase()}?limit=100`);
    expect(search.meta.total).toBe(rows.users.filter((u) => u.last_name === someone?.last_name).length);
    const fullName = await ok(`/users/search/${encodeURIComponent(`${someone?.first_name} ${someone?.last_name}`)}`);
    expect(fullName.meta.total).toBeGreaterThan(0);
    const joined = await ok('/users/year/2020?limit=100');
    expect(joined.meta.total).toBe(rows.users.filter((u) => u.joined_year === 2020).length);
    const years = await ok('/users/years');
    expect(years.data.reduce((s: number, y: { count: number }) => s + y.count, 0)).toBe(rows.users.length);
    const inactive = await ok('/users/filter?active=false');
    expect(inactive.meta.total).toBe(rows.users.filter((u) => !u.is_active).length);
    const activity = await ok(`/users/${someone?.id}/activity`);
    expect(activity.data.map((a: { action: string }) => a.action)).toEqual(['signed_in', 'signed_up']);
    expectEnvelope(await get(`/users/${idOf(99_999)}/activity`), 404, 'LEGACY_USER_NOT_FOUND');

    const overview = await ok('/users/stats/overview');
    expect(overview.users).toBe(rows.users.length);
    const billed = rows.invoices.filter((i) => i.status !== 'cancelled');
    expect(overview.revenue).toBe(centsText(sumCents(billed.map((i) => i.total))));
    const y2022 = overview.byYear.find((y: { year: number }) => y.year === 2022);
    expect(y2022).toMatchObject({
      revenue: centsText(sumCents(billed.filter((i) => i.year === 2022).map((i) => i.total))),
      registrations: rows.registrations.filter((r) => r.year === 2022 && r.status !== 'cancelled').length,
    });
  });

  it('reads registrations by year, id, user, event and filter, and the events', async () => {
    const reg = rows.registrations[10];
    expect(await ok(`/registrations/${reg?.id}`)).toMatchObject({
      id: reg?.id,
      eventId: reg?.event_id,
      invoiceId: reg?.invoice_id,
    });
    const ofYear = await ok('/registrations/year/2019?limit=100');
    expect(ofYear.meta.total).toBe(rows.registrations.filter((r) => r.year === 2019).length);
    const ofUser = await ok(`/registrations/user/${reg?.user_id}?limit=100`);
    expect(ofUser.meta.total).toBe(rows.registrations.filter((r) => r.user_id === reg?.user_id).length);
    const ofEvent = await ok(`/registrations/event/${reg?.event_id}?limit=100`);
    expect(ofEvent.meta.total).toBe(rows.registrations.filter((r) => r.event_id === reg?.event_id).length);
    const waitlisted = await ok('/registrations/filter?status=waitlisted&limit=100');
    expect(waitlisted.meta.total).toBe(rows.registrations.filter((r) => r.status === 'waitlisted').length);
    const years = await ok('/registrations/years');
    expect(years.data).toHaveLength(5);
    const events = await ok('/events?year=2020');
    expect(events.data).toHaveLength(2);
    expect(events.data.reduce((s: number, e: { registrations: number }) => s + e.registrations, 0)).toBe(
      rows.registrations.filter((r) => r.year === 2020).length,
    );
    expectEnvelope(await get(`/registrations/${idOf(99_999)}`), 404, 'LEGACY_REGISTRATION_NOT_FOUND');
  });

  it('lets admins read, only super-admins correct, and users nothing', async () => {
    const invoice = rows.invoices[1];
    expectEnvelope(await call('GET', `/api/legacy/invoices/${invoice?.id}`, user), 403, 'FORBIDDEN');
    expectEnvelope(await call('GET', '/api/legacy/invoices/years'), 401, 'UNAUTHORIZED');
    expect((await call('GET', `/api/legacy/invoices/${invoice?.id}`, superAdmin)).statusCode).toBe(200);
    const body = { expectedVersion: 1, reason: 'Typo in the notes', notes: 'x' };
    expectEnvelope(await call('PATCH', `/api/legacy/invoices/${invoice?.id}`, admin, body), 403, 'FORBIDDEN');
    expectEnvelope(await call('PATCH', `/api/legacy/invoices/${invoice?.id}`, user, body), 403, 'FORBIDDEN');
    expect((await ok(`/invoices/${invoice?.id}`)).version).toBe(1);
  });

  it('corrects a line: its figures and the invoice totals follow, one audit row, 409 when stale', async () => {
    const invoiceId = idOf(5);
    const before = await ok(`/invoices/${invoiceId}`);
    const line = before.lines[1];
    const patch = (body: object) => call('PATCH', `/api/legacy/invoice-lines/${line.id}`, superAdmin, body);
    const res = await patch({
      expectedVersion: line.version,
      reason: 'Two entries, not one',
      quantity: '3',
      unitPrice: '33.35',
      taxRate: '15',
      description: 'Individual entry (corrected)',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { line: after, invoice } = res.json();
    expect(after).toMatchObject({
      quantity: '3.00',
      unitPrice: '33.35',
      taxRate: '15.00',
      lineTotal: '100.05',
      // 100.05 x 15% = 15.0075: rounded to the cent.
      taxAmount: '15.01',
      version: line.version + 1,
      description: 'Individual entry (corrected)',
    });
    const reread = await ok(`/invoices/${invoiceId}`);
    expect(reread).toMatchObject({ subtotal: invoice.subtotal, total: invoice.total, version: before.version + 1 });
    expect(invoice.subtotal).toBe(centsText(sumCents(reread.lines.map((l: { lineTotal: string }) => l.lineTotal))));
    expect(invoice.taxTotal).toBe(centsText(sumCents(reread.lines.map((l: { taxAmount: string }) => l.taxAmount))));
    expect(cents(invoice.total)).toBe(cents(invoice.subtotal) + cents(invoice.taxTotal));

    const trail = await ok(`/audit?invoiceId=${invoiceId}`);
    expect(trail.meta.total).toBe(1);
    expect(trail.data[0]).toMatchObject({
      entity: 'invoice_line',
      entityId: line.id,
      invoiceId,
      source: source.name,
      actorId: superAdmin.id,
      actorName: 'Sue Perior',
      reason: 'Two entries, not one',
      before: { quantity: line.quantity, lineTotal: line.lineTotal, invoice: { total: before.total } },
      after: { quantity: '3.00', lineTotal: '100.05', invoice: { total: invoice.total } },
    });

    // The same version again: someone changed the line since.
    const stale = await patch({ expectedVersion: line.version, reason: 'Second try', quantity: '1' });
    expectEnvelope(stale, 409, 'VERSION_CONFLICT');
    expect(stale.json().details).toMatchObject({ currentVersion: line.version + 1, current: { quantity: '3.00' } });
    expect((await ok(`/audit?invoiceId=${invoiceId}`)).meta.total).toBe(1);
    expect((await ok(`/invoices/${invoiceId}`)).total).toBe(invoice.total);

    // Out of range and malformed values change nothing.
    expectEnvelope(
      await patch({ expectedVersion: line.version + 1, reason: 'Huge', quantity: '99999999', unitPrice: '9999999999' }),
      422,
      'LEGACY_AMOUNT_OUT_OF_RANGE',
    );
    for (const bad of [
      { expectedVersion: 2, reason: 'Float', quantity: 1.5 },
      { expectedVersion: 2, reason: 'Three places', unitPrice: '1.005' },
      { expectedVersion: 2, reason: 'No change' },
      { expectedVersion: 2, quantity: '1' },
      { expectedVersion: 2, reason: 'Unknown field', quantity: '1', lineTotal: '0.00' },
    ])
      expectEnvelope(await patch(bad), 400, 'VALIDATION_FAILED');
    expect((await ok(`/invoices/${invoiceId}`)).version).toBe(before.version + 1);
    expectEnvelope(
      await call('PATCH', `/api/legacy/invoice-lines/${idOf(99_999)}`, superAdmin, {
        expectedVersion: 1,
        reason: 'Gone',
        quantity: '1',
      }),
      404,
      'INVOICE_LINE_NOT_FOUND',
    );
  });

  it('corrects an invoice and a payment, one audit row per PATCH', async () => {
    const invoiceId = idOf(8);
    const invoice = await ok(`/invoices/${invoiceId}`);
    const patchInvoice = (body: object) => call('PATCH', `/api/legacy/invoices/${invoiceId}`, superAdmin, body);
    const first = await patchInvoice({
      expectedVersion: invoice.version,
      reason: 'Waived by the director',
      status: 'paid',
      dueOn: null,
      notes: 'Waived',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'paid',
      dueOn: null,
      notes: 'Waived',
      version: invoice.version + 1,
      total: invoice.total,
    });
    const second = await patchInvoice({ expectedVersion: invoice.version + 1, reason: 'Note cleared', notes: null });
    expect(second.json()).toMatchObject({ notes: null, version: invoice.version + 2 });
    expectEnvelope(
      await patchInvoice({ expectedVersion: invoice.version, reason: 'Stale', status: 'issued' }),
      409,
      'VERSION_CONFLICT',
    );
    const trail = await ok(`/audit?entity=invoice&entityId=${invoiceId}`);
    expect(trail.data.map((a: { reason: string }) => a.reason)).toEqual(['Note cleared', 'Waived by the director']);
    expect(trail.data[1].before).toMatchObject({ status: invoice.status });

    const payment = rows.payments.find((p) => !p.is_deleted && p.year === 2021);
    const patchPayment = (body: object) => call('PATCH', `/api/legacy/payments/${payment?.id}`, superAdmin, body);
    const before2021 = (await ok('/payments/year/2021?limit=500')).meta.total;
    const removed = await patchPayment({ expectedVersion: 1, reason: 'Duplicate entry', isDeleted: true });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ isDeleted: true, deletedAt: expect.stringMatching(/Z$/), version: 2 });
    expect((await ok('/payments/year/2021?limit=500')).meta.total).toBe(before2021 - 1);
    expect(
      (await ok('/payments/year/2021?limit=500&showDeleted=true')).data.some(
        (p: { id: string }) => p.id === payment?.id,
      ),
    ).toBe(true);
    expectEnvelope(
      await patchPayment({ expectedVersion: 2, reason: 'Too little', amount: '0.01' }),
      422,
      'PAYMENT_BELOW_ALLOCATED',
    );
    const restored = await patchPayment({
      expectedVersion: 2,
      reason: 'Not a duplicate after all',
      isDeleted: false,
      reference: 'CHQ 1042',
    });
    expect(restored.json()).toMatchObject({ isDeleted: false, deletedAt: null, reference: 'CHQ 1042', version: 3 });
    expectEnvelope(
      await patchPayment({ expectedVersion: 2, reason: 'Stale', state: 'failed' }),
      409,
      'VERSION_CONFLICT',
    );
    expect((await ok(`/audit?entity=payment&entityId=${payment?.id}`)).meta.total).toBe(2);
    const count = await db()
      .selectFrom('legacy_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
  });
});

describe('a legacy MariaDB that goes down', () => {
  let maria: MariaDbDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let admin: User;
  const { db, call } = callsOn(() => t);

  beforeAll(async () => {
    maria = await createMariaDbDatabase();
    await insertLegacyRows(maria.db, legacyRows({ users: 5, invoices: 10 }));
    proxy = await TcpProxy.start('127.0.0.1', 3306);
    t = await createTestApp({ env: { LEGACY_DATABASE_URL: proxy.url(maria.url) } });
    admin = await insertUser(db(), { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await maria?.drop();
  });

  it('answers 503 LEGACY_UNAVAILABLE for legacy calls only, and recovers', async () => {
    expect((await call('GET', '/api/legacy/invoices/years', admin)).statusCode).toBe(200);
    await proxy.cut();
    const down = await call('GET', '/api/legacy/invoices/years', admin);
    expectEnvelope(down, 503, 'LEGACY_UNAVAILABLE');
    expect(down.json().message).toMatch(/legacy billing database/);
    expectEnvelope(await call('GET', '/api/legacy/invoices/1', admin), 503, 'LEGACY_UNAVAILABLE');
    const ping = await call('GET', '/api/legacy/test-mysql', admin);
    expect(ping.json()).toMatchObject({ source: 'mysql', reachable: false, serverVersion: null });
    // The rest of the product does not notice.
    expect((await call('GET', '/api/events/upcoming')).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', admin)).statusCode).toBe(200);
    await proxy.restore();
    let back = 0;
    for (let i = 0; i < 20 && back !== 200; i++) {
      back = (await call('GET', '/api/legacy/invoices/years', admin)).statusCode;
      if (back !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(back).toBe(200);
  });
});

describe('a legacy MariaDB whose network stalls without closing', () => {
  let maria: MariaDbDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let admin: User;
  const { db, call } = callsOn(() => t);

  beforeAll(async () => {
    maria = await createMariaDbDatabase();
    await insertLegacyRows(maria.db, legacyRows({ users: 5, invoices: 10 }));
    proxy = await TcpProxy.start('127.0.0.1', 3306);
    // Short bounds, so the test does not wait long for them (decision 072).
    t = await createTestApp({
      env: {
        LEGACY_DATABASE_URL: proxy.url(maria.url),
        LEGACY_CONNECT_TIMEOUT_MS: '500',
        LEGACY_QUERY_TIMEOUT_MS: '1000',
      },
    });
    admin = await insertUser(db(), { role: 'admin' });
  });
  afterAll(async () => {
    proxy?.release();
    await t?.close();
    await proxy?.close();
    await maria?.drop();
  });

  it('answers 503 LEGACY_UNAVAILABLE within its bounds, the rest answers meanwhile, and the pool recovers', async () => {
    expect((await call('GET', '/api/legacy/payments/filter', admin)).statusCode).toBe(200);
    proxy.hold();
    // More requests than the pool has connections: the pooled one stalls on its query, new ones on the
    // handshake, the rest wait for a connection.
    const urls = [
      '/api/legacy/payments/filter',
      '/api/legacy/invoices/years',
      '/api/legacy/invoices/filter?year=2024',
      '/api/legacy/users/filter',
      '/api/legacy/payments/years',
      '/api/legacy/registrations/years',
      '/api/legacy/users/years',
      '/api/legacy/invoices/1',
    ];
    const stalled = urls.map((url) => call('GET', url, admin));
    // The rest of the product answers while they wait.
    expect((await call('GET', '/api/events/upcoming')).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', admin)).statusCode).toBe(200);
    const answers = await Promise.all(stalled);
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, `${urls[i]}: ${res.body}`).toBe(503);
      expectEnvelope(res, 503, 'LEGACY_UNAVAILABLE');
    }
    const ping = await call('GET', '/api/legacy/test-mysql', admin);
    expect(ping.json()).toMatchObject({ source: 'mysql', reachable: false });
    expect((await call('GET', '/api/health')).statusCode).toBe(200);

    // The network passes bytes again: the very next request is answered, by a fresh connection.
    proxy.release();
    const back = await call('GET', '/api/legacy/payments/filter', admin);
    expect(back.statusCode, back.body).toBe(200);
    expect((await call('GET', '/api/legacy/test-mysql', admin)).json()).toMatchObject({ reachable: true });
    await Promise.all(
      urls.slice(0, 5).map(async (url) => expect((await call('GET', url, admin)).statusCode).toBe(200)),
    );
  });
});
