import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunOrderDisplay, RunOrderView } from '../../api/contracts/run-orders.ts';
import type { Run, User } from '../../api/db/schema.ts';
import { bearer, sessionsWritten } from '../support/app.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, type RunningSite, screenshot, startSite } from '../support/browser.ts';
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
  site = await startSite();
  browser = await launchBrowser();
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
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

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

async function openDisplay(
  viewport: { width: number; height: number },
  runId: number | string = run.id,
): Promise<{ context: BrowserContext; page: Page; scripts: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${site.baseUrl}/display/runs/${runId}`, { waitUntil: 'domcontentloaded' });
  return { context, page, scripts };
}

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

describe('the venue display', () => {
  it('shows the heat on the course, the one on deck and the next ones at 1920x1080, without signing in or site chrome', async () => {
    const { context, page, scripts } = await openDisplay(LANDSCAPE);
    try {
      const now = page.getByTestId('now-running');
      await now.waitFor();
      await page.getByRole('heading', { level: 1, name: /Individual: Open Men/ }).waitFor();
      await page.getByText('Red Deer Fire Fit Challenge').waitFor();
      await expect(page.getByTestId('current-heat').textContent()).resolves.toBe('Heat 1 of 5');
      for (const name of await namesOfHeat(1)) await now.getByText(name, { exact: true }).waitFor();
      for (const name of await namesOfHeat(2))
        await page.getByTestId('on-deck').getByText(name, { exact: true }).waitFor();
      // The heats after it, as many as fit whole in the room left.
      await page.getByTestId('coming-up').getByText('Heat 3 of 5').waitFor();
      await screenshot(page, 'venue-display-1920x1080');
      expect(await page.getByTestId('clock').textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);
      // The heat's lanes: left and right for every pair.
      expect(await now.locator('[data-testid="lane"][data-lane="left"]').count()).toBe(3);
      expect(await now.locator('[data-testid="lane"][data-lane="right"]').count()).toBe(3);
      // Read from 20 m: names of at least 48 px on the course and on deck.
      expect(await nameSize(page, 'now-running')).toBeGreaterThanOrEqual(48);
      expect(await nameSize(page, 'on-deck')).toBeGreaterThanOrEqual(48);
      // The display is the whole screen: no site header, footer or sign-in link.
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await page.getByTestId('site-footer').count()).toBe(0);
      // Nobody uses a pointer here: it is hidden while still.
      expect(await page.getByTestId('venue-display').evaluate((e) => getComputedStyle(e).cursor)).toBe('none');
      // A light page: the shared schemas (zod) are not loaded.
      expect(scripts.filter((path) => /schemas-/.test(path))).toEqual([]);
      await expectEverythingOnScreen(page, '1920x1080');
      await expectNoSeriousAxeViolations(page);
    } finally {
      await context.close();
    }
  });

  it('follows an admin moving, removing and advancing through the real API without a reload', async () => {
    const { context, page } = await openDisplay(LANDSCAPE);
    try {
      const now = page.getByTestId('now-running');
      const before = await displayOf();
      const [first, second] = before.heats[0]?.pairs[0]?.lanes ?? [];
      if (!first?.name || !second?.name) throw new Error('the first pair is not full');
      await now.locator('[data-position="1"]').getByText(first.name, { exact: true }).waitFor();
      // Tell reloads apart from live updates: a reload would lose this mark.
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });

      // Position 1 moves behind position 2: the two swap lanes on the screen.
      await command('PATCH', '/positions/move', { sourcePosition: 1, targetPosition: 2 });
      await now.locator('[data-position="1"]').getByText(second.name, { exact: true }).waitFor();
      await now.locator('[data-position="2"]').getByText(first.name, { exact: true }).waitFor();

      // The entry in position 3 is taken out: its lane shows the empty-lane dash.
      const third = before.heats[0]?.pairs[1]?.lanes[0]?.name;
      if (!third) throw new Error('position 3 is empty');
      const thirdId = registrations.get(third);
      await command('POST', `/registrations/${thirdId}/remove`);
      await now.locator('[data-position="3"]').getByText('—').waitFor();
      expect(await now.getByText(third, { exact: true }).count()).toBe(0);

      // The timing table moves on to heat 2: it is now running, heat 3 is on deck.
      const heat2 = await namesOfHeat(2);
      await command('PATCH', '/current-heat', { heat: 2 });
      await page.getByTestId('current-heat').getByText('Heat 2 of 5').waitFor();
      for (const name of heat2) await now.getByText(name, { exact: true }).waitFor();
      await page.getByTestId('on-deck').getByText('Heat 3 of 5').waitFor();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(await page.getByTestId('reconnecting').count()).toBe(0);
      await screenshot(page, 'venue-display-after-changes-1920x1080');
    } finally {
      await context.close();
    }
  });

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
    const page = await context.newPage();
    try {
      await page.goto(`${site.baseUrl}/display/runs/${run.id}`, { waitUntil: 'domcontentloaded' });
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
    } finally {
      await context.close();
    }
  });

  it('fits a portrait screen (1080x1920) and a 1280x720 one', async () => {
    for (const [viewport, name] of [
      [PORTRAIT, 'venue-display-portrait-1080x1920'],
      [SMALL, 'venue-display-1280x720'],
    ] as const) {
      const { context, page } = await openDisplay(viewport);
      try {
        await page.getByTestId('now-running').getByTestId('lane').first().waitFor();
        await page.getByTestId('on-deck').getByTestId('lane').first().waitFor();
        await screenshot(page, name);
        await expectEverythingOnScreen(page, name);
      } finally {
        await context.close();
      }
    }
  });

  it('keeps a big heat (8 pairs) whole on one screen, shrinking the type to fit', async () => {
    const db = site.database.db;
    const event = await insertEvent(db, { name: 'Kamloops Regional' });
    const bigRun = await insertRun(db, event.id, {
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
    for (const [viewport, name] of [
      [LANDSCAPE, 'venue-display-big-heat-1920x1080'],
      [PORTRAIT, 'venue-display-big-heat-portrait-1080x1920'],
    ] as const) {
      const { context, page } = await openDisplay(viewport, bigRun.id);
      try {
        await page.getByTestId('current-heat').getByText('Heat 1 of 2').waitFor();
        expect(await page.getByTestId('now-running').getByTestId('lane').count()).toBe(16);
        await screenshot(page, name);
        await expectEverythingOnScreen(page, name);
      } finally {
        await context.close();
      }
    }
  });

  it('says the run order is coming soon for a run without one, and shows it as soon as it is created', async () => {
    const { context, page } = await openDisplay(LANDSCAPE, emptyRun.id);
    try {
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
    } finally {
      await context.close();
    }
  });

  it('says so clearly when the run does not exist', async () => {
    for (const id of [2_000_000_000, 'not-a-run']) {
      const { context, page } = await openDisplay(LANDSCAPE, id);
      try {
        await page.getByRole('heading', { level: 1, name: 'Run not found' }).waitFor();
        if (id === 'not-a-run') {
          await expectNoSeriousAxeViolations(page);
          await screenshot(page, 'venue-display-not-found-1920x1080');
        }
      } finally {
        await context.close();
      }
    }
  });
});
