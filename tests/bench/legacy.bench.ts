import { openDatabase } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { insertLegacyRows, legacyRows } from '../../api/demo/seed-legacy.ts';
import { appOn, bearer } from '../support/app.ts';
import { insertUser } from '../support/factories.ts';
import { createMariaDbDatabase } from '../support/mariadb.ts';
import { percentile } from './stats.ts';

/**
 * The legacy billing area on a large MariaDB legacy database (docs/legacy-billing.md): 100,000 invoices
 * with 300,000 lines (and their registrations, payments and users), loaded with multi-row inserts into a
 * fresh database of the machine's MariaDB, then read through the real app: a page of a year's invoices
 * (with its count and the paid amount of each), a year's totals, and the overview that feeds the charts.
 * p50 and p95 printed; nothing asserted. BENCH_LEGACY_INVOICES changes the size.
 */
const INVOICES = Number(process.env.BENCH_LEGACY_INVOICES ?? 100_000);
const ROUNDS = { page: 200, totals: 40, overview: 40 };

export async function run(): Promise<void> {
  const maria = await createMariaDbDatabase('ff_legacy_bench');
  const main = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    let started = performance.now();
    const rows = legacyRows({ invoices: INVOICES, linesPerInvoice: 3, users: 8000, years: 8, firstYear: 2016 });
    let lastTable = '';
    await insertLegacyRows(maria.db, rows, {
      batchSize: 2000,
      onProgress: (table) => {
        if (table !== lastTable) process.stdout.write(`  loading ${table}...\n`);
        lastTable = table;
      },
    });
    process.stdout.write(
      `Loaded ${rows.invoices.length} invoices, ${rows.invoice_lines.length} lines, ${rows.payments.length} payments, ` +
        `${rows.registrations.length} registrations into MariaDB in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );

    await migrateToLatest(main.db);
    const app = await appOn(main, { env: { LEGACY_DATABASE_URL: maria.url } });
    const admin = bearer(app, await insertUser(main.db, { role: 'admin' }));
    const measure = async (label: string, rounds: number, url: (i: number) => string) => {
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) {
        started = performance.now();
        const res = await app.inject({ method: 'GET', url: url(i), headers: admin });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${url(i)}: ${res.statusCode} ${res.body}`);
      }
      times.sort((a, b) => a - b);
      process.stdout.write(
        `${label.padEnd(46)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms   (${rounds} calls)\n`,
      );
    };
    const perYear = Math.floor(INVOICES / 8);
    await measure(`invoices by year, page of 25 (${perYear} in the year)`, ROUNDS.page, (i) => {
      const page = 1 + ((i * 37) % Math.floor(perYear / 25));
      return `/api/legacy/invoices/year/${2016 + (i % 8)}?page=${page}&limit=25`;
    });
    await measure(
      'invoices by year, status paid, first page',
      ROUNDS.page,
      (i) => `/api/legacy/invoices/year/${2016 + (i % 8)}?status=paid`,
    );
    await measure(
      'invoice totals of a year (by status)',
      ROUNDS.totals,
      (i) => `/api/legacy/invoices/totals?year=${2016 + (i % 8)}`,
    );
    await measure(
      'overview (all years: users, revenue, registrations)',
      ROUNDS.overview,
      () => '/api/legacy/users/stats/overview',
    );
    await app.close();
  } finally {
    await main.close();
    await maria.drop();
  }
}
