import { hash } from '@node-rs/argon2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  atEachWidth,
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  onPage,
  openPage,
  pagesForTests,
  type RunningSite,
  screenshot,
  scriptsLoadedBy,
  signIn,
  startSiteAndBrowser,
  VIEWPORTS,
} from '../support/browser.ts';
import { insertDepartment, insertEvent, insertRun, insertTeam, insertUser } from '../support/factories.ts';

/**
 * Competitor self-service on the public event page, in a real browser against the real API: anonymous
 * visitors see the runs and "Sign in to register"; captains register their teams, see where they
 * stand, cancel; the waitlist moves up; the server's refusals are shown with their reasons.
 */
const TIME_ZONE = 'America/Toronto';
const PASSWORD = 'Relay-pass1';

let site: RunningSite;
let browser: Browser;
let eventId: number;
let openRunId: number;

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  const db = site.database.db;
  const today = todayIn(TIME_ZONE);
  const eventDay = addDays(today, 30);
  const station = await insertDepartment(db, { name: 'Kamloops Fire Rescue', city: 'Kamloops', province: 'BC' });
  const passwordHash = await hash(PASSWORD);
  const person = (email: string, first_name: string, last_name: string) =>
    insertUser(db, {
      email,
      first_name,
      last_name,
      password_hash: passwordHash,
      department_id: station.id,
      date_of_birth: '1990-04-12',
    });

  const ava = await person('ava@example.org', 'Ava', 'Reyes');
  const ben = await person('ben@example.org', 'Ben', 'Tremblay');
  const cleo = await person('cleo@example.org', 'Cleo', 'Nakamura');
  const crew = async (prefix: string, count: number) => {
    const ids: number[] = [];
    for (let i = 1; i <= count; i++) ids.push((await person(`${prefix}${i}@example.org`, prefix, `Member ${i}`)).id);
    return ids;
  };
  await insertTeam(
    db,
    { captain_id: ava.id, name: 'Station 7 Relay', run_type: 'relay', department_id: station.id },
    await crew('ava', 2),
  );
  await insertTeam(
    db,
    { captain_id: ben.id, name: 'Ladder 3 Relay', run_type: 'relay', department_id: station.id },
    await crew('ben', 3),
  );
  // Two people: a relay team needs 3 to 5.
  await insertTeam(
    db,
    { captain_id: cleo.id, name: 'Short Crew', run_type: 'relay', department_id: station.id },
    await crew('cleo', 1),
  );

  const event = await insertEvent(db, {
    name: 'Kamloops Firefit Challenge',
    description: 'Two days of relays on the river front.',
    start_date: eventDay,
    registration_opens_on: addDays(today, -5),
    registration_closes_on: addDays(today, 20),
    department_id: station.id,
  });
  eventId = event.id;
  const openRun = await insertRun(db, event.id, {
    name: 'Relay: Men',
    type: 'relay',
    category: 'Men',
    participant_limit: 1,
    start_time: new Date(`${eventDay}T13:00:00.000Z`),
    end_time: new Date(`${eventDay}T14:30:00.000Z`),
  });
  openRunId = openRun.id;
  await insertRun(db, event.id, {
    name: 'Relay: Mixed',
    type: 'relay',
    category: 'Mixed',
    participant_limit: 10,
    start_time: new Date(`${eventDay}T16:00:00.000Z`),
    registration_closes_at: new Date(Date.now() - 86_400_000),
  });
});
afterAll(() => closeSiteAndBrowser(site, browser));

const newPage = (viewport: keyof typeof VIEWPORTS) =>
  openPage(browser, viewport, { timezoneId: TIME_ZONE, locale: 'en-US' });

const runCard = (page: Page, name: string) =>
  page.getByTestId('run-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function registrationOf(teamName: string) {
  return site.database.db
    .selectFrom('registrations')
    .innerJoin('teams', 'teams.id', 'registrations.team_id')
    .select(['registrations.status', 'registrations.waitlist_position'])
    .where('teams.name', '=', teamName)
    .where('registrations.run_id', '=', openRunId)
    .orderBy('registrations.id', 'desc')
    .executeTakeFirst();
}

describe('competitor self-service on the public event page', () => {
  it('the home page loads neither the shared schemas nor the registration panel', async () => {
    await onPage(newPage('desktop'), async (page) => {
      const scripts = scriptsLoadedBy(page);
      await page.goto(site.baseUrl, { waitUntil: 'networkidle' });
      await page.getByTestId('hero').waitFor();
      expect(scripts.filter((path) => /schemas-|self-service/.test(path))).toEqual([]);
    });
  });

  it('shows an anonymous visitor the runs and "Sign in to register" at 390 and 1440 px, without loading the registration panel', async () => {
    // One visit, checked at both widths.
    await onPage(newPage('phone'), async (page) => {
      const scripts = scriptsLoadedBy(page);
      await page.goto(`${site.baseUrl}/events/${eventId}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Kamloops Firefit Challenge' }).waitFor();
      await atEachWidth(page, async (viewport) => {
        await page.getByRole('heading', { level: 2, name: 'Runs' }).waitFor();
        expect(await page.getByTestId('registration-available').isVisible()).toBe(true);
        expect(await page.getByTestId('run-card').count()).toBe(2);

        const open = runCard(page, 'Relay: Men');
        expect(await open.getByTestId('run-window').textContent()).toBe('Registration open');
        expect(await open.getByTestId('run-places').textContent()).toBe('1 of 1 place left');
        const signInLink = open.getByRole('link', { name: 'Sign in to register for Relay: Men' });
        expect(await signInLink.getAttribute('href')).toBe(
          `/sign-in?redirect=${encodeURIComponent(`/events/${eventId}`)}`,
        );

        const closed = runCard(page, 'Relay: Mixed');
        expect(await closed.getByTestId('run-window').textContent()).toBe('Registration closed');
        expect(await closed.getByRole('link').count()).toBe(0);
        expect(await page.getByRole('link', { name: /Sign in to register/ }).count()).toBe(1);

        expect(scripts.filter((path) => /schemas-|self-service/.test(path))).toEqual([]);
        await expectNoSidewaysScroll(page, `the event page at ${VIEWPORTS[viewport].width} px`);
        await screenshot(page, `self-service-signed-out-${viewport}`);
        await expectNoSeriousAxeViolations(page);
      });
    });
  });
});

describe('competitor self-service on the public event page: captains register teams for a run of one place (in order: each test goes on from the registrations the one before left)', () => {
  let avaScripts: string[] = [];
  const pages = pagesForTests(async () => {
    const ava = await newPage('desktop');
    avaScripts = scriptsLoadedBy(ava);
    return { ava, ben: await newPage('phone'), cleo: await newPage('desktop') };
  });
  const avaRun = () => runCard(pages.ava, 'Relay: Men');

  it('follows "Sign in to register" and comes back to the event, signed in', async () => {
    const { ava } = pages;
    await ava.goto(`${site.baseUrl}/events/${eventId}`, { waitUntil: 'networkidle' });
    await ava.getByRole('link', { name: 'Sign in to register for Relay: Men' }).click();
    await ava.waitForURL(/\/sign-in\?redirect=/);
    await ava.getByLabel('Email').fill('ava@example.org');
    await ava.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await ava.getByRole('button', { name: 'Sign in' }).click();
    await ava.waitForURL(new RegExp(`/events/${eventId}$`));
  });

  it("loads the registration panel only now, with the captain's one relay team chosen, and the team is in", async () => {
    const { ava } = pages;
    await avaRun().getByRole('button', { name: 'Register for Relay: Men' }).click();
    expect(avaScripts.some((path) => /self-service/.test(path))).toBe(true);
    const dialog = ava.getByRole('dialog', { name: 'Register for Relay: Men' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: /Station 7 Relay/ }).isChecked()).toBe(true);
    await dialog.getByLabel('Notes for the organisers').fill('We bring our own baton.');
    await screenshot(ava, 'self-service-register-dialog-desktop');
    await expectNoSeriousAxeViolations(ava);
    await dialog.getByRole('button', { name: 'Register' }).click();
    await dialog.waitFor({ state: 'detached' });
    const avaStatus = avaRun().getByTestId('registration-status');
    await avaStatus.getByText("You're in").waitFor();
    expect(await avaStatus.textContent()).toContain('Team Station 7 Relay');
    expect(await registrationOf('Station 7 Relay')).toEqual({ status: 'confirmed', waitlist_position: null });
  });

  it('offers nothing on the closed run', async () => {
    const { ava } = pages;
    expect(await runCard(ava, 'Relay: Mixed').getByRole('button').count()).toBe(0);
    await expectNoSidewaysScroll(ava);
    await ava.evaluate(() => window.scrollTo(0, 0));
    await screenshot(ava, 'self-service-signed-in-desktop');
    await expectNoSeriousAxeViolations(ava);
  });

  it("puts a second captain's team, on a phone, first on the waitlist of the full run", async () => {
    const { ben } = pages;
    await signIn(ben, site, 'ben@example.org', PASSWORD, `/events/${eventId}`);
    const benRun = runCard(ben, 'Relay: Men');
    await benRun.getByTestId('run-places').getByText('Full', { exact: false }).waitFor();
    await benRun.getByRole('button', { name: 'Register for Relay: Men' }).click();
    const benDialog = ben.getByRole('dialog', { name: 'Register for Relay: Men' });
    await benDialog.getByText('The run is full: a new entry joins the end of the waitlist.').waitFor();
    await screenshot(ben, 'self-service-register-dialog-phone');
    await benDialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await benDialog.waitFor({ state: 'detached' });
    await benRun.getByTestId('registration-status').getByText("You're #1 on the waitlist").waitFor();
    expect(await registrationOf('Ladder 3 Relay')).toEqual({ status: 'waitlisted', waitlist_position: 1 });
    await expectNoSidewaysScroll(ben);
    // The new standing took the focus (and scrolled to it); the full-page picture starts from the top.
    await ben.evaluate(() => window.scrollTo(0, 0));
    await screenshot(ben, 'self-service-signed-in-phone');
    await expectNoSeriousAxeViolations(ben);
  });

  it('cancels the first registration after a confirmation', async () => {
    const { ava } = pages;
    await avaRun().getByRole('button', { name: 'Cancel registration of Station 7 Relay' }).click();
    const confirm = ava.getByRole('dialog', { name: 'Cancel registration?' });
    await confirm.waitFor();
    await screenshot(ava, 'self-service-cancel-dialog-desktop');
    await confirm.getByRole('button', { name: 'Cancel registration' }).click();
    await confirm.waitFor({ state: 'detached' });
    await avaRun().getByText('Station 7 Relay is no longer registered for Relay: Men.').waitFor();
    expect(await avaRun().getByTestId('registration-status').count()).toBe(0);
    await avaRun().getByRole('button', { name: 'Register for Relay: Men' }).waitFor();
    expect(await registrationOf('Station 7 Relay')).toMatchObject({ status: 'cancelled' });
  });

  it('moves the waiting team up into the freed place: its captain sees it on reload', async () => {
    const { ben } = pages;
    await ben.reload({ waitUntil: 'networkidle' });
    await runCard(ben, 'Relay: Men').getByTestId('registration-status').getByText("You're in").waitFor();
    expect(await registrationOf('Ladder 3 Relay')).toEqual({ status: 'confirmed', waitlist_position: null });
  });

  it("shows a team that is too small the server's reason, keeping what the captain typed", async () => {
    const { cleo } = pages;
    await signIn(cleo, site, 'cleo@example.org', PASSWORD, `/events/${eventId}`);
    await runCard(cleo, 'Relay: Men').getByRole('button', { name: 'Register for Relay: Men' }).click();
    const cleoDialog = cleo.getByRole('dialog', { name: 'Register for Relay: Men' });
    await cleoDialog.getByLabel('Notes for the organisers').fill('Third member joins next week.');
    await cleoDialog.getByRole('button', { name: 'Join the waitlist' }).click();
    const refusal = cleoDialog.getByTestId('registration-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Not eligible for this run');
    expect(await refusal.textContent()).toContain('Team size rule: a relay team has 3 to 5 members; this one has 2.');
    expect(await cleoDialog.getByLabel('Notes for the organisers').inputValue()).toBe('Third member joins next week.');
    await screenshot(cleo, 'self-service-refused-desktop');
    await expectNoSeriousAxeViolations(cleo);
    expect(await registrationOf('Short Crew')).toBeUndefined();
  });
});
