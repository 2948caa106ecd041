import { hash } from '@node-rs/argon2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import {
  closeSiteAndBrowser,
  expectNoSidewaysScroll,
  openPage,
  pagesForTests,
  type RunningSite,
  screenshot,
  signIn,
  startSiteAndBrowser,
  visit,
} from '../support/browser.ts';
import { insertUser } from '../support/factories.ts';
import { testImage } from '../support/multipart.ts';

/**
 * The announcement editor in a real browser (docs/decisions/035, 036): an admin writes an announcement with
 * every block type through the keyboard, uploads an image, schedules it and pins it; the public home and
 * detail page show it once its time has come.
 */
let site: RunningSite;
let browser: Browser;
const PASSWORD = 'News-pass1';
const TITLE = 'Season calendar and rule changes';

beforeAll(async () => {
  ({ site, browser } = await startSiteAndBrowser({ env: { AUTH_RATE_LIMIT: '1000' } }));
  await insertUser(site.database.db, {
    email: 'editor@example.org',
    first_name: 'Noor',
    last_name: 'Haddad',
    role: 'admin',
    password_hash: await hash(PASSWORD),
  });
});
afterAll(() => closeSiteAndBrowser(site, browser));

async function adminPage(viewport: 'phone' | 'desktop'): Promise<Page> {
  const page = await openPage(browser, viewport);
  await signIn(page, site, 'editor@example.org', PASSWORD);
  return page;
}

/**
 * Opens Editor.js's block menu with "/" in the empty block that has the caret, and picks the tool by its
 * title. The editor may not have taken the new block as its current one yet: then "/" is typed as text,
 * and a person deletes it and presses again.
 */
async function insertTool(page: Page, title: string) {
  await page.locator('.ce-paragraph:focus').waitFor();
  const item = page
    .locator('.ce-popover--opened .ce-popover-item')
    .filter({ has: page.locator('.ce-popover-item__title', { hasText: new RegExp(`^${title}$`) }) })
    .first();
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.keyboard.press('/');
    try {
      await item.waitFor({ timeout: 3_000 });
      await item.click();
      return;
    } catch {
      const text = await page
        .locator('.ce-paragraph:focus')
        .textContent({ timeout: 1_000 })
        .catch(() => '');
      if (text?.includes('/')) await page.keyboard.press('Backspace');
    }
  }
  throw new Error(`The block menu never offered ${title}`);
}

/** A new empty block at the end of the body: a click below the last block, as a person does. */
/**
 * Bold on the last word: select it with the keyboard and press Ctrl+B. Editor.js takes the shortcut only
 * once it has seen the selection, which on a busy machine can come after the key: the word is selected
 * and the key pressed again only if no bold appeared in the meantime (a second press would undo it).
 */
async function boldLastWord(page: Page, word: string) {
  const bold = page.locator('.ce-paragraph').first().locator('b, strong');
  for (let attempt = 0; attempt < 3; attempt++) {
    if ((await bold.count()) > 0) break;
    await page.keyboard.press('End');
    for (let i = 0; i < word.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+b');
    await bold
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => {});
  }
  await expect(bold.first().textContent()).resolves.toBe(word);
  await page.keyboard.press('End');
}

async function newBlockAtEnd(page: Page) {
  const redactor = page.locator('.codex-editor__redactor');
  const focused = page.locator('.ce-paragraph:focus');
  for (let attempt = 0; attempt < 3; attempt++) {
    // A menu left open would take the click.
    await page.keyboard.press('Escape');
    // Editor.js opens an empty block after some blocks (a delimiter) by itself: the caret is already there.
    const alreadyThere = await page.evaluate(() => {
      const caret = document.activeElement;
      const last = document.querySelector('.codex-editor__redactor > .ce-block:last-child');
      return !!caret?.matches('.ce-paragraph') && !!last?.contains(caret) && caret.textContent?.trim() === '';
    });
    if (alreadyThere) return;
    const box = await redactor.boundingBox();
    if (!box) throw new Error('The block editor is not on the page');
    await redactor.click({ position: { x: box.width / 2, y: box.height - 8 } });
    try {
      await focused.waitFor({ timeout: 2_000 });
      if ((await focused.textContent())?.trim() === '') return;
    } catch {
      // Not yet: click again.
    }
  }
  throw new Error('No empty block at the end of the body');
}

/** Pastes text where the caret is, as a person pasting a link does. */
async function paste(page: Page, text: string) {
  await page.evaluate((value) => {
    const target = document.activeElement ?? document.body;
    const data = new DataTransfer();
    data.setData('text/plain', value);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

let announcementId = 0;

describe('writing an announcement at desktop width (in order)', () => {
  const pages = pagesForTests(async () => ({ page: await adminPage('desktop') }), {
    page: 'announcements-editor-failure-desktop',
  });

  it('starts a draft from the list and opens the editor', async () => {
    const { page } = pages;
    await visit(page, site, '/portal/announcements', 'Announcements');
    await page.getByRole('button', { name: 'New announcement' }).click();
    await page.waitForURL(/\/portal\/announcements\/\d+$/);
    announcementId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.locator('[data-testid="block-editor"][data-state="ready"]').waitFor();
    await page.getByTestId('badge-draft').first().waitFor();
  });

  it('writes every block type from the keyboard and uploads an image with its progress', async () => {
    const { page } = pages;
    const png = testImage(1800, 900).png().toBuffer(); // made while the blocks are typed
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Excerpt').fill('Seven stops, a new relay and one penalty less.');

    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('The calendar has seven stops this season.');
    await boldLastWord(page, 'season.');

    await newBlockAtEnd(page);
    await insertTool(page, 'Heading');
    await page.keyboard.type('What is new');

    await newBlockAtEnd(page);
    await insertTool(page, 'Ordered List');
    await page.keyboard.type('A relay-only championship');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Tech2 at every qualifier');

    await newBlockAtEnd(page);
    await insertTool(page, 'Quote');
    await page.keyboard.type('Fastest season yet.');

    await newBlockAtEnd(page);
    await insertTool(page, 'Delimiter');

    await newBlockAtEnd(page);
    await paste(page, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.locator('.embed-tool').waitFor();

    await newBlockAtEnd(page);
    // The image tool opens the file picker when it is chosen; its button opens it again otherwise.
    const opened = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => undefined);
    await insertTool(page, 'Image');
    let chooser = await opened;
    if (!chooser) {
      const again = page.waitForEvent('filechooser');
      await page.locator('.image-tool .cdx-button').click();
      chooser = await again;
    }
    await chooser.setFiles({ name: 'finish-line.png', mimeType: 'image/png', buffer: await png });
    await page.locator('.image-tool--filled img').waitFor();
    await expect.poll(() => page.getByText(/Uploading finish-line\.png/).count()).toBe(0);
    // The editor reports the filled image block a moment after the upload ends: the autosaved draft shows it.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).some(
            (key) =>
              key.startsWith('announcement-draft:') && (localStorage.getItem(key) ?? '').includes('"type":"image"'),
          ),
        ),
      )
      .toBe(true);

    // The preview uses the public renderer: every block shows.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('announcement-preview');
    await preview.getByRole('heading', { level: 2, name: 'What is new' }).waitFor();
    await expect(preview.locator('strong').textContent()).resolves.toBe('season.');
    await expect(preview.locator('ol li').count()).resolves.toBe(2);
    await expect(preview.getByTestId('block-quote').count()).resolves.toBe(1);
    await expect(preview.getByTestId('block-divider').count()).resolves.toBe(1);
    await expect(preview.getByTestId('block-video').count()).resolves.toBe(1);
    await expect(preview.getByTestId('block-image').count()).resolves.toBe(1);
    await screenshot(page, 'announcements-editor-preview-desktop');
    await page.getByRole('button', { name: 'Back to editing' }).click();
  });

  it('keeps what was typed in this browser when the tab is reloaded before saving', async () => {
    const { page } = pages;
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText(/unsaved changes .* were restored/).waitFor();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(TITLE);
    await page.locator('[data-testid="block-editor"][data-state="ready"]').waitFor();
    await page.locator('.ce-header', { hasText: 'What is new' }).waitFor();
  });

  it('schedules it, pins it and saves; the list shows it scheduled and pinned', async () => {
    const { page } = pages;
    await page.getByLabel('Status').selectOption('published');
    // Scheduled an hour ahead.
    const ahead = new Date(Date.now() + 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByLabel('Publish at')
      .fill(
        `${ahead.getFullYear()}-${pad(ahead.getMonth() + 1)}-${pad(ahead.getDate())}T${pad(ahead.getHours())}:${pad(ahead.getMinutes())}`,
      );
    await page.getByLabel('Pinned (shown first)').check();
    await page.getByLabel(/Picture \(cards/).selectOption({ label: 'Uploaded image 1' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved: scheduled, it goes public at its publish time.').waitFor();
    await screenshot(page, 'announcements-editor-desktop');
    await expectNoSeriousAxeViolations(page);

    await visit(page, site, '/portal/announcements', 'Announcements');
    const row = page.getByTestId('announcement-row').filter({ hasText: TITLE });
    await row.getByTestId('badge-scheduled').waitFor();
    await row.getByTestId('badge-pinned').waitFor();
    await screenshot(page, 'announcements-list-desktop');
    await expectNoSeriousAxeViolations(page);
  });

  it('is not public before its time, and is on the home and detail page after it', async () => {
    const visitor = await openPage(browser, 'desktop');
    try {
      await visitor.goto(`${site.baseUrl}/announcements/${announcementId}`, { waitUntil: 'networkidle' });
      await visitor.getByTestId('announcement-not-found').waitFor();
      // Its time comes (the row's time moves behind the clock; no job runs, nothing else is written).
      await site.database.db
        .updateTable('announcements')
        .set({ published_at: new Date(Date.now() - 60_000) })
        .where('id', '=', announcementId)
        .execute();
      await visitor.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
      await visitor.getByRole('link', { name: TITLE }).first().waitFor();
      await visitor.goto(`${site.baseUrl}/announcements/${announcementId}`, { waitUntil: 'networkidle' });
      const body = visitor.getByTestId('announcement-body');
      await visitor.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await visitor.getByTestId('pinned-tag').waitFor();
      await body.getByRole('heading', { level: 2, name: 'What is new' }).waitFor();
      await expect(body.locator('strong').textContent()).resolves.toBe('season.');
      await expect(body.locator('ol li').allTextContents()).resolves.toEqual([
        'A relay-only championship',
        'Tech2 at every qualifier',
      ]);
      await expect(body.getByTestId('block-quote').textContent()).resolves.toContain('Fastest season yet.');
      await expect(body.getByTestId('block-divider').count()).resolves.toBe(1);
      await expect(body.locator('iframe').getAttribute('src')).resolves.toBe(
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      );
      const image = body.getByTestId('block-image').locator('img');
      await expect(image.getAttribute('srcset')).resolves.toContain('width=480 480w');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await expectNoSidewaysScroll(visitor);
      await screenshot(visitor, 'announcements-detail-desktop');
      await expectNoSeriousAxeViolations(visitor);
    } finally {
      await visitor.context().close();
    }
  });
});

describe('the editor and the news at phone width', () => {
  const pages = pagesForTests(async () => ({ page: await adminPage('phone') }), {
    page: 'announcements-editor-failure-phone',
  });

  it('lists, edits and shows the announcement without scrolling sideways', async () => {
    const { page } = pages;
    await visit(page, site, '/portal/announcements', 'Announcements');
    await page.getByTestId('announcement-row').first().waitFor();
    await screenshot(page, 'announcements-list-phone');
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${site.baseUrl}/portal/announcements/${announcementId}`, { waitUntil: 'networkidle' });
    await page.locator('[data-testid="block-editor"][data-state="ready"]').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'announcements-editor-phone');
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${site.baseUrl}/announcements/${announcementId}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'announcements-detail-phone');
  });

  it('warns when another admin saved since the editor was opened, and keeps the text', async () => {
    const { page } = pages;
    await page.goto(`${site.baseUrl}/portal/announcements/${announcementId}`, { waitUntil: 'networkidle' });
    await page.locator('[data-testid="block-editor"][data-state="ready"]').waitFor();
    // Another admin pins it off meanwhile (the version moves).
    await site.database.db
      .updateTable('announcements')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', announcementId)
      .execute();
    await page.getByLabel('Title').fill(`${TITLE} (mine)`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('version-conflict').waitFor();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(`${TITLE} (mine)`);
    await screenshot(page, 'announcements-editor-conflict-phone');
    await page.getByRole('button', { name: 'Save mine over theirs' }).click();
    await page.getByText('Saved and published.').waitFor();
  });
});
