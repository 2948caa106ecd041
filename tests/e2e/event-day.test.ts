import { hash } from '@node-rs/argon2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunOrderView } from '../../api/contracts/run-orders.ts';
import type { EventRow, Run, User } from '../../api/db/schema.ts';
import { bearer, sessionsWritten } from '../support/app.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  openPage,
  type RunningSite,
  screenshot,
  signIn,
  startSiteAndBrowser,
} from '../support/browser.ts';
import { insertDepartment, insertEvent, insertRegistration, insertRun, insertUser } from '../support/factories.ts';

/**
 * The event day in a real browser (docs/decisions/047, 048): the event-wide venue screen moving from
 * run to run as the timing table starts their heats, and a competitor's "your heat" following a move
 * on the board live, on the public event page.
 */
let site: RunningSite;
let browser: Browser;
let admin: User;
let competitor: User;
let event: EventRow;
let morning: Run;
let noon: Run;
let miaRegistration: number;
const PASSWORD = 'Event-day-pass1';
const LANDSCAPE = { width: 1920, height: 1080 };
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  const db = site.database.db;
  const department = await insertDepartment(db, { name: 'Estevan Fire Rescue', city: 'Estevan', province: 'SK' });
  admin = await insertUser(db, {
    role: 'admin',
    email: 'ari@example.org',
    first_name: 'Ari',
    last_name: 'Desk',
    password_hash: await hash(PASSWORD),
  });
  // In Saskatchewan: its venue clock is Regina's (UTC-6 all year), so the morning run starts at 9:00.
  event = await insertEvent(db, { name: 'Estevan Firefit Day', start_date: '2027-06-05', province: 'SK' });
  const run = (name: string, category: string, start: string) =>
    insertRun(db, event.id, {
      name,
      category,
      participant_limit: 40,
      start_time: start,
      heat_duration_seconds: 300,
    });
  morning = await run('Individual: Open Men', 'Open Men', '2027-06-05T15:00:00Z');
  noon = await run('Individual: Open Women', 'Open Women', '2027-06-05T17:00:00Z');
  const people = [
    ['Avery', 'Thompson'],
    ['Jordan', 'Okafor'],
    ['Riley', 'Chen'],
    ['Morgan', 'Lessard'],
    ['Casey', 'Nakamura'],
    ['Quinn', 'Fairweather'],
  ];
  for (const [i, [first, last]] of people.entries()) {
    const person = await insertUser(db, { first_name: first, last_name: last, department_id: department.id });
    await insertRegistration(db, { runId: (i < 4 ? morning : noon).id, userId: person.id });
  }
  competitor = await insertUser(db, {
    email: 'mia@example.org',
    first_name: 'Mia',
    last_name: 'Larue',
    department_id: department.id,
    password_hash: await hash(PASSWORD),
  });
  miaRegistration = (await insertRegistration(db, { runId: morning.id, userId: competitor.id })).id;
  // Heats of one pair, in registration order: Mia is fifth, heat 3, left lane; heat 4 is empty.
  await command(morning.id, 'POST', '/create-empty', { heatSize: 1, positions: 8 });
  const order = await view(morning.id);
  const ids = order.unplaced.map((e) => e.registrationId).sort((a, b) => a - b);
  for (const [i, id] of ids.entries())
    await command(morning.id, 'POST', `/registrations/${id}/insert`, { position: i + 1 });
  await command(noon.id, 'POST', '/generate', { seeding: { rule: 'random', seed: 3 }, heatSize: 1 });
});
afterAll(() => closeSiteAndBrowser(site, browser));

async function view(runId: number): Promise<RunOrderView> {
  const auth = bearer(site.app, admin);
  await sessionsWritten(site.app); // the token's session, before it leaves the process
  const response = await fetch(`${site.baseUrl}/api/run-orders/run/${runId}/full`, { headers: auth });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RunOrderView;
}

/** An admin's run-order command through the real API (what the board and the timing table send). */
async function command(runId: number, method: 'POST' | 'PATCH', path: string, body: Record<string, unknown> = {}) {
  const auth = bearer(site.app, admin);
  await sessionsWritten(site.app); // the token's session, before it leaves the process
  const current = (await (
    await fetch(`${site.baseUrl}/api/run-orders/run/${runId}/full`, { headers: auth })
  ).json()) as RunOrderView;
  const response = await fetch(`${site.baseUrl}/api/run-orders/run/${runId}${path}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ expectedVersion: current.version, ...body }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RunOrderView;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

describe('the event-wide venue display', () => {
  it('shows what is next, then follows the run whose heat the timing table starts, switching runs live', async () => {
    // The screen at the venue, on the venue's clock: times without a zone.
    const page = await openPage(browser, LANDSCAPE, { timezoneId: 'America/Regina' });
    await page.goto(`${site.baseUrl}/display/events/${event.id}`, { waitUntil: 'domcontentloaded' });

    // Before any run starts: the first run of the day, with its estimated start and its first heat.
    const next = page.getByTestId('next-run');
    await next.waitFor();
    expect(await next.getAttribute('data-run-id')).toBe(String(morning.id));
    expect(await page.getByTestId('next-run-start').textContent()).toBe('Estimated start 09:00');
    expect(await page.getByTestId('clock-zone').count()).toBe(0);
    await page.getByTestId('on-deck').getByText('Avery Thompson').waitFor();
    await screenshot(page, 'event-display-next-run-1920');

    // The timing table starts the morning run: the screen shows its board.
    await command(morning.id, 'PATCH', '/current-heat', { heat: 1 });
    await poll(() => heading(page)).toContain('Open Men');
    await page.getByTestId('now-running').getByText('Avery Thompson').waitFor();
    await page.getByTestId('on-deck-estimate').waitFor();
    await screenshot(page, 'event-display-run-1920');
    await expectNoSeriousAxeViolations(page);

    // "Now running" moves to the noon run: the screen switches without a reload.
    await command(noon.id, 'PATCH', '/current-heat', { heat: 1 });
    await poll(() => heading(page)).toContain('Open Women');
    await poll(() => page.getByTestId('current-heat').textContent()).toBe('Heat 1 of 1');

    // And back when the morning run's next heat starts.
    await command(morning.id, 'PATCH', '/current-heat', { heat: 2 });
    await poll(() => heading(page)).toContain('Open Men');
    await poll(() => page.getByTestId('current-heat').textContent()).toBe('Heat 2 of 4');
    await page.context().close();
  });
});

describe("a competitor's heat", () => {
  it('shows heat, pair, lane and estimated start on the event page, and follows a move on the board live', async () => {
    // The admin's board opens meanwhile, with a sign-in of its own: nothing on it changes before the move below.
    const boardReady = (async () => {
      const board = await openPage(browser, 'desktop');
      await signIn(board, site, admin.email, PASSWORD);
      await board.goto(`${site.baseUrl}/portal/run-orders/${morning.id}`, { waitUntil: 'networkidle' });
      return board;
    })();
    boardReady.catch(() => undefined); // a failure is thrown where it is awaited
    // Mia reads it at home in Vancouver: the venue's time, labelled with the venue's zone.
    const page = await openPage(browser, 'desktop', { timezoneId: 'America/Vancouver' });
    await signIn(page, site, competitor.email, PASSWORD);
    await page.goto(`${site.baseUrl}/events/${event.id}`, { waitUntil: 'domcontentloaded' });
    const mine = page.getByTestId('my-heats');
    await poll(() => mine.getByTestId('my-heat-text').textContent()).toMatch(
      /^Heat 3, pair 3, left lane, estimated at \d\d:\d\d CST$/,
    );
    await page
      .getByTestId('start-lists')
      .getByRole('link', { name: /Open Men/ })
      .waitFor();
    await screenshot(page, 'event-page-my-heat-1440');

    // Heat 2 is on the course: it and heat 1 stay where they are. Its handle is off, and a drop of
    // heat 3 over it is refused on the board, next to the heat, before anything is sent.
    expect((await view(morning.id)).slots.indexOf(miaRegistration)).toBe(4);
    const board = await boardReady;
    expect(await board.getByRole('button', { name: 'Move heat 2' }).isDisabled()).toBe(true);
    const region = board.locator('[id^="DndLiveRegion"]');
    const dragHeat3Over = async (target: number, key: 'ArrowUp' | 'ArrowDown') => {
      await board.getByRole('button', { name: 'Move heat 3' }).focus();
      await board.keyboard.press('Space');
      await poll(async () => {
        const text = (await region.textContent()) ?? '';
        if (!text.includes(`over heat ${target}.`)) await board.keyboard.press(key);
        return text;
      }).toContain(`Heat 3 is over heat ${target}.`);
      await board.keyboard.press('Space');
    };
    await dragHeat3Over(2, 'ArrowUp');
    await board
      .getByTestId('heat-2')
      .getByText(/Position 3 is in heat 2, which is on the course or has run; nobody there moves/)
      .waitFor();
    expect((await view(morning.id)).slots.indexOf(miaRegistration)).toBe(4);

    // An admin moves Mia's heat (heat 3) after heat 4 on the board, by keyboard; her page follows.
    await dragHeat3Over(4, 'ArrowDown');
    await poll(async () => (await view(morning.id)).slots.indexOf(miaRegistration)).toBe(6);
    await poll(() => mine.getByTestId('my-heat-text').textContent()).toMatch(/^Heat 4, pair 4, left lane/);

    // "Next heat" is one button and Page Down on the board.
    await board.getByTestId('board-current-heat').getByText('heat 2 of 4').waitFor();
    await board.getByRole('button', { name: /^Next heat/ }).waitFor();
    await board.keyboard.press('PageDown');
    await board.getByTestId('board-current-heat').getByText('heat 3 of 4').waitFor();
    await screenshot(board, 'run-order-board-next-heat-1440');
    await board.context().close();
    await expectNoSeriousAxeViolations(page);

    // The same on My registrations, and the public start list the event page links to.
    await page.goto(`${site.baseUrl}/portal/registrations`, { waitUntil: 'domcontentloaded' });
    await poll(() => page.getByTestId('my-heat-text').first().textContent()).toMatch(/^Heat 4, pair 4, left lane/);
    await page.context().close();

    const phone = await openPage(browser, 'phone');
    await phone.goto(`${site.baseUrl}/start-lists/${morning.id}`, { waitUntil: 'domcontentloaded' });
    await phone.getByTestId('start-list').getByText('Mia Larue').waitFor();
    expect(await phone.content()).not.toContain('mia@example.org');
    await screenshot(phone, 'start-list-390');
    await expectNoSeriousAxeViolations(phone);
    await phone.context().close();
  });
});
