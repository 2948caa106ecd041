import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ResultsDisplay } from '../../api/contracts/results.ts';
import type { RunOrderDisplay, RunOrderView } from '../../api/contracts/run-orders.ts';
import type { Run, User } from '../../api/db/schema.ts';
import { bearer, sessionsWritten } from '../support/app.ts';
import {
  checkEach,
  closeSiteAndBrowser,
  openPage,
  type RunningSite,
  screenshot,
  startSiteAndBrowser,
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
 * A registration cancelled while both venue screens are open (the run's own, /display/runs/{runId},
 * and the event's, /display/events/{eventId}): the name leaves every panel of both, the heat on the
 * course, the last heat's results and the top places, on the live socket alone
 * (docs/decisions/043, 061). Both screens also poll every 30 s; the wait here is far shorter, so only
 * the live path can pass it.
 */
let site: RunningSite;
let browser: Browser;
let admin: User;
let run: Run;
let eventId: number;
const registrations = new Map<string, number>();

const LANDSCAPE = { width: 1920, height: 1080 };
/** Far below the screens' 30 s poll, far above a live update's round trip on a busy machine. */
const LIVE = { timeout: 5_000 };
const CANCELLED = 'Blake Bergeron';

const PEOPLE: [string, string][] = [
  ['Avery', 'Thompson'],
  ['Jordan', 'Okafor'],
  ['Riley', 'Chen'],
  ['Morgan', 'Lessard'],
  ['Casey', 'Nakamura'],
  ['Blake', 'Bergeron'],
  ['Dakota', 'Bouchard'],
  ['Emerson', 'Haddad'],
  ['Rowan', 'Kowalski'],
  ['Sasha', 'Fournier'],
  ['Parker', 'MacDonald'],
  ['Reese', 'Abernathy'],
];

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser());
  const db = site.database.db;
  const department = await insertDepartment(db, { name: 'Kamloops Fire Rescue', city: 'Kamloops', province: 'BC' });
  admin = await insertUser(db, { role: 'admin', first_name: 'Ari', last_name: 'Desk' });
  const event = await insertEvent(db, { name: 'Kamloops Fire Fit Challenge' });
  eventId = event.id;
  run = await insertRun(db, event.id, { name: 'Individual: Open Men', category: 'Open Men', participant_limit: 40 });
  for (const [first, last] of PEOPLE) {
    const person = await insertUser(db, { first_name: first, last_name: last, department_id: department.id });
    registrations.set(`${first} ${last}`, (await insertRegistration(db, { runId: run.id, userId: person.id })).id);
  }
  // 12 entries, two pairs a heat: three heats. Blake runs in heat 2, wherever the draw put him.
  await command('POST', '/generate', { seeding: { rule: 'random', seed: 7 }, heatSize: 2 });
  let order = await displayOf();
  if (heatOf(order, CANCELLED) !== 2) {
    const lanes = order.heats.flatMap((h) => h.pairs.flatMap((p) => p.lanes));
    await command('PATCH', '/positions/move', {
      sourcePosition: lanes.find((l) => l.name === CANCELLED)?.position,
      targetPosition: order.heats[1]?.pairs[0]?.lanes[0]?.position,
    });
    order = await displayOf();
  }
  expect(heatOf(order, CANCELLED)).toBe(2);
  // Heats 1 and 2 are run and timed, Blake fastest of all; heat 2 is on the course (of 3: the run goes on).
  let time = 95_000;
  for (const heat of order.heats.slice(0, 2))
    for (const lane of heat.pairs.flatMap((p) => p.lanes)) {
      if (lane.name === null) continue;
      time += 1_500;
      await insertResult(db, {
        registrationId: registrations.get(lane.name) as number,
        rawTimeMs: lane.name === CANCELLED ? 88_000 : time,
        heat: heat.heat,
        position: lane.position,
        enteredBy: admin.id,
      });
    }
  await command('PATCH', '/current-heat', { heat: 1 });
  await command('PATCH', '/current-heat', { heat: 2 });
  const results = await resultsOf();
  expect(results.topPlaces[0]?.name).toBe(CANCELLED);
});
afterAll(() => closeSiteAndBrowser(site, browser));

function heatOf(view: RunOrderDisplay, name: string): number | undefined {
  return view.heats.find((h) => h.pairs.some((p) => p.lanes.some((l) => l.name === name)))?.heat;
}

/** An admin's run-order command through the real API, at the version the order is at now. */
async function command(method: 'POST' | 'PATCH', path: string, body: Record<string, unknown> = {}) {
  const current = await displayOf();
  const response = await api(method, `/run-orders/run/${run.id}${path}`, {
    expectedVersion: current.version,
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RunOrderView;
}

async function api(method: 'POST' | 'PATCH', path: string, body: Record<string, unknown>): Promise<Response> {
  const auth = bearer(site.app, admin);
  await sessionsWritten(site.app); // the token's session (decision 025), before it leaves the process
  return fetch(`${site.baseUrl}/api${path}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function displayOf(): Promise<RunOrderDisplay> {
  const response = await fetch(`${site.baseUrl}/api/run-orders/run/${run.id}/display`);
  expect(response.status).toBe(200);
  return (await response.json()) as RunOrderDisplay;
}

async function resultsOf(): Promise<ResultsDisplay> {
  const response = await fetch(`${site.baseUrl}/api/results/run/${run.id}/display`);
  expect(response.status).toBe(200);
  return (await response.json()) as ResultsDisplay;
}

/** How many times the page shows the name, in the panel given or anywhere (hidden by the fit or not). */
const shown = (page: Page, name: string, panel?: string) =>
  (panel ? page.getByTestId(panel) : page.locator('body')).getByText(name, { exact: true }).count();

/** The panels the cancelled entrant is in before the cancellation: the heat on the course and the results. */
const PANELS = ['now-running', 'display-heat-results', 'display-top-places'];

/** Which of PANELS show the name, and 'elsewhere' when the page shows it anywhere else too. */
async function panelsShowing(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  let inPanels = 0;
  for (const panel of PANELS) {
    const count = await shown(page, name, panel);
    if (count > 0) found.push(panel);
    inPanels += count;
  }
  if ((await shown(page, name)) > inPanels) found.push('elsewhere');
  return found;
}

describe('a cancellation while both venue screens are open', () => {
  const screens: { name: string; page: Page }[] = [];
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const { name, page } of screens)
      await screenshot(page, `display-cancellation-${name.replace(' ', '-')}-failed`).catch(() => undefined);
  });
  afterAll(async () => {
    await Promise.all(screens.map(({ page }) => page.context().close()));
  });

  it('takes the name off every panel of the run display and of the event display at once', async () => {
    for (const [name, path] of [
      ['run display', `/display/runs/${run.id}`],
      ['event display', `/display/events/${eventId}`],
    ] as const) {
      const page = await openPage(browser, LANDSCAPE);
      screens.push({ name, page });
      await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
    }
    await checkEach(screens, async ({ name, page }) => {
      await page.getByTestId('current-heat').getByText('Heat 2 of 3').waitFor();
      await page.getByTestId('display-heat-results').getByText('Heat 2 results').waitFor({ state: 'attached' });
      await expect.poll(() => panelsShowing(page, CANCELLED), { timeout: 15_000, message: name }).toEqual(PANELS);
    });

    const response = await api('PATCH', `/registrations/${registrations.get(CANCELLED)}/cancel`, {
      reason: 'Withdrew on the day',
    });
    expect(response.status, await response.clone().text()).toBe(200);

    await checkEach(screens, async ({ name, page }) => {
      await expect
        .poll(() => panelsShowing(page, CANCELLED), { ...LIVE, message: `${name}: panels still showing him` })
        .toEqual([]);
      // The rest stays: his lane on the course is empty, the others' times and places are there.
      const others = (await displayOf()).heats[1]?.pairs.flatMap((p) => p.lanes.map((l) => l.name)) ?? [];
      expect(others).not.toContain(CANCELLED);
      for (const other of others.filter((n): n is string => n !== null)) {
        expect(await shown(page, other, 'now-running'), `${name}: ${other} on the course`).toBe(1);
        expect(await shown(page, other, 'display-heat-results'), `${name}: ${other}'s time`).toBe(1);
      }
      expect(await shown(page, (await resultsOf()).topPlaces[0]?.name ?? '', 'display-top-places')).toBe(1);
    });
  });
});
