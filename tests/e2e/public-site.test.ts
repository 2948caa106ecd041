import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../api/demo/seed.ts';
import { addDays, todayIn } from '../../api/domain/dates.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  atEachWidth,
  fastForwardUntil,
  launchBrowser,
  onPage,
  type RunningSite,
  screenshot,
  startSite,
  VIEWPORTS,
  withoutFirstReads,
} from '../support/browser.ts';
import { insertEvent } from '../support/factories.ts';

const TIME_ZONE = 'America/Toronto';

describe('the public site in a real browser', () => {
  let site: RunningSite;
  let emptySite: RunningSite;
  let browser: Browser;
  const thisYear = Number(todayIn(TIME_ZONE).slice(0, 4));

  const open = async (
    base: string,
    path: string,
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
  ): Promise<Page> => {
    const page = await browser.newPage({ viewport, timezoneId: TIME_ZONE, locale: 'en-US' });
    await page.goto(`${base}${path}`);
    return page;
  };
  /** A page of its own at the viewport, signed out, not opened on any path yet. */
  const blank = () => browser.newPage({ viewport: VIEWPORTS.desktop });

  beforeAll(async () => {
    [site, emptySite, browser] = await Promise.all([startSite(), startSite(), launchBrowser()]);
    await seedDemoData(site.database.db, { now: new Date(), timeZone: TIME_ZONE });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), emptySite?.close()]);
  });

  it('home at 390 and 1440 px: hero, latest news (3), upcoming events (badges, days away)', async () => {
    // One visit, checked at both widths.
    await onPage(open(site.baseUrl, '/', VIEWPORTS.phone), async (page) => {
      await page.getByTestId('upcoming-events').waitFor();
      await page.getByTestId('latest-news').waitFor();
      await atEachWidth(page, async (name) => {
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Firefighter');
        expect(await page.getByRole('link', { name: 'View Events' }).getAttribute('href')).toBe('/events');
        expect(await page.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('/about');
        expect(await page.getByTestId('hero-upcoming-banner').getAttribute('href')).toBe('/events');
        expect(await page.getByRole('heading', { name: 'What is FireFit Canada?' }).isVisible()).toBe(true);

        const news = page.getByTestId('latest-news').locator('li');
        expect(await news.count()).toBe(3);
        expect(await page.getByTestId('latest-news').getByLabel('Pinned').count()).toBeGreaterThan(0);
        expect(await page.getByRole('link', { name: /View All/ }).getAttribute('href')).toBe('/announcements');

        const upcoming = page.getByTestId('upcoming-events').locator('li');
        expect(await upcoming.count()).toBeGreaterThanOrEqual(5);
        expect(await upcoming.count()).toBeLessThanOrEqual(10);
        const first = await upcoming.first().textContent();
        expect(first).toContain('Toronto Indoor Winter Series'); // in progress today: 0 days, so no "days away"
        expect(first).not.toMatch(/days? away/);
        expect(
          await page
            .getByTestId('upcoming-events')
            .getByText(/12 days away/)
            .count(),
        ).toBe(1);
        expect(await page.getByTestId('upcoming-events').getByText('Late Registration').count()).toBeGreaterThan(0);
        await screenshot(page, `home-${name}`);
        await expectNoSeriousAxeViolations(page);
      });
    });
  });

  it('home: the hero plays only the active clip at 0.85 speed and moves on, wrapping round', async () => {
    await onPage(open(site.baseUrl, '/'), async (page) => {
      const hero = page.getByTestId('hero');
      await hero.waitFor();
      const state = () =>
        page.$$eval('[data-testid=hero-slide] video', (videos) =>
          videos.map((v) => ({ paused: (v as HTMLVideoElement).paused, rate: (v as HTMLVideoElement).playbackRate })),
        );
      const activeSlide = (index: number) =>
        page.waitForFunction(
          (expected) => document.querySelector('[data-testid=hero]')?.getAttribute('data-active-slide') === expected,
          String(index),
        );
      // Each clip lasts seconds; rather than watch it play through, the test seeks the playing clip to its
      // last moment: it still plays to its real end, and the app moves on from the video's own "ended".
      const activeVideo = '[data-testid=hero-slide][data-active=true] video';
      const endActiveClip = async () => {
        await page.waitForFunction((selector) => {
          const v = document.querySelector<HTMLVideoElement>(selector);
          return v !== null && !v.paused && Number.isFinite(v.duration);
        }, activeVideo);
        await page.$eval(activeVideo, (v) => {
          const video = v as HTMLVideoElement;
          video.currentTime = Math.max(0, video.duration - 0.2);
        });
      };
      await page.waitForFunction((selector) => {
        const v = document.querySelector<HTMLVideoElement>(selector);
        return v !== null && !v.paused;
      }, activeVideo);
      const playing = await state();
      expect(playing[0]).toEqual({ paused: false, rate: 0.85 });
      expect(playing.slice(1).every((v) => v.paused)).toBe(true);
      // The next clip takes over when the one playing ends.
      await endActiveClip();
      await activeSlide(1);
      const after = await state();
      expect(after[0]?.paused).toBe(true);
      expect(after[1]).toEqual({ paused: false, rate: 0.85 });
      await endActiveClip();
      await activeSlide(2);
      await endActiveClip();
      await activeSlide(0);
    });
  });

  it('home: the empty states, news hidden, when there is nothing', async () => {
    await onPage(open(emptySite.baseUrl, '/'), async (empty) => {
      await empty.getByTestId('upcoming-empty').waitFor();
      expect(await empty.getByText('No upcoming events scheduled at this time.').isVisible()).toBe(true);
      expect(await empty.getByText('Check back soon for new events!').isVisible()).toBe(true);
      expect(await empty.getByTestId('latest-news').count()).toBe(0); // hidden when there is no news
      await screenshot(empty, 'home-empty-desktop');
    });
  });

  it('home: the error state when the upcoming events cannot be loaded', async () => {
    await onPage(blank(), async (failing) => {
      await withoutFirstReads(failing);
      await failing.route('**/api/events/upcoming**', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 503,
            error: 'Service Unavailable',
            message: 'Down',
            code: 'DOWN',
            requestId: 'x',
          }),
        }),
      );
      // The query retries three times (1 s, 2 s, 4 s) before it gives up: on the page's clock, not the real one.
      await failing.clock.install();
      await failing.goto(`${site.baseUrl}/`);
      await fastForwardUntil(failing, failing.getByText('Unable to load upcoming events.'));
    });
  });

  it('events: year selector with arrows disabled at the ends, prefetch on hover, cards latest first, no drafts', async () => {
    await onPage(open(site.baseUrl, '/events'), async (page) => {
      await page.getByTestId('events-list').waitFor();
      const selector = page.getByTestId('year-selector-desktop');
      expect(await selector.locator('[aria-current=true]').textContent()).toBe(String(thisYear));
      const years = await selector.locator('li button').allTextContents();
      expect(years).toEqual([thisYear - 2, thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map(String));

      const cards = page.getByTestId('event-card');
      const dates = await cards.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
      expect(dates.length).toBeGreaterThan(2);
      // Latest first: the card list follows start dates descending.
      const firstCard = await cards.first().textContent();
      expect(firstCard).toMatch(
        /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4}/,
      );
      expect(await page.getByTestId('events-list').getByText('Registration Available').count()).toBeGreaterThan(0);
      expect(await page.getByText('Queen City Draft Event').count()).toBe(0); // drafts never show

      // Hovering a year prefetches its events.
      const prefetched = page.waitForRequest((r) => r.url().endsWith(`/api/events/by-year/${thisYear + 2}`));
      await selector.getByRole('button', { name: String(thisYear + 2), exact: true }).hover();
      await prefetched;

      // Walk to the last year: the next arrow is disabled there; then to the first.
      await selector.getByRole('button', { name: 'Next year' }).click();
      await selector.getByRole('button', { name: 'Next year' }).click();
      expect(await selector.getByRole('button', { name: 'Next year' }).isDisabled()).toBe(true);
      expect(page.url()).toContain(`year=${thisYear + 2}`);
      await selector.getByRole('button', { name: String(thisYear - 2), exact: true }).click();
      expect(await selector.getByRole('button', { name: 'Previous year' }).isDisabled()).toBe(true);
      await screenshot(page, 'events-desktop');
      await expectNoSeriousAxeViolations(page);
    });
  });

  it('events on a phone: the year selector for phones', async () => {
    await onPage(open(site.baseUrl, '/events', VIEWPORTS.phone), async (phone) => {
      await phone.getByTestId('events-list').waitFor();
      expect(await phone.getByTestId('year-selector-desktop').isVisible()).toBe(false);
      expect(await phone.getByTestId('year-selector-mobile').locator('button').count()).toBe(5);
      await screenshot(phone, 'events-phone');
    });
  });

  it('events: an empty year', async () => {
    await onPage(open(emptySite.baseUrl, '/events'), async (empty) => {
      await empty.getByTestId('events-empty').waitFor();
      expect(await empty.getByText('No Events Found').isVisible()).toBe(true);
      expect(await empty.getByText(`No events scheduled for ${thisYear}.`).isVisible()).toBe(true);
      expect(await empty.getByText('Check another year or check back later.').isVisible()).toBe(true);
    });
  });

  describe('event detail', () => {
    let eventId: number;
    beforeAll(async () => {
      const today = todayIn(TIME_ZONE);
      const event = await insertEvent(site.database.db, {
        name: 'Detail Test Championship',
        description: 'First line.\nSecond line.',
        start_date: addDays(today, 30),
        registration_opens_on: addDays(today, -5),
        registration_closes_on: addDays(today, 20),
        department_id: 1,
      });
      eventId = event.id;
      await site.database.db
        .insertInto('runs')
        .values({ event_id: event.id, name: 'Open', type: 'individual', category: 'Open Men', participant_limit: 10 })
        .execute();
    });

    it("shows every element at 390 and 1440 px, line breaks kept, with the department's link", async () => {
      // One visit, checked at both widths.
      await onPage(open(site.baseUrl, `/events/${eventId}`, VIEWPORTS.phone), async (page) => {
        await page.getByRole('heading', { name: 'Detail Test Championship' }).waitFor();
        await atEachWidth(page, async (name) => {
          expect(await page.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/events');
          const description = page.getByTestId('event-description');
          // biome-ignore lint/performance/useDomNodeTextContent: innerText shows the kept line breaks
          expect(await description.innerText()).toBe('First line.\nSecond line.');
          expect(await page.getByTestId('registration-available').isVisible()).toBe(true);
          expect(await page.getByRole('link', { name: 'Vancouver Fire Rescue Services' }).getAttribute('href')).toBe(
            '/departments/1',
          );
          expect(await page.getByTestId('scope-badge').textContent()).toBe('Regional');
          expect(await page.getByTestId('status-badge').textContent()).toBe('Confirmed');
          await screenshot(page, `event-detail-${name}`);
          await expectNoSeriousAxeViolations(page);
        });
      });
    });

    for (const path of ['/events/999999', '/events/abc']) {
      it(`says Event Not Found at ${path}`, async () => {
        await onPage(open(site.baseUrl, path), async (page) => {
          await page.getByRole('heading', { name: 'Event Not Found' }).waitFor();
          expect(await page.getByText("We couldn't find that event. It may have been removed.").isVisible()).toBe(true);
        });
      });
    }
  });

  it('unknown paths show the home page; every path change scrolls to the top', async () => {
    await onPage(open(site.baseUrl, '/no/such/page'), async (page) => {
      await page.getByTestId('hero').waitFor();
      expect(page.url()).toBe(`${site.baseUrl}/no/such/page`);

      await page.goto(`${site.baseUrl}/events`);
      await page.getByTestId('events-list').waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await page.getByTestId('event-card').last().click();
      await page.getByRole('link', { name: 'Back to Events' }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });

  it('the menu collapses on phones, marks the current page and closes after a choice', async () => {
    await onPage(open(site.baseUrl, '/events', VIEWPORTS.phone), async (phone) => {
      const toggle = phone.getByRole('button', { name: 'Open menu' });
      expect(
        await phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).isVisible(),
      ).toBe(false);
      await toggle.click();
      const about = phone.locator('#mobile-menu').getByRole('link', { name: 'About' });
      expect(await about.isVisible()).toBe(true);
      expect(await phone.locator('#mobile-menu [aria-current=page]').textContent()).toBe('Events');
      await screenshot(phone, 'menu-open-phone');
      await about.click();
      await phone.getByRole('heading', { level: 1 }).waitFor();
      expect(await phone.locator('#mobile-menu').count()).toBe(0);
    });
  });

  it('shows the thin progress bar while fetching', async () => {
    await onPage(blank(), async (page) => {
      let release: () => void = () => {};
      const held = new Promise<void>((r) => (release = r));
      await withoutFirstReads(page);
      await page.route('**/api/events/by-year/**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${site.baseUrl}/events`);
      await page.waitForSelector('[data-testid=progress-bar][data-active=true]');
      release();
      await page.getByTestId('events-list').waitFor();
      await page.waitForSelector('[data-testid=progress-bar][data-active=false]');
    });
  });

  it('shows "Something went wrong." on a rendering error', async () => {
    await onPage(blank(), async (broken) => {
      // A malformed answer that makes the page throw while rendering.
      await withoutFirstReads(broken);
      await broken.route('**/api/events/upcoming**', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"not":"a list"}' }),
      );
      await broken.goto(`${site.baseUrl}/`);
      await broken.getByText('Something went wrong.').waitFor();
    });
  });
});
