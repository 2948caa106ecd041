import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

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

/** A page in a browser context of its own at the viewport, signed in through the real sign-in page, on the portal. */
export async function signInPage(
  browser: Browser,
  site: RunningSite,
  email: string,
  password: string,
  viewport: keyof typeof VIEWPORTS,
  context: BrowserContextOptions = {},
): Promise<Page> {
  const page = await (await browser.newContext({ ...context, viewport: VIEWPORTS[viewport] })).newPage();
  await signIn(page, site, email, password);
  return page;
}

/** Fails when the page is wider than the window (it would scroll sideways); `what` names the page in the message. */
export async function expectNoSidewaysScroll(page: Page, what = page.url()): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
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
