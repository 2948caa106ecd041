import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegacyDatabase } from '../../api/db/legacy-schema.ts';
import { insertLegacyRows, legacyRows } from '../../api/demo/seed-legacy.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  atEachWidth,
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  onPage,
  type RunningSite,
  screenshot,
  signInPage,
  startSiteAndBrowser,
  VIEWPORTS,
  visit,
} from '../support/browser.ts';
import { insertUser } from '../support/factories.ts';

/**
 * The "Billing (legacy)" section in a real browser, on the embedded legacy source with a fixture: an admin
 * finds an invoice by a person's e-mail; a super-admin corrects a line and sees the totals and the audit
 * trail follow. Every page of the section at phone and desktop width, with axe.
 */
let site: RunningSite;
let browser: Browser;
const PASSWORD = 'Legacy-pass1';
const rows = legacyRows({ users: 12, invoices: 60 });
const person = rows.users[3] as { id: string; email: string };
const theirInvoice = rows.invoices.find((i) => i.user_id === person.id) as { id: string; number: string };

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser());
  const db = site.database.db;
  await insertLegacyRows(db.withSchema('legacy') as unknown as Kysely<LegacyDatabase>, rows);
  const password_hash = await hash(PASSWORD);
  await insertUser(db, { email: 'admin@legacy-e2e.example', role: 'admin', password_hash, first_name: 'Ada' });
  await insertUser(db, {
    email: 'super@legacy-e2e.example',
    role: 'super-admin',
    password_hash,
    first_name: 'Sue',
    last_name: 'Perior',
  });
});
afterAll(async () => {
  await closeSiteAndBrowser(site, browser);
});

describe('billing (legacy)', () => {
  it("lets an admin find an invoice by a person's e-mail, without a way to correct it", async () => {
    await onPage(
      signInPage(browser, site, 'admin@legacy-e2e.example', PASSWORD, 'desktop'),
      async (page) => {
        await page.getByRole('link', { name: 'Legacy billing' }).first().click();
        await page.getByRole('heading', { level: 1, name: 'Billing (legacy)' }).waitFor();
        await page.getByLabel('E-mail address').fill(person.email.toUpperCase());
        await page.getByRole('button', { name: 'Find invoices' }).click();
        await page.getByRole('heading', { level: 1, name: 'Legacy invoices' }).waitFor();
        await page.getByRole('link', { name: theirInvoice.number }).click();
        await page.getByRole('heading', { level: 1, name: `Invoice ${theirInvoice.number}` }).waitFor();
        expect(await page.getByText(person.email).count()).toBeGreaterThan(0);
        expect(await page.getByRole('button', { name: /^Correct/ }).count()).toBe(0);
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, 'legacy-invoice-admin-1440');
      },
      'legacy-admin-failure',
    );
  });

  it('lets a super-admin correct a line: the totals and the audit trail follow', async () => {
    await onPage(
      signInPage(browser, site, 'super@legacy-e2e.example', PASSWORD, 'desktop'),
      async (page) => {
        await visit(page, site, `/portal/legacy/invoices/${theirInvoice.id}`, `Invoice ${theirInvoice.number}`);
        const totalBefore = await page.getByTestId('invoice-total').textContent();
        await page.getByRole('button', { name: 'Correct line 2' }).click();
        const dialog = page.getByRole('dialog', { name: 'Correct line 2' });
        await dialog.getByLabel('Quantity').fill('3');
        await dialog.getByLabel('Unit price').fill('33.35');
        await dialog.getByLabel('Tax rate (%)').fill('15');
        await dialog.getByLabel('Reason for the correction').fill('Three entries at the club rate');
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, 'legacy-line-edit-1440');
        await dialog.getByRole('button', { name: 'Save correction' }).click();
        await page.getByText('Line 2 was corrected').waitFor();
        await page.getByText('“Three entries at the club rate”').waitFor();
        expect(await page.getByText('$100.05').count()).toBeGreaterThan(0);
        expect(await page.getByTestId('invoice-total').textContent()).not.toBe(totalBefore);
        await screenshot(page, 'legacy-invoice-corrected-1440');
      },
      'legacy-super-admin-failure',
    );
    const audit = await site.database.db.selectFrom('legacy_audit').selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'invoice_line', reason: 'Three entries at the club rate' });
  });

  it('shows every page of the section at phone and desktop width, accessible', async () => {
    await onPage(
      signInPage(browser, site, 'super@legacy-e2e.example', PASSWORD, 'phone'),
      async (page) => {
        const pages: [string, string, string][] = [
          ['/portal/legacy', 'Billing (legacy)', 'overview'],
          ['/portal/legacy/invoices?year=2020', 'Legacy invoices', 'invoices'],
          [`/portal/legacy/invoices/${theirInvoice.id}`, `Invoice ${theirInvoice.number}`, 'invoice'],
          ['/portal/legacy/payments?showDeleted=true', 'Legacy payments', 'payments'],
          ['/portal/legacy/payment-codes', 'Payment codes', 'codes'],
          ['/portal/legacy/users', 'Legacy users', 'users'],
          [`/portal/legacy/users/${person.id}`, /./.source, 'user'],
          ['/portal/legacy/registrations', 'Legacy registrations', 'registrations'],
        ];
        // Each page is visited once, at phone width, and checked at both widths.
        for (const [path, heading, name] of pages) {
          await page.setViewportSize(VIEWPORTS.phone);
          await visit(page, site, path, heading === '.' ? /./ : heading);
          await atEachWidth(page, async (viewport) => {
            const width = VIEWPORTS[viewport].width;
            await expectNoSidewaysScroll(page, `${path} at ${width} px`);
            // The section's sub-menu (on its list pages) shows every link without scrolling sideways.
            for (const menu of await page.getByRole('navigation', { name: 'Legacy billing' }).all()) {
              const hidden = await menu.evaluate((nav) => nav.scrollWidth - nav.clientWidth);
              expect(hidden, `${path} at ${width} px: the sub-menu scrolls sideways`).toBe(0);
            }
            if (name === 'codes') {
              await page.getByLabel('Code', { exact: true }).fill('team25');
              await page.getByRole('button', { name: 'Check' }).click();
              await page.getByTestId('code-check').waitFor();
            }
            await expectNoSeriousAxeViolations(page);
            await screenshot(page, `legacy-${name}-${width}`);
          });
        }
      },
      'legacy-pages-failure',
    );
  });
});
