import { execFileSync } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { Browser } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, Run, User } from '../../api/db/schema.ts';
import { callAs } from '../support/app.ts';
import {
  closeSiteAndBrowser,
  onPage,
  openPage,
  type RunningSite,
  SCREENSHOT_DIR,
  signInPage,
  startSiteAndBrowser,
} from '../support/browser.ts';
import { readCsv } from '../support/csv.ts';
import { insertEvent, insertRegistration, insertResult, insertRun, insertUser } from '../support/factories.ts';

/**
 * Print documents in a real browser (docs/decisions/040-print-documents.md): an admin downloads the
 * start list from the run-order board (fetched with the token, saved under its name) and the audit
 * trail from the timing table (docs/decisions/064-audit-trail-csv.md), and a visitor
 * downloads the results book from the public event page (official results only).
 */

let site: RunningSite;
let browser: Browser;
let event: EventRow;
let run: Run;
let admin: User;
const PASSWORD = 'Documents-pass1';

async function pdfText(path: string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(document, { mergePages: true });
  return text as string;
}

/**
 * Renders one page of a PDF to PNG with poppler's pdftoppm (installed by .ci/run) beside the
 * screenshots, to be looked at; a page that renders to almost nothing fails.
 */
async function renderPage(pdfPath: string, name: string, pageNumber = 1): Promise<void> {
  const out = path.join(SCREENSHOT_DIR, `pdf-${name}`);
  const at = String(pageNumber);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', at, '-l', at, '-singlefile', pdfPath, out]);
  expect((await stat(`${out}.png`)).size, `${name}: the rendered page is nearly empty`).toBeGreaterThan(10_000);
}

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const db = site.database.db;
  admin = await insertUser(db, {
    email: 'doc-admin@example.org',
    first_name: 'Ari',
    last_name: 'Benn',
    role: 'admin',
    password_hash: await hash(PASSWORD),
  });
  event = await insertEvent(db, { name: 'Défi de Lévis', start_date: '2027-06-12' });
  run = await insertRun(db, event.id, { name: 'Individuel', participant_limit: 20 });
  const names: [string, string][] = [
    ['Hélène', 'Bérubé'],
    ['François', 'Côté'],
    ['Joëlle', 'Laïné'],
    ['Jérôme', 'Gagné'],
  ];
  const registrations: number[] = [];
  for (const [first, last] of names) {
    const person = await insertUser(db, { first_name: first, last_name: last });
    registrations.push((await insertRegistration(db, { runId: run.id, userId: person.id })).id);
  }
  const generated = await callAs(site.app, 'POST', `/api/run-orders/run/${run.id}/generate`, admin, {
    expectedVersion: 0,
    seeding: { rule: 'random', seed: 5, separateDepartments: false, minRest: 0 },
    heatSize: 2,
  });
  expect(generated.statusCode, generated.body).toBe(200);
  for (const [i, registrationId] of registrations.entries()) {
    await insertResult(db, {
      registrationId,
      rawTimeMs: 100_000 + i * 1_000,
      enteredBy: admin.id,
      // The last one is still provisional: the public book leaves it out.
      ...(i < 3 ? { validatedBy: admin.id } : {}),
    });
  }
});
afterAll(() => closeSiteAndBrowser(site, browser));

describe('downloads in a real browser', () => {
  it('downloads the start list from the run-order board', async () => {
    const page = await signInPage(browser, site, 'doc-admin@example.org', PASSWORD, 'desktop', {
      acceptDownloads: true,
    });
    await onPage(Promise.resolve(page), async () => {
      await page.goto(`${site.baseUrl}/portal/run-orders/${run.id}`);
      const links = page.getByTestId('document-links');
      await links.waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        links.getByRole('button', { name: 'Start list (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`run-${run.id}-start-list.pdf`);
      const text = await pdfText((await download.path()) as string);
      expect(text).toContain('Start list: Individuel');
      for (const name of ['Hélène Bérubé', 'François Côté', 'Joëlle Laïné', 'Jérôme Gagné']) {
        expect(text).toContain(name);
      }
      await renderPage((await download.path()) as string, 'start-list');

      // The timing sheets of the same run, as the timing table's link fetches them.
      const sheets = await callAs(site.app, 'GET', `/api/documents/run/${run.id}/timing-sheets.pdf`, admin);
      expect(sheets.statusCode).toBe(200);
      const sheetsPath = path.join(SCREENSHOT_DIR, 'timing-sheets.pdf');
      await writeFile(sheetsPath, sheets.rawPayload);
      await renderPage(sheetsPath, 'timing-sheets');
    });
  });

  it("downloads the run's audit trail (CSV) from the timing table: every result event, who and whose", async () => {
    const page = await signInPage(browser, site, 'doc-admin@example.org', PASSWORD, 'desktop', {
      acceptDownloads: true,
    });
    await onPage(Promise.resolve(page), async () => {
      await page.goto(`${site.baseUrl}/portal/results/${run.id}`);
      const links = page.getByTestId('document-links');
      await links.waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        links.getByRole('button', { name: 'Download audit trail (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`run-${run.id}-audit-trail.csv`);
      const [header, ...rows] = readCsv(await readFile((await download.path()) as string, 'utf8'));
      expect(header?.slice(0, 8)).toEqual([
        'Time (UTC)',
        'Local time (America/Toronto)',
        'By',
        'By user id',
        'Competitor',
        'Registration id',
        'Attempt',
        'Event',
      ]);
      // Four results entered and three of them validated, by the admin, in the log's order.
      expect(rows.map((r) => r[7])).toEqual([
        'Entered',
        'Validated',
        'Entered',
        'Validated',
        'Entered',
        'Validated',
        'Entered',
      ]);
      expect(rows.every((r) => r[2] === 'Ari Benn' && r[3] === String(admin.id))).toBe(true);
      expect(rows.map((r) => r[4])).toContain('Joëlle Laïné');
    });
  });

  it('downloads the results book from the public event page: official results only', async () => {
    const page = await openPage(browser, 'desktop', { acceptDownloads: true });
    await onPage(Promise.resolve(page), async () => {
      await page.goto(`${site.baseUrl}/events/${event.id}`);
      const links = page.getByTestId('document-links');
      await links.waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        links.getByRole('link', { name: 'Results book (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('results-book-defi-de-levis.pdf');
      const text = await pdfText((await download.path()) as string);
      expect(text).toContain('Results book');
      expect(text).toContain('Hélène Bérubé');
      expect(text).not.toContain('Jérôme Gagné');
      expect(text).not.toContain('DRAFT');
      await renderPage((await download.path()) as string, 'results-book', 3);
    });
  });
});
