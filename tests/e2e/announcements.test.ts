import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  fastForwardUntil,
  type RunningSite,
  screenshot,
  startSiteAndBrowser,
  VIEWPORTS,
  withoutFirstReads,
} from '../support/browser.ts';
import { insertAnnouncement, insertDepartment, insertPicture } from '../support/factories.ts';

const TIME_ZONE = 'America/Toronto';
const DAY = 86_400_000;
const BRAND_700 = 'rgb(185, 28, 28)';

/** A real, screenshot-worthy PNG (a red-to-charcoal gradient), so the picture path is exercised end to end. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      raw[row + 1 + x * 3] = Math.round(200 - 170 * t);
      raw[row + 2 + x * 3] = Math.round(40 - 10 * t);
      raw[row + 3 + x * 3] = Math.round(30 + 10 * t);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const longDate = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: TIME_ZONE }).format(
    date,
  );

/** No serious axe violations on any of these pages: every public page must pass axe without a serious finding. */
const checkAxe = (page: Page) => expectNoSeriousAxeViolations(page);

describe('announcements in a real browser', () => {
  let site: RunningSite;
  let browser: Browser;

  const open = async (path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) => {
    const page = await browser.newPage({ viewport, timezoneId: TIME_ZONE, locale: 'en-US' });
    await page.goto(`${site.baseUrl}${path}`);
    return page;
  };

  beforeAll(async () => {
    ({ site, browser } = await startSiteAndBrowser());
  });
  afterAll(() => closeSiteAndBrowser(site, browser));

  it('shows the empty message when nothing is published', async () => {
    const page = await open('/announcements');
    await page.getByRole('heading', { level: 1, name: 'Latest News & Announcements' }).waitFor();
    await page.getByText('No announcements available at this time.').waitFor();
    await expect(page.getByTestId('announcement-card').count()).resolves.toBe(0);
    await checkAxe(page);
    await page.close();
  });

  describe('with published announcements', () => {
    const now = Date.now();
    let latest: { id: number; title: string; published_at: Date };
    let pinnedNew: { id: number; title: string };
    let pinnedOld: { id: number; title: string };
    let middle: { id: number; title: string };
    let hidden: { id: number };
    let brokenPicture: { id: number; title: string };

    beforeAll(async () => {
      const db = site.database.db;
      const picture = await insertPicture(db, { bytes: gradientPng(1200, 675) });
      latest = await insertAnnouncement(db, {
        title: "Next season's calendar is out",
        excerpt: 'Seven stops across the country, the national championship and a world challenge.',
        published_at: new Date(now - 1 * DAY),
        picture_id: picture.id,
        video_url: 'https://video.example.org/season-preview',
        content: [
          {
            type: 'paragraph',
            data: { text: 'The full calendar for the coming season is now published on the Events page.' },
          },
          { type: 'heading', data: { text: 'What is new' } },
          {
            type: 'list',
            data: { items: ['A relay-only championship in Edmonton', 'Tech2 at every national qualifier'] },
          },
          { type: 'quote', data: { text: 'Fastest season yet.', caption: 'The chief' } },
          { type: 'image', data: { url: '/nope.png', caption: 'IMAGE-CAPTION-SHOULD-NOT-SHOW' } },
          { type: 'video', data: { url: 'https://video.example.org/x', caption: 'VIDEO-SHOULD-NOT-SHOW' } },
          { type: 'divider', data: {} },
          { type: 'mystery' as 'paragraph', data: { text: 'UNKNOWN-SHOULD-NOT-SHOW' } },
          { type: 'paragraph', data: { text: 'Registration opens event by event.' } },
        ],
      });
      middle = await insertAnnouncement(db, {
        title: 'Volunteers wanted for the national championship',
        excerpt: 'Timing, course resets and the athlete village all need hands.',
        published_at: new Date(now - 3 * DAY),
      });
      pinnedNew = await insertAnnouncement(db, {
        title: 'Rulebook update: penalty review at the timing table',
        excerpt: 'Two-second penalties are now confirmed by the head official before results are published.',
        published_at: new Date(now - 9 * DAY),
        is_pinned: true,
      });
      pinnedOld = await insertAnnouncement(db, {
        title: 'Health questionnaire required before every event',
        excerpt: 'Complete it in your profile; the form takes five minutes.',
        published_at: new Date(now - 20 * DAY),
        is_pinned: true,
      });
      hidden = await insertAnnouncement(db, {
        title: 'Draft: sponsor announcement',
        excerpt: 'Not visible to the public yet.',
        published_at: new Date(now - 2 * DAY),
        is_visible: false,
      });
      brokenPicture = await insertAnnouncement(db, {
        title: 'Photo gallery from the spring qualifier',
        excerpt: 'A picture that fails to load is left out.',
        published_at: new Date(now - 30 * DAY),
        picture_id: picture.id,
      });
    });

    it('lists pinned announcements first, in red with a pin, then the latest, with dates and thumbnails', async () => {
      const page = await open('/announcements');
      await page.getByRole('heading', { level: 1, name: 'Latest News & Announcements' }).waitFor();
      const cards = page.getByTestId('announcement-card');
      await cards.first().waitFor();
      const titles = await page.getByTestId('announcement-title').allInnerTexts();
      expect(titles).toEqual([pinnedNew.title, pinnedOld.title, latest.title, middle.title, brokenPicture.title]);
      expect(titles).not.toContain('Draft: sponsor announcement');
      await expect(page.locator('h1').count()).resolves.toBe(1);

      const pinnedCard = cards.filter({ hasText: pinnedNew.title });
      await expect(pinnedCard.getAttribute('data-pinned')).resolves.toBe('true');
      await expect(pinnedCard.getByTestId('pinned-marker').isVisible()).resolves.toBe(true);
      await expect(
        pinnedCard.getByTestId('announcement-title').evaluate((el) => getComputedStyle(el).color),
      ).resolves.toBe(BRAND_700);

      const plainCard = cards.filter({ hasText: latest.title });
      await expect(plainCard.getByTestId('pinned-marker').count()).resolves.toBe(0);
      await expect(
        plainCard.getByTestId('announcement-title').evaluate((el) => getComputedStyle(el).color),
      ).resolves.not.toBe(BRAND_700);
      await expect(plainCard.locator('time').textContent()).resolves.toBe(longDate(latest.published_at));

      // The thumbnail is read as binary and shown through an object URL.
      const thumbnail = plainCard.getByTestId('announcement-picture');
      await thumbnail.waitFor();
      await expect(thumbnail.getAttribute('src')).resolves.toMatch(/^blob:/);
      await expect(thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).resolves.toBe(1200);
      await expect(cards.filter({ hasText: middle.title }).locator('img').count()).resolves.toBe(0);

      await checkAxe(page);
      await screenshot(page, 'announcements-list-desktop');
      await page.close();
    });

    it('lays the list out for a phone', async () => {
      const page = await open('/announcements', VIEWPORTS.phone);
      await expect.poll(() => page.getByTestId('announcement-picture').count()).toBe(2);
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await expect(overflow()).resolves.toBeLessThanOrEqual(0);
      await screenshot(page, 'announcements-list-phone');
      // The narrowest supported screen.
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(overflow()).resolves.toBeLessThanOrEqual(0);
      await page.close();
    });

    it('leaves out a picture that fails to load, and logs it', async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS.desktop, timezoneId: TIME_ZONE });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.route(`**/api/announcements/${brokenPicture.id}/picture`, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"statusCode":500,"error":"x","message":"boom","code":"X","requestId":"r"}',
        }),
      );
      await page.goto(`${site.baseUrl}/announcements`);
      const card = page.getByTestId('announcement-card').filter({ hasText: brokenPicture.title });
      await card.waitFor();
      await page
        .getByTestId('announcement-card')
        .filter({ hasText: latest.title })
        .getByTestId('announcement-picture')
        .waitFor();
      await expect.poll(() => warnings.some((w) => w.includes(`Announcement ${brokenPicture.id}`))).toBe(true);
      await expect(card.locator('img').count()).resolves.toBe(0);
      await expect(card.getByTestId('announcement-picture-loading').count()).resolves.toBe(0);
      await page.close();
    });

    it('opens the detail from a card: picture, date, title, excerpt, every displayable block and the video link', async () => {
      const page = await open('/announcements');
      await page.getByRole('link', { name: latest.title }).click();
      await page.waitForURL(`**/announcements/${latest.id}`);
      const detail = page.getByTestId('announcement-detail');
      await page.getByRole('heading', { level: 1, name: latest.title }).waitFor();
      await expect(page.locator('h1').count()).resolves.toBe(1);
      await expect(detail.getByText('Seven stops across the country').isVisible()).resolves.toBe(true);
      await expect(detail.locator('time').textContent()).resolves.toBe(longDate(latest.published_at));
      await expect(detail.getByTestId('pinned-tag').count()).resolves.toBe(0);

      const body = page.getByTestId('announcement-body');
      await expect(body.getByText('The full calendar for the coming season').isVisible()).resolves.toBe(true);
      await expect(body.getByRole('heading', { level: 2, name: 'What is new' }).isVisible()).resolves.toBe(true);
      await expect(body.getByRole('listitem').allInnerTexts()).resolves.toEqual([
        'A relay-only championship in Edmonton',
        'Tech2 at every national qualifier',
      ]);
      await expect(body.getByText('Registration opens event by event.').isVisible()).resolves.toBe(true);
      const text = await page.locator('body').textContent();
      for (const hiddenText of ['IMAGE-CAPTION-SHOULD-NOT-SHOW', 'VIDEO-SHOULD-NOT-SHOW', 'UNKNOWN-SHOULD-NOT-SHOW']) {
        expect(text).not.toContain(hiddenText);
      }
      // The quote and the divider show; an image block without an uploaded image and a video off YouTube and
      // Vimeo do not (docs/decisions/035).
      await expect(body.getByTestId('block-quote').textContent()).resolves.toContain('Fastest season yet.');
      await expect(body.locator('hr').count()).resolves.toBe(1);
      await expect(body.locator('video, iframe, img').count()).resolves.toBe(0);

      const video = page.getByRole('link', { name: /Watch Video →/ });
      await expect(video.getAttribute('href')).resolves.toBe('https://video.example.org/season-preview');
      await expect(video.getAttribute('target')).resolves.toBe('_blank');
      await expect(video.getAttribute('rel')).resolves.toBe('noopener noreferrer');

      const picture = detail.getByTestId('announcement-picture');
      await picture.waitFor();
      await expect(picture.getAttribute('src')).resolves.toMatch(/^blob:/);
      const box = await picture.boundingBox();
      expect(box?.height).toBeGreaterThan(0);
      expect(box?.height).toBeLessThanOrEqual(500);

      await checkAxe(page);
      await screenshot(page, 'announcement-detail-desktop');

      await page.getByRole('link', { name: 'View All Announcements' }).click();
      await page.waitForURL(/\/announcements$/);
      await page.getByRole('heading', { level: 1, name: 'Latest News & Announcements' }).waitFor();
      await page.close();
    });

    it('releases the picture when the reader leaves the page', async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS.desktop, timezoneId: TIME_ZONE });
      // Record every revoked object URL (fetching a blob: URL is not allowed by the site's CSP).
      await page.addInitScript(() => {
        const revoked: string[] = [];
        (window as unknown as { revokedUrls: string[] }).revokedUrls = revoked;
        const revoke = URL.revokeObjectURL.bind(URL);
        URL.revokeObjectURL = (url: string) => {
          revoked.push(url);
          revoke(url);
        };
      });
      await page.goto(`${site.baseUrl}/announcements/${latest.id}`);
      const picture = page.getByTestId('announcement-detail').getByTestId('announcement-picture');
      await picture.waitFor();
      const url = (await picture.getAttribute('src')) as string;
      const revoked = () => page.evaluate(() => (window as unknown as { revokedUrls: string[] }).revokedUrls);
      await expect(revoked()).resolves.not.toContain(url);
      await page.getByTestId('back-link').click();
      await page.getByRole('heading', { level: 1, name: 'Latest News & Announcements' }).waitFor();
      await expect(revoked()).resolves.toContain(url);
      await page.close();
    });

    it('shows a pinned announcement with its tag on a phone', async () => {
      const page = await open(`/announcements/${pinnedNew.id}`, VIEWPORTS.phone);
      await page.getByRole('heading', { level: 1, name: pinnedNew.title }).waitFor();
      await expect(page.getByTestId('pinned-tag').textContent()).resolves.toMatch(/pinned/i);
      await expect(page.getByRole('link', { name: /Watch Video/ }).count()).resolves.toBe(0);
      await expect(page.getByTestId('announcement-picture').count()).resolves.toBe(0);
      await page.close();

      const withPicture = await open(`/announcements/${latest.id}`, VIEWPORTS.phone);
      await withPicture.getByTestId('announcement-picture').waitFor();
      const overflow = await withPicture.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(withPicture, 'announcement-detail-phone');
      await withPicture.close();
    });

    it.each([
      ['a missing id', () => '999999'],
      ['a hidden announcement', () => String(hidden.id)],
      ['a non-numeric id', () => 'abc'],
    ])('shows Announcement Not Found for %s, with a way back', async (_, id) => {
      const page = await open(`/announcements/${id()}`);
      await page.getByRole('heading', { level: 1, name: 'Announcement Not Found' }).waitFor();
      await expect(
        page.getByText("The announcement you're looking for doesn't exist or has been removed.").isVisible(),
      ).resolves.toBe(true);
      if (id() === 'abc') await screenshot(page, 'announcement-not-found-desktop');
      await checkAxe(page);
      await page.getByRole('link', { name: 'Back to Announcements' }).click();
      await page.waitForURL(/\/announcements$/);
      await page.getByTestId('announcement-card').first().waitFor();
      await page.close();
    });

    it('shows the error state when the announcements call fails', async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS.desktop, timezoneId: TIME_ZONE });
      await withoutFirstReads(page);
      await page.route('**/api/announcements**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 500,
            error: 'Internal Server Error',
            message: 'Something broke',
            code: 'INTERNAL',
            requestId: 'e2e',
          }),
        }),
      );
      // Query retries wait while a page is in the background; keep this one in front.
      await page.bringToFront();
      // The query retries three times (1 s, 2 s, 4 s) before it gives up: on the page's clock, not the real one.
      await page.clock.install();
      await page.goto(`${site.baseUrl}/announcements`);
      await page.getByRole('heading', { level: 1, name: 'Latest News & Announcements' }).waitFor();
      await fastForwardUntil(page, page.getByTestId('announcements-error'));
      await expect(page.getByText('Unable to load announcements.').isVisible()).resolves.toBe(true);
      await expect(page.getByText('No announcements available at this time.').count()).resolves.toBe(0);
      await screenshot(page, 'announcements-error-desktop');

      await page.goto(`${site.baseUrl}/announcements/${latest.id}`);
      await fastForwardUntil(page, page.getByTestId('announcement-error'));
      await expect(page.getByText('Announcement Not Found').count()).resolves.toBe(0);
      await page.close();
    });
  });

  describe('department page', () => {
    it('shows the department card, and links to all results when opened directly', async () => {
      const department = await insertDepartment(site.database.db, {
        name: 'Halifax Regional Fire & Emergency',
        city: 'Halifax',
        province: 'NS',
        address: '7 Mellor Avenue\nDartmouth, NS B3B 0E8',
        phone: '(902) 555-0134',
        email: 'firefit@halifax.example',
        website: 'www.halifax.example/fire',
      });
      const page = await open(`/departments/${department.id}`);
      await page.getByRole('heading', { level: 1, name: department.name }).waitFor();
      await expect(page.getByTestId('department-location').textContent()).resolves.toContain('Halifax, NS');
      await expect(page.getByRole('link', { name: '(902) 555-0134' }).getAttribute('href')).resolves.toBe(
        'tel:9025550134',
      );
      await expect(page.getByRole('link', { name: 'firefit@halifax.example' }).getAttribute('href')).resolves.toBe(
        'mailto:firefit@halifax.example',
      );
      await expect(page.getByRole('link', { name: /halifax\.example\/fire/ }).getAttribute('href')).resolves.toBe(
        'https://www.halifax.example/fire',
      );
      await expect(page.getByText('7 Mellor Avenue').isVisible()).resolves.toBe(true);
      await checkAxe(page);
      await screenshot(page, 'department-desktop');

      await page.setViewportSize(VIEWPORTS.phone);
      await screenshot(page, 'department-phone');

      await page.getByRole('link', { name: 'All results' }).first().click();
      await page.waitForURL(/\/results$/);
      await page.close();
    });

    it('shows Department Not Found for a missing, deleted or malformed id', async () => {
      const deleted = await insertDepartment(site.database.db, { deleted_at: new Date() });
      for (const id of ['999999', String(deleted.id), 'abc']) {
        const page = await open(`/departments/${id}`);
        await page.getByRole('heading', { level: 1, name: 'Department Not Found' }).waitFor();
        await expect(page.getByRole('link', { name: 'Back to Events' }).isVisible()).resolves.toBe(true);
        if (id === 'abc') await checkAxe(page);
        await page.close();
      }
    });
  });
});
