import { hash } from '@node-rs/argon2';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_SENT_MESSAGE } from '../../api/contracts/teams.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  expectNoSidewaysScroll,
  launchBrowser,
  type RunningSite,
  screenshot,
  signInPage,
  startSite,
  visit,
} from '../support/browser.ts';
import { insertDepartment, insertTeam, insertUser } from '../support/factories.ts';

/**
 * Team invitations in a real browser (docs/decisions/026): a captain invites by e-mail and gets the
 * same answer for an address nobody uses; the invited people accept or decline on their teams page.
 */
let site: RunningSite;
let browser: Browser;
let teamId: number;
const PASSWORD = 'Invite-pass1';

beforeAll(async () => {
  site = await startSite({ env: { AUTH_RATE_LIMIT: '1000' } });
  browser = await launchBrowser();
  const db = site.database.db;
  const station = await insertDepartment(db, { name: 'Red Deer Emergency Services', city: 'Red Deer', province: 'AB' });
  const password_hash = await hash(PASSWORD);
  const person = (email: string, first: string, last: string) =>
    insertUser(db, {
      email,
      first_name: first,
      last_name: last,
      department_id: station.id,
      date_of_birth: '1990-04-12',
      password_hash,
    });
  const captain = await person('quinn@example.org', 'Quinn', 'Harper');
  await person('avery@example.org', 'Avery', 'Stone');
  await person('blake@example.org', 'Blake', 'Moss');
  teamId = (await insertTeam(db, { captain_id: captain.id, department_id: station.id, name: 'Ladder Legends' })).id;
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const memberEmails = async () =>
  (
    await site.database.db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select('users.email')
      .where('team_members.team_id', '=', teamId)
      .orderBy('users.email')
      .execute()
  ).map((r) => r.email);

describe('team invitations in a real browser', () => {
  it('lets a captain invite by e-mail with one answer for any address, list the pending ones and cancel one', async () => {
    const page = await signInPage(browser, site, 'quinn@example.org', PASSWORD, 'desktop');
    try {
      await visit(page, site, `/portal/teams/${teamId}`, 'Ladder Legends');
      const field = page.getByLabel('E-mail address of the person to invite');
      const status = page.getByRole('status');
      for (const email of ['avery@example.org', 'nobody@example.org', 'Blake@Example.org']) {
        await field.fill(email);
        await page.getByRole('button', { name: 'Invite', exact: true }).click();
        await status.getByText(INVITATION_SENT_MESSAGE).waitFor();
        await page.getByRole('button', { name: 'Dismiss message' }).click();
      }
      const pending = page.getByRole('list', { name: 'Pending invitations' });
      for (const email of ['avery@example.org', 'nobody@example.org', 'blake@example.org'])
        await pending.getByText(email).waitFor();
      // The page never names anyone it was not shown by the captain.
      await expect(page.getByText(/Avery|Blake Moss/).count()).resolves.toBe(0);
      // A malformed address is refused before anything is sent.
      await field.fill('not-an-address');
      await page.getByRole('button', { name: 'Invite', exact: true }).click();
      await page.getByText('Please enter a valid email address').waitFor();
      await screenshot(page, 'portal-team-invitations-desktop');
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('button', { name: 'Cancel the invitation to nobody@example.org' }).click();
      await status.getByText('The invitation to nobody@example.org was cancelled.').waitFor();
      await pending.getByText('nobody@example.org').waitFor({ state: 'detached' });
      expect(await memberEmails()).toEqual(['quinn@example.org']);
    } finally {
      await page.context().close();
    }
  });

  it('lets the invited person accept on their teams page, on a phone, and another decline', async () => {
    const page = await signInPage(browser, site, 'avery@example.org', PASSWORD, 'phone');
    try {
      await visit(page, site, '/portal/teams', 'Teams');
      const invitations = page.getByRole('region', { name: 'Invitations to join a team' });
      await invitations.getByText('Ladder Legends').waitFor();
      await invitations.getByText(/captain Quinn Harper/).waitFor();
      await expectNoSidewaysScroll(page, 'the teams page with an invitation');
      await screenshot(page, 'portal-my-invitations-phone');
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Accept the invitation to Ladder Legends' }).click();
      await page.getByRole('status').getByText('You joined Ladder Legends.').waitFor();
      await invitations.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Ladder Legends' }).waitFor();
      expect(await memberEmails()).toEqual(['avery@example.org', 'quinn@example.org']);
    } finally {
      await page.context().close();
    }

    const other = await signInPage(browser, site, 'blake@example.org', PASSWORD, 'desktop');
    try {
      await visit(other, site, '/portal/teams', 'Teams');
      await other.getByRole('button', { name: 'Decline the invitation to Ladder Legends' }).click();
      await other.getByRole('status').getByText('You declined the invitation to Ladder Legends.').waitFor();
      await expect(other.getByRole('link', { name: 'Ladder Legends' }).count()).resolves.toBe(0);
      expect(await memberEmails()).toEqual(['avery@example.org', 'quinn@example.org']);
    } finally {
      await other.context().close();
    }
  });
});
