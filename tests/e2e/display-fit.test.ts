import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunOrderDisplay, RunOrderView } from '../../api/contracts/run-orders.ts';
import type { Run, User } from '../../api/db/schema.ts';
import { bearer, sessionsWritten } from '../support/app.ts';
import {
  closeSiteAndBrowser,
  onPage,
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
 * The venue screen of a run with heats of three pairs (six lanes), as the demo's Open Men runs: with the
 * heat on the course, the one on deck, the last heat's results and the run's top places all on screen at
 * 1920x1080 and at 1280x720, and the top places between heats and after the last one (decision 043).
 */
let site: RunningSite;
let browser: Browser;
let admin: User;
let run: Run;
const registrations = new Map<string, number>();

const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;
const FIRST = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Blake', 'Dakota', 'Emerson', 'Rowan', 'Sasha', 'Parker'];
const LAST = ['Thompson', 'Okafor', 'Tremblay', 'Lessard', 'Nakamura', 'Bergeron', 'Bouchard', 'Haddad', 'MacDonald'];

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser());
  const db = site.database.db;
  const department = await insertDepartment(db, { name: 'Toronto Fire Services', city: 'Toronto', province: 'ON' });
  admin = await insertUser(db, { role: 'admin', first_name: 'Ari', last_name: 'Desk' });
  const event = await insertEvent(db, { name: 'Toronto Indoor Winter Series' });
  run = await insertRun(db, event.id, { name: 'Individual: Open Men', category: 'Open Men', participant_limit: 40 });
  for (let i = 0; i < 24; i += 1) {
    // Long names, as the demo has: the lanes must keep them on one line or shrink to fit.
    const name = [FIRST[i % FIRST.length] as string, `${LAST[i % LAST.length]}-${LAST[(i + 3) % LAST.length]}`];
    const person = await insertUser(db, { first_name: name[0], last_name: name[1], department_id: department.id });
    registrations.set(name.join(' '), (await insertRegistration(db, { runId: run.id, userId: person.id })).id);
  }
  await command('POST', '/generate', { seeding: { rule: 'random', seed: 11 }, heatSize: 3 });
  const order = await displayOf();
  expect(order.heats).toHaveLength(4);
  // Heats 1 and 2 have run and are timed, some results official, some still provisional.
  let time = 101_000;
  for (const heat of order.heats.slice(0, 2))
    for (const lane of heat.pairs.flatMap((p) => p.lanes)) {
      time += 1_370;
      await insertResult(db, {
        registrationId: registrations.get(lane.name as string) as number,
        rawTimeMs: time,
        heat: heat.heat,
        position: lane.position,
        enteredBy: admin.id,
        ...(time % 2 ? { validatedBy: admin.id } : {}),
      });
    }
  await command('PATCH', '/current-heat', { heat: 1 });
  await command('PATCH', '/current-heat', { heat: 2 });
  await command('PATCH', '/current-heat', { heat: 3 });
});
afterAll(() => closeSiteAndBrowser(site, browser));

async function command(method: 'POST' | 'PATCH', path: string, body: Record<string, unknown> = {}) {
  const current = await displayOf();
  const auth = bearer(site.app, admin);
  await sessionsWritten(site.app); // the token's session, before it leaves the process
  const response = await fetch(`${site.baseUrl}/api/run-orders/run/${run.id}${path}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ expectedVersion: current.version, ...body }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RunOrderView;
}

async function displayOf(): Promise<RunOrderDisplay> {
  const response = await fetch(`${site.baseUrl}/api/run-orders/run/${run.id}/display`);
  expect(response.status).toBe(200);
  return (await response.json()) as RunOrderDisplay;
}

/**
 * What of these is not wholly visible: off the screen, or cut by a panel that hides what overflows it.
 * Each selector must match something.
 */
async function hiddenParts(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const found: string[] = [];
    const { innerWidth, innerHeight } = window;
    const clipped = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return true;
      if (box.left < -1 || box.top < -1 || box.right > innerWidth + 1 || box.bottom > innerHeight + 1) return true;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (box.top < frame.top - 1 || box.bottom > frame.bottom + 1) return true;
        if (box.left < frame.left - 1 || box.right > frame.right + 1) return true;
      }
      return getComputedStyle(element).visibility === 'hidden';
    };
    for (const selector of wanted) {
      // What the fit leaves out on purpose (a top place that has no room) is hidden whole, not cut.
      const elements = [...document.querySelectorAll(selector)].filter((element) => !element.closest('[hidden]'));
      if (elements.length === 0) found.push(`${selector}: none shown`);
      elements.forEach((element, i) => {
        if (clipped(element)) found.push(`${selector} #${i + 1} is cut off`);
      });
    }
    if (document.documentElement.scrollHeight > innerHeight) found.push('the page scrolls down');
    return found;
  }, selectors);
}

const HEAT_PARTS = [
  '[data-testid="now-running"] [data-testid="lane"]',
  '[data-testid="on-deck"] [data-testid="lane"]',
  '[data-testid="display-result"]',
  '[data-testid="display-top-places"] li',
];

describe('the venue display of heats of three pairs', () => {
  for (const screen of SCREENS) {
    it(`keeps the whole heat on the course, the one on deck, the last heat's results and the top places on a ${screen.width}x${screen.height} screen`, async () => {
      await onPage(openPage(browser, screen), async (page) => {
        await page.goto(`${site.baseUrl}/display/runs/${run.id}`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('current-heat').getByText('Heat 3 of 4').waitFor();
        await page.getByTestId('display-heat-results').getByText('Heat 2 results').waitFor();
        await expect.poll(() => page.locator(HEAT_PARTS[0] as string).count()).toBe(6);
        expect(await page.locator(HEAT_PARTS[1] as string).count()).toBe(6);
        await expect.poll(() => page.locator(HEAT_PARTS[2] as string).count()).toBe(6);
        await screenshot(page, `display-fit-heats-of-3-${screen.width}x${screen.height}`);
        await expect.poll(() => hiddenParts(page, HEAT_PARTS), { timeout: 5_000 }).toEqual([]);
        // At least the podium, fastest first.
        expect(await page.locator(SHOWN_PLACES).count()).toBeGreaterThanOrEqual(3);
      });
    });
  }

  it("shows the run's top places while the last heat runs and once it is timed, sized to fit", async () => {
    await command('PATCH', '/current-heat', { heat: 4 });
    const order = await displayOf();
    const db = site.database.db;
    let time = 99_000;
    for (const lane of order.heats[3]?.pairs.flatMap((p) => p.lanes) ?? []) {
      time += 2_110;
      await insertResult(db, {
        registrationId: registrations.get(lane.name as string) as number,
        rawTimeMs: time,
        heat: 4,
        position: lane.position,
        enteredBy: admin.id,
      });
    }
    for (const screen of SCREENS) {
      await onPage(openPage(browser, screen), async (page) => {
        await page.goto(`${site.baseUrl}/display/runs/${run.id}`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('display-heat-results').getByText('Heat 4 results').waitFor();
        await screenshot(page, `display-fit-last-heat-${screen.width}x${screen.height}`);
        await expect
          .poll(() =>
            hiddenParts(
              page,
              HEAT_PARTS.filter((p) => !p.includes('on-deck')),
            ),
          )
          .toEqual([]);
        // With nothing on deck, the standings have the room for more than the podium.
        expect(await page.locator(SHOWN_PLACES).count()).toBeGreaterThanOrEqual(5);
      });
    }
  });
});

const SHOWN_PLACES = '[data-testid="display-top-places"] li:not([hidden])';
