import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, Run, User } from '../../api/db/schema.ts';
import { bearer, sessionsWritten } from '../support/app.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  onPage,
  openPage,
  type RunningSite,
  resizeTo,
  screenshot,
  scriptsLoadedBy,
  startSiteAndBrowser,
  VIEWPORTS,
} from '../support/browser.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertResult,
  insertRun,
  insertUser,
} from '../support/factories.ts';

/**
 * Public results in a real browser, signed out (docs/decisions/039-public-results.md): search a
 * competitor at 390 px, open their page and see the progression chart; an event's results page follows
 * the socket while a second official validates a result through the API from another client.
 */
let site: RunningSite;
let browser: Browser;
let admin: User;
let second: User;
let event: EventRow;
let run: Run;
let riley: User;
let pending: number;

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser());
  const db = site.database.db;
  const kamloops = await insertDepartment(db, { name: 'Kamloops Fire Rescue', city: 'Kamloops', province: 'BC' });
  const halifax = await insertDepartment(db, { name: 'Halifax Regional Fire', city: 'Halifax', province: 'NS' });
  admin = await insertUser(db, { role: 'admin', first_name: 'Ari', last_name: 'Desk' });
  second = await insertUser(db, { role: 'admin', first_name: 'Sam', last_name: 'Check' });
  riley = await insertUser(db, { first_name: 'Riley', last_name: 'Chen', department_id: kamloops.id, gender: 'male' });
  const others = [
    await insertUser(db, { first_name: 'Jordan', last_name: 'Okafor', department_id: halifax.id, gender: 'male' }),
    await insertUser(db, { first_name: 'Quinn', last_name: 'Fairweather', department_id: kamloops.id, gender: 'male' }),
  ];
  const seasons: [string, string, number][] = [
    ['2024-06-01', 'Red Deer Challenge 2024', 112_450],
    ['2025-06-01', 'Red Deer Challenge 2025', 108_310],
  ];
  for (const [date, name, time] of seasons) {
    const past = await insertEvent(db, { name, start_date: date, status: 'Completed' });
    const pastRun = await insertRun(db, past.id, { participant_limit: 50 });
    const registration = await insertRegistration(db, { runId: pastRun.id, userId: riley.id });
    await insertResult(db, {
      registrationId: registration.id,
      rawTimeMs: time,
      enteredBy: admin.id,
      validatedBy: second.id,
    });
    for (const [i, other] of others.entries()) {
      const r = await insertRegistration(db, { runId: pastRun.id, userId: other.id });
      await insertResult(db, {
        registrationId: r.id,
        rawTimeMs: time + 3_000 * (i + 1),
        enteredBy: admin.id,
        validatedBy: second.id,
      });
    }
  }
  event = await insertEvent(db, { name: 'Kamloops Cup 2026', start_date: '2026-06-01', status: 'In Progress' });
  run = await insertRun(db, event.id, { participant_limit: 50 });
  const r1 = await insertRegistration(db, { runId: run.id, userId: riley.id });
  await insertResult(db, { registrationId: r1.id, rawTimeMs: 104_120, enteredBy: admin.id, validatedBy: second.id });
  const r2 = await insertRegistration(db, { runId: run.id, userId: (others[0] as User).id });
  await insertResult(db, { registrationId: r2.id, rawTimeMs: 101_000, enteredBy: admin.id });
  pending = r2.id;
});
afterAll(async () => {
  await closeSiteAndBrowser(site, browser);
});

describe('public results, signed out', () => {
  it('at 390 px: search a competitor, open their page, see the chart (uplot loaded only there)', async () => {
    await onPage(
      openPage(browser, 'phone'),
      async (page) => {
        const scripts = scriptsLoadedBy(page);
        await page.goto(`${site.baseUrl}/results`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'Competition Results' }).waitFor();
        await page.getByLabel('Competitor or team').fill('rile');
        await page.waitForURL((url) => url.searchParams.get('q') === 'rile');
        await expect.poll(() => page.getByTestId('result-row').count()).toBe(3);
        await expectNoSidewaysScroll(page);
        await screenshot(page, 'public-results-search-390');
        await expectNoSeriousAxeViolations(page);
        const before = scripts.length;
        expect(scripts.some((s) => /uplot|progression-chart/i.test(s))).toBe(false);

        await page.getByRole('link', { name: 'Riley Chen' }).first().click();
        await page.getByRole('heading', { level: 1, name: 'Riley Chen' }).waitFor();
        await page.getByTestId('progression-chart').locator('canvas').waitFor();
        expect(scripts.length).toBeGreaterThan(before);
        await expect.poll(() => page.getByTestId('best').first().textContent()).toContain('1:44.12');
        await expectNoSidewaysScroll(page);
        await screenshot(page, 'public-results-competitor-390');
        await expectNoSeriousAxeViolations(page);
      },
      'public-results-search-failure',
    );
  });

  it('at 1440 px: the competitor page and the search with its pickers and filters in the URL', async () => {
    await onPage(openPage(browser, 'desktop'), async (page) => {
      await page.goto(`${site.baseUrl}/results/competitors/${riley.id}`, { waitUntil: 'networkidle' });
      await page.getByTestId('progression-chart').locator('canvas').waitFor();
      // Each result with its place in the run, over official results only (Jordan's 2026 time is provisional).
      expect(await page.getByTestId('result-place').allTextContents()).toEqual(['1st of 1', '1st of 3', '1st of 3']);
      await screenshot(page, 'public-results-competitor-1440');
      // The department's page, reached from here, shows the places too, and "Back" returns here.
      await page.getByRole('link', { name: 'Kamloops Fire Rescue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Kamloops Fire Rescue' }).waitFor();
      await expect.poll(() => page.getByTestId('result-place').count()).toBeGreaterThan(0);
      await screenshot(page, 'public-results-department-1440');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL(`${site.baseUrl}/results/competitors/${riley.id}`);
      await page.goto(`${site.baseUrl}/results?eventId=${event.id}`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.getByTestId('result-row').count()).toBe(1);
      // The pickers show the filters of the URL, and what is picked goes back into it.
      expect(await page.getByLabel('Event', { exact: true }).inputValue()).toBe(String(event.id));
      await page.getByLabel('Department', { exact: true }).selectOption({ label: 'Kamloops Fire Rescue' });
      await page.waitForURL((url) => url.searchParams.get('departmentId') !== null);
      await page.getByLabel('Season', { exact: true }).selectOption('2026');
      await page.waitForURL((url) => url.searchParams.get('season') === '2026');
      expect(new URL(page.url()).searchParams.get('eventId')).toBe(String(event.id));
      await expect.poll(() => page.getByTestId('result-row').count()).toBeGreaterThan(0);
      await screenshot(page, 'public-results-search-1440');
      await expectNoSeriousAxeViolations(page);
    });
  });

  it("an event's results page updates live when an official validates a result; the page at 390 and 1440 px", async () => {
    await onPage(
      openPage(browser, 'phone'),
      async (page) => {
        await page.goto(`${site.baseUrl}/results/events/${event.id}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'Kamloops Cup 2026' }).waitFor();
        await page.getByTestId('live-badge').waitFor();
        expect(await page.getByText('Jordan Okafor').count()).toBe(0);
        await expect.poll(() => page.getByTestId('standing-row').count()).toBeGreaterThan(0);

        // A second official validates from another client.
        const auth = bearer(site.app, second);
        await sessionsWritten(site.app);
        const response = await fetch(`${site.baseUrl}/api/results/${pending}/validate`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ expectedVersion: 1 }),
        });
        expect(response.status, await response.text()).toBe(200);

        await page.getByText('Jordan Okafor').first().waitFor({ timeout: 10_000 });
        await expectNoSidewaysScroll(page);
        await screenshot(page, 'public-results-event-390');
        await expectNoSeriousAxeViolations(page);

        // The same page at desktop width, without a second visit.
        await resizeTo(page, VIEWPORTS.desktop);
        await page.getByTestId('live-badge').waitFor();
        await screenshot(page, 'public-results-event-1440');
        await expectNoSeriousAxeViolations(page);
      },
      'public-results-event-failure',
    );
  });

  it('follows Riley from his page on this phone: the Following page shows his heat and results, and a new official time live', async () => {
    // Riley also runs Over 40 Men today: timed, waiting for the second official.
    const db = site.database.db;
    const masters = await insertRun(db, event.id, {
      name: 'Individual: Over 40 Men',
      category: 'Over 40 Men',
      participant_limit: 50,
    });
    const entry = await insertRegistration(db, { runId: masters.id, userId: riley.id });
    await insertResult(db, { registrationId: entry.id, rawTimeMs: 103_500, enteredBy: admin.id });
    await onPage(
      openPage(browser, 'phone'),
      async (page) => {
        await page.goto(`${site.baseUrl}/following`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('following-empty').waitFor();
        await page.goto(`${site.baseUrl}/results/competitors/${riley.id}`, { waitUntil: 'domcontentloaded' });
        const follow = page.getByTestId('follow').getByRole('button', { name: 'Follow' });
        await follow.click();
        await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
        await page.getByRole('link', { name: 'your Following page' }).click();
        const card = page.getByTestId('followed');
        await card.getByRole('heading', { name: 'Riley Chen' }).waitFor();
        // His official results, newest first, with their places; the provisional one not among them.
        await expect.poll(() => card.getByTestId('followed-result').first().textContent()).toContain('1:44.12');
        expect(await card.textContent()).not.toContain('1:43.50');

        // The second official validates: the new time shows without a reload.
        const auth = bearer(site.app, second);
        await sessionsWritten(site.app);
        const response = await fetch(`${site.baseUrl}/api/results/${entry.id}/validate`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ expectedVersion: 1 }),
        });
        expect(response.status, await response.text()).toBe(200);
        await expect.poll(() => card.getByTestId('followed-result').first().textContent()).toContain('1:43.50');
        await expectNoSidewaysScroll(page);
        await screenshot(page, 'following-390');
        await expectNoSeriousAxeViolations(page);

        // Kept on the device: still followed after a reload, and at desktop width.
        await page.reload({ waitUntil: 'domcontentloaded' });
        await card.getByRole('heading', { name: 'Riley Chen' }).waitFor();
        await resizeTo(page, VIEWPORTS.desktop);
        await screenshot(page, 'following-1440');
      },
      'following-failure',
    );
  });

  it("qualifying standards: a Q badge on the event's results, and the qualified list at 390 and 1440 px", async () => {
    // An admin sets the 2026 standard (1:45.00) through the API: Riley's 1:44.12 of 2026 qualifies; the 2025
    // standard of 1:48.00 leaves Riley's 1:48.31 of 2025 out.
    const auth = bearer(site.app, admin);
    await sessionsWritten(site.app);
    for (const [season, timeMs] of [
      [2026, 105_000],
      [2025, 108_000],
    ]) {
      const response = await fetch(`${site.baseUrl}/api/qualifying-standards`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ season, runType: 'individual', category: 'Open Men', timeMs }),
      });
      expect(response.status, await response.text()).toBe(201);
    }
    await onPage(
      openPage(browser, 'phone'),
      async (page) => {
        await page.goto(`${site.baseUrl}/results/events/${event.id}`, { waitUntil: 'networkidle' });
        const rileyRow = page.getByTestId('standing-row').filter({ hasText: 'Riley Chen' }).first();
        await rileyRow.getByTitle('Qualified for nationals').waitFor();
        expect(await rileyRow.getByTitle('Qualified for nationals').textContent()).toBe('Q');
        await expectNoSidewaysScroll(page);
        await screenshot(page, 'public-results-q-badge-390');

        await page.goto(`${site.baseUrl}/results`, { waitUntil: 'networkidle' });
        await page.getByRole('link', { name: 'Qualified for nationals' }).click();
        await page.getByRole('heading', { level: 1, name: 'Qualified for nationals' }).waitFor();
        await page.getByLabel('Season', { exact: true }).selectOption('2026');
        await page.waitForURL((url) => url.searchParams.get('season') === '2026');
        const rows = page.getByTestId('qualified-row');
        await expect.poll(() => rows.filter({ hasText: 'Riley Chen' }).count()).toBe(1);
        expect(await rows.filter({ hasText: 'Riley Chen' }).textContent()).toContain('1:44.12');
        expect(await page.getByTestId('qualified-group').first().textContent()).toContain('Standard 1:45.00');
        await expectNoSidewaysScroll(page);
        await screenshot(page, 'public-results-qualified-390');
        await expectNoSeriousAxeViolations(page);

        // 2025: Riley's 1:48.31 is over that season's 1:48.00.
        await page.getByLabel('Season', { exact: true }).selectOption('2025');
        await page.waitForURL((url) => url.searchParams.get('season') === '2025');
        await page.getByText('Nobody matching these filters has qualified in 2025 yet.').waitFor();

        await resizeTo(page, VIEWPORTS.desktop);
        await page.getByLabel('Season', { exact: true }).selectOption('2026');
        await expect.poll(() => rows.filter({ hasText: 'Riley Chen' }).count()).toBe(1);
        await page.getByLabel('Department', { exact: true }).selectOption({ label: 'Kamloops Fire Rescue' });
        await page.waitForURL((url) => url.searchParams.get('departmentId') !== null);
        await expect.poll(() => rows.count()).toBe(1);
        await page.getByLabel('Category', { exact: true }).selectOption('Open Men');
        await page.waitForURL((url) => url.searchParams.get('category') === 'Open Men');
        await screenshot(page, 'public-results-qualified-1440');
        await expectNoSeriousAxeViolations(page);
      },
      'public-results-qualified-failure',
    );
  });
});
