import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { callAs, createTestApp, type TestApp } from './app.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = fileURLToPath(new URL('../e2e/screenshots/', import.meta.url));

// Without the background-networking flags Chromium floods the closed network at start.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium through playwright-core. Missing Chromium fails the run: browser tests never skip. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface RunningSite extends TestApp {
  baseUrl: string;
}

/** The real app serving the built web app on a free port, on a database of its own. */
export async function startSite(options: { env?: NodeJS.ProcessEnv } = {}): Promise<RunningSite> {
  const webRoot = inject('webRoot');
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error('The web app is not built: the e2e global setup builds it.');
  }
  const test = await createTestApp({ webRoot, env: options.env });
  await (test.app as FastifyInstance).listen({ port: 0, host: '127.0.0.1' });
  const address = test.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...test, baseUrl: `http://127.0.0.1:${port}` };
}

/** The real site and a browser for the tests of a file; the site is closed again when the browser will not start. */
export async function startSiteAndBrowser(
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<{ site: RunningSite; browser: Browser }> {
  const site = await startSite(options);
  try {
    return { site, browser: await launchBrowser() };
  } catch (error) {
    await site.close();
    throw error;
  }
}

/** Closes what startSiteAndBrowser started (either may be missing when the start failed). */
export async function closeSiteAndBrowser(site: RunningSite | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await site?.close();
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** Signs in through the real sign-in page; `redirect` is where the page sends the person after (the portal by default). */
export async function signIn(
  page: Page,
  site: RunningSite,
  email: string,
  password: string,
  redirect?: string,
): Promise<void> {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  await page.goto(`${site.baseUrl}/sign-in${query}`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === (redirect ?? '/portal'));
}

/** A page in a browser context of its own at the viewport (one of VIEWPORTS, or a size of its own), signed out. */
export async function openPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS | { width: number; height: number },
  context: BrowserContextOptions = {},
): Promise<Page> {
  const size = typeof viewport === 'string' ? VIEWPORTS[viewport] : viewport;
  return (await browser.newContext({ ...context, viewport: size })).newPage();
}

/** A page in a browser context of its own at the viewport, signed in through the real sign-in page, on the portal. */
export async function signInPage(
  browser: Browser,
  site: RunningSite,
  email: string,
  password: string,
  viewport: keyof typeof VIEWPORTS,
  context: BrowserContextOptions = {},
): Promise<Page> {
  const page = await openPage(browser, viewport, context);
  await signIn(page, site, email, password);
  return page;
}

/** Records the path of every script the page loads from now on, to check what a visitor downloads. */
export function scriptsLoadedBy(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * Pages shared by the tests of the describe this is called in: opened once before its first test, each
 * screenshotted under its name when a test fails (so the failure shows what the page showed), closed
 * after the last test. `open` gets the pages' names and returns one page for each; read them through
 * the returned object inside tests and hooks (they do not exist before the describe's beforeAll ran).
 */
export function pagesForTests<Name extends string>(
  open: () => Promise<Record<Name, Page>>,
  failureScreenshots: Partial<Record<Name, string>> = {},
): Record<Name, Page> {
  const pages = {} as Record<Name, Page>;
  beforeAll(async () => {
    Object.assign(pages, await open());
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [name, file] of Object.entries(failureScreenshots) as [Name, string][]) {
      // The failure is what the report needs; a page that cannot be shot any more must not hide it.
      await screenshotIfOpen(pages[name], file);
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values<Page>(pages).map((page) => page.context().close()));
  });
  return pages;
}

/**
 * Serves this page's documents without the first reads the server inlines (docs/decisions/057), so the
 * page asks the API for them: what a test needs that makes those calls fail or wait.
 */
export async function withoutFirstReads(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<script type="application\/json" id="first-reads">.*?<\/script>/s,
      '',
    );
    await route.fulfill({ response, body });
  });
}
/**
 * Runs one test's steps on a page of its own: screenshotted under `failureScreenshot` when a step fails,
 * closed afterwards whatever happened.
 */
export async function onPage(
  opening: Promise<Page>,
  steps: (page: Page) => Promise<void>,
  failureScreenshot?: string,
): Promise<void> {
  const page = await opening;
  try {
    await steps(page);
  } catch (error) {
    if (failureScreenshot) await screenshotIfOpen(page, failureScreenshot);
    throw error;
  } finally {
    await page.context().close();
  }
}

/**
 * Waits for `target` while jumping the page's clock ahead, so the app's back-offs (query retries after 1,
 * 2 and 4 s, live reconnections, all at most 10 s) pass at once instead of on the real clock. The clock
 * must have been installed (`page.clock.install()`) before the page loaded; between jumps it runs as the
 * real one, so each retry's call goes out and settles before the next jump.
 */
export async function fastForwardUntil(page: Page, target: Locator, step = 10_000, jumps = 20): Promise<void> {
  for (let jump = 0; jump < jumps; jump++) {
    try {
      await target.waitFor({ timeout: 250 });
      return;
    } catch {
      await page.clock.fastForward(step);
    }
  }
  await target.waitFor();
}

/**
 * Runs `check` on every item at once and waits for all of them, so none is left running after the test;
 * the first failure, in the items' order, is thrown.
 */
export async function checkEach<T>(items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  const results = await Promise.allSettled(items.map(check));
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Waits until `ready` says yes, where expect.poll cannot run (in a beforeAll): every 100 ms, at most `timeout` ms. */
export async function waitUntil(ready: () => Promise<boolean>, what: string, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeout} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function screenshotIfOpen(page: Page | undefined, name: string): Promise<void> {
  if (!page || page.isClosed()) return;
  await screenshot(page, name).catch(() => undefined);
}

/** Fails when the page is wider than the window (it would scroll sideways); `what` names the page in the message. */
export async function expectNoSidewaysScroll(page: Page, what = page.url()): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Resizes the page's window, then waits two frames (the media queries' change events and React's render
 * of them, cards or a table, come before the second) and for the pictures the new width asks for.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  // A lazy picture out of sight is not loaded yet and need not be.
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'));
}

/**
 * Runs `check` at phone width, then at desktop width, on the page as it is: one visit checked at both
 * widths, the window resized in between.
 */
export async function atEachWidth(
  page: Page,
  check: (viewport: keyof typeof VIEWPORTS) => Promise<void>,
): Promise<void> {
  for (const viewport of ['phone', 'desktop'] as const) {
    await resizeTo(page, VIEWPORTS[viewport]);
    await check(viewport);
  }
}

/** Opens a page of the site, waits for its main heading and checks that it does not scroll sideways. */
export async function visit(page: Page, site: RunningSite, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await expectNoSidewaysScroll(page, path);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Presses a key until the page shows the text it should lead to. dnd-kit's keyboard sensor listens from
 * the tick after a pick-up, so an arrow pressed at once can fall before it listens; pressing again is
 * what a person would do. Only for moves that stop at an end (pressing twice lands on the same place).
 */
export async function pressUntilText(page: Page, key: string, text: string, attempts = 20): Promise<void> {
  const target = page.getByText(text);
  for (let attempt = 0; attempt < attempts; attempt++) {
    await page.keyboard.press(key);
    try {
      await target.waitFor({ state: 'attached', timeout: 1000 });
      return;
    } catch {
      // Not yet: press again.
    }
  }
  throw new Error(`"${text}" never appeared after pressing ${key} ${attempts} times`);
}

/**
 * A team's captain invites a person by e-mail on the team page and the person accepts (docs/decisions/026).
 * The invitee's own screens are tested in team-invitations.test.ts, so here they accept through the API.
 */
export async function inviteAndAccept(page: Page, site: RunningSite, email: string): Promise<void> {
  await page.getByLabel('E-mail address of the person to invite').fill(email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await page.getByRole('list', { name: 'Pending invitations' }).getByText(email.toLowerCase()).waitFor();
  const invitee = await site.database.db
    .selectFrom('users')
    .select(['id', 'role'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  const [invitation] = (await callAs(site.app, 'GET', '/api/team-invitations', invitee)).json().data;
  const accepted = await callAs(site.app, 'POST', `/api/team-invitations/${invitation.id}/accept`, invitee);
  expect(accepted.statusCode).toBe(200);
}
