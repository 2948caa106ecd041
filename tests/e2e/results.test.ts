import { hash } from '@node-rs/argon2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDto, TimingView } from '../../api/contracts/results.ts';
import type { RunOrderView } from '../../api/contracts/run-orders.ts';
import type { Run, User } from '../../api/db/schema.ts';
import { bearer, sessionsWritten } from '../support/app.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  openPage,
  type RunningSite,
  screenshot,
  signIn,
  startSiteAndBrowser,
  type VIEWPORTS,
} from '../support/browser.ts';
import { insertDepartment, insertEvent, insertRegistration, insertRun, insertUser } from '../support/factories.ts';

/**
 * Results in a real browser against the real API and live socket: an official enters a whole heat at
 * the timing table with the keyboard only, "next heat" moves the venue display, a second official
 * validates the heat on the validation screen, and the venue display (signed out) shows the times,
 * provisional then official, live. Then a heat imported from a timing system's CSV: preview, apply.
 */
let site: RunningSite;
let browser: Browser;
let ari: User;
let morgan: User;
let run: Run;
const PASSWORD = 'Timing-pass1';
/** How often the timing table tries the times kept on the device again (web/features/results/timing-state.ts). */
const RETRY_OFFLINE_MS = 5_000;

const PEOPLE: [string, string][] = [
  ['Avery', 'Thompson'],
  ['Jordan', 'Okafor'],
  ['Riley', 'Chen'],
  ['Casey', 'Nakamura'],
  ['Quinn', 'Fairweather'],
  ['Dakota', 'Bouchard'],
  ['Emerson', 'Haddad'],
  ['Rowan', 'Kowalski'],
];

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  const db = site.database.db;
  const departments = [
    await insertDepartment(db, { name: 'Kamloops Fire Rescue', city: 'Kamloops', province: 'BC' }),
    await insertDepartment(db, { name: 'Halifax Regional Fire', city: 'Halifax', province: 'NS' }),
  ];
  const passwordHash = await hash(PASSWORD);
  ari = await insertUser(db, {
    email: 'ari@example.org',
    first_name: 'Ari',
    last_name: 'Benn',
    role: 'admin',
    password_hash: passwordHash,
  });
  morgan = await insertUser(db, {
    email: 'morgan@example.org',
    first_name: 'Morgan',
    last_name: 'Lessard',
    role: 'admin',
    password_hash: passwordHash,
  });
  const event = await insertEvent(db, { name: 'Red Deer Fire Fit Challenge' });
  run = await insertRun(db, event.id, {
    name: 'Individual: Open Men',
    type: 'individual',
    category: 'Open Men',
    participant_limit: 40,
  });
  for (const [index, [first, last]] of PEOPLE.entries()) {
    const person = await insertUser(db, {
      first_name: first,
      last_name: last,
      department_id: departments[index % 2]?.id ?? null,
    });
    await insertRegistration(db, { runId: run.id, userId: person.id });
  }
  // 8 entries, 2 pairs a heat: heats 1 and 2 of 4 lanes each.
  await api<RunOrderView>('POST', `/run-orders/run/${run.id}/generate`, {
    expectedVersion: 0,
    seeding: { rule: 'random', seed: 11 },
    heatSize: 2,
  });
});
afterAll(() => closeSiteAndBrowser(site, browser));

async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  body?: unknown,
  as: User = ari,
): Promise<T> {
  const signedIn = bearer(site.app, as);
  await sessionsWritten(site.app); // the token's session (decision 025), before it leaves the process
  const response = await fetch(`${site.baseUrl}/api${path}`, {
    method,
    headers: { ...signedIn, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

const timing = () => api<TimingView>('GET', `/results/run/${run.id}/timing`);
const heatResults = async (heat: number): Promise<(ResultDto | null)[]> =>
  ((await timing()).heats.find((h) => h.heat === heat)?.pairs ?? []).flatMap((p) => p.lanes.map((l) => l.result));
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });

/** Signed in on the portal; `clock` installs Playwright's clock first, for a test to move it on. */
async function official(email: string, viewport: keyof typeof VIEWPORTS, { clock = false } = {}): Promise<Page> {
  const page = await openPage(browser, viewport);
  if (clock) await page.clock.install();
  await signIn(page, site, email, PASSWORD);
  page.setDefaultTimeout(15_000);
  return page;
}

describe('a heat from the keyboard to the venue display', () => {
  let entry: Page;
  let display: Page;

  beforeAll(async () => {
    display = await openPage(browser, { width: 1920, height: 1080 });
    await display.goto(`${site.baseUrl}/display/runs/${run.id}`, { waitUntil: 'domcontentloaded' });
    await display.getByTestId('now-running').waitFor();
    entry = await official('ari@example.org', 'desktop');
  });
  afterAll(async () => {
    await entry?.context().close();
    await display?.context().close();
  });

  it('enters heat 1 with the keyboard only: times, a penalty, a DNF', async () => {
    await entry.goto(`${site.baseUrl}/portal/results/${run.id}`, { waitUntil: 'networkidle' });
    await entry.getByRole('heading', { level: 1, name: /Timing table/ }).waitFor();
    // The cursor waits in heat 1's first lane.
    await poll(() => entry.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('time-1');

    await entry.keyboard.type('14732');
    expect(await entry.getByTestId('time-1').inputValue()).toBe('1:47.32');
    await entry.keyboard.press('Enter');
    await poll(() => entry.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('time-2');
    await entry.keyboard.type('15010mm');
    // The official time and the provisional rank show before saving: 1:50.10 + 4 s.
    expect(await entry.getByTestId('official-2').textContent()).toBe('1:54.10');
    // Ranked against lane 1 once lane 1's time is in the table's state (its save may still be on its way).
    await poll(() => entry.getByTestId('rank-2').textContent()).toContain('Rank 2');
    await entry.keyboard.press('Enter');
    await entry.keyboard.press('d');
    await entry.keyboard.press('Enter');
    await entry.keyboard.type('14590');
    await entry.keyboard.press('Enter');

    await poll(async () => (await heatResults(1)).map((r) => r?.officialTime ?? r?.outcome ?? null)).toEqual([
      '1:47.32',
      '1:54.10',
      'dnf',
      '1:45.90',
    ]);
    const saved = await heatResults(1);
    expect(saved.every((r) => r?.status === 'provisional' && r.enteredBy?.id === ari.id)).toBe(true);
    expect(saved[1]?.penalties).toEqual([{ code: 'missed-step', label: expect.any(String), count: 2 }]);
    await poll(() => entry.getByTestId('timing-announcer').textContent()).toContain('Saved 1:45.90');
    await poll(() => entry.getByTestId('status-4').textContent()).toBe('Provisional');

    // The venue display shows the heat's times, marked provisional.
    const results = display.getByTestId('display-heat-results');
    await poll(() => results.textContent()).toContain('1:45.90');
    expect(await results.textContent()).toContain('Provisional');
    expect(await results.textContent()).toContain('DNF');
  });

  it('moves the run order to the next heat with one key, and the venue display follows', async () => {
    await entry.getByTestId('time-1').focus();
    // The run has not started: the first press starts heat 1, the next one moves to heat 2.
    await entry.getByRole('button', { name: /^Start heat 1/ }).waitFor();
    await entry.keyboard.press('PageDown');
    await entry.getByRole('button', { name: /^Next heat/ }).waitFor();
    await entry.keyboard.press('PageDown');
    await poll(() => entry.getByTestId('current-heat').textContent()).toBe('Heat 2 of 2 on the course');
    await poll(() => display.getByTestId('current-heat').textContent()).toContain('Heat 2');
    await screenshot(entry, 'results-timing-table-1440');
    await expectNoSeriousAxeViolations(entry);
  });

  it('a second official validates the heat with the keyboard, and the display shows it official', async () => {
    const checker = await official('morgan@example.org', 'desktop');
    try {
      await checker.goto(`${site.baseUrl}/portal/results/${run.id}/validate`, { waitUntil: 'networkidle' });
      await checker.getByRole('heading', { level: 1, name: /Validate/ }).waitFor();
      expect(await checker.getByTestId('validation-heat').textContent()).toBe('Heat 1 · 4 provisional');
      // Who entered each result is on its row.
      expect(await checker.getByTestId('validate-row-1').textContent()).toContain('Entered by Ari Benn');
      // The cursor waits on the first result to check: v works at once, no Tab needed.
      await poll(() => checker.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'validate-row-1',
      );
      await expectNoSeriousAxeViolations(checker);
      await screenshot(checker, 'results-validation-1440');
      for (let i = 0; i < 4; i++) {
        await checker.keyboard.press('v');
        await poll(async () => (await heatResults(1)).filter((r) => r?.status === 'official').length).toBe(i + 1);
        // The cursor moves on to the next provisional result by itself.
        if (i < 3)
          await poll(() => checker.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
            `validate-row-${i + 2}`,
          );
      }
      const validated = await heatResults(1);
      expect(validated.every((r) => r?.status === 'official' && r.validatedBy?.id === morgan.id)).toBe(true);
      await poll(() => checker.getByTestId('validation-heat').textContent()).toBe('Heat 1 · 0 provisional');
    } finally {
      await checker.context().close();
    }
    const results = display.getByTestId('display-heat-results');
    await poll(async () => (await results.textContent())?.includes('Provisional')).toBe(false);
    expect(await display.getByTestId('display-top-places').textContent()).toContain('1:45.90');
    await screenshot(display, 'results-venue-display-1920');
    await expectNoSeriousAxeViolations(display);
  });

  it('the entering official may validate their own entry only with a reason', async () => {
    // Ari corrects Morgan-validated lane 1 (an official result: the reason is asked), then validates it himself.
    await entry.reload({ waitUntil: 'networkidle' });
    // Official results read "Rank N", without "(provisional)".
    await poll(() => entry.getByTestId('rank-4').textContent()).toBe('Rank 1');
    expect(await entry.getByTestId('rank-1').textContent()).toBe('Rank 2');
    await entry.getByTestId('time-1').focus();
    await entry.keyboard.press('Delete');
    await entry.keyboard.type('14733');
    await entry.keyboard.press('Enter');
    const dialog = entry.getByRole('dialog');
    const reason = dialog.getByLabel('Reason for the correction');
    await reason.fill('Mistyped hundredths');
    // Enter adds a line; Ctrl+Enter sends, as the hint under the field says.
    await reason.press('Enter');
    expect(await reason.inputValue()).toBe('Mistyped hundredths\n');
    await reason.press('Backspace');
    expect(await dialog.getByText('Ctrl+Enter to send').isVisible()).toBe(true);
    await screenshot(entry, 'results-correction-reason-1440');
    await reason.press('Control+Enter');
    await poll(async () => (await heatResults(1))[0]?.status).toBe('provisional');
    expect((await heatResults(1))[0]?.rawTime).toBe('1:47.33');
    await poll(() => entry.getByTestId('rank-1').textContent()).toBe('Rank 2 (provisional)');
    expect(await entry.getByRole('dialog').count()).toBe(0);

    await entry.goto(`${site.baseUrl}/portal/results/${run.id}/validate`, { waitUntil: 'networkidle' });
    await poll(() => entry.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('validate-row-1');
    await entry.keyboard.press('v');
    const ask = entry.getByRole('dialog');
    await ask.getByLabel('Why you validate it yourself').fill('Second official away at the start line');
    // ⌘+Enter on a Mac sends it too.
    await ask.getByLabel('Why you validate it yourself').press('Meta+Enter');
    await poll(async () => (await heatResults(1))[0]?.status).toBe('official');

    const history = await api<{ data: { type: string; reason: string | null }[] }>(
      'GET',
      `/results/${(await heatResults(1))[0]?.id}/history`,
    );
    expect(history.data.map((h) => h.type)).toEqual([
      'ResultRecorded',
      'ResultValidated',
      'ResultCorrected',
      'ResultValidated',
    ]);
    expect(history.data[2]?.reason).toBe('Mistyped hundredths');
  });

  it("holds the run's results from the public with one switch, and releases them", async () => {
    await entry.goto(`${site.baseUrl}/portal/results/${run.id}`, { waitUntil: 'networkidle' });
    const hold = entry.getByTestId('hold-toggle');
    await hold.check();
    await poll(() => api<TimingView>('GET', `/results/run/${run.id}/timing`).then((v) => v.held)).toBe(true);
    // The display reads nothing of a held run (a fresh read: holding sends no live event).
    await display.reload({ waitUntil: 'domcontentloaded' });
    await display.getByTestId('now-running').waitFor();
    expect(await display.getByTestId('display-results').count()).toBe(0);
    await hold.uncheck();
    await poll(() => api<TimingView>('GET', `/results/run/${run.id}/timing`).then((v) => v.held)).toBe(false);
    await display.reload({ waitUntil: 'domcontentloaded' });
    await display.getByTestId('display-results').waitFor();
  });
});

describe('a heat imported from a timing system', () => {
  it('previews matched, unmatched and differing rows, then applies the matched ones', async () => {
    const page = await official('ari@example.org', 'phone');
    try {
      await page.goto(`${site.baseUrl}/portal/results/${run.id}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: /Timing table/ }).waitFor();
      await screenshot(page, 'results-timing-table-390');
      await expectNoSidewaysScroll(page, 'the timing table at 390 px');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Heat').selectOption('2');
      await dialog
        .getByLabel('Or paste the rows')
        .fill('lane,time,status\n1,1:50.00,\n2,1:51.00,\n3,,DNS\n9,1:40.00,\n');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByTestId('import-preview').waitFor();
      expect(await dialog.getByTestId('import-matched').locator('li').count()).toBe(3);
      expect(await dialog.getByTestId('import-unmatched').locator('li').count()).toBe(1);
      // Nothing is written before apply.
      expect((await heatResults(2)).every((r) => r === null || !r.recorded)).toBe(true);
      await screenshot(page, 'results-import-preview-390');
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole('button', { name: 'Apply 3 matched rows' }).click();
      await dialog.getByTestId('import-applied').waitFor();
      const imported = await heatResults(2);
      expect(imported.slice(0, 3).map((r) => r?.rawTime ?? r?.outcome)).toEqual(['1:50.00', '1:51.00', 'dns']);
      expect(imported.slice(0, 3).every((r) => r?.source === 'import' && r.status === 'provisional')).toBe(true);
      expect(imported[3]).toBeNull();
    } finally {
      await page.context().close();
    }
  });

  it('the results index and the validation screen work at 390 px', async () => {
    const page = await official('morgan@example.org', 'phone');
    try {
      await page.goto(`${site.baseUrl}/portal/results?eventId=${run.event_id}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Results' }).waitFor();
      await page.getByTestId('event-runs').waitFor();
      await expectNoSidewaysScroll(page, 'the results index at 390 px');
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'results-index-390');
      await page.goto(`${site.baseUrl}/portal/results/${run.id}/validate`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: /Validate/ }).waitFor();
      // Heat 1 is all official: heat 2 (imported) opens, its first row under the cursor.
      expect(await page.getByTestId('validation-heat').textContent()).toBe('Heat 2 · 3 provisional');
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('validate-row-5');
      await expectNoSidewaysScroll(page, 'the validation screen at 390 px');
      await screenshot(page, 'results-validation-390');
    } finally {
      await page.context().close();
    }
  });
});

describe('a time entered while the connection is down', () => {
  let page: Page;
  let offlineRun: Run;

  beforeAll(async () => {
    const db = site.database.db;
    const event = await insertEvent(db, { name: 'Halifax Harbour Challenge' });
    offlineRun = await insertRun(db, event.id, { name: 'Individual: Open Women', type: 'individual' });
    for (const [first, last] of PEOPLE.slice(0, 4)) {
      const person = await insertUser(db, { first_name: first, last_name: `${last} II` });
      await insertRegistration(db, { runId: offlineRun.id, userId: person.id });
    }
    await api<RunOrderView>('POST', `/run-orders/run/${offlineRun.id}/generate`, {
      expectedVersion: 0,
      seeding: { rule: 'random', seed: 5 },
      heatSize: 2,
    });
    // The table tries the times it keeps again every 5 s: on the page's clock, moved on below.
    page = await official('ari@example.org', 'desktop', { clock: true });
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('is kept on the device across a reload and saved once the server can be reached', async () => {
    const results = '**/api/results';
    const firstTime = async () =>
      (await api<TimingView>('GET', `/results/run/${offlineRun.id}/timing`)).heats[0]?.pairs[0]?.lanes[0]?.result ??
      null;
    await page.goto(`${site.baseUrl}/portal/results/${offlineRun.id}`, { waitUntil: 'networkidle' });
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('time-1');
    await page.context().setOffline(true);
    await page.keyboard.type('15233');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('kept-offline')
      .getByText(/1:52\.33 is kept on this device/)
      .waitFor();
    await screenshot(page, 'timing-table-kept-offline-desktop');
    // The connection returns, but results still cannot get through while the page reloads.
    await page.route(results, (route) => route.abort('internetdisconnected'));
    await page.context().setOffline(false);
    try {
      await page.reload({ waitUntil: 'networkidle' });
      await page
        .getByTestId('kept-offline')
        .getByText(/1:52\.33 is kept on this device/)
        .waitFor();
      expect(await firstTime()).toBeNull();
    } finally {
      await page.unroute(results);
    }
    await page.clock.fastForward(RETRY_OFFLINE_MS);
    await poll(async () => (await firstTime())?.rawTime).toBe('1:52.33');
    await page.getByTestId('kept-offline').waitFor({ state: 'detached' });
  });
});
