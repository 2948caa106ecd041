import { hash } from '@node-rs/argon2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  onPage,
  openPage,
  pagesForTests,
  type RunningSite,
  screenshot,
  startSiteAndBrowser,
} from '../support/browser.ts';
import { insertUser } from '../support/factories.ts';

/** Access tokens live 5 s here (the shortest allowed): a test moves the page clock past their expiry. */
const TOKEN_SECONDS = 5;
const SESSION_KEY = 'firefit-canada-auth';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({
    env: { ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS), AUTH_RATE_LIMIT: '1000' },
  }));
});
afterAll(() => closeSiteAndBrowser(site, browser));

/** The link of the newest outbox message to an address, on this site's origin. */
async function outboxLink(to: string, page: 'verify-email' | 'reset-password'): Promise<string> {
  const row = await site.database.db
    .selectFrom('email_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = new RegExp(`/${page}\\?token=[\\w-]+`).exec(row.text_body);
  if (!match) throw new Error(`no ${page} link in ${row.text_body}`);
  return `${site.baseUrl}${match[0]}`;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('accounts in a real browser: signing up on a phone (in order: each test goes on from the one before)', () => {
  const pages = pagesForTests(async () => ({ page: await openPage(browser, 'phone') }));

  it("shows the shared schema's messages before anything is sent", async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/register`, { waitUntil: 'networkidle' });
    await screenshot(page, 'auth-register-phone');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Email is required').first().isVisible()).resolves.toBe(true);
  });

  it('signs up and asks to check the e-mail', async () => {
    const { page } = pages;
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Ashdown');
    await page.getByLabel('Email').fill('robin.ashdown@example.org');
    await page.getByLabel('Password', { exact: true }).fill('ladder-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await screenshot(page, 'auth-register-sent-phone');
  });

  it('verifies the address through the outbox link', async () => {
    const { page } = pages;
    await page.goto(await outboxLink('robin.ashdown@example.org', 'verify-email'), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'E-mail verified' }).waitFor();
    await screenshot(page, 'auth-verified-phone');
  });

  it('signs in and lands in the portal, with no token kept in session storage', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/sign-in`, { waitUntil: 'networkidle' });
    await signIn(page, 'robin.ashdown@example.org', 'ladder-42');
    await page.waitForURL(/\/portal$/);
    await page.getByRole('heading', { level: 1, name: /Robin/ }).waitFor();
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
    const parsed = JSON.parse(stored ?? '{}');
    expect(Object.keys(parsed).sort()).toEqual(['isAuthenticated', 'tokenExpiresAt', 'user']);
    expect(parsed.isAuthenticated).toBe(true);
    expect(Object.keys(parsed.user)).toEqual(['id']);
    expect(stored).not.toMatch(/eyJ/); // no JWT in storage
    await screenshot(page, 'portal-dashboard-phone');
  });
});

describe('accounts in a real browser: a session at desktop width (in order: each test goes on from the one before)', () => {
  const refreshes: string[] = [];
  const pages = pagesForTests(async () => {
    await insertUser(site.database.db, {
      email: 'kit.marlow@example.org',
      first_name: 'Kit',
      last_name: 'Marlow',
      role: 'admin',
      password_hash: await hash('hose-line-7'),
      is_verified: true,
    });
    const page = await openPage(browser, 'desktop');
    // The token's expiry passes on the page's clock, moved on below, not on the real one.
    await page.clock.install();
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.url());
    });
    return { page };
  });

  it('sends a signed-out visit to a portal page to sign-in, and back after it', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/portal/profile`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/sign-in\?redirect=/);
    await screenshot(page, 'auth-sign-in-desktop');
    await expectNoSeriousAxeViolations(page);
    await signIn(page, 'kit.marlow@example.org', 'hose-line-7');
    await page.waitForURL(/\/portal\/profile$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('refreshes an expired access token without a word, keeping the token in memory only', async () => {
    const { page } = pages;
    const before = refreshes.length;
    await page.clock.fastForward((TOKEN_SECONDS + 1) * 1000);
    await page.getByRole('link', { name: 'Users' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByText('kit.marlow@example.org').first().waitFor();
    expect(refreshes.length).toBeGreaterThan(before);
    expect(page.url()).toMatch(/\/portal\/users$/);
    const meStatus = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(meStatus).toBe(401); // the token lives only in memory: a bare fetch carries none
  });

  it('survives a reload: the session comes back from the refresh cookie', async () => {
    const { page } = pages;
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('kit.marlow@example.org').first().waitFor();
    expect(page.url()).toMatch(/\/portal\/users$/);
  });

  it('signs out from the account menu, revoking the refresh token; the portal then sends to sign-in', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: /account menu|KM/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    const stored = JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY)) ?? '{}');
    expect(stored.isAuthenticated ?? false).toBe(false);
    await page.goto(`${site.baseUrl}/portal`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/sign-in/);
    const revoked = await site.database.db
      .selectFrom('refresh_tokens')
      .select(['revoked_reason'])
      .where('revoked_at', 'is not', null)
      .execute();
    expect(revoked.map((r) => r.revoked_reason)).toContain('logout');
  });
});

describe('accounts in a real browser: a forgotten password on a phone (in order: each test goes on from the one before)', () => {
  const pages = pagesForTests(async () => {
    await insertUser(site.database.db, {
      email: 'jo.quinn@example.org',
      first_name: 'Jo',
      last_name: 'Quinn',
      password_hash: await hash('old-pass-1'),
      is_verified: true,
    });
    return { page: await openPage(browser, 'phone') };
  });

  it('sends the reset e-mail, saying only that it goes out if an account exists', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/forgot-password`, { waitUntil: 'networkidle' });
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Email').fill('jo.quinn@example.org');
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('If an account exists for that address', { exact: false }).waitFor();
    await screenshot(page, 'auth-forgot-sent-phone');
  });

  it("refuses a weak new password from the e-mailed link with the password rules' message", async () => {
    const { page } = pages;
    await page.goto(await outboxLink('jo.quinn@example.org', 'reset-password'), { waitUntil: 'networkidle' });
    await page.getByLabel('New password', { exact: true }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm new password').fill('weakpass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText('Password must contain at least one uppercase letter, one lowercase letter, and one number')
      .first()
      .waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'auth-reset-errors-phone');
  });

  it('changes the password; only the new one signs in', async () => {
    const { page } = pages;
    await page.getByLabel('New password', { exact: true }).fill('Stronger-pass9');
    await page.getByLabel('Confirm new password').fill('Stronger-pass9');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    await page.goto(`${site.baseUrl}/sign-in`, { waitUntil: 'networkidle' });
    await signIn(page, 'jo.quinn@example.org', 'old-pass-1');
    await page.getByText('The e-mail address or password is incorrect.').first().waitFor();
    await signIn(page, 'jo.quinn@example.org', 'Stronger-pass9');
    await page.waitForURL(/\/portal$/);
  });
});

describe('accounts in a real browser', () => {
  it('shows an invalid reset link as such, and passes axe on register and sign-in at phone width', async () => {
    await onPage(openPage(browser, 'phone'), async (page) => {
      await page.goto(`${site.baseUrl}/reset-password?token=not-a-real-token`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Reset link not valid' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      for (const path of ['/register', '/sign-in']) {
        await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expectNoSeriousAxeViolations(page);
        await expectNoSidewaysScroll(page, path);
      }
      await screenshot(page, 'auth-sign-in-phone');
    });
  });
});
