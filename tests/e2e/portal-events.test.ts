import { hash } from '@node-rs/argon2';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '../../api/db/schema.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  onPage,
  pagesForTests,
  type RunningSite,
  screenshot,
  signInPage,
  startSiteAndBrowser,
  visit,
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
 * The portal's event management in a real browser: the list and its filters, the event form, the
 * picture, status transitions, activation, deletion, and the runs and registrations of an event.
 */
let site: RunningSite;
let browser: Browser;
const PASSWORD = 'Events-pass1';
/** The site's time zone (SITE_TIMEZONE's default): the browser shows and types run times in it too. */
const TIME_ZONE = 'America/Toronto';
let lethbridgeId: number;
let monctonId: number;

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  const db = site.database.db;
  const passwordHash = await hash(PASSWORD);
  const station = await insertDepartment(db, { name: 'Saskatoon Fire Department', city: 'Saskatoon', province: 'SK' });
  await insertUser(db, {
    email: 'desk@example.org',
    first_name: 'Ari',
    last_name: 'Benn',
    role: 'admin',
    password_hash: passwordHash,
  });
  const competitor = await insertUser(db, {
    email: 'dana@example.org',
    first_name: 'Dana',
    last_name: 'Okoye',
    password_hash: passwordHash,
    department_id: station.id,
  });
  const captain = await insertUser(db, { first_name: 'Eli', last_name: 'Fournier', department_id: station.id });

  const lethbridge = await insertEvent(db, {
    name: 'Lethbridge Firefit',
    city: 'Lethbridge',
    province: 'AB',
    start_date: '2027-08-14',
    status: 'Confirmed',
    scope: 'Provincial',
  });
  lethbridgeId = lethbridge.id;
  const relay = await insertRun(db, lethbridge.id, {
    name: 'Relay: Men',
    type: 'relay',
    category: 'Men',
    participant_limit: 1,
  });
  const individual = await insertRun(db, lethbridge.id, {
    name: 'Individual: Open Women',
    type: 'individual',
    category: 'Open Women',
    participant_limit: 30,
  });
  const ladder = await insertTeam(db, { name: 'Ladder 4', captain_id: captain.id, department_id: station.id });
  const engine = await insertTeam(db, { name: 'Engine 9', captain_id: competitor.id, department_id: station.id });
  await insertRegistration(db, { runId: relay.id, teamId: ladder.id, registeredBy: captain.id });
  await insertRegistration(db, {
    runId: relay.id,
    teamId: engine.id,
    registeredBy: competitor.id,
    status: 'waitlisted',
    waitlistPosition: 1,
  });
  await insertRegistration(db, { runId: individual.id, userId: competitor.id });

  const moncton = await insertEvent(db, {
    name: 'Moncton Tower Climb',
    city: 'Moncton',
    province: 'NB',
    start_date: '2027-05-22',
    status: 'Draft',
    is_active: false,
  });
  monctonId = moncton.id;
  await insertEvent(db, {
    name: 'Halifax Harbour Relay',
    city: 'Halifax',
    province: 'NS',
    start_date: '2026-09-12',
    status: 'Completed',
    scope: 'Regional',
  });
});
afterAll(() => closeSiteAndBrowser(site, browser));

/** The labels of the status changes the page offers. */
async function offeredTransitions(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Change the status' });
  return (await list.getByRole('button').allTextContents()).map((text) => text.trim());
}

async function confirmIn(page: Page, button: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  return dialog;
}

/** An admin's page at the viewport, in the site's time zone. */
const adminPage = (viewport: 'phone' | 'desktop') =>
  signInPage(browser, site, 'desk@example.org', PASSWORD, viewport, { timezoneId: TIME_ZONE });

const eventRow = (name: string) =>
  site.database.db.selectFrom('events').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

describe('event management in the portal: an admin creates, pictures, edits, moves along the status line, schedules runs for, deactivates and deletes events (in order: each test goes on with the event the one before left)', () => {
  const pages = pagesForTests(async () => ({ page: await adminPage('desktop') }));
  let created: Awaited<ReturnType<typeof eventRow>>;
  let run: Run;

  it('lists drafts and inactive events, with the filters kept in the URL', async () => {
    const { page } = pages;
    await visit(page, site, '/portal/events', 'Events');
    await page.getByRole('link', { name: 'Moncton Tower Climb' }).waitFor();
    await page.getByRole('link', { name: 'Halifax Harbour Relay' }).waitFor();
    await screenshot(page, 'portal-events-list-desktop');
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Status', { exact: true }).selectOption('Draft');
    await page.waitForURL(/status=Draft/);
    await page.getByRole('link', { name: 'Lethbridge Firefit' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Moncton Tower Climb' }).waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.getByLabel('Search events by name, city, province or slug').fill('halifax');
    await page.waitForURL(/query=halifax/);
    await page.getByRole('link', { name: 'Moncton Tower Climb' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Clear search', exact: true }).click();
    await page.getByRole('link', { name: 'Lethbridge Firefit' }).waitFor();
  });

  it("checks a new event with the contract's rules in the browser first, loses nothing typed, then creates it as a draft", async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Create event' }).click();
    await form.getByText('Name is required').waitFor();
    await expect(
      form.getByRole('textbox', { name: 'Name', exact: true }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Saskatoon Firefit Challenge');
    await form.getByLabel('Start date').fill('2027-09-18');
    await form.getByLabel('City').fill('Saskatoon');
    await form.getByLabel('Province or state').fill('SK');
    await form.getByLabel('Scope').selectOption('Provincial');
    await form.getByLabel('Host department').selectOption({ label: 'Saskatoon Fire Department' });
    await form.getByLabel('Description').fill('Six tasks, one tower, on the river.');
    await form.getByLabel('Registration opens').fill('2027-09-20');
    await form.getByRole('button', { name: 'Create event' }).click();
    await form.getByText('The registration opening date must be on or before the start date.').waitFor();
    await screenshot(page, 'portal-events-form-desktop');
    await expect.poll(() => form.getByLabel('City').inputValue()).toBe('Saskatoon');
    await form.getByLabel('Registration opens').fill('2027-06-01');
    await form.getByRole('button', { name: 'Create event' }).click();
    await page.getByRole('heading', { level: 1, name: 'Saskatoon Firefit Challenge' }).waitFor();
    created = await eventRow('Saskatoon Firefit Challenge');
    expect(created).toMatchObject({
      status: 'Draft',
      start_date: '2027-09-18',
      end_date: '2027-09-18',
      province: 'SK',
      registration_opens_on: '2027-06-01',
    });
    expect(page.url()).toMatch(new RegExp(`/portal/events/${created.id}$`));
  });

  it('refuses a file that is not an image before upload; a PNG shows a preview, then uploads', async () => {
    const { page } = pages;
    await page
      .getByLabel('Choose a picture')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByText('The picture must be a JPEG, PNG or WebP image.').waitFor();
    const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#b91c1c' } })
      .png()
      .toBuffer();
    await page.getByLabel('Choose a picture').setInputFiles({ name: 'tower.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: /Preview of the new picture/ }).waitFor();
    await page.getByText(/tower\.png .*not uploaded yet/).waitFor();
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await page.getByText('The picture was uploaded.').waitFor();
    const current = page.getByRole('img', { name: 'Picture of Saskatoon Firefit Challenge' });
    await current.waitFor();
    await expect
      .poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect((await eventRow('Saskatoon Firefit Challenge')).picture_id).not.toBeNull();
    await screenshot(page, 'portal-events-detail-desktop');
    await expectNoSeriousAxeViolations(page);
  });

  it('edits the event, keeping the slug and saving every field given (an emptied end date falls back to the start)', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Saskatoon Firefit Challenge' });
    await edit.getByLabel('End date').fill('2027-09-19');
    await edit.getByLabel('Description').fill('Six tasks, one tower, two days on the river.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saskatoon Firefit Challenge was saved.').waitFor();
    expect(await eventRow('Saskatoon Firefit Challenge')).toMatchObject({
      end_date: '2027-09-19',
      slug: created.slug,
    });
    // Back to one day, for the schedule check of the runs below.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('dialog').getByLabel('End date').fill('');
    await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await eventRow('Saskatoon Firefit Challenge')).end_date).toBe('2027-09-18');
  });

  it('offers only the transitions the status machine allows, one step at a time', async () => {
    const { page } = pages;
    expect(await offeredTransitions(page)).toEqual(['Publish as Tentative', 'Postpone', 'Cancel event']);
    await page.getByRole('button', { name: 'Publish as Tentative' }).click();
    const publish = await confirmIn(page, 'Publish as Tentative');
    await publish.waitFor({ state: 'detached' });
    await page.getByText('Saskatoon Firefit Challenge is now Tentative.').waitFor();
    expect(await offeredTransitions(page)).toEqual(['Mark Confirmed', 'Postpone', 'Cancel event']);
    await page.getByRole('button', { name: 'Mark Confirmed' }).click();
    await (await confirmIn(page, 'Mark Confirmed')).waitFor({ state: 'detached' });
    await page.getByText('Saskatoon Firefit Challenge is now Confirmed.').waitFor();
    expect(await offeredTransitions(page)).toEqual(['Mark Firm', 'Postpone', 'Cancel event']);
    expect((await eventRow('Saskatoon Firefit Challenge')).status).toBe('Confirmed');
  });

  it('follows the server when someone else completed the event meanwhile and the step is refused', async () => {
    const { page } = pages;
    await site.database.db.updateTable('events').set({ status: 'Completed' }).where('id', '=', created.id).execute();
    await page.getByRole('button', { name: 'Mark Firm' }).click();
    const refused = await confirmIn(page, 'Mark Firm');
    await refused
      .getByText('An event that is Completed cannot change its status any more (asked for Firm); Completed is final.')
      .waitFor();
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Completed is final: the status cannot change any more.').waitFor();
    await page.getByRole('list', { name: 'Change the status' }).waitFor({ state: 'detached' });
    await site.database.db.updateTable('events').set({ status: 'Confirmed' }).where('id', '=', created.id).execute();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Mark Firm' }).waitFor();
  });

  it('creates a run with a limit and a schedule, refusing an end before the start', async () => {
    const { page } = pages;
    await page.getByRole('tab', { name: /Runs/ }).click();
    await page.waitForURL(/tab=runs/);
    await page.getByText('No runs yet').waitFor();
    await page.getByRole('button', { name: 'New run' }).click();
    const runForm = page.getByRole('dialog', { name: /New run/ });
    await runForm.getByLabel('Type').selectOption('relay');
    await runForm.getByLabel('Category').selectOption('Mixed');
    await runForm.getByLabel('Participant limit').fill('12');
    await runForm.getByLabel('Start time').fill('2027-09-18T09:00');
    await runForm.getByLabel('End time').fill('2027-09-18T08:00');
    await runForm.getByRole('button', { name: 'Create run' }).click();
    await runForm.getByText('The end time must be after the start time.').waitFor();
    await runForm.getByLabel('End time').fill('2027-09-18T11:30');
    await runForm.getByLabel('Allows hybrid teams').check();
    await runForm.getByRole('button', { name: 'Create run' }).click();
    await page.getByText('Relay: Mixed was created.').waitFor();
    await page.getByText('0 of 12 confirmed').waitFor();
    await page.getByText('Sep 18, 2027, 9:00 AM – 11:30 AM').waitFor();
    run = await site.database.db
      .selectFrom('runs')
      .selectAll()
      .where('event_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({
      name: 'Relay: Mixed',
      type: 'relay',
      category: 'Mixed',
      participant_limit: 12,
      allows_hybrid: true,
    });
    expect(new Date(run.start_time as Date).toISOString()).toBe('2027-09-18T13:00:00.000Z');
    await expect(page.getByRole('tab', { name: /Runs/ }).textContent()).resolves.toMatch(/1$/);
    await expect(page.getByRole('link', { name: 'Relay: Mixed' }).getAttribute('href')).resolves.toBe(
      `/portal/runs/${run.id}`,
    );
    await screenshot(page, 'portal-events-detail-runs-desktop');
    await expectNoSeriousAxeViolations(page);
  });

  it('sends a new limit through its own call (which also confirms waitlisted entries), nothing else', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Edit Relay: Mixed' }).click();
    const runEdit = page.getByRole('dialog', { name: 'Edit Relay: Mixed' });
    await runEdit.getByLabel('Participant limit').fill('16');
    const limitCall = page.waitForRequest((request) => request.url().endsWith(`/api/runs/${run.id}/participant-limit`));
    await runEdit.getByRole('button', { name: 'Save run' }).click();
    expect((await limitCall).method()).toBe('PATCH');
    await page.getByText('Relay: Mixed was saved.').waitFor();
    await page.getByText('0 of 16 confirmed').waitFor();
    expect(
      (
        await site.database.db
          .selectFrom('runs')
          .select('participant_limit')
          .where('id', '=', run.id)
          .executeTakeFirstOrThrow()
      ).participant_limit,
    ).toBe(16);
  });

  it("refuses a schedule off the event's day, keeps what was typed and changes nothing", async () => {
    const { page } = pages;
    const runEdit = page.getByRole('dialog', { name: 'Edit Relay: Mixed' });
    await page.getByRole('button', { name: 'Edit Relay: Mixed' }).click();
    await runEdit.getByLabel('Start time').fill('2027-09-19T09:00');
    await runEdit.getByLabel('End time').fill('2027-09-19T10:00');
    const scheduleCall = page.waitForRequest((request) => request.url().endsWith(`/api/runs/${run.id}/schedule`));
    await runEdit.getByRole('button', { name: 'Save run' }).click();
    expect((await scheduleCall).postDataJSON()).toEqual({
      startTime: '2027-09-19T09:00:00-04:00',
      endTime: '2027-09-19T10:00:00-04:00',
    });
    await runEdit
      .getByText("The run must start and end within the event's day(s): on 2027-09-18 (America/Toronto time).")
      .waitFor();
    await screenshot(page, 'portal-events-run-form-desktop');
    await expect.poll(() => runEdit.getByLabel('Start time').inputValue()).toBe('2027-09-19T09:00');
    await runEdit.getByRole('button', { name: 'Cancel' }).click();
    const unchanged = await site.database.db
      .selectFrom('runs')
      .select('start_time')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(new Date(unchanged.start_time as Date).toISOString()).toBe('2027-09-18T13:00:00.000Z');
  });

  it('deactivates the event and activates it again, each confirmed', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await (await confirmIn(page, 'Deactivate')).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Activate' }).waitFor();
    expect((await eventRow('Saskatoon Firefit Challenge')).is_active).toBe(false);
    await page.getByRole('button', { name: 'Activate' }).click();
    await (await confirmIn(page, 'Activate')).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Deactivate' }).waitFor();
    expect((await eventRow('Saskatoon Firefit Challenge')).is_active).toBe(true);
  });

  it('deletes a draft nobody needs after a confirmation (a cancel keeps it); it leaves the list', async () => {
    const { page } = pages;
    await visit(page, site, `/portal/events/${monctonId}`, 'Moncton Tower Climb');
    await page.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Moncton Tower Climb?' });
    await remove.getByRole('button', { name: 'Cancel' }).click();
    expect((await eventRow('Moncton Tower Climb')).deleted_at).toBeNull();
    await page.getByRole('button', { name: 'Delete' }).click();
    await (await confirmIn(page, 'Delete event')).waitFor({ state: 'detached' });
    await page.getByText(/This event was deleted/).waitFor();
    expect((await eventRow('Moncton Tower Climb')).deleted_at).not.toBeNull();
    await visit(page, site, '/portal/events', 'Events');
    await page.getByRole('link', { name: 'Saskatoon Firefit Challenge' }).waitFor();
    expect(await page.getByRole('link', { name: 'Moncton Tower Climb' }).count()).toBe(0);
  });
});

describe('event management in the portal at phone width (in order: each test goes on from the page the one before left)', () => {
  const pages = pagesForTests(async () => ({ page: await adminPage('phone') }));

  it('lists the events as cards', async () => {
    const { page } = pages;
    await visit(page, site, '/portal/events', 'Events');
    await page.getByRole('link', { name: 'Lethbridge Firefit' }).waitFor();
    await screenshot(page, 'portal-events-list-phone');
    await expectNoSeriousAxeViolations(page);
  });

  it('checks the new-event form before sending it', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'New event' }).click();
    await page
      .getByRole('dialog', { name: 'New event' })
      .getByRole('textbox', { name: 'Name', exact: true })
      .fill('Regina Stair Climb');
    await page.getByRole('dialog').getByRole('button', { name: 'Create event' }).click();
    await page.getByRole('dialog').getByText('City is required').waitFor();
    await screenshot(page, 'portal-events-form-phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it("shows an event without a picture, and its runs' places, without scrolling sideways", async () => {
    const { page } = pages;
    await visit(page, site, `/portal/events/${lethbridgeId}`, 'Lethbridge Firefit');
    await page.getByText('No picture yet.', { exact: false }).waitFor();
    await screenshot(page, 'portal-events-detail-phone');
    await page.getByRole('tab', { name: /Runs/ }).click();
    await page.getByText('1 of 1 confirmed').waitFor();
    await page.getByText('Full, 1 waitlisted').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'portal-events-detail-runs-phone');
    await expectNoSeriousAxeViolations(page);
  });

  it('keeps the type of a run with registrations from changing', async () => {
    const { page } = pages;
    await page.getByRole('button', { name: 'Edit Relay: Men' }).click();
    const runForm = page.getByRole('dialog', { name: 'Edit Relay: Men' });
    await expect.poll(() => runForm.getByLabel('Participant limit').inputValue()).toBe('1');
    await expect(runForm.getByLabel('Type').isDisabled()).resolves.toBe(true);
    await runForm.getByText('The type cannot change once the run has registrations.').waitFor();
    await screenshot(page, 'portal-events-run-form-phone');
    await runForm.getByRole('button', { name: 'Cancel' }).click();
  });

  it("filters the event's registrations by status in the URL", async () => {
    const { page } = pages;
    await page.getByRole('tab', { name: /Registrations/ }).click();
    await page.getByText('Ladder 4').waitFor();
    await page.getByText('Dana Okoye').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('waitlisted');
    await page.waitForURL(/status=waitlisted/);
    await page.getByText('Ladder 4').waitFor({ state: 'detached' });
    await page.getByText('Engine 9').waitFor();
    await page.getByText('#1').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'portal-events-detail-registrations-phone');
    await expectNoSeriousAxeViolations(page);
  });
});

describe('event management in the portal', () => {
  it('shows the registrations tab at desktop width', async () => {
    await onPage(adminPage('desktop'), async (page) => {
      await visit(page, site, `/portal/events/${lethbridgeId}?tab=registrations`, 'Lethbridge Firefit');
      await page.getByRole('cell', { name: /Ladder 4/ }).waitFor();
      await page.getByLabel('Run', { exact: true }).selectOption({ label: 'Individual: Open Women' });
      await page.waitForURL(/runId=/);
      await page.getByRole('cell', { name: /Dana Okoye/ }).waitFor();
      await page.getByRole('cell', { name: /Ladder 4/ }).waitFor({ state: 'detached' });
      await screenshot(page, 'portal-events-detail-registrations-desktop');
      await expectNoSeriousAxeViolations(page);
    });
  });

  it('keeps a competitor out of event management', async () => {
    const dana = signInPage(browser, site, 'dana@example.org', PASSWORD, 'desktop', { timezoneId: TIME_ZONE });
    await onPage(dana, async (page) => {
      await page.goto(`${site.baseUrl}/portal/events`, { waitUntil: 'networkidle' });
      await page.waitForURL(/\/portal$/);
      await page.goto(`${site.baseUrl}/portal/events/${lethbridgeId}`, { waitUntil: 'networkidle' });
      await page.waitForURL(/\/portal$/);
      expect(
        await page
          .getByRole('navigation', { name: 'Portal' })
          .getByRole('link', { name: 'Events', exact: true })
          .count(),
      ).toBe(0);
    });
  });
});
