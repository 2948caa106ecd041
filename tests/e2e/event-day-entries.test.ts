import { hash } from '@node-rs/argon2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, NewUser, Run, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { runOrderState } from '../../api/modules/run-orders/state.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  openPage,
  pagesForTests,
  type RunningSite,
  screenshot,
  signInPage,
  startSiteAndBrowser,
  type VIEWPORTS,
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
 * Event day on the board in a real browser (docs/decisions/045, 046): a late entry entered after the
 * window closed and placed beside the last runner rather than alone in a heat; a scratch shown on the
 * board and the venue display, with its DNS result, then undone; a substitution that keeps the slot.
 */
let site: RunningSite;
let browser: Browser;
let event: EventRow;
let run: Run;
let departmentId: number;
const PASSWORD = 'Event-day-pass1';
const RUNNERS = ['Ava Tremblay', 'Ben Okafor', 'Chloe Martin', 'Dev Singh'];

const db = () => site.database.db;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });
const slotsOf = async () => (await runOrderState(db(), run.id)).slots;
const emailOf = (first: string, last: string) => `${first}.${last}@example.org`.toLowerCase().replace(/\s/g, '');
const person = (first: string, last: string, extra: Partial<NewUser> = {}): Promise<User> =>
  insertUser(db(), {
    first_name: first,
    last_name: last,
    email: emailOf(first, last),
    department_id: departmentId,
    date_of_birth: '1990-05-05',
    gender: 'male',
    ...extra,
  });

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  departmentId = (await insertDepartment(db(), { name: 'Kamloops Fire Rescue' })).id;
  await insertUser(db(), {
    email: 'dana@example.org',
    first_name: 'Dana',
    last_name: 'Chief',
    role: 'admin',
    password_hash: await hash(PASSWORD),
  });
  const today = todayIn(site.app.config.siteTimeZone);
  event = await insertEvent(db(), {
    name: 'Kamloops Event Day',
    status: 'In Progress',
    start_date: addDays(today, -1),
    end_date: addDays(today, 1),
    registration_opens_on: addDays(today, -60),
    registration_closes_on: addDays(today, -2),
  });
  run = await insertRun(db(), event.id, { name: 'Individual: Open Men', participant_limit: 30 });
  // The runners sign in to see their own heat.
  const runnerHash = await hash(PASSWORD);
  for (const name of RUNNERS) {
    const [first = '', last = ''] = name.split(' ');
    await insertRegistration(db(), {
      runId: run.id,
      userId: (await person(first, last, { password_hash: runnerHash })).id,
    });
  }
  await person('Late', 'Larsen');
  // Not offered for a late entry: too young for the run.
  await person('Junior', 'Larsen', { date_of_birth: addDays(todayIn(site.app.config.siteTimeZone), -15 * 365) });
  await person('Sam', 'Substitute');
});
afterAll(() => closeSiteAndBrowser(site, browser));

async function signedInPage(viewport: keyof typeof VIEWPORTS): Promise<Page> {
  const page = await signInPage(browser, site, 'dana@example.org', PASSWORD, viewport);
  page.setDefaultTimeout(15_000);
  return page;
}

const position = (page: Page, n: number) => page.getByTestId(`position-${n}`);
/** The person entered at position n of the board, from the database. */
async function entrantAt(page: Page, n: number): Promise<User> {
  const id = Number(await position(page, n).getAttribute('data-registration-id'));
  return db()
    .selectFrom('users')
    .innerJoin('registrations', 'registrations.user_id', 'users.id')
    .selectAll('users')
    .where('registrations.id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('event day on the board (in order: each test goes on from the one before)', () => {
  const pages = pagesForTests(
    async () => {
      const page = await signedInPage('desktop');
      await page.goto(`${site.baseUrl}/portal/run-orders/${run.id}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: run.name }).waitFor();
      return { page };
    },
    { page: 'event-day-failure' },
  );

  it('generates heats of two pairs from the four entrants', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Generate', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Heat size (pairs per heat)').fill('2');
    await dialog.getByRole('button', { name: /Generate this order|Apply this order/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(async () => (await slotsOf()).filter((id) => id !== null).length).toBe(4);
    await page.getByTestId('heat-1').waitFor();
  });

  it('enters a late competitor after the window closed, shown as Late, and places them beside the last runner', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Late entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Late entry' });
    // Someone already in the run is not offered (no "Enter late" that can only be refused).
    await dialog.getByLabel('Competitor').fill('Okafor');
    await dialog.getByTestId('late-candidates-none').waitFor();
    expect(await dialog.getByRole('button', { name: /^Enter late/ }).count()).toBe(0);
    await screenshot(page, 'event-day-late-entry-none-desktop');
    // Of the two Larsens, only the one the run is open to (Junior is 15).
    await dialog.getByLabel('Competitor').fill('Larsen');
    await dialog.getByRole('button', { name: 'Enter late Late Larsen' }).waitFor();
    expect(await dialog.getByTestId('late-candidates').locator('li').allTextContents()).toEqual([
      expect.stringContaining('Late Larsen'),
    ]);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'event-day-late-entry-picker-desktop');
    await dialog.getByRole('button', { name: 'Enter late Late Larsen' }).click();
    await dialog.waitFor({ state: 'detached' });
    const late = await db()
      .selectFrom('registrations')
      .selectAll()
      .where('run_id', '=', run.id)
      .where('is_late', '=', true)
      .executeTakeFirstOrThrow();
    const item = page.getByTestId(`unplaced-${late.id}`);
    await item.getByText('Late', { exact: true }).waitFor();
    await item.getByRole('button', { name: /^Place / }).click();
    // Four runners fill heat 1 (two pairs); the fifth would run alone in heat 2: the last of heat 1 joins them.
    await poll(async () => (await slotsOf()).slice(4)).toEqual([late.id, expect.any(Number)]);
    const slots = await slotsOf();
    expect(slots[3]).toBeNull();
    await position(page, 5).getByText('Late Larsen').waitFor();
    await page.getByTestId('heat-2').getByTestId('position-6').waitFor();
    await screenshot(page, 'event-day-late-entry-desktop');
  });

  it('shows the late entry as Late in the portal registrations list', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/portal/registrations?runId=${run.id}&query=Larsen`, { waitUntil: 'networkidle' });
    const row = page.getByRole('row', { name: /Late Larsen/ });
    await row.getByText('Late', { exact: true }).waitFor();
    await screenshot(page, 'event-day-registrations-late-desktop');
    await page.goto(`${site.baseUrl}/portal/run-orders/${run.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: run.name }).waitFor();
  });

  it('scratches the entrant at position 1: the slot stays, marked, on the board and the open venue display; the result is DNS', async () => {
    const { page } = pages;
    const display = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    try {
      await display.goto(`${site.baseUrl}/display/runs/${run.id}`, { waitUntil: 'networkidle' });
      await display.getByText('Late Larsen').first().waitFor();
      const id = Number(await position(page, 1).getAttribute('data-registration-id'));
      await position(page, 1)
        .getByRole('button', { name: /^Scratch, no-show or substitute/ })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Scratch', exact: true }).click();
      await page.getByTestId('mark-1').getByText('Scratched · DNS').waitFor();
      await poll(async () => (await runOrderState(db(), run.id)).marks).toEqual({ [String(id)]: 'scratched' });
      await poll(
        async () =>
          (await db().selectFrom('results').select('outcome').where('registration_id', '=', id).executeTakeFirst())
            ?.outcome,
      ).toBe('dns');
      expect(await position(page, 1).getAttribute('data-registration-id')).toBe(String(id));
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'event-day-scratch-desktop');
      // The display already open follows it live.
      await display.getByTestId('lane-mark').getByText('Scratched').waitFor();
      await screenshot(display, 'event-day-display-scratch');

      // The public start list and the competitor's own heat say the same, from the same mark.
      const scratched = await entrantAt(page, 1);
      for (const viewport of ['desktop', 'phone'] as const) {
        const list = await openPage(browser, viewport);
        try {
          await list.goto(`${site.baseUrl}/start-lists/${run.id}`, { waitUntil: 'networkidle' });
          const marks = list.getByTestId('start-list-mark');
          await marks.first().waitFor();
          expect(await marks.allTextContents()).toEqual(['Scratched']);
          await expectNoSidewaysScroll(list);
          await screenshot(list, `event-day-start-list-scratch-${viewport}`);
        } finally {
          await list.context().close();
        }
      }
      const runner = await signInPage(browser, site, scratched.email, PASSWORD, 'phone');
      try {
        await runner.goto(`${site.baseUrl}/events/${event.id}`, { waitUntil: 'networkidle' });
        await poll(() => runner.getByTestId('my-heat-text').textContent()).toBe(
          'Heat 1, pair 1, left lane: Scratched, will not run',
        );
        await screenshot(runner, 'event-day-my-heat-scratch-phone');
      } finally {
        await runner.context().close();
      }
    } finally {
      await display.close();
    }
  });

  it('undoes the scratch: the mark goes and the DNS is voided, kept on record', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: /^Undo/ }).first().click();
    await page.getByTestId('mark-1').waitFor({ state: 'detached' });
    await poll(async () => (await runOrderState(db(), run.id)).marks).toEqual({});
    const id = Number(await position(page, 1).getAttribute('data-registration-id'));
    await poll(
      async () =>
        (await db().selectFrom('results').select('recorded').where('registration_id', '=', id).executeTakeFirst())
          ?.recorded,
    ).toBe(false);
  });

  it('substitutes the entrant at position 2: Sam takes the slot, same registration and place', async () => {
    const { page } = pages;
    const before = await slotsOf();
    const id = Number(await position(page, 2).getAttribute('data-registration-id'));
    const replaced = await entrantAt(page, 2);
    await position(page, 2)
      .getByRole('button', { name: /^Scratch, no-show or substitute/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Who takes the place').fill('Substitute');
    await dialog.getByRole('button', { name: 'Substitute', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await position(page, 2).getByText('Sam Substitute').waitFor();
    expect(await position(page, 2).getAttribute('data-registration-id')).toBe(String(id));
    expect(await slotsOf()).toEqual(before);
    // The history says what happened, once: not a scratch and an insert.
    const line = page.getByTestId('history-substitution');
    await poll(() => line.count()).toBe(1);
    expect(await line.textContent()).toMatch(
      new RegExp(
        `^Sam Substitute substituted for ${replaced.first_name} ${replaced.last_name}Substitution · Dana Chief · `,
      ),
    );
    await line.scrollIntoViewIfNeeded();
    await screenshot(page, 'event-day-history-substitution-desktop');
  });

  it('works at phone width: the lane actions and the dialog fit', async () => {
    const page = await signedInPage('phone');
    try {
      await page.goto(`${site.baseUrl}/portal/run-orders/${run.id}`, { waitUntil: 'networkidle' });
      await position(page, 3)
        .getByRole('button', { name: /^Scratch, no-show or substitute/ })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'No-show', exact: true }).click();
      await page.getByTestId('mark-3').getByText('No-show · DNS').waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'event-day-board-phone');
      await position(page, 3)
        .getByRole('button', { name: /^Scratch, no-show or substitute/ })
        .click();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'event-day-entrant-dialog-phone');
      await page.getByRole('dialog').getByRole('button', { name: 'Reinstate' }).click();
      await page.getByTestId('mark-3').waitFor({ state: 'detached' });
    } finally {
      await page.context().close();
    }
  });
});

describe('a late team in a relay run', () => {
  it('searches the teams of the format, enters one late and places it', async () => {
    const relay = await insertRun(db(), event.id, { name: 'Relay: Men', type: 'relay', category: 'Men' });
    const [captain, m1, m2] = [await person('Cap', 'Tain'), await person('Mem', 'One'), await person('Mem', 'Two')];
    const team = await insertTeam(
      db(),
      { captain_id: captain.id, name: 'Kamloops Latecomers', department_id: departmentId, run_type: 'relay' },
      [m1.id, m2.id],
    );
    const page = await signedInPage('phone');
    try {
      await page.goto(`${site.baseUrl}/portal/run-orders/${relay.id}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Create empty' }).click();
      await page.getByRole('button', { name: 'Late entry' }).click();
      const dialog = page.getByRole('dialog', { name: 'Late entry' });
      await dialog.getByLabel('Team', { exact: true }).fill('Latecomers');
      await dialog.getByRole('button', { name: 'Enter late Kamloops Latecomers' }).waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'event-day-late-team-picker-phone');
      await dialog.getByRole('button', { name: 'Enter late' }).click();
      await dialog.waitFor({ state: 'detached' });
      const registration = await db()
        .selectFrom('registrations')
        .selectAll()
        .where('team_id', '=', team.id)
        .executeTakeFirstOrThrow();
      expect(registration.is_late).toBe(true);
      const item = page.getByTestId(`unplaced-${registration.id}`);
      await item.getByText('Late', { exact: true }).waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'event-day-late-team-phone');
      await item.getByRole('button', { name: /^Place / }).click();
      await poll(async () => (await runOrderState(db(), relay.id)).slots.includes(registration.id)).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});
