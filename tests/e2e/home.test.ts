import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seedDemoData } from '../../api/db/seed.ts';
import { launchBrowser, type RunningSite, screenshot, startSite, VIEWPORTS } from '../support/browser.ts';

describe('home page in a real browser', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    await seedDemoData(site.database.db, { now: new Date(), timeZone: 'America/Toronto' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('shows the seeded upcoming events read from the API', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(site.baseUrl);
    const list = page.getByTestId('upcoming-events');
    await list.waitFor();
    await expect(list.locator('li').count()).resolves.toBeGreaterThan(3);
    await expect(page.getByText('Capital Cup').first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'home-desktop');
    await page.close();
  });
});
