import { hash } from '@node-rs/argon2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, Run, User } from '../../api/db/schema.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  inviteAndAccept,
  openPage,
  pagesForTests,
  pressUntilText,
  type RunningSite,
  screenshot,
  signIn,
  startSiteAndBrowser,
  type VIEWPORTS,
  visit,
} from '../support/browser.ts';
import { insertDepartment, insertTeam, insertUser } from '../support/factories.ts';

/**
 * The whole competition-management story in real browsers, one per actor, everything through the UI
 * but the people and two of the teams: an admin creates an event, confirms it and opens a relay run
 * of one place; a captain forms a team and takes the place; two more captains join the waitlist; the
 * admin reorders the waitlist, fills the run by raising its limit, cancels an entry (the next in line
 * is promoted) and reinstates it (it waits, the run being full); each captain sees where they stand.
 */
let site: RunningSite;
let browser: Browser;
const PASSWORD = 'Story-pass1';
/** The site's time zone (SITE_TIMEZONE's default): the browsers show and type times in it too. */
const TIME_ZONE = 'America/Toronto';
const TODAY = todayIn(TIME_ZONE);
const EVENT_DAY = addDays(TODAY, 30);
const EVENT = 'Brandon Firefit Classic';
const RUN = 'Relay: Men';
/** Avery forms this team in the portal; Blake's and Casey's teams are fixtures. */
const AVERY_TEAM = 'Ladder 7 Relay';
const BLAKE_TEAM = 'Engine 5 Relay';
const CASEY_TEAM = 'Rescue 2 Relay';

const db = () => site.database.db;

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  const passwordHash = await hash(PASSWORD);
  const station = await insertDepartment(db(), {
    name: 'Brandon Fire & Emergency Services',
    city: 'Brandon',
    province: 'MB',
  });
  const person = (email: string, first_name: string, last_name: string): Promise<User> =>
    insertUser(db(), {
      email,
      first_name,
      last_name,
      department_id: station.id,
      date_of_birth: '1990-04-12',
      gender: 'male',
      password_hash: passwordHash,
    });

  await insertUser(db(), {
    email: 'desk@example.org',
    first_name: 'Ari',
    last_name: 'Benn',
    role: 'admin',
    password_hash: passwordHash,
  });
  // Avery's crew: Avery adds them to the team in the portal.
  await person('avery@example.org', 'Avery', 'Chen');
  await person('jules@example.org', 'Jules', 'Martin');
  await person('noor@example.org', 'Noor', 'Haddad');
  // Blake's and Casey's teams: three people of one department each.
  const blake = await person('blake@example.org', 'Blake', 'Tremblay');
  const casey = await person('casey@example.org', 'Casey', 'Nakamura');
  const crew = async (prefix: string) => [
    (await person(`${prefix}1@example.org`, prefix, 'Member One')).id,
    (await person(`${prefix}2@example.org`, prefix, 'Member Two')).id,
  ];
  await insertTeam(
    db(),
    { name: BLAKE_TEAM, captain_id: blake.id, department_id: station.id, run_type: 'relay' },
    await crew('blake'),
  );
  await insertTeam(
    db(),
    { name: CASEY_TEAM, captain_id: casey.id, department_id: station.id, run_type: 'relay' },
    await crew('casey'),
  );
});
afterAll(() => closeSiteAndBrowser(site, browser));

const newPage = (viewport: keyof typeof VIEWPORTS) =>
  openPage(browser, viewport, { timezoneId: TIME_ZONE, locale: 'en-US' });

/** Answers the confirmation dialog that a status change or an activation asks. */
async function confirmIn(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

const runCard = (page: Page) =>
  page.getByTestId('run-card').filter({ has: page.getByRole('heading', { name: RUN, exact: true }) });
const standing = (page: Page) => runCard(page).getByTestId('registration-status');
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const confirmedTable = (page: Page) => page.getByRole('table', { name: 'Confirmed registrations' });

/** The entrant names of the run page's waitlist board, top to bottom. */
async function boardOrder(page: Page): Promise<string[]> {
  return page.getByTestId('waitlist-entry').locator('p.font-semibold').allTextContents();
}

/** The run's registrations as the database has them: team name, status and waitlist position. */
async function registrationsInDatabase(runId: number): Promise<Record<string, string>> {
  const rows = await db()
    .selectFrom('registrations')
    .innerJoin('teams', 'teams.id', 'registrations.team_id')
    .select(['teams.name', 'registrations.status', 'registrations.waitlist_position', 'registrations.deleted_at'])
    .where('registrations.run_id', '=', runId)
    .execute();
  return Object.fromEntries(
    rows.map((r) => [
      r.name,
      r.deleted_at ? 'deleted' : r.status === 'waitlisted' ? `waitlisted #${r.waitlist_position}` : r.status,
    ]),
  );
}

/** A captain opens the event page, signed in, and registers their one relay team for the run. */
async function registerTeam(
  page: Page,
  email: string,
  eventId: number,
  team: string,
  button: 'Register' | 'Join the waitlist',
): Promise<void> {
  await signIn(page, site, email, PASSWORD, `/events/${eventId}`);
  await page.getByRole('heading', { level: 1, name: EVENT }).waitFor();
  await page.getByTestId('registration-available').waitFor();
  await runCard(page)
    .getByRole('button', { name: `Register for ${RUN}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Register for ${RUN}` });
  await dialog.waitFor();
  expect(await dialog.getByRole('radio', { name: new RegExp(team) }).isChecked()).toBe(true);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the competition-management story (in order: each step goes on from where the one before left the event)', () => {
  const pages = pagesForTests(async () => ({
    admin: await newPage('desktop'),
    avery: await newPage('desktop'),
    blake: await newPage('phone'),
    casey: await newPage('desktop'),
    adminPhone: await newPage('phone'),
  }));
  let event: EventRow;
  let run: Run;

  it('an admin creates the event: in a month, as a draft, registration open from today', async () => {
    const { admin } = pages;
    await signIn(admin, site, 'desk@example.org', PASSWORD);
    await visit(admin, site, '/portal/events', 'Events');
    await admin.getByRole('button', { name: 'New event' }).click();
    const form = admin.getByRole('dialog', { name: 'New event' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(EVENT);
    await form.getByLabel('Start date').fill(EVENT_DAY);
    await form.getByLabel('City').fill('Brandon');
    await form.getByLabel('Province or state').fill('MB');
    await form.getByLabel('Scope').selectOption('Regional');
    await form.getByLabel('Host department').selectOption({ label: 'Brandon Fire & Emergency Services' });
    await form.getByLabel('Description').fill('Relays on the Assiniboine, one tower, one long afternoon.');
    await form.getByLabel('Registration opens').fill(TODAY);
    await form.getByLabel('Registration closes').fill(addDays(TODAY, 20));
    await form.getByRole('button', { name: 'Create event' }).click();
    await admin.getByRole('heading', { level: 1, name: EVENT }).waitFor();
    event = await db().selectFrom('events').selectAll().where('name', '=', EVENT).executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      status: 'Draft',
      is_active: true,
      start_date: EVENT_DAY,
      registration_opens_on: TODAY,
    });
  });

  it('the admin takes it Draft → Tentative → Confirmed, the only way the status machine allows; it stays active (public)', async () => {
    const { admin } = pages;
    await admin.getByRole('button', { name: 'Publish as Tentative' }).click();
    await confirmIn(admin, 'Publish as Tentative');
    await admin.getByText(`${EVENT} is now Tentative.`).waitFor();
    await admin.getByRole('button', { name: 'Mark Confirmed' }).click();
    await confirmIn(admin, 'Mark Confirmed');
    await admin.getByText(`${EVENT} is now Confirmed.`).waitFor();
    await admin.getByRole('button', { name: 'Deactivate' }).waitFor();
    expect(
      await db()
        .selectFrom('events')
        .select(['status', 'is_active'])
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'Confirmed',
      is_active: true,
    });
  });

  it("the admin opens a relay run of one place on the event's day", async () => {
    const { admin } = pages;
    await admin.getByRole('tab', { name: /Runs/ }).click();
    await admin.waitForURL(/tab=runs/);
    await admin.getByText('No runs yet').waitFor();
    await admin.getByRole('button', { name: 'New run' }).click();
    const runForm = admin.getByRole('dialog', { name: /New run/ });
    await runForm.getByLabel('Type').selectOption('relay');
    await runForm.getByLabel('Category').selectOption('Men');
    await runForm.getByLabel('Participant limit').fill('1');
    await runForm.getByLabel('Start time').fill(`${EVENT_DAY}T13:00`);
    await runForm.getByLabel('End time').fill(`${EVENT_DAY}T16:30`);
    await runForm.getByRole('button', { name: 'Create run' }).click();
    await admin.getByText(`${RUN} was created.`).waitFor();
    await admin.getByText('0 of 1 confirmed').waitFor();
    run = await db().selectFrom('runs').selectAll().where('event_id', '=', event.id).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ name: RUN, type: 'relay', category: 'Men', participant_limit: 1, is_active: true });
  });

  it('Avery forms a relay team of three in the portal', async () => {
    const { avery } = pages;
    await signIn(avery, site, 'avery@example.org', PASSWORD);
    await visit(avery, site, '/portal/teams', 'Teams');
    await avery.getByRole('button', { name: 'New team' }).click();
    const teamForm = avery.getByRole('dialog', { name: 'New team' });
    await teamForm.getByLabel('Team name').fill(AVERY_TEAM);
    await teamForm.getByRole('radio', { name: /Relay/ }).first().check();
    await teamForm.getByRole('button', { name: 'Create team' }).click();
    await avery.getByRole('heading', { level: 1, name: AVERY_TEAM }).waitFor();
    await inviteAndAccept(avery, site, 'jules@example.org');
    await inviteAndAccept(avery, site, 'noor@example.org');
    await avery.reload({ waitUntil: 'networkidle' });
    await avery.getByText('3 of 3–5 members').waitFor();
  });

  it('Avery takes the one place on the event page', async () => {
    const { avery } = pages;
    await avery.goto(`${site.baseUrl}/events/${event.id}`, { waitUntil: 'networkidle' });
    await avery.getByRole('heading', { level: 1, name: EVENT }).waitFor();
    await avery.getByTestId('registration-available').getByText('Registration Available').waitFor();
    expect(await runCard(avery).getByTestId('run-window').textContent()).toBe('Registration open');
    expect(await runCard(avery).getByTestId('run-places').textContent()).toBe('1 of 1 place left');
    await runCard(avery)
      .getByRole('button', { name: `Register for ${RUN}` })
      .click();
    const averyDialog = avery.getByRole('dialog', { name: `Register for ${RUN}` });
    expect(await averyDialog.getByRole('radio', { name: new RegExp(AVERY_TEAM) }).isChecked()).toBe(true);
    await averyDialog.getByRole('button', { name: 'Register', exact: true }).click();
    await averyDialog.waitFor({ state: 'detached' });
    await standing(avery).getByText("You're in").waitFor();
    expect(await standing(avery).textContent()).toContain(`Team ${AVERY_TEAM}`);
    await expectNoSidewaysScroll(avery);
    await avery.evaluate(() => window.scrollTo(0, 0));
    await screenshot(avery, 'story-event-page-in-desktop');
    await expectNoSeriousAxeViolations(avery);
  });

  it('Blake, on a phone, finds the run full and waits first', async () => {
    const { blake } = pages;
    await registerTeam(blake, 'blake@example.org', event.id, BLAKE_TEAM, 'Join the waitlist');
    await standing(blake).getByText("You're #1 on the waitlist").waitFor();
    expect(await standing(blake).textContent()).toContain(`Team ${BLAKE_TEAM}`);
    await expectNoSidewaysScroll(blake);
    await blake.evaluate(() => window.scrollTo(0, 0));
    await screenshot(blake, 'story-event-page-waitlisted-phone');
    await expectNoSeriousAxeViolations(blake);
  });

  it('Casey waits second', async () => {
    const { casey } = pages;
    await registerTeam(casey, 'casey@example.org', event.id, CASEY_TEAM, 'Join the waitlist');
    await standing(casey).getByText("You're #2 on the waitlist").waitFor();
    expect(await registrationsInDatabase(run.id)).toEqual({
      [AVERY_TEAM]: 'confirmed',
      [BLAKE_TEAM]: 'waitlisted #1',
      [CASEY_TEAM]: 'waitlisted #2',
    });
  });

  it("the admin follows the run's link from the Runs tab: one confirmed, two waiting", async () => {
    const { admin } = pages;
    await admin.reload({ waitUntil: 'networkidle' });
    await admin.getByText('1 of 1 confirmed').waitFor();
    await admin.getByText('Full, 2 waitlisted').waitFor();
    await admin.getByRole('link', { name: RUN, exact: true }).click();
    await admin.waitForURL(new RegExp(`/portal/runs/${run.id}`));
    await admin.getByRole('heading', { level: 1, name: RUN }).waitFor();
    await admin.getByText('1 of 1 place taken').waitFor();
    await expect.poll(() => tab(admin, /^Confirmed/).textContent()).toBe('Confirmed1');
    await expect.poll(() => tab(admin, /^Waitlist/).textContent()).toBe('Waitlist2');
    await confirmedTable(admin).getByText(AVERY_TEAM).waitFor();
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, 'story-run-page-confirmed-desktop');
    await expectNoSeriousAxeViolations(admin);
  });

  it("the admin reorders the waitlist by keyboard: Casey's team picked up, moved above Blake's, dropped", async () => {
    const { admin } = pages;
    await tab(admin, /^Waitlist/).click();
    await admin.waitForURL(/tab=waitlist/);
    await expect.poll(() => boardOrder(admin)).toEqual([BLAKE_TEAM, CASEY_TEAM]);
    await screenshot(admin, 'story-run-page-waitlist-desktop');
    await expectNoSeriousAxeViolations(admin);
    await admin.getByRole('button', { name: `Move ${CASEY_TEAM}`, exact: true }).focus();
    // Each key waits for what the screen reader hears, so the next key finds the drag where it should be.
    await admin.keyboard.press('Space');
    await admin.getByText(`Picked up ${CASEY_TEAM}, at position 2 of 2.`).waitFor({ state: 'attached' });
    await pressUntilText(admin, 'ArrowUp', `${CASEY_TEAM} is over position 1 of 2.`);
    await admin.keyboard.press('Space');
    await admin.getByText(`${CASEY_TEAM} was dropped at position 1 of 2.`).waitFor({ state: 'attached' });
    await expect.poll(() => boardOrder(admin)).toEqual([CASEY_TEAM, BLAKE_TEAM]);
    await expect
      .poll(() => registrationsInDatabase(run.id))
      .toEqual({
        [AVERY_TEAM]: 'confirmed',
        [BLAKE_TEAM]: 'waitlisted #2',
        [CASEY_TEAM]: 'waitlisted #1',
      });
  });

  it("the admin fills the run: a limit of 2 on the event's Runs tab confirms the first in line, now Casey's team", async () => {
    const { admin } = pages;
    await visit(admin, site, `/portal/events/${event.id}?tab=runs`, EVENT);
    await admin.getByRole('button', { name: `Edit ${RUN}` }).click();
    const runEdit = admin.getByRole('dialog', { name: `Edit ${RUN}` });
    await expect.poll(() => runEdit.getByLabel('Participant limit').inputValue()).toBe('1');
    await runEdit.getByLabel('Participant limit').fill('2');
    await runEdit.getByRole('button', { name: 'Save run' }).click();
    await runEdit.waitFor({ state: 'detached' });
    await admin.getByText(`${RUN} was saved. 1 waitlisted entry was confirmed.`).waitFor();
    await admin.getByText('2 of 2 confirmed').waitFor();
    await admin.getByText('Full, 1 waitlisted').waitFor();
    expect(await registrationsInDatabase(run.id)).toEqual({
      [AVERY_TEAM]: 'confirmed',
      [BLAKE_TEAM]: 'waitlisted #1',
      [CASEY_TEAM]: 'confirmed',
    });
  });

  it("the run's page shows the two confirmed and Blake's team first in line", async () => {
    const { admin } = pages;
    await admin.getByRole('link', { name: RUN, exact: true }).click();
    await admin.getByRole('heading', { level: 1, name: RUN }).waitFor();
    await admin.getByText('2 of 2 places taken').waitFor();
    await tab(admin, /^Confirmed/).click();
    await confirmedTable(admin).getByText(CASEY_TEAM).waitFor();
    await confirmedTable(admin).getByText(AVERY_TEAM).waitFor();
    await tab(admin, /^Waitlist/).click();
    await expect.poll(() => boardOrder(admin)).toEqual([BLAKE_TEAM]);
    await admin.getByTestId('waitlist-entry').getByText('#1').waitFor();
  });

  it("Avery's team withdraws (the admin cancels it, with a reason): its place goes to Blake's team", async () => {
    const { admin } = pages;
    await tab(admin, /^Confirmed/).click();
    await admin.getByRole('button', { name: `Cancel ${AVERY_TEAM}`, exact: true }).click();
    const cancel = admin.getByRole('dialog', { name: `Cancel the registration of ${AVERY_TEAM}?` });
    await cancel.getByText('which goes to the first on the waitlist', { exact: false }).waitFor();
    await cancel.getByLabel('Reason (optional)').fill('Two members on shift that day');
    await cancel.getByRole('button', { name: 'Cancel registration' }).click();
    await cancel.waitFor({ state: 'detached' });
    await admin
      .getByRole('status')
      .getByText(`The registration of ${AVERY_TEAM} was cancelled`, { exact: false })
      .waitFor();
    await confirmedTable(admin).getByText(BLAKE_TEAM).waitFor();
    await confirmedTable(admin).getByText(AVERY_TEAM).waitFor({ state: 'detached' });
    await expect.poll(() => tab(admin, /^Waitlist/).textContent()).toBe('Waitlist0');
    expect(await registrationsInDatabase(run.id)).toEqual({
      [AVERY_TEAM]: 'cancelled',
      [BLAKE_TEAM]: 'confirmed',
      [CASEY_TEAM]: 'confirmed',
    });
  });

  it("the shift is swapped after all: reinstated, Avery's team waits, the run being full", async () => {
    const { admin } = pages;
    await tab(admin, /^Cancelled/).click();
    await admin.getByRole('button', { name: `Reinstate ${AVERY_TEAM}`, exact: true }).click();
    await admin
      .getByRole('dialog', { name: `Reinstate ${AVERY_TEAM}?` })
      .getByRole('button', { name: 'Reinstate' })
      .click();
    await admin.getByText(`${AVERY_TEAM} was reinstated at #1 on the waitlist.`).waitFor();
    await expect.poll(() => tab(admin, /^Waitlist/).textContent()).toBe('Waitlist1');
    expect(await registrationsInDatabase(run.id)).toEqual({
      [AVERY_TEAM]: 'waitlisted #1',
      [BLAKE_TEAM]: 'confirmed',
      [CASEY_TEAM]: 'confirmed',
    });
  });

  it('the history tells the story, newest first', async () => {
    const { admin } = pages;
    await tab(admin, /^History/).click();
    const history = admin.getByRole('list', { name: 'Registration history, newest first' });
    await history.getByText(`${BLAKE_TEAM} — Promoted from waitlist`).waitFor();
    await history.getByText(`${CASEY_TEAM} — Promoted from waitlist`).waitFor();
    await history.getByText(`${CASEY_TEAM} — Moved to waitlist position 1`).first().waitFor();
    await history.getByText('Cancelled: Two members on shift that day').waitFor();
    await screenshot(admin, 'story-run-page-history-desktop');
  });

  it('the confirmed tab ends with the two teams in, without serious axe violations', async () => {
    const { admin } = pages;
    await tab(admin, /^Confirmed/).click();
    await confirmedTable(admin).getByText(CASEY_TEAM).waitFor();
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'story-run-page-final-desktop');
    await expectNoSeriousAxeViolations(admin);
  });

  it('the run page at phone width: cards, nothing wider than the screen', async () => {
    const { adminPhone } = pages;
    await signIn(adminPhone, site, 'desk@example.org', PASSWORD);
    await visit(adminPhone, site, `/portal/runs/${run.id}`, RUN);
    await adminPhone.getByText('2 of 2 places taken').waitFor();
    await adminPhone.getByRole('region', { name: 'Confirmed registrations' }).getByText(BLAKE_TEAM).waitFor();
    await expectNoSidewaysScroll(adminPhone);
    await screenshot(adminPhone, 'story-run-page-confirmed-phone');
    await expectNoSeriousAxeViolations(adminPhone);
    await tab(adminPhone, /^Waitlist/).click();
    await expect.poll(() => boardOrder(adminPhone)).toEqual([AVERY_TEAM]);
    await expectNoSidewaysScroll(adminPhone);
    await screenshot(adminPhone, 'story-run-page-waitlist-phone');
    await expectNoSeriousAxeViolations(adminPhone);
  });

  it("Blake sees on the event page that the team is in and the run full, and it is among Blake's registrations", async () => {
    const { blake } = pages;
    await blake.reload({ waitUntil: 'networkidle' });
    await standing(blake).getByText("You're in").waitFor();
    expect(await runCard(blake).getByTestId('run-places').textContent()).toMatch(/^Full/);
    await expectNoSidewaysScroll(blake);
    await blake.evaluate(() => window.scrollTo(0, 0));
    await screenshot(blake, 'story-event-page-final-phone');
    await expectNoSeriousAxeViolations(blake);
    await visit(blake, site, '/portal/registrations', 'My registrations');
    const blakeCard = blake.getByRole('article', { name: EVENT });
    await blakeCard.getByText(`Team ${BLAKE_TEAM}`).waitFor();
    await blakeCard.getByText('Confirmed', { exact: true }).waitFor();
    await screenshot(blake, 'story-my-registrations-phone');
    await expectNoSeriousAxeViolations(blake);
  });

  it("Avery sees the team waiting first in line, and Casey's team is in", async () => {
    const { avery, casey } = pages;
    await avery.reload({ waitUntil: 'networkidle' });
    await standing(avery).getByText("You're #1 on the waitlist").waitFor();
    await casey.reload({ waitUntil: 'networkidle' });
    await standing(casey).getByText("You're in").waitFor();
    await casey.evaluate(() => window.scrollTo(0, 0));
    await screenshot(casey, 'story-event-page-final-desktop');
  });
});
