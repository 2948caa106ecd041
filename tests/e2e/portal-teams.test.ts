import { hash } from '@node-rs/argon2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  inviteAndAccept,
  pagesForTests,
  type RunningSite,
  screenshot,
  signInPage,
  startSiteAndBrowser,
  VIEWPORTS,
  visit,
} from '../support/browser.ts';
import { insertDepartment, insertEvent, insertRun, insertTeam, insertUser } from '../support/factories.ts';

/**
 * The portal's team screens in a real browser, signed in through the real sign-in page: a captain
 * forms a team, checks it against an open run, fixes what is wrong and hands over the captaincy; a
 * member sees it read-only; an admin sees every team.
 */
let site: RunningSite;
let browser: Browser;
const PASSWORD = 'Teams-pass1';
/** An event next year, so its run stays open whatever day the tests run. */
const EVENT_YEAR = new Date().getFullYear() + 1;
const EVENT_DATE = `${EVENT_YEAR}-06-01`;

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  const db = site.database.db;
  const station = await insertDepartment(db, { name: 'Kamloops Fire Rescue', city: 'Kamloops', province: 'BC' });
  const halifax = await insertDepartment(db, { name: 'Halifax Regional Fire', city: 'Halifax', province: 'NS' });
  const password_hash = await hash(PASSWORD);
  const person = (email: string, first: string, last: string, extra: Parameters<typeof insertUser>[1] = {}) =>
    insertUser(db, {
      email,
      first_name: first,
      last_name: last,
      department_id: station.id,
      date_of_birth: '1990-04-12',
      gender: 'male',
      password_hash,
      ...extra,
    });
  await person('riley@example.org', 'Riley', 'Chen');
  await person('jordan@example.org', 'Jordan', 'Blake', { date_of_birth: '1992-09-30' });
  await person('sam@example.org', 'Sam', 'Ortiz', { date_of_birth: '1995-01-20' });
  // 18 on the event date: not eligible.
  await person('casey@example.org', 'Casey', 'Young', { date_of_birth: `${EVENT_YEAR - 18}-09-01` });
  await person('morgan@example.org', 'Morgan', 'Lee', { department_id: halifax.id });
  await insertUser(db, {
    email: 'desk@example.org',
    first_name: 'Ari',
    last_name: 'Desk',
    role: 'admin',
    password_hash,
  });
  const haulerCaptain = await insertUser(db, {
    email: 'hal@example.org',
    first_name: 'Hal',
    last_name: 'Fax',
    department_id: halifax.id,
    password_hash,
  });
  await insertTeam(db, {
    name: 'Halifax Hose Haulers',
    run_type: 'tech2',
    department_id: halifax.id,
    captain_id: haulerCaptain.id,
  });
  await insertTeam(db, {
    name: 'Retired Ladder',
    run_type: 'individual',
    department_id: halifax.id,
    captain_id: haulerCaptain.id,
    is_active: false,
  });
  const event = await insertEvent(db, {
    name: 'Kamloops Summer Classic',
    start_date: EVENT_DATE,
    registration_opens_on: '2020-01-01',
  });
  await insertRun(db, event.id, { name: 'Relay: Men', type: 'relay', category: 'Men' });
});
afterAll(() => closeSiteAndBrowser(site, browser));

/** The value of the "Best time" fact on a detail page. */
const bestTimeFact = (page: Page) => page.locator('xpath=//dt[normalize-space()="Best time"]/following-sibling::dd[1]');

const signedIn = (email: string, viewport: keyof typeof VIEWPORTS) =>
  signInPage(browser, site, email, PASSWORD, viewport);

const memberIdsOf = async (teamName: string) => {
  const db = site.database.db;
  const team = await db.selectFrom('teams').select('id').where('name', '=', teamName).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select('users.email')
    .where('team_members.team_id', '=', team.id)
    .orderBy('users.email')
    .execute();
  return rows.map((r) => r.email);
};

describe('team screens: a captain forms a team, checks it against a run, fixes it and hands over the captaincy (in order: each test goes on with the team the one before left)', () => {
  const pages = pagesForTests(async () => ({ page: await signedIn('riley@example.org', 'desktop') }));
  const members = (page: Page) => page.getByRole('table', { name: 'Members of Smoke Eaters' });
  const outcome = (page: Page) => page.getByTestId('eligibility-outcome');

  it('shows the problems of the new-team form beside their fields, sending nothing until the form is right', async () => {
    const { page } = pages;
    await visit(page, site, '/portal/teams', 'Teams');
    await page.getByText("You're not on a team yet").waitFor();

    await page.getByRole('button', { name: 'New team' }).click();
    const dialog = page.getByRole('dialog', { name: 'New team' });
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await dialog.getByText('Team name is required').waitFor();
    await dialog.getByText('Choose a format').waitFor();
    await screenshot(page, 'portal-team-new-desktop');
    await expectNoSeriousAxeViolations(page);
  });

  it("creates the team in the captain's department and says how many members it still needs", async () => {
    const { page } = pages;
    const dialog = page.getByRole('dialog', { name: 'New team' });
    await dialog.getByLabel('Team name').fill('Smoke Eaters');
    await dialog.getByRole('radio', { name: /Relay/ }).first().check();
    await expect(dialog.getByText('Kamloops Fire Rescue').isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('heading', { level: 1, name: 'Smoke Eaters' }).waitFor();
    await page.getByText('1 of 3–5 members').waitFor();
    await page.getByText('Needs 2 more').waitFor();
  });

  it('invites members by their e-mail address, in any case; they join once they accept', async () => {
    const { page } = pages;
    await inviteAndAccept(page, site, 'jordan@example.org');
    await inviteAndAccept(page, site, 'SAM@example.org');
    await inviteAndAccept(page, site, 'casey@example.org');
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('4 of 3–5 members').waitFor();
    expect(await memberIdsOf('Smoke Eaters')).toEqual([
      'casey@example.org',
      'jordan@example.org',
      'riley@example.org',
      'sam@example.org',
    ]);
  });

  it('checks the team against the open relay run: a member too young on the event date is not eligible, and says why', async () => {
    const { page } = pages;
    await page
      .getByLabel('Check eligibility for a run')
      .selectOption({ label: 'Kamloops Summer Classic — Relay: Men' });
    await page.waitForURL(/runId=\d+/);
    await outcome(page).getByText('Not eligible yet: 1 member not eligible.').waitFor();
    const caseyRow = members(page).getByRole('row').filter({ hasText: 'Casey Young' });
    await caseyRow.getByText('Under 19 on the event date').waitFor();
    await caseyRow.getByText(/Casey Young is 17 on|Casey Young is 18 on/).waitFor();
    await expect(
      members(page).getByRole('row').filter({ hasText: 'Sam Ortiz' }).getByText('Eligible').isVisible(),
    ).resolves.toBe(true);
    await screenshot(page, 'portal-team-detail-desktop');
    await expectNoSeriousAxeViolations(page);
    await expectNoSidewaysScroll(page, 'the team page');
  });

  it('removes the member who is not eligible, after which the team meets the rules', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Remove Casey Young' }).click();
    const confirmRemove = page.getByRole('dialog', { name: 'Remove Casey Young?' });
    await confirmRemove.getByRole('button', { name: 'Remove member' }).click();
    await members(page).getByText('Casey Young', { exact: true }).waitFor({ state: 'detached' });
    await outcome(page).getByText('The team and every member meet the rules for this run.').waitFor();
    expect(await memberIdsOf('Smoke Eaters')).toEqual(['jordan@example.org', 'riley@example.org', 'sam@example.org']);
  });

  it('hands over the captaincy: the former captain is a member like any other and the page turns read-only', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Make captain: Jordan Blake' }).click();
    await page
      .getByRole('dialog', { name: 'Make Jordan Blake the captain?' })
      .getByRole('button', { name: 'Make captain' })
      .click();
    await page.getByText(/Only its captain \(Jordan Blake\) or an admin can change it/).waitFor();
    await expect(page.getByRole('heading', { name: 'Add a member' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Edit' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Leave team' }).isVisible()).resolves.toBe(true);
    const team = await site.database.db
      .selectFrom('teams')
      .innerJoin('users', 'users.id', 'teams.captain_id')
      .select('users.email')
      .where('teams.name', '=', 'Smoke Eaters')
      .executeTakeFirstOrThrow();
    expect(team.email).toBe('jordan@example.org');
  });

  it("lists the team among the person's teams", async () => {
    const { page } = pages;
    await visit(page, site, '/portal/teams', 'Teams');
    await page.getByRole('link', { name: 'Smoke Eaters' }).waitFor();
    await screenshot(page, 'portal-teams-list-desktop');
    await expectNoSeriousAxeViolations(page);
  });
});

describe('team screens: a member who is not captain, on a phone (after the captain above formed the team)', () => {
  const pages = pagesForTests(async () => ({ page: await signedIn('sam@example.org', 'phone') }));

  it("lists the member's team", async () => {
    const { page } = pages;
    await visit(page, site, '/portal/teams', 'Teams');
    await page.getByRole('link', { name: 'Smoke Eaters' }).waitFor();
    await screenshot(page, 'portal-teams-list-phone');
    await expectNoSeriousAxeViolations(page);
  });

  it('shows the team read-only, though a member may still check it against a run', async () => {
    const { page } = pages;
    await page.getByRole('link', { name: 'Smoke Eaters' }).click();
    await page.getByRole('heading', { level: 1, name: 'Smoke Eaters' }).waitFor();
    await page.getByText(/Only its captain \(Jordan Blake\) or an admin can change it/).waitFor();
    await page.getByText('3 of 3–5 members').waitFor();
    await expect(
      page.getByRole('button', { name: /Remove|Make captain|Edit|Delete|Make hybrid/ }).count(),
    ).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Add a member' }).count()).resolves.toBe(0);
    await page
      .getByLabel('Check eligibility for a run')
      .selectOption({ label: 'Kamloops Summer Classic — Relay: Men' });
    await page
      .getByTestId('eligibility-outcome')
      .getByText('The team and every member meet the rules for this run.')
      .waitFor();
    await expectNoSidewaysScroll(page, 'the team page on a phone');
    await screenshot(page, 'portal-team-detail-phone');
    await expectNoSeriousAxeViolations(page);
  });

  it('lists the other teams under "All teams", but opens only the teams the member is on', async () => {
    const { page } = pages;
    await visit(page, site, '/portal/teams?tab=all', 'Teams');
    await page.getByText('Halifax Hose Haulers').waitFor();
    await expect(page.getByRole('link', { name: 'Halifax Hose Haulers' }).count()).resolves.toBe(0);
    await expect(page.getByText('Retired Ladder').count()).resolves.toBe(0);
    const hauler = await site.database.db
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'Halifax Hose Haulers')
      .executeTakeFirstOrThrow();
    await visit(page, site, `/portal/teams/${hauler.id}`, "You're not on this team");
  });
});

for (const viewport of ['desktop', 'phone'] as const) {
  describe(`team screens: an admin at ${VIEWPORTS[viewport].width} px (in order: each test goes on from the page the one before left)`, () => {
    const pages = pagesForTests(async () => ({ page: await signedIn('desk@example.org', viewport) }));
    const teamName = `Kamloops Pair ${viewport}`;
    const seedTimeOf = async () =>
      (
        await site.database.db
          .selectFrom('teams')
          .select('seed_time_ms')
          .where('name', '=', teamName)
          .executeTakeFirstOrThrow()
      ).seed_time_ms;

    it('lists every team, inactive ones too', async () => {
      const { page } = pages;
      await visit(page, site, '/portal/teams', 'Teams');
      for (const name of ['Smoke Eaters', 'Halifax Hose Haulers', 'Retired Ladder'])
        await page.getByRole('link', { name }).waitFor();
      await screenshot(page, `portal-teams-admin-${viewport}`);
      await expectNoSeriousAxeViolations(page);
    });

    it('filters the teams by format in the URL, kept through a reload', async () => {
      const { page } = pages;
      await page.getByLabel('Format').selectOption('tech2');
      await page.waitForURL(/runType=tech2/);
      await page.getByRole('link', { name: 'Smoke Eaters' }).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Halifax Hose Haulers' }).waitFor();
      await page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => page.getByLabel('Format').inputValue()).toBe('tech2');
    });

    it('makes someone else the captain of a new team', async () => {
      const { page } = pages;
      await page.getByRole('button', { name: 'New team' }).click();
      const dialog = page.getByRole('dialog', { name: 'New team' });
      await dialog.getByLabel('Team name').fill(teamName);
      await dialog.getByRole('radio', { name: /Tech2 relay/ }).check();
      await dialog.getByRole('radio', { name: 'Someone else' }).check();
      await dialog.getByLabel('Find the captain').fill('ortiz');
      await dialog.getByRole('button', { name: 'Choose Sam Ortiz as captain' }).click();
      await dialog.getByText('Kamloops Fire Rescue', { exact: true }).waitFor();
      await expectNoSidewaysScroll(page, 'the new team dialog');
      await screenshot(page, `portal-team-new-admin-${viewport}`);
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole('button', { name: 'Create team' }).click();
      await page.getByRole('heading', { level: 1, name: teamName }).waitFor();
      await page.getByText('1 of 2 members').waitFor();
      const created = await site.database.db
        .selectFrom('teams')
        .innerJoin('users', 'users.id', 'teams.captain_id')
        .select(['users.email', 'teams.run_type'])
        .where('teams.name', '=', teamName)
        .executeTakeFirstOrThrow();
      expect(created).toEqual({ email: 'sam@example.org', run_type: 'tech2' });
    });

    it('checks the best time (seed time) as m:ss.hh when the field is left, saves it and shows it on the page', async () => {
      const { page } = pages;
      await expect(bestTimeFact(page).textContent()).resolves.toBe('Not given');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${teamName}` });
      const bestTime = edit.getByLabel('Best time');
      await expect(bestTime.getAttribute('placeholder')).resolves.toBe('m:ss.hh');
      await bestTime.fill('1:7.32');
      await bestTime.press('Tab');
      await edit.getByText('Enter the time as m:ss.hh, like 1:47.32').waitFor();
      await expect(bestTime.getAttribute('aria-invalid')).resolves.toBe('true');
      await expectNoSidewaysScroll(page, 'the edit team dialog');
      await screenshot(page, `portal-team-edit-best-time-${viewport}`);
      await expectNoSeriousAxeViolations(page);
      await bestTime.fill('1:47.32');
      await edit.getByText('Enter the time as m:ss.hh, like 1:47.32').waitFor({ state: 'detached' });
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.waitFor({ state: 'detached' });
      await bestTimeFact(page).getByText('1:47.32').waitFor();
      await screenshot(page, `portal-team-best-time-${viewport}`);
      expect(await seedTimeOf()).toBe(107_320);
    });

    if (viewport === 'desktop') {
      it('clears the best time when the field is emptied', async () => {
        const { page } = pages;
        const edit = page.getByRole('dialog', { name: `Edit ${teamName}` });
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        await expect.poll(() => edit.getByLabel('Best time').inputValue()).toBe('1:47.32');
        await edit.getByLabel('Best time').fill('');
        await edit.getByRole('button', { name: 'Save changes' }).click();
        await edit.waitFor({ state: 'detached' });
        await bestTimeFact(page).getByText('Not given').waitFor();
        expect(await seedTimeOf()).toBeNull();
      });

      it("adds a member to another captain's team until it is full", async () => {
        const { page } = pages;
        await visit(page, site, '/portal/teams?runType=tech2', 'Teams');
        await page.getByRole('link', { name: 'Halifax Hose Haulers' }).click();
        await page.getByRole('heading', { level: 1, name: 'Halifax Hose Haulers' }).waitFor();
        await page.getByText('1 of 2 members').waitFor();
        await page.getByRole('heading', { name: 'Add a member' }).waitFor();
        await page.getByLabel('Find the person to add').fill('Morgan');
        await page.getByRole('button', { name: 'Add Morgan Lee' }).click();
        await page.getByText('2 of 2 members').waitFor();
        await page.getByText(/The team is full/).waitFor();
        await screenshot(page, 'portal-team-admin-detail-desktop');
        await expectNoSeriousAxeViolations(page);
      });
    }
  });
}
