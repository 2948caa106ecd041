import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminAnnouncement,
  ANNOUNCEMENT_IMAGE_MAX_BYTES,
  type AnnouncementImage,
} from '../../api/contracts/announcements.ts';
import type { User } from '../../api/db/schema.ts';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';
import { callsOn } from '../support/calls.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import { insertUser } from '../support/factories.ts';
import { injectMultipart, type Part, testImage } from '../support/multipart.ts';
import { MALFORMED_BLOCK_LISTS, tablesFingerprint } from '../support/route-bodies.ts';

const HOUR = 3_600_000;
const TABLES = ['announcements', 'announcement_images', 'announcement_image_variants', 'pictures'];

let t: TestApp;
let admin: User;
let otherAdmin: User;
let member: User;
const { call, db } = callsOn(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: '1000' } });
  admin = await insertUser(t.database.db, { role: 'admin' });
  otherAdmin = await insertUser(t.database.db, { role: 'admin' });
  member = await insertUser(t.database.db, { role: 'user' });
});
afterAll(() => t?.close());

const fingerprint = () => tablesFingerprint(db(), TABLES);
const dataOf = (res: { json(): unknown }) => (res.json() as { data: AdminAnnouncement }).data;

async function create(body: Record<string, unknown> = {}): Promise<AdminAnnouncement> {
  const res = await call('POST', '/api/announcements', admin, { title: 'Season calendar', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

const patch = (id: number, body: Record<string, unknown>, who: User = admin) =>
  call('PATCH', `/api/announcements/${id}`, who, body);

const imagePart = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): Part[] => [
  { name: 'image', data, filename, contentType },
];
const upload = (id: number, parts: Part[], who: User = admin) =>
  injectMultipart(t.app, `/api/announcements/${id}/upload-image`, bearer(t.app, who), parts);

async function uploaded(id: number, width = 2000, height = 1000): Promise<AnnouncementImage> {
  const res = await upload(id, imagePart(await testImage(width, height).png().toBuffer()));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const publicIds = async () =>
  ((await call('GET', '/api/announcements?limit=50')).json() as Array<{ id: number }>).map((a) => a.id);

describe('POST /api/announcements', () => {
  it('creates a draft with a slug from its title, version 1, invisible to the public', async () => {
    const res = await call('POST', '/api/announcements', admin, { title: 'Rule changes for 2027!' });
    expect(res.statusCode).toBe(201);
    const created = dataOf(res);
    expect(res.headers.location).toBe(`/api/announcements/${created.id}`);
    expect(created).toMatchObject({
      slug: 'rule-changes-for-2027',
      status: 'draft',
      version: 1,
      isVisible: true,
      isPinned: false,
      content: [],
      deletedAt: null,
    });
    expect((await call('POST', '/api/announcements', admin, { title: 'Rule changes for 2027' })).json().data.slug).toBe(
      'rule-changes-for-2027-2',
    );
    expect(await publicIds()).not.toContain(created.id);
    expectEnvelope(await call('GET', `/api/announcements/${created.id}`), 404, 'ANNOUNCEMENT_NOT_FOUND');
    // The admin reads it by id, with the admin fields.
    const read = await call('GET', `/api/announcements/${created.id}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(dataOf(read)).toMatchObject({ id: created.id, status: 'draft', version: 1 });
  });

  it('publishes at once with status published, and keeps every block type but the image round trip', async () => {
    const content = [
      { type: 'heading', data: { text: 'Calendar', level: 2 } },
      {
        type: 'paragraph',
        data: { text: 'Seven <b>stops</b>, <i>one</i> <a href="https://example.org/cal">calendar</a>.' },
      },
      { type: 'quote', data: { text: 'Train hard.', caption: 'The chief' } },
      { type: 'list', data: { style: 'ordered', items: ['Red Deer', 'Calgary'] } },
      { type: 'video', data: { url: 'https://youtu.be/dQw4w9WgXcQ', caption: 'Last year' } },
      { type: 'divider', data: {} },
    ];
    const created = await create({ status: 'published', content, videoUrl: 'https://video.example.org/x' });
    expect(created.status).toBe('published');
    expect(created.content).toEqual([
      content[0],
      content[1],
      content[2],
      content[3],
      {
        type: 'video',
        data: {
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          provider: 'youtube',
          videoId: 'dQw4w9WgXcQ',
          caption: 'Last year',
        },
      },
      content[5],
    ]);
    const pub = await call('GET', `/api/announcements/${created.id}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.content).toEqual(created.content);
    expect(Object.keys(pub.json().data)).not.toContain('version');
  });

  it('takes YouTube and Vimeo addresses in every usual shape and refuses every other host', async () => {
    const good: Array<[string, string, string]> = [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'youtube', 'dQw4w9WgXcQ'],
      ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
      ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
      ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
      ['https://vimeo.com/76979871', 'vimeo', '76979871'],
      ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
    ];
    for (const [url, provider, videoId] of good) {
      const created = await create({ content: [{ type: 'video', data: { url } }] });
      expect(created.content[0]?.data, url).toMatchObject({ provider, videoId });
    }
    const before = await fingerprint();
    for (const url of [
      'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload="x',
      'https://vimeo.com/channels/staff',
      'https://user:pw@vimeo.com/76979871',
      'ftp://vimeo.com/76979871',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      const res = await call('POST', '/api/announcements', admin, {
        title: 'V',
        content: [{ type: 'video', data: { url } }],
      });
      expectEnvelope(res, 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(res.json().details), url).toContain('content.0.data.url');
    }
    expect(await fingerprint()).toBe(before);
  });

  it('refuses malformed blocks with 400 naming the block, and changes nothing', async () => {
    const existing = await create({ title: 'Untouched' });
    const before = await fingerprint();
    for (const { name, content, index } of MALFORMED_BLOCK_LISTS) {
      for (const res of [
        await call('POST', '/api/announcements', admin, { title: 'Bad', content }),
        await patch(existing.id, { expectedVersion: existing.version, content }),
      ]) {
        expectEnvelope(res, 400, 'VALIDATION_FAILED');
        const fields = (res.json().details as Array<{ field: string }>).map((d) => d.field).join(' ');
        expect(fields, name).toContain(index === undefined ? 'body.content' : `body.content.${index}`);
      }
    }
    // An image block pointing at a picture that was not uploaded for this announcement.
    const res = await call('POST', '/api/announcements', admin, {
      title: 'Bad',
      content: [
        { type: 'paragraph', data: { text: 'x' } },
        { type: 'image', data: { imageId: 1 } },
      ],
    });
    expectEnvelope(res, 400, 'UNKNOWN_IMAGE');
    expect(res.json().message).toContain('content block 2 (image)');
    expect(await fingerprint()).toBe(before);
  });

  it('refuses bad fields of the announcement with 400', async () => {
    const before = await fingerprint();
    for (const body of [
      {},
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(201) },
      { title: 'x', status: 'scheduled' },
      { title: 'x', publishedAt: 'tomorrow' },
      { title: 'x', videoUrl: 'javascript:alert(1)' },
      { title: 'x', isPinned: 'yes' },
      { title: 'x', authorId: 3 },
    ]) {
      expectEnvelope(await call('POST', '/api/announcements', admin, body), 400, 'VALIDATION_FAILED');
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('inline formatting', () => {
  const PAYLOADS = [
    '<script>alert(1)</script>hello',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt:alert(1)">click</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
    '<a href="https://ok.example" onclick="alert(1)" style="x">ok</a>',
    '<b onmouseover="alert(1)">bold</b>',
    '<svg onload=alert(1)><circle/></svg>',
    '<iframe src="https://evil.test"></iframe>',
    '"><script>alert(1)</script>',
    '<style>body{display:none}</style>text',
    '<a href="//evil.test">proto-relative</a>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<<script>script>alert(1)<</script>/script>',
    '<div><p>nested <i>ok</i></p></div>',
  ];

  it('comes out inert: no script, no event handler, links only to http, https and mailto', async () => {
    const content = [
      ...PAYLOADS.map((text) => ({ type: 'paragraph', data: { text: `${text} tail` } })),
      { type: 'heading', data: { text: '<b>Bold</b> <script>alert(1)</script>title', level: 3 } },
      { type: 'quote', data: { text: PAYLOADS[0], caption: '<img src=x onerror=alert(1)>who' } },
      { type: 'list', data: { items: PAYLOADS } },
      { type: 'paragraph', data: { text: 'Write to <a href="mailto:news@example.org">us</a>' } },
    ];
    const created = await create({ status: 'published', content, excerpt: '<script>x</script>Plain' });
    const stored = JSON.stringify(created.content);
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onload',
      'onmouseover',
      'javascript:',
      'data:text',
      '<img',
      '<svg',
      '<iframe',
      '<style',
      'style=',
      '//evil',
      '<div',
      '<math',
    ]) {
      expect(stored.toLowerCase(), bad).not.toContain(bad.toLowerCase());
    }
    expect(stored).toContain('<a href=\\"https://ok.example\\">ok</a>');
    expect(stored).toContain('<a href=\\"mailto:news@example.org\\">us</a>');
    expect(stored).toContain('<b>bold</b>');
    expect(created.content.find((b) => b.type === 'heading')?.data.text).toBe('Bold title');
    // Plain fields are text the page shows as text (never as HTML): kept as typed.
    expect(created.excerpt).toBe('<script>x</script>Plain');
    const plain = await create({
      content: [{ type: 'heading', data: { text: 'Tom &amp; Jerry <i>&lt;3</i>', level: 2 } }],
    });
    expect(plain.content[0]?.data.text).toBe('Tom & Jerry <3');
    // The public read answers exactly what was stored.
    expect(JSON.stringify((await call('GET', `/api/announcements/${created.id}`)).json().data.content)).toBe(stored);
  });
});

describe('publication: draft, scheduled, published', () => {
  it('shows a scheduled announcement only once its time has come, with no job running', async () => {
    const at = new Date(Date.now() + HOUR).toISOString();
    const created = await create({ status: 'published', publishedAt: at });
    expect(created.status).toBe('scheduled');
    const image = await uploaded(created.id, 600, 300);
    expect(await publicIds()).not.toContain(created.id);
    expectEnvelope(await call('GET', `/api/announcements/${created.id}`), 404, 'ANNOUNCEMENT_NOT_FOUND');
    expect((await call('GET', `/api/announcements/${created.id}/images/${image.imageId}`)).statusCode).toBe(404);
    // The admin sees it scheduled, and filters for it.
    const scheduled = (await call('GET', '/api/announcements?status=scheduled', admin)).json();
    expect(scheduled.data.map((a: AdminAnnouncement) => a.id)).toContain(created.id);
    // Its time comes (the row's time moves behind the clock; nothing else is written).
    await db()
      .updateTable('announcements')
      .set({ published_at: new Date(Date.now() - 60_000) })
      .where('id', '=', created.id)
      .execute();
    expect(await publicIds()).toContain(created.id);
    expect((await call('GET', `/api/announcements/${created.id}`)).statusCode).toBe(200);
    const img = await call('GET', `/api/announcements/${created.id}/images/${image.imageId}?width=480`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toBe('public, max-age=86400');
    expect(dataOf(await call('GET', `/api/announcements/${created.id}`, admin)).status).toBe('published');
  });

  it('keeps drafts and hidden items from the public, lists them for admins with filters, pinned first', async () => {
    const fresh = await createTestApp();
    try {
      const as = (u: User) => bearer(fresh.app, u);
      const freshAdmin = await insertUser(fresh.database.db, { role: 'admin' });
      const make = async (body: Record<string, unknown>) =>
        (
          await fresh.app.inject({
            method: 'POST',
            url: '/api/announcements',
            headers: as(freshAdmin),
            payload: { title: 'x', ...body },
          })
        ).json().data as AdminAnnouncement;
      const draft = await make({ title: 'Draft' });
      const hidden = await make({ title: 'Hidden', status: 'published', isVisible: false });
      const older = await make({
        title: 'Older',
        status: 'published',
        publishedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
      });
      const pinned = await make({
        title: 'Pinned',
        status: 'published',
        isPinned: true,
        publishedAt: new Date(Date.now() - 3 * HOUR).toISOString(),
      });
      const latest = await make({ title: 'Latest', status: 'published' });
      const list = async (query: string, headers: Record<string, string> = {}) =>
        (await fresh.app.inject({ url: `/api/announcements${query}`, headers })).json();
      expect((await list('')).map((a: { id: number }) => a.id)).toEqual([pinned.id, latest.id, older.id]);
      // An admin reading the public site gets the public list; the admin page is asked for.
      expect((await list('', as(freshAdmin))).map((a: { id: number }) => a.id)).toEqual([
        pinned.id,
        latest.id,
        older.id,
      ]);
      const all = await list('?view=admin', as(freshAdmin));
      expect(all.meta).toEqual({ total: 5, page: 1, perPage: 20 });
      expect(all.data[0].id).toBe(pinned.id);
      const ids = async (query: string) =>
        (await list(query, as(freshAdmin))).data.map((a: AdminAnnouncement) => a.id).sort();
      expect(await ids('?isVisible=false')).toEqual([hidden.id]);
      expect(await ids('?isPinned=true')).toEqual([pinned.id]);
      expect(await ids('?status=draft')).toEqual([draft.id]);
      expect(await ids('?status=published&isVisible=true')).toEqual([older.id, pinned.id, latest.id].sort());
      expect(await ids('?query=lat')).toEqual([latest.id]);
      expect((await list('?limit=2&page=2', as(freshAdmin))).data).toHaveLength(2);
      // A signed-in member gets the public list; bad filters are a 400 for anyone.
      expect(Array.isArray(await list('?view=admin', bearer(fresh.app, await insertUser(fresh.database.db))))).toBe(
        true,
      );
      for (const q of ['isVisible=maybe', 'status=deleted', 'page=0', 'deleted=1', 'view=public']) {
        expectEnvelope(
          await fresh.app.inject({ url: `/api/announcements?${q}`, headers: as(freshAdmin) }),
          400,
          'VALIDATION_FAILED',
        );
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('PATCH /api/announcements/{id}', () => {
  it('changes the given fields and moves the version', async () => {
    const created = await create();
    const res = await patch(created.id, {
      expectedVersion: 1,
      title: 'Calendar (updated)',
      status: 'published',
      content: [{ type: 'paragraph', data: { text: 'New' } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({
      title: 'Calendar (updated)',
      version: 2,
      status: 'published',
      slug: created.slug,
    });
    expect(await publicIds()).toContain(created.id);
  });

  it('answers 409 with the current version when another admin saved since, and keeps their change', async () => {
    const created = await create();
    const first = await patch(created.id, { expectedVersion: 1, title: 'Theirs' }, otherAdmin);
    expect(first.statusCode).toBe(200);
    const before = await fingerprint();
    const stale = await patch(created.id, { expectedVersion: 1, title: 'Mine' });
    expectEnvelope(stale, 409, 'VERSION_CONFLICT');
    expect(stale.json().details).toMatchObject({ currentVersion: 2 });
    expect(stale.json().message).toBe('Another admin saved this announcement since you opened it.');
    expect(await fingerprint()).toBe(before);
    // A toggle moves the version too, so an editor left open learns of it.
    await call('PATCH', `/api/announcements/${created.id}/pin`, otherAdmin, { isPinned: true });
    expectEnvelope(await patch(created.id, { expectedVersion: 2, title: 'Mine' }), 409, 'VERSION_CONFLICT');
    expect((await patch(created.id, { expectedVersion: 3, title: 'Mine' })).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent saves at the same version through', async () => {
    const created = await create();
    const results = await Promise.all([
      patch(created.id, { expectedVersion: 1, title: 'A' }),
      patch(created.id, { expectedVersion: 1, title: 'B' }, otherAdmin),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200);
    const row = await db()
      .selectFrom('announcements')
      .select(['title', 'version'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: dataOf(winner as { json(): unknown }).title, version: 2 });
  });

  it('requires expectedVersion, and answers 404 for a missing or deleted announcement', async () => {
    const created = await create();
    expectEnvelope(await patch(created.id, { title: 'No version' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await patch(2_000_000, { expectedVersion: 1, title: 'x' }), 404, 'ANNOUNCEMENT_NOT_FOUND');
    await call('DELETE', `/api/announcements/${created.id}`, admin);
    expectEnvelope(await patch(created.id, { expectedVersion: 2, title: 'x' }), 404, 'ANNOUNCEMENT_NOT_FOUND');
  });
});

describe('visibility, pin, delete and restore', () => {
  it('toggles visibility and pin in place', async () => {
    const created = await create({ status: 'published' });
    const hidden = await call('PATCH', `/api/announcements/${created.id}/visibility`, admin, {
      isVisible: false,
      expectedVersion: 1,
    });
    expect(dataOf(hidden)).toMatchObject({ isVisible: false, version: 2 });
    expect(await publicIds()).not.toContain(created.id);
    expectEnvelope(
      await call('PATCH', `/api/announcements/${created.id}/visibility`, admin, {
        isVisible: true,
        expectedVersion: 1,
      }),
      409,
      'VERSION_CONFLICT',
    );
    await call('PATCH', `/api/announcements/${created.id}/visibility`, admin, { isVisible: true });
    const pinned = await call('PATCH', `/api/announcements/${created.id}/pin`, admin, { isPinned: true });
    expect(dataOf(pinned)).toMatchObject({ isPinned: true, version: 4 });
    expect((await publicIds())[0]).toBe(created.id);
    await call('PATCH', `/api/announcements/${created.id}/pin`, admin, { isPinned: false });
    for (const body of [{}, { isVisible: 'no' }, { isVisible: true, extra: 1 }]) {
      expectEnvelope(
        await call('PATCH', `/api/announcements/${created.id}/visibility`, admin, body),
        400,
        'VALIDATION_FAILED',
      );
    }
  });

  it('soft-deletes: gone from the public and the admin list, in the bin, and restored as it was', async () => {
    const created = await create({ status: 'published', title: 'To the bin' });
    const del = await call('DELETE', `/api/announcements/${created.id}`, admin);
    expect(del.statusCode).toBe(204);
    expect(await publicIds()).not.toContain(created.id);
    const adminList = (await call('GET', '/api/announcements?view=admin&limit=50', admin)).json();
    expect(adminList.data.map((a: AdminAnnouncement) => a.id)).not.toContain(created.id);
    const bin = (await call('GET', '/api/announcements?deleted=true', admin)).json();
    expect(bin.data.map((a: AdminAnnouncement) => a.id)).toContain(created.id);
    expect(dataOf(await call('GET', `/api/announcements/${created.id}`, admin)).deletedAt).not.toBeNull();
    expectEnvelope(await call('DELETE', `/api/announcements/${created.id}`, admin), 404, 'ANNOUNCEMENT_NOT_FOUND');
    const restored = await call('POST', `/api/announcements/${created.id}/restore`, admin);
    expect(dataOf(restored)).toMatchObject({ deletedAt: null, title: 'To the bin', status: 'published' });
    expect(await publicIds()).toContain(created.id);
    // Restoring a live one changes nothing.
    const again = await call('POST', `/api/announcements/${created.id}/restore`, admin);
    expect(dataOf(again).version).toBe(dataOf(restored).version);
    expectEnvelope(await call('POST', '/api/announcements/2000000/restore', admin), 404, 'ANNOUNCEMENT_NOT_FOUND');
  });

  it('refuses every write to a member and to anonymous callers', async () => {
    const created = await create();
    const before = await fingerprint();
    for (const who of [member, undefined]) {
      const status = who ? 403 : 401;
      expect((await call('POST', '/api/announcements', who, { title: 'x' })).statusCode).toBe(status);
      expect(
        (await call('PATCH', `/api/announcements/${created.id}`, who, { expectedVersion: 1, title: 'x' })).statusCode,
      ).toBe(status);
      expect((await call('DELETE', `/api/announcements/${created.id}`, who)).statusCode).toBe(status);
    }
    expect((await upload(created.id, imagePart(await testImage(10, 10).png().toBuffer()), member)).statusCode).toBe(
      403,
    );
    // A member reading a draft by id gets the public 404.
    expectEnvelope(await call('GET', `/api/announcements/${created.id}`, member), 404, 'ANNOUNCEMENT_NOT_FOUND');
    expect(await fingerprint()).toBe(before);
  });
});

describe('POST /api/announcements/{id}/upload-image', () => {
  it('stores WebP at 480, 960 and 1600 wide and serves the nearest width; image blocks and the picture use it', async () => {
    const created = await create();
    const image = await uploaded(created.id, 2400, 1200);
    expect(image).toMatchObject({ width: 1600, height: 800, widths: [480, 960, 1600] });
    for (const [asked, width] of [
      [300, 480],
      [480, 480],
      [1000, 960],
      [4000, 1600],
    ] as const) {
      const res = await call('GET', `/api/announcements/${created.id}/images/${image.imageId}?width=${asked}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await sharp(res.rawPayload).metadata()).width, String(asked)).toBe(width);
    }
    // A small upload is never enlarged.
    expect(await uploaded(created.id, 700, 300)).toMatchObject({ width: 700, widths: [480, 700] });
    // The image goes into a block and becomes the picture.
    const res = await patch(created.id, {
      expectedVersion: created.version,
      status: 'published',
      pictureImageId: image.imageId,
      content: [{ type: 'image', data: { imageId: image.imageId, caption: 'Finish <b>line</b>', alt: 'Runners' } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({
      hasPicture: true,
      pictureImageId: image.imageId,
      content: [{ type: 'image', data: { imageId: image.imageId, caption: 'Finish line', alt: 'Runners' } }],
    });
    expect(dataOf(res).images.map((i) => i.id)).toContain(image.imageId);
    const picture = await call('GET', `/api/announcements/${created.id}/picture`);
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(1600);
    // Another announcement's image is refused in a block and as the picture.
    const other = await create();
    for (const body of [
      { content: [{ type: 'image', data: { imageId: image.imageId } }] },
      { pictureImageId: image.imageId },
    ]) {
      expectEnvelope(await patch(other.id, { expectedVersion: 1, ...body }), 400, 'UNKNOWN_IMAGE');
    }
  });

  it('refuses what is not an image, an oversized file and a missing file, changing nothing', async () => {
    const created = await create();
    const before = await fingerprint();
    const cases: Array<[Part[], number, string]> = [
      [
        imagePart(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'x.svg',
          'image/svg+xml',
        ),
        422,
        'UNSUPPORTED_IMAGE',
      ],
      [imagePart(Buffer.from('%PDF-1.4 not an image'), 'x.png'), 422, 'UNSUPPORTED_IMAGE'],
      [imagePart(Buffer.from('GIF89a-but-not-really')), 422, 'UNSUPPORTED_IMAGE'],
      [imagePart((await testImage(50, 50).png().toBuffer()).subarray(0, 80)), 422, 'UNSUPPORTED_IMAGE'],
      [imagePart(Buffer.alloc(ANNOUNCEMENT_IMAGE_MAX_BYTES + 1, 1)), 422, 'IMAGE_TOO_LARGE'],
      [[{ name: 'picture', data: await testImage(10, 10).png().toBuffer(), filename: 'a.png' }], 400, 'IMAGE_REQUIRED'],
      [[{ name: 'title', data: 'text only' }], 400, 'IMAGE_REQUIRED'],
    ];
    for (const [parts, status, code] of cases) expectEnvelope(await upload(created.id, parts), status, code);
    // Too many pixels for a small file: refused before decoding.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expectEnvelope(await upload(created.id, imagePart(bomb)), 422, 'IMAGE_TOO_LARGE');
    expectEnvelope(
      await call('POST', `/api/announcements/${created.id}/upload-image`, admin, { image: 'x' }),
      400,
      'IMAGE_REQUIRED',
    );
    expectEnvelope(
      await upload(2_000_000, imagePart(await testImage(10, 10).png().toBuffer())),
      404,
      'ANNOUNCEMENT_NOT_FOUND',
    );
    expect(await fingerprint()).toBe(before);
  });
});

describe('upload limits (docs/decisions/029)', () => {
  it('counts announcement image uploads per admin: beyond the limit 429 RATE_LIMITED, nothing stored', async () => {
    const limited = await createTestApp({ env: { UPLOAD_RATE_LIMIT: '2' } });
    try {
      const who = await insertUser(limited.database.db, { role: 'admin' });
      const headers = bearer(limited.app, who);
      const created = await limited.app.inject({
        method: 'POST',
        url: '/api/announcements',
        headers,
        payload: { title: 'Limited' },
      });
      const id = (created.json() as { data: AdminAnnouncement }).data.id;
      const png = await testImage(40, 20).png().toBuffer();
      const send = () => injectMultipart(limited.app, `/api/announcements/${id}/upload-image`, headers, imagePart(png));
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expectEnvelope(refused, 429, 'RATE_LIMITED');
      expect(refused.headers['retry-after']).toBeDefined();
      const count = await limited.database.db
        .selectFrom('announcement_images')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
