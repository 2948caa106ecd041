import { hash } from '@node-rs/argon2';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationDto } from '../../api/contracts/registrations.ts';
import type { User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { callAs } from '../support/app.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  atEachWidth,
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  onPage,
  pagesForTests,
  pressUntilText,
  type RunningSite,
  screenshot,
  signInPage,
  startSiteAndBrowser,
  VIEWPORTS,
  visit,
} from '../support/browser.ts';
import { insertDepartment, insertEvent, insertRun, insertTeam, insertUser } from '../support/factories.ts';

/**
 * The registration screens in a real browser, on registrations made through the real API: an admin
 * manages a run of two places with two teams waiting (drag by mouse and by keyboard, cancel and see the
 * promotion, reinstate, delete and restore, read the history, register teams in a batch); a captain
 * sees their team's place on a waitlist and cancels it.
 */
let site: RunningSite;
let browser: Browser;
let admin: User;
let mensRun: number;
let industrialRun: number;
const PASSWORD = 'Portal-pass1';
const today = todayIn('America/Toronto');

const db = () => site.database.db;

async function register(runId: number, teamId: number): Promise<RegistrationDto> {
  const res = await callAs(site.app, 'POST', '/api/registrations', admin, { runId, teamId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The run's waitlist as the database has it: entrant names by position. */
async function waitlistInDatabase(runId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('registrations')
    .innerJoin('teams', 'teams.id', 'registrations.team_id')
    .select(['teams.name', 'registrations.waitlist_position'])
    .where('registrations.run_id', '=', runId)
    .where('registrations.status', '=', 'waitlisted')
    .where('registrations.deleted_at', 'is', null)
    .orderBy('registrations.waitlist_position')
    .execute();
  return rows.map((r) => r.name);
}

async function statusInDatabase(runId: number, team: string): Promise<string | undefined> {
  const row = await db()
    .selectFrom('registrations')
    .innerJoin('teams', 'teams.id', 'registrations.team_id')
    .select(['registrations.status', 'registrations.deleted_at'])
    .where('registrations.run_id', '=', runId)
    .where('teams.name', '=', team)
    .executeTakeFirst();
  return row ? (row.deleted_at ? 'deleted' : row.status) : undefined;
}

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  const passwordHash = await hash(PASSWORD);
  const department = await insertDepartment(db(), { name: 'Kamloops Fire Rescue', city: 'Kamloops', province: 'BC' });
  admin = await insertUser(db(), {
    email: 'desk@example.org',
    first_name: 'Ari',
    last_name: 'Benn',
    role: 'admin',
    password_hash: passwordHash,
  });
  const competitor = (first: string, last: string, extra: Partial<User> = {}) =>
    insertUser(db(), {
      email: `${first.toLowerCase()}.${last.toLowerCase()}@example.org`,
      first_name: first,
      last_name: last,
      department_id: department.id,
      date_of_birth: '1990-05-14',
      gender: 'male',
      password_hash: passwordHash,
      ...extra,
    });
  const team = async (name: string, size = 3, captain?: User) => {
    const lead =
      captain ??
      (await competitor(
        name.split(' ')[0] ?? 'Team',
        `Captain ${name.length}${Math.random().toString(36).slice(2, 6)}`,
      ));
    const members: number[] = [];
    for (let i = 1; i < size; i++) members.push((await competitor(`${name.replace(/\W/g, '')}`, `Member${i}`)).id);
    return insertTeam(db(), { name, captain_id: lead.id, department_id: department.id, run_type: 'relay' }, members);
  };

  const event = await insertEvent(db(), {
    name: 'Kamloops Summer Challenge',
    start_date: addDays(today, 60),
    registration_opens_on: addDays(today, -30),
    registration_closes_on: addDays(today, 30),
  });
  mensRun = (
    await insertRun(db(), event.id, { name: 'Relay: Men', type: 'relay', category: 'Men', participant_limit: 2 })
  ).id;
  industrialRun = (
    await insertRun(db(), event.id, {
      name: 'Relay: Industrial',
      type: 'relay',
      category: 'Industrial',
      participant_limit: 1,
    })
  ).id;

  const kamloops = await team('Kamloops A');
  const halifax = await team('Halifax B');
  const redDeer = await team('Red Deer C');
  const moncton = await team('Moncton D');
  await team('Saskatoon E');
  await team('Tiny Team', 2);
  // Two places, four teams: two confirmed, two waiting in arrival order.
  for (const t of [kamloops, halifax, redDeer, moncton]) await register(mensRun, t.id);

  // Dana captains a team that waits second for the one place of the industrial run.
  const dana = await competitor('Dana', 'Okoye');
  const danaTeam = await team('Okoye Crew', 3, dana);
  await register(industrialRun, kamloops.id);
  await register(industrialRun, halifax.id);
  await register(industrialRun, danaTeam.id);
});
afterAll(() => closeSiteAndBrowser(site, browser));

/** The entrant names of the waitlist board, top to bottom. */
async function boardOrder(page: Page): Promise<string[]> {
  return page.getByTestId('waitlist-entry').locator('p.font-semibold').allTextContents();
}

async function expectBoard(page: Page, names: string[]): Promise<void> {
  await expect.poll(() => boardOrder(page)).toEqual(names);
}

async function dragByMouse(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('The handle or the target is not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // A few pixels first: the pointer sensor starts a drag after 4 px.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 4, { steps: 12 });
  await page.mouse.up();
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const confirmedTable = (page: Page) => page.getByRole('table', { name: 'Confirmed registrations' });
const signedIn = (email: string, viewport: keyof typeof VIEWPORTS) =>
  signInPage(browser, site, email, PASSWORD, viewport);

describe("the registration screens: an admin manages a run's registrations (in order: each test goes on from the registrations the one before left)", () => {
  const pages = pagesForTests(async () => ({ page: await signedIn('desk@example.org', 'desktop') }));

  it('shows two confirmed and two waiting, without serious axe violations', async () => {
    const { page } = pages;
    await visit(page, site, `/portal/runs/${mensRun}`, 'Relay: Men');
    await page.getByText('2 of 2 places taken').waitFor();
    await expect(tab(page, /^Confirmed/).textContent()).resolves.toBe('Confirmed2');
    await expect(tab(page, /^Waitlist/).textContent()).resolves.toBe('Waitlist2');
    await confirmedTable(page).getByText('Kamloops A').waitFor();
    await confirmedTable(page).getByText('Halifax B').waitFor();
    await screenshot(page, 'portal-run-confirmed-desktop');
    await expectNoSeriousAxeViolations(page);

    await tab(page, /^Waitlist/).click();
    await page.waitForURL(/tab=waitlist/);
    await expectBoard(page, ['Red Deer C', 'Moncton D']);
    await screenshot(page, 'portal-run-waitlist-desktop');
    await expectNoSeriousAxeViolations(page);
  });

  it('moves an entry up the waitlist by mouse: the board moves at once, and the server agrees', async () => {
    const { page } = pages;
    await dragByMouse(
      page,
      page.getByRole('button', { name: 'Move Moncton D', exact: true }),
      page.getByTestId('waitlist-entry').first(),
    );
    await expectBoard(page, ['Moncton D', 'Red Deer C']);
    await expect.poll(() => waitlistInDatabase(mensRun)).toEqual(['Moncton D', 'Red Deer C']);
  });

  it('moves it down by keyboard: space picks it up, the down arrow moves it, space drops it, the focus stays', async () => {
    const { page } = pages;
    const handle = page.getByRole('button', { name: 'Move Moncton D', exact: true });
    await handle.focus();
    // Each key waits for what the screen reader hears, so the next key finds the drag where it should be.
    await page.keyboard.press('Space');
    await page.getByText('Picked up Moncton D, at position 1 of 2.').waitFor({ state: 'attached' });
    await pressUntilText(page, 'ArrowDown', 'Moncton D is over position 2 of 2.');
    await page.keyboard.press('Space');
    await page.getByText('Moncton D was dropped at position 2 of 2.').waitFor({ state: 'attached' });
    await expectBoard(page, ['Red Deer C', 'Moncton D']);
    await expect.poll(() => waitlistInDatabase(mensRun)).toEqual(['Red Deer C', 'Moncton D']);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Move Moncton D',
    );
  });

  it('moves it up with the Move up button', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Move up: Moncton D', exact: true }).click();
    await expectBoard(page, ['Moncton D', 'Red Deer C']);
    await expect.poll(() => waitlistInDatabase(mensRun)).toEqual(['Moncton D', 'Red Deer C']);
  });

  it('gives the place of a cancelled confirmed entry to the first in line', async () => {
    const { page } = pages;
    await tab(page, /^Confirmed/).click();
    await page.getByRole('button', { name: 'Cancel Kamloops A', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the registration of Kamloops A?' });
    await dialog.getByLabel('Reason (optional)').fill('Shift swap');
    await screenshot(page, 'portal-run-cancel-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel registration' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('The registration of Kamloops A was cancelled').waitFor();
    await confirmedTable(page).getByText('Moncton D').waitFor();
    await confirmedTable(page).getByText('Kamloops A').waitFor({ state: 'detached' });
    await expect.poll(() => tab(page, /^Waitlist/).textContent()).toBe('Waitlist1');
    expect(await statusInDatabase(mensRun, 'Moncton D')).toBe('confirmed');
    expect(await waitlistInDatabase(mensRun)).toEqual(['Red Deer C']);
  });

  it('reinstates a cancelled entry at the end of the waitlist while the run is full', async () => {
    const { page } = pages;
    await tab(page, /^Cancelled/).click();
    await page.getByRole('button', { name: 'Reinstate Kamloops A', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reinstate' }).click();
    await page.getByText('Kamloops A was reinstated at #2 on the waitlist.').waitFor();
    await expect.poll(() => waitlistInDatabase(mensRun)).toEqual(['Red Deer C', 'Kamloops A']);
  });

  it('deletes an entry, then restores it from the Deleted tab, which appears once something is deleted', async () => {
    const { page } = pages;
    await expect(tab(page, /^Deleted/).count()).resolves.toBe(0);
    await tab(page, /^Confirmed/).click();
    await page.getByRole('button', { name: 'Delete Halifax B', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete registration' }).click();
    await page.getByText('The registration of Halifax B was deleted.').waitFor();
    await confirmedTable(page).getByText('Red Deer C').waitFor();
    expect(await statusInDatabase(mensRun, 'Halifax B')).toBe('deleted');
    await tab(page, /^Deleted/).click();
    await page.getByRole('button', { name: 'Restore Halifax B', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Halifax B was restored at #2 on the waitlist.').waitFor();
    await expect.poll(() => waitlistInDatabase(mensRun)).toEqual(['Kamloops A', 'Halifax B']);
  });

  it('tells the history in words, newest first: who did what', async () => {
    const { page } = pages;
    await tab(page, /^History/).click();
    const history = page.getByRole('list', { name: 'Registration history, newest first' });
    await history.getByText('Halifax B — Restored').waitFor();
    await history.getByText('Moncton D — Promoted from waitlist').waitFor();
    await history.getByText('Moncton D — Moved to waitlist position 1').first().waitFor();
    await history.getByText('Kamloops A — Cancelled').waitFor();
    await history.getByText('Cancelled: Shift swap').waitFor();
    await expect(history.getByText('by Ari Benn').count()).resolves.toBeGreaterThan(5);
    await screenshot(page, 'portal-run-history-desktop');
    await expectNoSeriousAxeViolations(page);
  });

  it('registers nothing of a batch with a team that breaks a rule and says why; without that team it goes through', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Register teams' }).click();
    const batch = page.getByRole('dialog', { name: 'Register teams for Relay: Men' });
    await batch.getByLabel('Search teams by name').fill('saskatoon');
    await batch.getByRole('checkbox', { name: /Saskatoon E/ }).check();
    await batch.getByLabel('Search teams by name').fill('tiny');
    await batch.getByRole('checkbox', { name: /Tiny Team/ }).check();
    await batch.getByRole('button', { name: 'Register 2 teams' }).click();
    await batch.getByText('Nothing was registered: 1 team was refused.').waitFor();
    await batch.getByText(/Tiny Team:/).waitFor();
    await screenshot(page, 'portal-run-batch-refused-desktop');
    expect(await statusInDatabase(mensRun, 'Saskatoon E')).toBeUndefined();
    await batch.getByRole('button', { name: 'Remove the refused teams' }).click();
    await batch.getByRole('button', { name: 'Register 1 team' }).click();
    await page.getByText('1 team registered: 1 on the waitlist.').waitFor();
    await expect.poll(() => waitlistInDatabase(mensRun)).toEqual(['Kamloops A', 'Halifax B', 'Saskatoon E']);
  });

  it("puts back a move the server refuses (someone cancelled the entry meanwhile), with the server's reason", async () => {
    const { page } = pages;
    await tab(page, /^Waitlist/).click();
    await expectBoard(page, ['Kamloops A', 'Halifax B', 'Saskatoon E']);
    const saskatoon = (await callAs(site.app, 'GET', `/api/registrations/waitlist?runId=${mensRun}`, admin)).json()
      .data[2] as RegistrationDto;
    expect((await callAs(site.app, 'PATCH', `/api/registrations/${saskatoon.id}/cancel`, admin, {})).statusCode).toBe(
      200,
    );
    await page.getByRole('button', { name: 'Move up: Saskatoon E', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText('Saskatoon E could not be moved, so the waitlist is back as it was: Only a waitlisted registration')
      .waitFor();
    await expectBoard(page, ['Kamloops A', 'Halifax B']);
  });
});

describe('the registration screens, after the admin has managed the run above', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`shows the run page and everyone's registrations to an admin at ${VIEWPORTS[viewport].width} px without serious axe violations`, async () => {
      await onPage(signedIn('desk@example.org', viewport), async (page) => {
        await visit(page, site, `/portal/runs/${mensRun}?tab=waitlist`, 'Relay: Men');
        await page.getByTestId('waitlist-entry').first().waitFor();
        await expectNoSidewaysScroll(page);
        await screenshot(page, `portal-run-waitlist-${viewport}`);
        await expectNoSeriousAxeViolations(page);
        await tab(page, /^Confirmed/).click();
        await page.getByRole('region', { name: 'Confirmed registrations' }).waitFor();
        await expectNoSidewaysScroll(page);
        await screenshot(page, `portal-run-confirmed-${viewport}`);

        await visit(page, site, '/portal/registrations', 'Registrations');
        await page.getByRole('link', { name: 'Okoye Crew' }).first().waitFor();
        await screenshot(page, `portal-registrations-admin-${viewport}`);
        await expectNoSeriousAxeViolations(page);
        // The filters live in the URL; the search narrows the list on the server.
        await page.getByLabel('Search registrations by team or person').fill('okoye');
        await page.waitForURL(/query=okoye/);
        await page.getByRole('link', { name: 'Kamloops A' }).first().waitFor({ state: 'detached' });
        await page.getByLabel('Status').selectOption('waitlisted');
        await page.waitForURL(/status=waitlisted/);
        await page.getByRole('link', { name: 'Okoye Crew' }).first().click();
        await page.waitForURL(new RegExp(`/portal/runs/${industrialRun}`));
        await page.getByRole('heading', { level: 1, name: 'Relay: Industrial' }).waitFor();
      });
    });
  }
});

describe("the registration screens: a captain's own registrations (in order: the last test cancels the registration the others show)", () => {
  it('shows a captain their team waiting second at 390 and 1440 px', async () => {
    // One visit, checked at both widths.
    await onPage(signedIn('dana.okoye@example.org', 'phone'), async (page) => {
      await visit(page, site, '/portal/registrations', 'My registrations');
      await atEachWidth(page, async (viewport) => {
        const card = page.getByRole('article', { name: 'Kamloops Summer Challenge' });
        await card.getByText('Team Okoye Crew').waitFor();
        await card.getByText('#2 on the waitlist').waitFor();
        await card.getByText('Waitlisted').waitFor();
        await expectNoSidewaysScroll(page, `my registrations at ${VIEWPORTS[viewport].width} px`);
        await screenshot(page, `portal-registrations-mine-${viewport}`);
        await expectNoSeriousAxeViolations(page);
      });
    });
  });

  it("lets the captain cancel it on a phone, and keeps the run's page closed to them", async () => {
    await onPage(signedIn('dana.okoye@example.org', 'phone'), async (page) => {
      await visit(page, site, '/portal/registrations', 'My registrations');
      await page
        .getByRole('button', { name: 'Cancel registration for Relay: Industrial at Kamloops Summer Challenge' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Cancel the registration of Okoye Crew?' });
      await dialog.getByText('It leaves the waitlist').waitFor();
      await screenshot(page, 'portal-registrations-mine-cancel-phone');
      await dialog.getByRole('button', { name: 'Cancel registration' }).click();
      await dialog.waitFor({ state: 'detached' });
      const card = page.getByRole('article', { name: 'Kamloops Summer Challenge' });
      await card.getByText('Cancelled', { exact: true }).first().waitFor();
      await expect(card.getByRole('button', { name: /Cancel registration/ }).count()).resolves.toBe(0);
      expect(await statusInDatabase(industrialRun, 'Okoye Crew')).toBe('cancelled');
      // Non-admins never see a run's page.
      await page.goto(`${site.baseUrl}/portal/runs/${industrialRun}`, { waitUntil: 'networkidle' });
      await page.waitForURL(/\/portal$/);
    });
  });
});
