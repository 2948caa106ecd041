import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunOrderDisplay, RunOrderView } from '../../api/contracts/run-orders.ts';
import type { Run, User } from '../../api/db/schema.ts';
import { bearer, sessionsWritten } from '../support/app.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  onPage,
  openPage,
  pagesForTests,
  type RunningSite,
  screenshot,
  scriptsLoadedBy,
  startSiteAndBrowser,
} from '../support/browser.ts';
import { insertDepartment, insertEvent, insertRegistration, insertRun, insertUser } from '../support/factories.ts';

/**
 * The venue display (/display/runs/{runId}) in a real browser, never signed in: the heat on the course,
 * the one on deck and the next ones, following the run order live as an admin changes it through the
 * real API; "coming soon" before there is an order; a clear message for a run that does not exist.
 */
let site: RunningSite;
let browser: Browser;
let admin: User;
let run: Run;
let emptyRun: Run;
const registrations = new Map<string, number>();

const LANDSCAPE = { width: 1920, height: 1080 };
const PORTRAIT = { width: 1080, height: 1920 };
const SMALL = { width: 1280, height: 720 };

const PEOPLE: [string, string][] = [
  ['Avery', 'Thompson'],
  ['Jordan', 'Okafor'],
  ['Riley', 'Chen'],
  ['Morgan', 'Lessard'],
  ['Casey', 'Nakamura'],
  ['Quinn', 'Fairweather-Montgomery'],
  ['Dakota', 'Bouchard'],
  ['Emerson', 'Haddad'],
  ['Rowan', 'Kowalski'],
  ['Sasha', 'Fournier'],
  ['Parker', 'MacDonald'],
  ['Reese', 'Abernathy'],
  ['Skyler', 'Tremblay'],
  ['Harper', 'Singh'],
  ['Finley', 'Oduya'],
  ['Logan', 'Gagnon'],
  ['Blake', 'Whitehorse'],
  ['Cameron', 'Lindqvist'],
  ['Drew', 'Castellanos'],
  ['Jamie', 'Petrov'],
  ['Kendall', 'Moreau'],
  ['Alexis', 'Bergeron'],
  ['Hayden', 'Olsen'],
  ['Taylor', 'Wojcik'],
  ['Charlie', 'Dubois'],
  ['Frankie', 'Ng'],
  ['Remy', 'Laurent'],
  ['Ari', 'Benn'],
  ['Sam', 'Ortiz'],
];

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser());
  const db = site.database.db;
  const departments = [
    await insertDepartment(db, { name: 'Kamloops Fire Rescue', city: 'Kamloops', province: 'BC' }),
    await insertDepartment(db, {
      name: 'Regional Municipality of Wood Buffalo Fire Rescue',
      city: 'Fort McMurray',
      province: 'AB',
    }),
    await insertDepartment(db, { name: 'Halifax Regional Fire', city: 'Halifax', province: 'NS' }),
  ];
  admin = await insertUser(db, { role: 'admin', first_name: 'Ari', last_name: 'Desk' });
  const event = await insertEvent(db, { name: 'Red Deer Fire Fit Challenge' });
  run = await insertRun(db, event.id, {
    name: 'Individual: Open Men',
    type: 'individual',
    category: 'Open Men',
    participant_limit: 60,
  });
  emptyRun = await insertRun(db, event.id, { name: 'Relay', type: 'relay', category: 'Women', participant_limit: 20 });
  for (const [index, [first, last]] of PEOPLE.entries()) {
    const person = await insertUser(db, {
      first_name: first,
      last_name: last,
      department_id: departments[index % 3]?.id ?? null,
    });
    const registration = await insertRegistration(db, { runId: run.id, userId: person.id });
    registrations.set(`${first} ${last}`, registration.id);
  }
  // 29 entries in pairs of 3 per heat: 15 pairs, 5 heats, the last pair with one empty lane.
  await command('POST', '/generate', { seeding: { rule: 'random', seed: 7 }, heatSize: 3 });
});
afterAll(() => closeSiteAndBrowser(site, browser));

/** An admin's run-order command through the real API, at the version the order is at now. */
async function command(
  method: 'POST' | 'PATCH',
  path: string,
  body: Record<string, unknown> = {},
  runId = run.id,
): Promise<RunOrderView> {
  const current = await displayOf(runId);
  const auth = bearer(site.app, admin);
  await sessionsWritten(site.app); // the token's session (decision 025), before it leaves the process
  const response = await fetch(`${site.baseUrl}/api/run-orders/run/${runId}${path}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ expectedVersion: current.version, ...body }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RunOrderView;
}

async function displayOf(runId = run.id): Promise<RunOrderDisplay> {
  const response = await fetch(`${site.baseUrl}/api/run-orders/run/${runId}/display`);
  expect(response.status).toBe(200);
  return (await response.json()) as RunOrderDisplay;
}

/** The names of a heat's occupied lanes, in order. */
async function namesOfHeat(heat: number): Promise<string[]> {
  const view = await displayOf();
  return (view.heats.find((h) => h.heat === heat)?.pairs ?? []).flatMap((p) =>
    p.lanes.map((l) => l.name).filter((n): n is string => n !== null),
  );
}

/** The display of a run in a browser context of its own at the viewport, signed out. */
async function openDisplay(
  viewport: { width: number; height: number },
  runId: number | string = run.id,
): Promise<Page> {
  const page = await openPage(browser, viewport);
  await page.goto(displayUrl(runId), { waitUntil: 'domcontentloaded' });
  return page;
}

const displayUrl = (runId: number | string = run.id) => `${site.baseUrl}/display/runs/${runId}`;

/** Nothing scrolls, nothing spills past the screen's edges or out of its panel. */
async function expectEverythingOnScreen(page: Page, what: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const { innerWidth, innerHeight } = window;
    if (document.documentElement.scrollWidth > innerWidth) found.push('the page scrolls sideways');
    if (document.documentElement.scrollHeight > innerHeight) found.push('the page scrolls down');
    for (const element of document.querySelectorAll<HTMLElement>(
      '[data-testid="now-running"], [data-testid="on-deck"], [data-testid="clock"], h1',
    )) {
      const box = element.getBoundingClientRect();
      if (box.right > innerWidth + 1 || box.bottom > innerHeight + 1 || box.left < -1 || box.top < -1)
        found.push(`${element.dataset.testid ?? element.tagName} leaves the screen`);
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(`${element.dataset.testid ?? element.tagName} overflows sideways`);
    }
    for (const lane of document.querySelectorAll<HTMLElement>(
      '[data-testid="now-running"] [data-testid="lane"], [data-testid="on-deck"] [data-testid="lane"]',
    )) {
      const box = lane.getBoundingClientRect();
      if (box.bottom > innerHeight + 1 || box.right > innerWidth + 1)
        found.push(`lane ${lane.dataset.position} is cut off`);
    }
    return found;
  });
  expect(problems, what).toEqual([]);
}

/** The computed font size of the first name in a section, in CSS pixels. */
async function nameSize(page: Page, section: string): Promise<number> {
  const size = await page
    .locator(`[data-testid="${section}"] [data-testid="lane"] p`)
    .first()
    .evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));
  return size;
}

describe('the venue display at 1920x1080, never signed in', () => {
  let scripts: string[] = [];
  const pages = pagesForTests(async () => {
    const page = await openPage(browser, LANDSCAPE);
    scripts = scriptsLoadedBy(page);
    await page.goto(displayUrl(), { waitUntil: 'domcontentloaded' });
    return { page };
  });

  it('shows the heat on the course, the one on deck and the next ones, as many as fit whole', async () => {
    const { page } = pages;
    const now = page.getByTestId('now-running');
    await now.waitFor();
    await page.getByRole('heading', { level: 1, name: /Individual: Open Men/ }).waitFor();
    await page.getByText('Red Deer Fire Fit Challenge').waitFor();
    await expect(page.getByTestId('current-heat').textContent()).resolves.toBe('Heat 1 of 5');
    for (const name of await namesOfHeat(1)) await now.getByText(name, { exact: true }).waitFor();
    for (const name of await namesOfHeat(2))
      await page.getByTestId('on-deck').getByText(name, { exact: true }).waitFor();
    await page.getByTestId('coming-up').getByText('Heat 3 of 5').waitFor();
    await screenshot(page, 'venue-display-1920x1080');
  });

  it('shows the clock', async () => {
    expect(await pages.page.getByTestId('clock').textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);
  });

  it("shows the heat's lanes: left and right for every pair", async () => {
    const now = pages.page.getByTestId('now-running');
    expect(await now.locator('[data-testid="lane"][data-lane="left"]').count()).toBe(3);
    expect(await now.locator('[data-testid="lane"][data-lane="right"]').count()).toBe(3);
  });

  it('shows names of at least 48 px on the course and on deck, to be read from 20 m', async () => {
    expect(await nameSize(pages.page, 'now-running')).toBeGreaterThanOrEqual(48);
    expect(await nameSize(pages.page, 'on-deck')).toBeGreaterThanOrEqual(48);
  });

  it('is the whole screen: no site header, footer or sign-in link', async () => {
    expect(await pages.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await pages.page.getByTestId('site-footer').count()).toBe(0);
  });

  it('hides the pointer while still: nobody uses one here', async () => {
    expect(await pages.page.getByTestId('venue-display').evaluate((e) => getComputedStyle(e).cursor)).toBe('none');
  });

  it('is a light page: the shared schemas (zod) are not loaded', async () => {
    expect(scripts.filter((path) => /schemas-/.test(path))).toEqual([]);
  });

  it('keeps everything on screen, without serious axe violations', async () => {
    await expectEverythingOnScreen(pages.page, '1920x1080');
    await expectNoSeriousAxeViolations(pages.page);
  });
});

describe('the venue display follows an admin through the real API without a reload (in order: each test goes on from the order the one before left)', () => {
  const pages = pagesForTests(async () => ({ page: await openDisplay(LANDSCAPE) }));
  const now = () => pages.page.getByTestId('now-running');
  let before: RunOrderDisplay;

  beforeAll(async () => {
    before = await displayOf();
    const first = before.heats[0]?.pairs[0]?.lanes[0];
    if (!first?.name) throw new Error('the first pair is not full');
    await now().locator('[data-position="1"]').getByText(first.name, { exact: true }).waitFor();
    // Tell reloads apart from live updates: a reload would lose this mark.
    await pages.page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
  });

  it('swaps the lanes of position 1 and 2 when position 1 moves behind position 2', async () => {
    const [first, second] = before.heats[0]?.pairs[0]?.lanes ?? [];
    if (!first?.name || !second?.name) throw new Error('the first pair is not full');
    await command('PATCH', '/positions/move', { sourcePosition: 1, targetPosition: 2 });
    await now().locator('[data-position="1"]').getByText(second.name, { exact: true }).waitFor();
    await now().locator('[data-position="2"]').getByText(first.name, { exact: true }).waitFor();
  });

  it('shows the empty-lane dash where an entry was taken out', async () => {
    const third = before.heats[0]?.pairs[1]?.lanes[0]?.name;
    if (!third) throw new Error('position 3 is empty');
    const thirdId = registrations.get(third);
    await command('POST', `/registrations/${thirdId}/remove`);
    await now().locator('[data-position="3"]').getByText('—').waitFor();
    expect(await now().getByText(third, { exact: true }).count()).toBe(0);
  });

  it('moves on with the timing table: heat 2 is running, heat 3 on deck, and the page was never reloaded', async () => {
    const { page } = pages;
    const heat2 = await namesOfHeat(2);
    await command('PATCH', '/current-heat', { heat: 2 });
    await page.getByTestId('current-heat').getByText('Heat 2 of 5').waitFor();
    for (const name of heat2) await now().getByText(name, { exact: true }).waitFor();
    await page.getByTestId('on-deck').getByText('Heat 3 of 5').waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.getByTestId('reconnecting').count()).toBe(0);
    await screenshot(page, 'venue-display-after-changes-1920x1080');
  });
});

describe('the venue display', () => {
  it('says it is reconnecting while the live link is down, then catches up with what changed meanwhile', async () => {
    const context = await browser.newContext({ viewport: LANDSCAPE });
    // The live socket goes through to the real server, and can be cut like a venue's Wi-Fi dropping.
    let down = false;
    const links: WebSocketRoute[] = [];
    await context.routeWebSocket(/\/api\/live$/, (link) => {
      if (down) {
        void link.close();
        return;
      }
      link.connectToServer();
      links.push(link);
    });
    await onPage(context.newPage(), async (page) => {
      await page.goto(displayUrl(), { waitUntil: 'domcontentloaded' });
      const now = page.getByTestId('now-running');
      await now.getByTestId('lane').first().waitFor();
      expect(await page.getByTestId('reconnecting').count()).toBe(0);

      down = true;
      for (const link of links.splice(0)) await link.close();
      await page.getByTestId('reconnecting').getByText('Reconnecting…').waitFor();
      await screenshot(page, 'venue-display-reconnecting-1920x1080');

      // A change while the link is down shows once it is back, without a reload.
      const current = (await displayOf()).currentHeat;
      const next = current + 1;
      await command('PATCH', '/current-heat', { heat: next });
      down = false;
      await page.getByTestId('current-heat').getByText(`Heat ${next} of 5`).waitFor();
      await page.getByTestId('reconnecting').waitFor({ state: 'detached' });
    });
  });

  for (const [viewport, name] of [
    [PORTRAIT, 'venue-display-portrait-1080x1920'],
    [SMALL, 'venue-display-1280x720'],
  ] as const) {
    it(`fits a ${viewport.width}x${viewport.height} screen`, async () => {
      await onPage(openDisplay(viewport), async (page) => {
        await page.getByTestId('now-running').getByTestId('lane').first().waitFor();
        await page.getByTestId('on-deck').getByTestId('lane').first().waitFor();
        await screenshot(page, name);
        await expectEverythingOnScreen(page, name);
      });
    });
  }

  it('says the run order is coming soon for a run without one, and shows it as soon as it is created', async () => {
    await onPage(openDisplay(LANDSCAPE, emptyRun.id), async (page) => {
      await page.getByTestId('display-coming-soon').getByText('Run order coming soon').waitFor();
      await page.getByRole('heading', { level: 1, name: /Relay/ }).waitFor();
      await page.getByText('Red Deer Fire Fit Challenge').waitFor();
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'venue-display-coming-soon-1920x1080');

      // An admin creates an empty order of 4 positions: two pairs, every lane empty.
      await command('POST', '/create-empty', { positions: 4, heatSize: 2 }, emptyRun.id);
      const now = page.getByTestId('now-running');
      await page.getByTestId('current-heat').getByText('Heat 1 of 1').waitFor();
      // The dash on the screen; "empty" for a screen reader.
      expect(await now.getByTestId('lane').allTextContents()).toEqual([
        'Left lane: empty—',
        'Right lane: empty—',
        'Left lane: empty—',
        'Right lane: empty—',
      ]);
      await page.getByTestId('on-deck').getByText('Last heat of the run').waitFor();
      expect(await page.getByTestId('display-coming-soon').count()).toBe(0);
    });
  });

  it('says so clearly when the run does not exist', async () => {
    await onPage(openDisplay(LANDSCAPE, 2_000_000_000), async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Run not found' }).waitFor();
    });
  });

  it('says so clearly, without serious axe violations, when the run id is not a number', async () => {
    await onPage(openDisplay(LANDSCAPE, 'not-a-run'), async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Run not found' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'venue-display-not-found-1920x1080');
    });
  });
});

describe('the venue display of a big heat (8 pairs)', () => {
  let bigRun: Run;
  beforeAll(async () => {
    const db = site.database.db;
    const event = await insertEvent(db, { name: 'Kamloops Regional' });
    bigRun = await insertRun(db, event.id, {
      name: 'Individual: Open Women',
      type: 'individual',
      category: 'Open Women',
      participant_limit: 60,
    });
    const department = await insertDepartment(db, { name: 'Calgary Fire Department' });
    for (const [first, last] of PEOPLE.slice(0, 24)) {
      const person = await insertUser(db, { first_name: first, last_name: last, department_id: department.id });
      await insertRegistration(db, { runId: bigRun.id, userId: person.id });
    }
    await command('POST', '/generate', { seeding: { rule: 'random', seed: 3 }, heatSize: 8 }, bigRun.id);
  });

  for (const [viewport, name] of [
    [LANDSCAPE, 'venue-display-big-heat-1920x1080'],
    [PORTRAIT, 'venue-display-big-heat-portrait-1080x1920'],
  ] as const) {
    it(`keeps the heat whole on a ${viewport.width}x${viewport.height} screen, shrinking the type to fit`, async () => {
      await onPage(openDisplay(viewport, bigRun.id), async (page) => {
        await page.getByTestId('current-heat').getByText('Heat 1 of 2').waitFor();
        expect(await page.getByTestId('now-running').getByTestId('lane').count()).toBe(16);
        await screenshot(page, name);
        await expectEverythingOnScreen(page, name);
      });
    });
  }
});
