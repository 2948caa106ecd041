import { hash } from '@node-rs/argon2';
import type { Browser, Locator, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, Run } from '../../api/db/schema.ts';
import { runOrderState } from '../../api/modules/run-orders/state.ts';
import { callAs } from '../support/app.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  openPage,
  pagesForTests,
  type RunningSite,
  screenshot,
  signIn,
  startSiteAndBrowser,
  type VIEWPORTS,
  waitUntil,
} from '../support/browser.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertRun,
  insertTeam,
  insertUser,
} from '../support/factories.ts';

/**
 * The live run-order board (/portal/run-orders/{runId}) in a real browser against the real API and
 * live socket: generating with a seed, moving by mouse and by keyboard, locks, undo and redo (buttons
 * and Ctrl+Z), two admins seeing each other's moves and presence, and a stale edit refused with the
 * other admin named. Fixtures are real registrations (events appended through the event store).
 */
let site: RunningSite;
let browser: Browser;
let event: EventRow;
const PASSWORD = 'Board-pass1';
/** How often the board tries the moves kept on the device again (web/features/run-orders/use-run-order-board.ts). */
const RETRY_OFFLINE_MS = 5_000;
const TEAMS: [string, number, number][] = [
  // name, department index, seed time (ms)
  ['Kamloops Blaze', 0, 421_500],
  ['Kamloops Embers', 0, 433_120],
  ['Halifax Harbour', 1, 415_060],
  ['Halifax Ladder 4', 1, 447_990],
  ['Regina Prairie Fire', 2, 409_870],
  ['Regina Rescue 7', 2, 428_300],
  ['Red Deer Pumpers', 3, 439_410],
  ['Red Deer Hose Team', 3, 452_000],
  ['Yukon Northern Lights', 4, 418_720],
  ['Moncton Tidal', 5, 436_660],
];

async function relayRunWithTeams(name: string): Promise<Run> {
  const db = site.database.db;
  const run = await insertRun(db, event.id, { name, type: 'relay', category: 'Open', participant_limit: 30 });
  const departments = await db.selectFrom('departments').select(['id']).orderBy('id').execute();
  for (const [teamName, dept, seed] of TEAMS) {
    const department = departments[dept]?.id ?? null;
    const captain = await insertUser(db, { department_id: department });
    const mate = await insertUser(db, { department_id: department });
    const team = await insertTeam(
      db,
      { captain_id: captain.id, name: `${teamName}`, department_id: department, seed_time_ms: seed },
      [mate.id],
    );
    await insertRegistration(db, { runId: run.id, teamId: team.id, registeredBy: captain.id });
  }
  return run;
}

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  const db = site.database.db;
  for (const [name, city, province] of [
    ['Kamloops Fire Rescue', 'Kamloops', 'BC'],
    ['Halifax Regional Fire', 'Halifax', 'NS'],
    ['Regina Fire & Protective Services', 'Regina', 'SK'],
    ['Red Deer Emergency Services', 'Red Deer', 'AB'],
    ['Whitehorse Fire', 'Whitehorse', 'YT'],
    ['Moncton Fire', 'Moncton', 'NB'],
  ] as const) {
    await insertDepartment(db, { name, city, province });
  }
  const passwordHash = await hash(PASSWORD);
  await insertUser(db, {
    email: 'ari@example.org',
    first_name: 'Ari',
    last_name: 'Benn',
    role: 'admin',
    password_hash: passwordHash,
  });
  await insertUser(db, {
    email: 'morgan@example.org',
    first_name: 'Morgan',
    last_name: 'Lessard',
    role: 'admin',
    password_hash: passwordHash,
  });
  event = await insertEvent(db, {
    name: 'Kamloops Firefit Classic',
    city: 'Kamloops',
    province: 'BC',
    start_date: '2027-06-12',
    end_date: '2027-06-13',
  });
});
afterAll(() => closeSiteAndBrowser(site, browser));

/**
 * Signed in on the portal; the board's waits give up after 15 s rather than Playwright's 30. `clock`
 * installs Playwright's clock first, for a test to move it on.
 */
async function signedInPage(email: string, viewport: keyof typeof VIEWPORTS, { clock = false } = {}): Promise<Page> {
  const page = await openPage(browser, viewport);
  if (clock) await page.clock.install();
  await signIn(page, site, email, PASSWORD);
  page.setDefaultTimeout(15_000);
  return page;
}

async function openBoard(page: Page, run: Run): Promise<void> {
  await page.goto(`${site.baseUrl}/portal/run-orders/${run.id}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: run.name }).waitFor();
}

/** Waits (without timing anything) for a value the page or the server reaches after a live round trip. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });
const slotsOf = async (run: Run) => (await runOrderState(site.database.db, run.id)).slots;
const position = (page: Page, n: number): Locator => page.getByTestId(`position-${n}`);
const teamName = (text: string | null) => TEAMS.map(([name]) => name).find((name) => text?.includes(name));
/** The team shown at a position, read from the board. */
const shownAt = async (page: Page, n: number) => teamName(await position(page, n).textContent());
/** The registration id a position holds on the board. */
const idAt = async (page: Page, n: number) => Number(await position(page, n).getAttribute('data-registration-id'));

async function generate(page: Page, seed: string): Promise<string[]> {
  await page.getByRole('button', { name: 'Generate', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Seed', { exact: true }).fill(seed);
  const preview = dialog.getByTestId('generate-preview');
  await preview
    .getByText(/added at/)
    .first()
    .waitFor();
  const rows = await preview.locator('li').allTextContents();
  await dialog.getByRole('button', { name: /Generate this order|Apply this order/ }).click();
  await dialog.waitFor({ state: 'detached' });
  return rows;
}

const entriesPlaced = async (run: Run) => (await slotsOf(run)).filter((id) => id !== null).length;

const nextFrame = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));

/** Where a locator is once it has stopped moving (the same box two frames running), or null if it is not shown. */
async function steadyBox(page: Page, locator: Locator) {
  let box = await locator.boundingBox();
  for (let attempt = 0; attempt < 20; attempt++) {
    await nextFrame(page);
    const again = await locator.boundingBox();
    if (again && box && again.x === box.x && again.y === box.y && again.height === box.height) return again;
    box = again;
  }
  return box;
}

/**
 * Drags a grip onto a position with the mouse, in small steps as a person would: first a nudge of
 * `nudgeX` px to the side (the pointer sensor starts a drag after a few pixels), then onto the target.
 * The board can move under the pointer (an entry just taken out settling in its panel, a notice or a
 * presence badge coming or going above): it presses the grip once the grip stands still, and before
 * letting go it re-aims until the target stays under the pointer for two frames.
 */
async function drag(page: Page, grip: Locator, to: number, nudgeX: number, steps: number): Promise<void> {
  const source = await steadyBox(page, grip);
  const target = position(page, to);
  let box = await target.boundingBox();
  if (!source || !box) throw new Error('position not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + nudgeX, source.y + source.height / 2 + 10, { steps: 4 });
  let aim = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(aim.x, aim.y, { steps });
  const under = (b: typeof box) =>
    b !== null && aim.x >= b.x && aim.x <= b.x + b.width && aim.y >= b.y && aim.y <= b.y + b.height;
  for (let settled = 0, attempt = 0; settled < 2 && attempt < 20; attempt++) {
    await nextFrame(page);
    box = await target.boundingBox();
    if (under(box)) {
      settled++;
    } else if (box) {
      settled = 0;
      aim = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(aim.x, aim.y, { steps: 3 });
    }
  }
  await page.mouse.up();
}

/** Drags a position's handle onto another position with the mouse. */
async function dragWithMouse(page: Page, from: number, to: number): Promise<void> {
  await drag(page, position(page, from).getByRole('button', { name: /^Move / }), to, 10, 12);
}

/** The number dnd-kit's screen-reader announcement gives as the place a picked-up item is over. */
async function announcedPosition(page: Page): Promise<string | undefined> {
  const region = page.locator('[id^="DndLiveRegion"]');
  return /is over position (\d+)\./.exec((await region.textContent()) ?? '')?.[1];
}

describe('the run-order board, one admin on one board (in order: each test goes on from the order the one before left)', () => {
  let run: Run;
  const pages = pagesForTests(
    async () => {
      run = await relayRunWithTeams('Relay: Open A');
      return { page: await signedInPage('ari@example.org', 'desktop') };
    },
    { page: 'run-order-board-failure' },
  );
  let preview: string[];
  /** The order before and after the move across the locked position, for undo and redo. */
  let beforeLockMove: (number | null)[];
  let afterLockMove: (number | null | undefined)[];

  it('lists the run on the index as without an order and opens its empty board from there', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/portal/run-orders`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: /Kamloops Firefit Classic/ }).click();
    await page.getByTestId(`run-order-status-${run.id}`).getByText('No order yet').waitFor();
    await screenshot(page, 'run-orders-index-desktop');
    await page.getByRole('link', { name: `Create order for ${run.name}` }).click();
    await page.getByRole('heading', { level: 1, name: run.name }).waitFor();
    await page.getByText('No run order yet').waitFor();
    await expectNoSeriousAxeViolations(page);
  });

  it('generates with a seed: the preview lists every team as added, and the board shows exactly that', async () => {
    const { page } = pages;
    preview = await generate(page, '20270612');
    expect(preview).toHaveLength(10);
    await page.getByTestId('heat-1').waitFor();
    await poll(() => entriesPlaced(run)).toBe(10);
    const slots = await slotsOf(run);
    for (const row of preview) {
      const [, at] = /added at (\d+)/.exec(row) ?? [];
      const team = teamName(row);
      expect(await shownAt(page, Number(at))).toBe(team);
      expect(slots[Number(at) - 1]).toBe(await idAt(page, Number(at)));
    }
  });

  it('shows the heats in pairs of a left and a right lane, with the heat now running, without serious axe violations', async () => {
    const { page } = pages;
    await expect(page.getByTestId('heat-1').getByTestId('pair-1').textContent()).resolves.toMatch(
      /Left lane[\s\S]*Right lane/,
    );
    await page.getByText('Now running').first().waitFor();
    await screenshot(page, 'run-order-board-desktop');
    await expectNoSeriousAxeViolations(page);
  });

  it('moves position 1 onto position 4 by mouse: 2, 3 and 4 shift up by one', async () => {
    const { page } = pages;
    const before = await slotsOf(run);
    await dragWithMouse(page, 1, 4);
    const afterMouse = [before[1], before[2], before[3], before[0], ...before.slice(4)];
    await poll(() => slotsOf(run)).toEqual(afterMouse);
    expect(await idAt(page, 4)).toBe(before[0]);
  });

  it('moves by keyboard: picked up at position 2, one step down, dropped where the announcement says it is', async () => {
    const { page } = pages;
    const moving = await idAt(page, 2);
    await position(page, 2)
      .getByRole('button', { name: /^Move / })
      .focus();
    await page.keyboard.press('Space');
    // The sensor listens for arrows from its next tick on: press until the announcement names another place.
    await poll(async () => {
      const announced = await announcedPosition(page);
      if (announced === undefined || announced === '2') await page.keyboard.press('ArrowDown');
      return announcedPosition(page);
    }).toMatch(/^(?!2$)\d+$/);
    const over = await announcedPosition(page);
    await page.keyboard.press('Space');
    await poll(async () => (await slotsOf(run))[Number(over) - 1]).toBe(moving);
    await poll(() => idAt(page, Number(over))).toBe(moving);
  });

  it('keeps a locked position: position 3 locked, a move of 1 onto 5 across it leaves its team in place', async () => {
    const { page } = pages;
    const held = await idAt(page, 3);
    await page.getByRole('button', { name: 'Lock position 3' }).click();
    // Once locked, the button says what it will do now.
    await page.getByRole('button', { name: 'Unlock position 3' }).waitFor();
    await poll(async () => (await runOrderState(site.database.db, run.id)).lockedPositions).toEqual([3]);
    beforeLockMove = await slotsOf(run);
    await dragWithMouse(page, 1, 5);
    afterLockMove = [
      beforeLockMove[1],
      beforeLockMove[3],
      beforeLockMove[2],
      beforeLockMove[4],
      beforeLockMove[0],
      ...beforeLockMove.slice(5),
    ];
    await poll(() => slotsOf(run)).toEqual(afterLockMove);
    expect(await idAt(page, 3)).toBe(held);
    await screenshot(page, 'run-order-board-locked-desktop');
    await expect(
      position(page, 3)
        .getByRole('button', { name: /^Move / })
        .count(),
    ).resolves.toBe(0);
  });

  it('refuses a drop on locked position 3 right there, announces it, and sends nothing', async () => {
    const { page } = pages;
    const before = await slotsOf(run);
    const sent: string[] = [];
    const onRequest = (request: { method: () => string; url: () => string }) => {
      if (request.method() !== 'GET' && request.url().includes('/api/run-orders/')) sent.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await dragWithMouse(page, 4, 3);
      const note = position(page, 3).getByTestId('drop-notice');
      await note.getByText(/Position 3 is locked/).waitFor();
      await expect(page.getByRole('alert').filter({ hasText: 'Position 3 is locked' }).count()).resolves.toBe(1);
      await screenshot(page, 'run-order-board-locked-drop-desktop');
      expect(sent).toEqual([]);
      expect(await slotsOf(run)).toEqual(before);
      await note.getByRole('button', { name: 'Dismiss message' }).click();
    } finally {
      page.off('request', onRequest);
    }
  });

  it('labels the pair and whole-order locks by what they will do', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Lock pair 5' }).click();
    const unlockPair = page.getByRole('button', { name: 'Unlock pair 5' });
    await unlockPair.waitFor();
    await expect(unlockPair.textContent()).resolves.toBe('Unlock');
    await unlockPair.click();
    await page.getByRole('button', { name: 'Lock pair 5' }).waitFor();
    await page.getByRole('button', { name: 'Lock whole order' }).click();
    await page.getByRole('button', { name: 'Unlock whole order' }).click();
    await page.getByRole('button', { name: 'Lock whole order' }).waitFor();
    await poll(async () => (await runOrderState(site.database.db, run.id)).orderLocked).toBe(false);
  });

  it('undoes and redoes the last move with the buttons', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Undo' }).click();
    await poll(() => slotsOf(run)).toEqual(beforeLockMove);
    await poll(() => idAt(page, 5)).toBe(beforeLockMove[4]);
    await page.getByRole('button', { name: 'Redo' }).click();
    await poll(() => slotsOf(run)).toEqual(afterLockMove);
  });

  it('undoes and redoes the last move with Ctrl+Z and Shift+Ctrl+Z', async () => {
    const { page } = pages;
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+z');
    await poll(() => slotsOf(run)).toEqual(beforeLockMove);
    await poll(() => idAt(page, 1)).toBe(beforeLockMove[0]);
    await page.keyboard.press('Control+Shift+z');
    await poll(() => slotsOf(run)).toEqual(afterLockMove);
    await poll(() => idAt(page, 1)).toBe(afterLockMove[0]);
  });

  it('lists the changes in the history; one opens the order as it was, read-only, until "Back to live"', async () => {
    const { page } = pages;
    await page
      .getByTestId('history-list')
      .getByText(/Generated/)
      .waitFor();
    await page
      .getByTestId('history-list')
      .getByRole('button', { name: /Generated/ })
      .click();
    await page.getByTestId('past-heats').waitFor();
    await page.getByText(/as it was at version/).waitFor();
    // Nothing that changes the live order is offered while the past one shows.
    for (const name of ['Undo', 'Redo', 'Generate', 'Lock whole order'])
      await expect(page.getByRole('button', { name, exact: true }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'run-order-board-history-desktop');
    await page.getByRole('button', { name: 'Back to live' }).click();
    await page.getByTestId('heats').waitFor();
    await expect(page.getByRole('button', { name: 'Undo', exact: true }).isDisabled()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).resolves.toBe(false);
  });

  it('saves the order as a named state and, after a change, applies it again after a confirmation', async () => {
    const { page } = pages;
    const saved = await slotsOf(run);
    await page.getByLabel('Name of the state to save').fill('Before the final');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(async () => (await runOrderState(site.database.db, run.id)).savedStates.map((s) => s.name)).toEqual([
      'Before the final',
    ]);
    await dragWithMouse(page, 6, 9);
    await poll(async () => (await slotsOf(run))[8]).toBe(saved[5]);
    await page.getByRole('button', { name: 'Apply saved state Before the final' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply state' }).click();
    await poll(() => slotsOf(run)).toEqual(saved);
    await poll(() => idAt(page, 9)).toBe(saved[8]);
  });

  it('takes an entry out (it waits under "Not placed") and drags it back in at position 2', async () => {
    const { page } = pages;
    const removed = await idAt(page, 10);
    await position(page, 10)
      .getByRole('button', { name: /^Remove / })
      .click();
    await poll(async () => (await slotsOf(run))[9]).toBeNull();
    const waiting = page.getByTestId(`unplaced-${removed}`);
    await waiting.waitFor();
    // A press that lands as the panel re-renders starts a text selection instead of a drag: as a person
    // would, drag again while the entry still waits (the checks below say where it must end up).
    for (let attempt = 0; attempt < 3 && (await waiting.count()) > 0; attempt++) {
      await drag(page, waiting.getByRole('button', { name: /^Drag / }), 2, -10, 15);
      await waiting.waitFor({ state: 'detached', timeout: 3000 }).catch(() => undefined);
    }
    await poll(async () => (await slotsOf(run))[1]).toBe(removed);
    await poll(() => entriesPlaced(run)).toBe(10);
    await waiting.waitFor({ state: 'detached' });
  });
});

describe("the run-order board, two admins and the venue's big screen on one board (in order: each test goes on from the order the one before left)", () => {
  let run: Run;
  // Morgan's live socket goes through the test, which can hold back the run-order events (never presence).
  let holdEvents = false;
  const pages = pagesForTests(
    async () => {
      run = await relayRunWithTeams('Relay: Open B');
      const ari = await signedInPage('ari@example.org', 'desktop');
      const morgan = await signedInPage('morgan@example.org', 'desktop');
      await morgan.context().routeWebSocket(/\/api\/live/, (ws: WebSocketRoute) => {
        const server = ws.connectToServer();
        server.onMessage((message) => {
          if (holdEvents && typeof message === 'string' && message.includes('"type":"event"')) return;
          ws.send(message);
        });
      });
      const screen = await openPage(browser, { width: 1920, height: 1080 });
      return { ari, morgan, screen };
    },
    { ari: 'run-order-board-two-admins-failure-ari', morgan: 'run-order-board-two-admins-failure-morgan' },
  );
  const onScreen = (n: number) =>
    pages.screen.locator(`[data-testid="lane"][data-position="${n}"]`).first().textContent();

  beforeAll(async () => {
    const { ari, morgan, screen } = pages;
    await openBoard(ari, run);
    await generate(ari, '777');
    await waitUntil(async () => (await entriesPlaced(run)) === 10, 'the ten entries to be placed');
    await openBoard(morgan, run);
    await position(morgan, 10).waitFor();
    // The venue's big screen, signed out.
    await screen.goto(`${site.baseUrl}/display/runs/${run.id}`);
  });

  it('shows the order on the big screen as on the board', async () => {
    await poll(async () => teamName(await onScreen(1))).toBe(await shownAt(pages.ari, 1));
  });

  it("shows each admin the other's initials, named for screen readers and on hover", async () => {
    const { ari, morgan } = pages;
    await ari
      .getByRole('list', { name: 'Also on this board' })
      .getByText('Morgan Lessard')
      .first()
      .waitFor({ state: 'attached' });
    await morgan
      .getByRole('list', { name: 'Also on this board' })
      .getByText('Ari Benn')
      .first()
      .waitFor({ state: 'attached' });
    await expect(
      morgan.getByRole('list', { name: 'Also on this board' }).getByText('AB', { exact: true }).isVisible(),
    ).resolves.toBe(true);
  });

  it('shows Morgan who is moving position 2 while Ari drags it', async () => {
    const { ari, morgan } = pages;
    const handle = await position(ari, 2)
      .getByRole('button', { name: /^Move / })
      .boundingBox();
    if (!handle) throw new Error('no handle');
    await ari.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await ari.mouse.down();
    await ari.mouse.move(handle.x + handle.width / 2 + 20, handle.y + handle.height / 2 + 20, { steps: 5 });
    await position(morgan, 2).getByText('Ari Benn moving this').waitFor();
    await screenshot(morgan, 'run-order-board-presence-desktop');
    await ari.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2, { steps: 5 });
    await ari.mouse.up();
    await position(morgan, 2).getByText('Ari Benn moving this').waitFor({ state: 'detached' });
  });

  it("brings Ari's move to Morgan's board and Morgan's to Ari's, and both to the big screen without a reload", async () => {
    const { ari, morgan, screen } = pages;
    const first = await idAt(ari, 1);
    await dragWithMouse(ari, 1, 3);
    await poll(() => idAt(morgan, 3)).toBe(first);
    const sixth = await idAt(morgan, 6);
    await dragWithMouse(morgan, 6, 2);
    await poll(() => idAt(ari, 2)).toBe(sixth);
    await poll(async () => (await slotsOf(run))[1]).toBe(sixth);
    await poll(async () => teamName(await onScreen(2))).toBe(await shownAt(ari, 2));
    await poll(async () => teamName(await onScreen(3))).toBe(await shownAt(ari, 3));
    await screenshot(screen, 'run-order-display-following-1920x1080');
  });

  it("refuses a stale edit (Morgan's board missed Ari's move), names Ari, keeps nothing of it and rolls the board forward", async () => {
    const { ari, morgan } = pages;
    holdEvents = true;
    try {
      const fifth = await idAt(ari, 5);
      await dragWithMouse(ari, 5, 1);
      await poll(async () => (await slotsOf(run))[0]).toBe(fifth);
      expect(await idAt(morgan, 1)).not.toBe(fifth);
      const slotsBefore = await slotsOf(run);
      await dragWithMouse(morgan, 4, 8);
      // Said where the drag ended (next to the card at position 8), and spoken by the live region.
      const notice = position(morgan, 8).getByTestId('drop-notice');
      await notice.waitFor();
      await expect(notice.textContent()).resolves.toMatch(
        /^Ari Benn moved .+ from position 5 to 1 while you were dragging; your move was not applied\.$/,
      );
      await expect(morgan.getByRole('alert').filter({ hasText: 'while you were dragging' }).count()).resolves.toBe(1);
      await poll(() => slotsOf(run)).toEqual(slotsBefore);
      await poll(() => idAt(morgan, 1)).toBe(fifth);
      await screenshot(morgan, 'run-order-board-conflict-desktop');
    } finally {
      holdEvents = false;
    }
  });

  it('lets Morgan move again once the board has caught up with the server, and Ari sees it', async () => {
    const { ari, morgan } = pages;
    // A drag started while the board is still rolling forward would be aimed at an older order.
    const serverVersion = (await runOrderState(site.database.db, run.id)).version;
    await poll(async () =>
      Number(/\d+/.exec((await morgan.getByTestId('board-version').textContent()) ?? '')?.[0]),
    ).toBe(serverVersion);
    const third = await idAt(morgan, 3);
    await dragWithMouse(morgan, 3, 7);
    await poll(() => idAt(ari, 7)).toBe(third);
  });

  it('moves a whole heat by keyboard: heat 2 (positions 7 to 10) onto heat 1', async () => {
    const { ari, morgan } = pages;
    const beforeHeatMove = await slotsOf(run);
    await morgan.getByRole('button', { name: 'Move heat 2' }).focus();
    await morgan.keyboard.press('Space');
    const region = morgan.locator('[id^="DndLiveRegion"]');
    await poll(async () => {
      const text = (await region.textContent()) ?? '';
      if (!text.includes('over heat 1.')) await morgan.keyboard.press('ArrowUp');
      return text;
    }).toContain('Heat 2 is over heat 1.');
    await morgan.keyboard.press('Space');
    await poll(async () => (await slotsOf(run)).slice(0, 4)).toEqual(beforeHeatMove.slice(6, 10));
    await poll(() => idAt(ari, 1)).toBe(beforeHeatMove[6]);
  });
});

describe('the run-order board on a phone (in order: each test goes on from the order the one before left)', () => {
  let run: Run;
  const pages = pagesForTests(
    async () => {
      run = await relayRunWithTeams('Relay: Open C');
      return { page: await signedInPage('ari@example.org', 'phone') };
    },
    { page: 'run-order-board-phone-failure' },
  );

  it('opens an empty board and creates an empty order', async () => {
    const { page } = pages;
    await openBoard(page, run);
    await page.getByText('No run order yet').waitFor();
    await screenshot(page, 'run-order-board-empty-phone');
    await page.getByRole('button', { name: 'Create empty' }).click();
    await page.getByTestId('heat-1').waitFor();
  });

  it('places an entry with its button, then generates the rest', async () => {
    const { page } = pages;
    await page
      .getByRole('button', { name: /^Place / })
      .first()
      .click();
    await poll(() => entriesPlaced(run)).toBe(1);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('dialog').getByTestId('generate-preview').waitFor();
    await screenshot(page, 'run-order-board-generate-phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Apply this order' }).click();
    await poll(() => entriesPlaced(run)).toBe(10);
  });

  it('locks a position, stacks the two lanes of a pair, does not scroll sideways and has no serious axe violations', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Lock position 2' }).click();
    await poll(async () => (await runOrderState(site.database.db, run.id)).lockedPositions).toEqual([2]);
    await expectNoSidewaysScroll(page, 'the board');
    const left = await position(page, 1).boundingBox();
    const right = await position(page, 2).boundingBox();
    expect(right && left && right.y > left.y + left.height - 1).toBe(true);
    await screenshot(page, 'run-order-board-phone');
    await expectNoSeriousAxeViolations(page);
  });

  it('shows on the index that the run has an order', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/portal/run-orders?eventId=${event.id}`, { waitUntil: 'networkidle' });
    await page.getByTestId(`run-order-status-${run.id}`).getByText('Has an order').waitFor();
    await screenshot(page, 'run-orders-index-phone');
    await expectNoSeriousAxeViolations(page);
  });
});

describe('the run-order board when the connection drops (in order: each test goes on from the order the one before left)', () => {
  let run: Run;
  const pages = pagesForTests(
    async () => {
      run = await relayRunWithTeams('Relay: Open D');
      // The board tries the moves it keeps again every 5 s: on the page's clock, moved on where a test waits.
      return { page: await signedInPage('ari@example.org', 'desktop', { clock: true }) };
    },
    { page: 'run-order-board-offline-failure' },
  );
  const moves = '**/api/run-orders/run/*/positions/move';
  const offlineNotice = (page: Page) => page.getByTestId('board-notice').filter({ hasText: 'You are offline' });

  beforeAll(async () => {
    const { page } = pages;
    await openBoard(page, run);
    await generate(page, '4242');
    await waitUntil(async () => (await entriesPlaced(run)) === 10, 'the ten entries to be placed');
  });

  it('keeps a move made offline, sends it when the connection returns, and leaves no stale warning or toast', async () => {
    const { page } = pages;
    const before = await slotsOf(run);
    await page.context().setOffline(true);
    try {
      await dragWithMouse(page, 1, 2);
      await offlineNotice(page).waitFor();
      await screenshot(page, 'run-order-board-offline-desktop');
      expect(await slotsOf(run)).toEqual(before);
    } finally {
      await page.context().setOffline(false);
    }
    await poll(async () => (await slotsOf(run)).slice(0, 2)).toEqual([before[1], before[0]]);
    await offlineNotice(page).waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Connection: Live' }).waitFor();
    expect(await page.getByTestId('board-notice').count()).toBe(0);
    // No toast piles up over the history panel (the board says what is wrong itself).
    expect(await page.getByRole('region', { name: 'Notifications' }).locator('li').count()).toBe(0);
  });

  it('keeps a move made offline across a reload, and applies it once the server can be reached', async () => {
    const { page } = pages;
    const before = await slotsOf(run);
    await page.context().setOffline(true);
    await dragWithMouse(page, 3, 4);
    await offlineNotice(page).waitFor();
    // The connection returns, but the moves still cannot get through while the page reloads.
    await page.route(moves, (route) => route.abort('internetdisconnected'));
    await page.context().setOffline(false);
    try {
      await openBoard(page, run);
      await offlineNotice(page).waitFor();
      await poll(() => idAt(page, 4)).toBe(before[2]);
      expect(await slotsOf(run)).toEqual(before);
    } finally {
      await page.unroute(moves);
    }
    await page.clock.fastForward(RETRY_OFFLINE_MS);
    await poll(async () => (await slotsOf(run)).slice(2, 4)).toEqual([before[3], before[2]]);
    await offlineNotice(page).waitFor({ state: 'detached' });
  });

  it('shows what changed meanwhile and lets the organiser choose: their move applied on the new order', async () => {
    const { page } = pages;
    const morgan = await site.database.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('email', '=', 'morgan@example.org')
      .executeTakeFirstOrThrow();
    const before = await slotsOf(run);
    await page.context().setOffline(true);
    try {
      await dragWithMouse(page, 5, 6);
      await offlineNotice(page).waitFor();
      // Meanwhile another admin moves position 9 to 10.
      const { version } = await runOrderState(site.database.db, run.id);
      const res = await callAs(site.app, 'PATCH', `/api/run-orders/run/${run.id}/positions/move`, morgan, {
        expectedVersion: version,
        sourcePosition: 9,
        targetPosition: 10,
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await page.context().setOffline(false);
    }
    const conflict = page.getByTestId('offline-conflict');
    // Morgan is not on this board, so the board does not know the name: "another admin".
    await conflict.getByText(/^Another admin moved .+ from position 9 to 10 while you were offline/).waitFor();
    await conflict.getByText(/move from position 5 to 6/).waitFor();
    await screenshot(page, 'run-order-board-offline-conflict-desktop');
    // Nothing of the kept move was applied by itself.
    const theirs = [...before.slice(0, 8), before[9], before[8]];
    expect(await slotsOf(run)).toEqual(theirs);
    await conflict.getByRole('button', { name: 'Apply mine to the current order' }).click();
    await poll(() => slotsOf(run)).toEqual([...theirs.slice(0, 4), theirs[5], theirs[4], ...theirs.slice(6)]);
    await conflict.waitFor({ state: 'detached' });
  });
});

describe("the run's registrations reach the open board and the big screen live", () => {
  let run: Run;
  const pages = pagesForTests(
    async () => {
      run = await relayRunWithTeams('Relay: Open E');
      const page = await signedInPage('ari@example.org', 'desktop');
      const screen = await openPage(browser, { width: 1920, height: 1080 });
      return { page, screen };
    },
    { page: 'run-order-board-registrations-failure', screen: 'run-order-display-registrations-failure' },
  );

  beforeAll(async () => {
    const { page, screen } = pages;
    await openBoard(page, run);
    await generate(page, '99');
    await waitUntil(async () => (await entriesPlaced(run)) === 10, 'the ten entries to be placed');
    await screen.goto(`${site.baseUrl}/display/runs/${run.id}`);
    await screen.locator('[data-testid="lane"][data-position="1"]').first().waitFor();
  });

  it('flags a cancelled placed entry on the board and takes its name off the screen, without a reload', async () => {
    const { page, screen } = pages;
    const cancelled = await idAt(page, 1);
    const name = await shownAt(page, 1);
    if (!name) throw new Error('position 1 is empty');
    await screen.getByText(name, { exact: true }).first().waitFor();
    const admin = await site.database.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('email', '=', 'ari@example.org')
      .executeTakeFirstOrThrow();
    const res = await callAs(site.app, 'PATCH', `/api/registrations/${cancelled}/cancel`, admin, {});
    expect(res.statusCode, res.body).toBe(200);
    await position(page, 1)
      .getByText(/Cancelled/)
      .waitFor();
    await poll(() => screen.getByText(name, { exact: true }).count()).toBe(0);
  });

  it('lists a new confirmed registration under "Not placed" without a reload', async () => {
    const { page } = pages;
    const db = site.database.db;
    const captain = await insertUser(db, {});
    const team = await insertTeam(db, { captain_id: captain.id, name: 'Whitehorse Late Shift' }, []);
    const registration = await insertRegistration(db, { runId: run.id, teamId: team.id, registeredBy: captain.id });
    await page.getByTestId(`unplaced-${registration.id}`).getByText('Whitehorse Late Shift').waitFor();
  });
});

describe('the run-order picker and the dashboard on event day', () => {
  const pages = pagesForTests(async () => ({ page: await signedInPage('ari@example.org', 'desktop') }), {
    page: 'run-orders-event-day-failure',
  });
  let today: EventRow;

  beforeAll(async () => {
    const db = site.database.db;
    // An event under way since an earlier day, and more events starting later than it: latest-first would bury it.
    today = await insertEvent(db, {
      name: 'Red Deer Firefit Days',
      city: 'Red Deer',
      province: 'AB',
      status: 'In Progress',
      start_date: '2026-01-10',
      end_date: '2026-01-11',
    });
    for (let i = 1; i <= 3; i++)
      await insertEvent(db, { name: `Later event ${i}`, start_date: `2028-0${i}-01`, end_date: `2028-0${i}-01` });
  });

  it('lists the event in progress first in the picker', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/portal/run-orders`, { waitUntil: 'networkidle' });
    const first = page.getByRole('region', { name: 'Events' }).getByRole('link').first();
    await expect(first.textContent()).resolves.toContain('Red Deer Firefit Days');
  });

  it("takes the dashboard to today's event: its run orders and its timing table", async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/portal`, { waitUntil: 'networkidle' });
    const card = page.getByTestId('event-day');
    await card.getByText('Red Deer Firefit Days').waitFor();
    await screenshot(page, 'portal-dashboard-event-day-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'the dashboard');
    await screenshot(page, 'portal-dashboard-event-day-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await card.getByRole('link', { name: 'Run orders' }).click();
    await page.waitForURL((url) => url.pathname === '/portal/run-orders' && url.search.includes(`eventId=${today.id}`));
    await page.goto(`${site.baseUrl}/portal`, { waitUntil: 'networkidle' });
    await page.getByTestId('event-day').getByRole('link', { name: 'Timing and results' }).click();
    await page.waitForURL((url) => url.pathname === '/portal/results' && url.search.includes(`eventId=${today.id}`));
  });
});
