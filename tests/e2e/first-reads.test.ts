import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../api/demo/seed.ts';
import {
  checkEach,
  closeSiteAndBrowser,
  onPage,
  type RunningSite,
  startSiteAndBrowser,
  VIEWPORTS,
} from '../support/browser.ts';

/**
 * The public pages come with their first reads and their route's chunks in the HTML
 * (docs/decisions/057): opened signed out, none of them asks the API for anything while it loads, and
 * each shows its data. An address that drifted from what the page's queries ask for shows up here as
 * a request.
 */
describe('first reads inlined in the public pages', () => {
  let site: RunningSite;
  let browser: Browser;
  let eventId: number;
  let announcementId: number;

  beforeAll(async () => {
    ({ site, browser } = await startSiteAndBrowser());
    await seedDemoData(site.database.db, { now: new Date(), timeZone: 'America/Toronto' });
    eventId =
      ((await (await fetch(`${site.baseUrl}/api/events/upcoming?limit=1`)).json()) as { id: number }[])[0]?.id ?? 0;
    announcementId =
      ((await (await fetch(`${site.baseUrl}/api/announcements?limit=1`)).json()) as { id: number }[])[0]?.id ?? 0;
  });
  afterAll(() => closeSiteAndBrowser(site, browser));

  const pages = (): [path: string, shows: string][] => [
    ['/', '[data-testid=upcoming-events] li'],
    ['/events', '[data-testid=events-list]'],
    [`/events/${eventId}`, 'h1'],
    ['/results', 'h1'],
    [`/results/events/${eventId}`, 'h1'],
    ['/announcements', '[data-testid=announcement-card]'],
    [`/announcements/${announcementId}`, 'h1'],
  ];

  it('every public page loads without a call to the API, and shows its data', async () => {
    // The pages at once, each in a context of its own: each waits for its network to go quiet.
    await checkEach(pages(), async ([path, shows]) => {
      await onPage(browser.newPage({ viewport: VIEWPORTS.phone }), async (page) => {
        const calls: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
        });
        const response = await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'networkidle' });
        expect(await response?.text()).toContain('<script type="application/json" id="first-reads">');
        await page.locator(shows).first().waitFor();
        expect({ path, calls }).toEqual({ path, calls: [] });
        // Read once: the script is gone, so a later visit of the same address asks the network.
        expect(await page.locator('#first-reads').count()).toBe(0);
      });
    });
  });

  it('names the route chunks to fetch beside the main script, and the home picture', async () => {
    const html = await (await fetch(`${site.baseUrl}/events`)).text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/events-[\w-]+\.js">/);
    const home = await (await fetch(`${site.baseUrl}/`)).text();
    expect(home).toContain(
      '<link rel="preload" as="image" href="/media/hero/embers-poster.webp" fetchpriority="high">',
    );
    // A page that is not public gets index.html as built.
    const signIn = await (await fetch(`${site.baseUrl}/sign-in`)).text();
    expect(signIn).not.toContain('first-reads');
    expect(signIn).not.toContain('rel="preload"');
  });
});
