import { hash } from '@node-rs/argon2';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  atEachWidth,
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  pagesForTests,
  type RunningSite,
  screenshot,
  signInPage,
  startSiteAndBrowser,
  VIEWPORTS,
  visit,
} from '../support/browser.ts';
import { insertDepartment, insertUser } from '../support/factories.ts';

/** The account screens of the portal, signed in through the real sign-in page, at phone and desktop widths. */
let site: RunningSite;
let browser: Browser;
const PASSWORD = 'Portal-pass1';

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  const db = site.database.db;
  const station = await insertDepartment(db, { name: 'Kamloops Fire Rescue', city: 'Kamloops', province: 'BC' });
  await insertDepartment(db, { name: 'Halifax Regional Fire', city: 'Halifax', province: 'NS' });
  const passwordHash = await hash(PASSWORD);
  await insertUser(db, {
    email: 'chief@example.org',
    first_name: 'Morgan',
    last_name: 'Lessard',
    role: 'super-admin',
    password_hash: passwordHash,
    department_id: station.id,
  });
  await insertUser(db, {
    email: 'desk@example.org',
    first_name: 'Ari',
    last_name: 'Benn',
    role: 'admin',
    password_hash: passwordHash,
  });
  for (const [first, last] of [
    ['Dana', 'Okoye'],
    ['Eli', 'Fournier'],
    ['Sasha', 'Kowalski'],
  ] as const) {
    await insertUser(db, {
      email: `${first.toLowerCase()}@example.org`,
      first_name: first,
      last_name: last,
      department_id: station.id,
      password_hash: passwordHash,
    });
  }
  await insertUser(db, {
    email: 'pending@example.org',
    first_name: 'Pat',
    last_name: 'Pending',
    is_verified: false,
    password_hash: passwordHash,
  });
});
afterAll(() => closeSiteAndBrowser(site, browser));

describe('portal screens: every account screen to a super-admin at 390 and 1440 px, without serious axe violations', () => {
  const pages = pagesForTests(async () => ({
    page: await signInPage(browser, site, 'chief@example.org', PASSWORD, 'phone'),
  }));

  /** One visit of a screen, loaded at phone width, then checked (and shot) at both widths. */
  async function showsAtBothWidths(path: string, heading: string | RegExp, name: string, text?: string) {
    const { page } = pages;
    await page.setViewportSize(VIEWPORTS.phone);
    await visit(page, site, path, heading);
    await atEachWidth(page, async (viewport) => {
      if (text) await page.getByText(text).first().waitFor();
      await expectNoSidewaysScroll(page, `${path} at ${VIEWPORTS[viewport].width} px`);
      await screenshot(page, `portal-${name}-${viewport}`);
      await expectNoSeriousAxeViolations(page);
    });
  }

  it('shows the dashboard', () => showsAtBothWidths('/portal', /Morgan/, 'dashboard'));
  it('shows the profile', () => showsAtBothWidths('/portal/profile', 'My profile', 'profile'));
  it('shows the users', () => showsAtBothWidths('/portal/users', 'Users', 'users', 'Okoye'));
  it('shows the departments', () =>
    showsAtBothWidths('/portal/departments', 'Departments', 'departments', 'Halifax Regional Fire'));
  it('shows the admin users', () => showsAtBothWidths('/portal/admin-users', 'Admin users', 'admin-users', 'Benn'));

  it("manages a season's qualifying standards: adds one, refuses a duplicate, changes it, deletes it", async () => {
    const { page } = pages;
    await page.setViewportSize(VIEWPORTS.phone);
    await visit(page, site, '/portal/qualifying?season=2026', 'Qualifying standards');
    await page.getByText('No standards for 2026').waitFor();
    const add = async (runType: string, category: string, time: string) => {
      await page.getByLabel('Run type').selectOption(runType);
      await page.getByLabel('Category').selectOption(category);
      await page.getByLabel('Qualifying time').fill(time);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
    };
    const rows = page.getByTestId('standard-row');
    await add('relay', 'Mixed', '2:20');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('2:20.00');
    await add('relay', 'Mixed', '2:10');
    // The server's message, under the form (and, as for every failed call, in a toast).
    await page.getByRole('alert').filter({ hasText: 'already has a standard for Relay, Mixed' }).first().waitFor();
    expect(await rows.count()).toBe(1);
    await add('individual', 'Over 40 Men', '2:45.5');
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('button', { name: 'Edit Relay Mixed' }).click();
    await page.getByLabel('Qualifying time').fill('2:15.50');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => rows.filter({ hasText: 'Mixed' }).textContent()).toContain('2:15.50');
    await atEachWidth(page, async (viewport) => {
      await expectNoSidewaysScroll(page, `/portal/qualifying at ${VIEWPORTS[viewport].width} px`);
      await screenshot(page, `portal-qualifying-${viewport}`);
      await expectNoSeriousAxeViolations(page);
    });

    await page.getByRole('button', { name: 'Delete Relay Mixed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Over 40 Men');
  });
});

describe('portal screens: an admin manages users (in order: each test goes on from the page the one before left)', () => {
  const pages = pagesForTests(async () => ({
    page: await signInPage(browser, site, 'desk@example.org', PASSWORD, 'desktop'),
  }));

  it('filters users by a search kept in the URL, so a reload keeps it', async () => {
    const { page } = pages;
    await visit(page, site, '/portal/users', 'Users');
    await page.getByLabel('Search accounts by name or e-mail').fill('fournier');
    await page.waitForURL(/query=fournier/);
    await page.getByText('Okoye').waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.getByLabel('Search accounts by name or e-mail').inputValue()).toBe('fournier');
  });

  it('deactivates a user after a confirmation', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Deactivate Eli Fournier' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, 'portal-users-confirm-desktop');
    await dialog.getByRole('button', { name: /Deactivate/ }).click();
    await page.getByRole('button', { name: 'Activate Eli Fournier' }).waitFor();
    const isActive = async () =>
      (
        await site.database.db
          .selectFrom('users')
          .select('is_active')
          .where('email', '=', 'eli@example.org')
          .executeTakeFirstOrThrow()
      ).is_active;
    await expect.poll(isActive, { timeout: 10_000 }).toBe(false);
  });

  it("shows the person's best time (seed time) as m:ss.hh on their account page", async () => {
    const { page } = pages;
    const eli = await site.database.db
      .updateTable('users')
      .set({ seed_time_ms: 101_000 })
      .where('email', '=', 'eli@example.org')
      .returning('id')
      .executeTakeFirstOrThrow();
    await visit(page, site, `/portal/users/${eli.id}`, 'Eli Fournier');
    await page
      .locator('xpath=//dt[normalize-space()="Best time"]/following-sibling::dd[1]')
      .getByText('1:41.00')
      .waitFor();
    await expect.poll(() => page.getByLabel('Best time').inputValue()).toBe('1:41.00');
  });

  it('keeps an admin out of the admin-users screen: the server refuses it and the portal sends them home', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/portal/admin-users`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/portal$/);
  });
});

describe('portal screens: a competitor on a phone (in order: each test goes on from the page the one before left)', () => {
  const pages = pagesForTests(async () => ({
    page: await signInPage(browser, site, 'dana@example.org', PASSWORD, 'phone'),
  }));

  it('lets them edit their own details and a best time typed as m:ss.h, shown back as the server stored it', async () => {
    const { page } = pages;
    await visit(page, site, '/portal/profile', 'My profile');
    await page.getByLabel('Last name').fill('Okoye-Brandt');
    // A self-declared best time (seed time), typed as m:ss.hh; m:ss.h is read to the hundredth.
    await page.getByLabel('Best time').fill('1:52.4');
    await page.getByRole('button', { name: /Save/ }).first().click();
    await expect
      .poll(
        async () =>
          await site.database.db
            .selectFrom('users')
            .select(['last_name', 'seed_time_ms'])
            .where('email', '=', 'dana@example.org')
            .executeTakeFirstOrThrow(),
      )
      .toEqual({ last_name: 'Okoye-Brandt', seed_time_ms: 112_400 });
    // The form shows the saved time as the server stored it, once its answer is back.
    await expect.poll(() => page.getByLabel('Best time').inputValue(), { timeout: 10_000 }).toBe('1:52.40');
    await screenshot(page, 'portal-profile-saved-phone');
  });

  it('keeps them out of admin screens', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/portal/users`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/portal$/);
  });
});
