import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
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
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
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
