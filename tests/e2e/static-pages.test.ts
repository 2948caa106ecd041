import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOUT_PAGE, SPONSOR_DESCRIPTIONS } from '../../web/content/pages.ts';
import { SITE, SPONSORS } from '../../web/content/site.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  atEachWidth,
  closeSiteAndBrowser,
  type RunningSite,
  screenshot,
  startSiteAndBrowser,
  VIEWPORTS,
} from '../support/browser.ts';

interface StaticPage {
  path: string;
  h1: string;
  texts: string[];
}

const PAGES: StaticPage[] = [
  {
    path: '/about',
    h1: 'About FireFit Canada',
    texts: [
      'What is FireFit Canada?',
      'Who We Are',
      "What's an Event Like?",
      'How Can I Join?',
      'Our History',
      'How Do I Get Involved?',
      'August 1994',
      '50,000',
      '715+',
      '105+',
      'Tech2 Relay',
      'aged 19 to 69',
    ],
  },
  {
    path: '/sponsors',
    h1: 'Our Sponsors',
    texts: [
      'Presenting Sponsor',
      'Major Sponsors',
      'Supporting Sponsors',
      'Partnership Opportunities',
      'Maple Turnout Co.',
    ],
  },
  {
    path: '/results',
    h1: 'Competition Results',
    texts: [
      'competitor, department, category and event',
      'No Results Yet',
      'Competition results will be posted here once they become available. Please check back soon.',
    ],
  },
  { path: '/privacy', h1: 'Privacy Policy', texts: ['PIPEDA', 'Your rights'] },
  { path: '/terms', h1: 'Terms of Service', texts: ['Governing law', 'British Columbia'] },
];

/** Scrolls through the page so lazily loaded images (the footer's sponsor row) appear in full-page screenshots. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('static pages in a real browser', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    ({ site, browser } = await startSiteAndBrowser());
  });
  afterAll(() => closeSiteAndBrowser(site, browser));

  async function open(path: string, viewport: keyof typeof VIEWPORTS): Promise<Page> {
    const page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
    await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  for (const staticPage of PAGES) {
    it(`${staticPage.path} at 390 and 1440 px shows its content without overflow or serious axe violations`, async () => {
      // One visit, checked at both widths.
      const page = await open(staticPage.path, 'phone');
      try {
        await atEachWidth(page, async (viewport) => {
          const h1 = page.getByRole('heading', { level: 1 });
          await expect(h1.count()).resolves.toBe(1);
          await expect(h1.textContent()).resolves.toBe(staticPage.h1);
          for (const text of staticPage.texts) {
            await expect(page.getByText(text, { exact: false }).first().isVisible(), text).resolves.toBe(true);
          }
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${staticPage.path} at ${viewport} width scrolls sideways`).toBeLessThanOrEqual(0);
          await loadLazyImages(page);
          await screenshot(page, `static${staticPage.path.replace('/', '-')}-${viewport}`);
          await expectNoSeriousAxeViolations(page);
        });
      } finally {
        await page.close();
      }
    });
  }

  it('about shows the history figures and a hosting e-mail link', async () => {
    const page = await open('/about', 'desktop');
    try {
      const history = page.locator('section', { has: page.getByRole('heading', { name: 'Our History' }) });
      for (const figure of ABOUT_PAGE.history.figures) {
        await expect(history.getByText(figure.value, { exact: true }).isVisible(), figure.value).resolves.toBe(true);
      }
      await expect(history.getByText('over 105 departments').isVisible()).resolves.toBe(true);
      const mail = page.getByRole('link', { name: ABOUT_PAGE.getInvolved.buttonLabel });
      await expect(mail.getAttribute('href')).resolves.toMatch(new RegExp(`^mailto:${SITE.email}`));
    } finally {
      await page.close();
    }
  });

  it('sponsors link out in a new tab and offer a partnership e-mail', async () => {
    const page = await open('/sponsors', 'desktop');
    try {
      for (const sponsor of SPONSORS) {
        const links = page.locator(`a[href="${sponsor.url}"]`);
        await expect(links.count(), sponsor.name).resolves.toBeGreaterThan(0);
        for (const link of await links.all()) {
          await expect(link.getAttribute('target')).resolves.toBe('_blank');
          await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
        }
        const logo = page.locator(`img[src="${sponsor.logo}"]`).first();
        await expect(
          logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          sponsor.logo,
        ).resolves.toBe(true);
      }
      const descriptions = SPONSORS.filter((sponsor) => sponsor.tier === 'major').map(
        (sponsor) => SPONSOR_DESCRIPTIONS[sponsor.name],
      );
      for (const description of descriptions) {
        if (!description) throw new Error('Every major sponsor has a description in pages.ts');
        await expect(page.getByText(description).isVisible()).resolves.toBe(true);
      }
      const partnership = page.getByRole('link', { name: 'Contact us about sponsorship' });
      await expect(partnership.getAttribute('href')).resolves.toMatch(new RegExp(`^mailto:${SITE.email}`));
    } finally {
      await page.close();
    }
  });

  it('results knows from its HTML that nothing is published, and shows the placeholder', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    try {
      const response = await page.goto(`${site.baseUrl}/results`, { waitUntil: 'networkidle' });
      await page.getByText('No Results Yet').waitFor();
      // The one search with no filter (docs/decisions/039-public-results.md) came with the page
      // (docs/decisions/057): nothing more is asked while there is nothing to show.
      expect(await response?.text()).toContain('"/api/results/public/search?limit=20":{"data":[]');
      expect(apiCalls.filter((url) => url.includes('/results'))).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
