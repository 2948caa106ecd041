import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BioDto, PROFILE_PHOTO_MAX_BYTES } from '../../api/contracts/accounts.ts';
import type { User } from '../../api/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../../api/demo/seed.ts';
import { bearer, createTestApp, sessionsWritten, type TestApp, testDatabase } from '../support/app.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import { insertDepartment, insertUser } from '../support/factories.ts';
import { injectMultipart, multipart, type Part, testImage } from '../support/multipart.ts';

let t: TestApp;
let owner: User;
let other: User;
let admin: User;
let superAdmin: User;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const department = await insertDepartment(db, {
    name: 'Halifax Regional Fire & Emergency',
    city: 'Halifax',
    province: 'NS',
  });
  owner = await insertUser(db, { first_name: 'Jordan', last_name: 'MacLeod', department_id: department.id });
  other = await insertUser(db);
  admin = await insertUser(db, { role: 'admin' });
  superAdmin = await insertUser(db, { role: 'super-admin' });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const as = (user: User): Headers => bearer(t.app, user);
const anonymous: Headers = {};

const get = (url: string, headers: Headers = anonymous) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Headers) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const put = (url: string, payload: unknown, headers: Headers) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers });
const del = (url: string, headers: Headers) => t.app.inject({ method: 'DELETE', url, headers });

/** A user with a bio of their own, made through the API. */
async function userWithBio(fields: Record<string, unknown> = {}, overrides: Partial<User> = {}) {
  const user = await insertUser(t.database.db, overrides);
  const res = await post('/api/users/bios', { headline: 'Racer', about: 'Fast.', ...fields }, as(user));
  expect(res.statusCode).toBe(201);
  return { user, bio: res.json<BioDto>() };
}

const upload = (bioId: number, headers: Headers, parts: Part[]) =>
  injectMultipart(t.app, `/api/users/bios/${bioId}/upload-photo`, headers, parts);

const photo = (data: Buffer, filename = 'me.png', contentType = 'image/png'): Part[] => [
  { name: 'profilePhoto', data, filename, contentType },
];

async function pictureIds(): Promise<number[]> {
  const rows = await t.database.db.selectFrom('pictures').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

async function photoIdOf(bioId: number) {
  const row = await t.database.db
    .selectFrom('bios')
    .select('photo_id')
    .where('id', '=', bioId)
    .executeTakeFirstOrThrow();
  return row.photo_id;
}

describe('POST /api/users/bios', () => {
  it("creates the caller's own bio by default and answers it with the account's names and department", async () => {
    const res = await post(
      '/api/users/bios',
      {
        headline: '  Open Men competitor  ',
        about: 'Stairs every morning.',
        position: 'Firefighter',
        yearsOfService: 6,
        hometown: 'Halifax, NS',
      },
      as(owner),
    );
    expect(res.statusCode).toBe(201);
    const bio = res.json<BioDto>();
    expect(res.headers.location).toBe(`/api/users/bios/${bio.id}`);
    expect(bio).toEqual({
      id: expect.any(Number),
      userId: owner.id,
      firstName: 'Jordan',
      lastName: 'MacLeod',
      departmentName: 'Halifax Regional Fire & Emergency',
      headline: 'Open Men competitor',
      about: 'Stairs every morning.',
      position: 'Firefighter',
      yearsOfService: 6,
      hometown: 'Halifax, NS',
      photoUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('fills left-out fields with empty text and nulls; blank optional text becomes null', async () => {
    const user = await insertUser(t.database.db);
    const res = await post('/api/users/bios', { position: '   ' }, as(user));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      headline: '',
      about: '',
      position: null,
      yearsOfService: null,
      hometown: null,
      departmentName: null,
    });
  });

  it('refuses a second bio for the same user with 409 BIO_EXISTS, also when both race', async () => {
    expectEnvelope(await post('/api/users/bios', { headline: 'Again' }, as(owner)), 409, 'BIO_EXISTS');

    const racer = await insertUser(t.database.db);
    const results = await Promise.all(
      [1, 2, 3].map((n) => post('/api/users/bios', { headline: `Try ${n}` }, as(racer))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.database.db.selectFrom('bios').select('id').where('user_id', '=', racer.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("lets an admin write someone else's bio, but not a plain user", async () => {
    const subject = await insertUser(t.database.db);
    expectEnvelope(
      await post('/api/users/bios', { userId: subject.id, headline: 'Not mine' }, as(other)),
      403,
      'FORBIDDEN',
    );
    const byAdmin = await post('/api/users/bios', { userId: subject.id, headline: 'Written by an admin' }, as(admin));
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ userId: subject.id, headline: 'Written by an admin' });
    // A user naming themselves is fine.
    const self = await insertUser(t.database.db);
    expect((await post('/api/users/bios', { userId: self.id }, as(self))).statusCode).toBe(201);
  });

  it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
    expectEnvelope(await post('/api/users/bios', { userId: 2_000_000_000 }, as(superAdmin)), 404, 'USER_NOT_FOUND');
  });

  it('needs a signed-in caller', async () => {
    expectEnvelope(await post('/api/users/bios', { headline: 'x' }, anonymous), 401, 'UNAUTHORIZED');
  });

  it('validates the body with the shared schema', async () => {
    const user = await insertUser(t.database.db);
    const tooMany = await post('/api/users/bios', { yearsOfService: 61 }, as(user));
    expectEnvelope(tooMany, 400, 'VALIDATION_FAILED');
    expect(tooMany.json<{ message: string }>().message).toContain(
      'Years of service must be a whole number from 0 to 60',
    );
    expectEnvelope(await post('/api/users/bios', { headline: 'x'.repeat(121) }, as(user)), 400, 'VALIDATION_FAILED');
    expectEnvelope(await post('/api/users/bios', { nickname: 'Speedy' }, as(user)), 400, 'VALIDATION_FAILED');
    expectEnvelope(await post('/api/users/bios', { userId: 'me' }, as(user)), 400, 'VALIDATION_FAILED');
    // Nothing was written by the refused calls.
    expect(await t.database.db.selectFrom('bios').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});

describe('GET /api/users/bios/{id} and /api/users/{userId}/bio', () => {
  it('answers the bio to anyone, by its id or by its user, with an ETag and 304', async () => {
    const { user, bio } = await userWithBio({ headline: 'Public profile' });
    const byId = await get(`/api/users/bios/${bio.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(bio);
    expect(byId.headers['cache-control']).toBe('public, no-cache');
    const etag = byId.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(`/api/users/bios/${bio.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const byUser = await get(`/api/users/${user.id}/bio`, as(other));
    expect(byUser.statusCode).toBe(200);
    expect(byUser.json()).toEqual(bio);
  });

  it('answers 404 BIO_NOT_FOUND for a missing bio or a user without one, 400 for a malformed id', async () => {
    expectEnvelope(await get('/api/users/bios/2000000000'), 404, 'BIO_NOT_FOUND');
    const bare = await insertUser(t.database.db);
    expectEnvelope(await get(`/api/users/${bare.id}/bio`), 404, 'BIO_NOT_FOUND');
    expectEnvelope(await get('/api/users/bios/abc'), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get('/api/users/0/bio'), 400, 'VALIDATION_FAILED');
  });

  it("hides a deactivated account's bio and photo from everyone but the admins", async () => {
    const { user, bio } = await userWithBio({ headline: 'Retired' });
    const png = await testImage(64, 64).png().toBuffer();
    expect((await upload(bio.id, as(user), photo(png))).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();

    for (const headers of [anonymous, as(other), { authorization: 'Bearer not-a-token' }]) {
      expectEnvelope(await get(`/api/users/bios/${bio.id}`, headers), 404, 'BIO_NOT_FOUND');
      expectEnvelope(await get(`/api/users/${user.id}/bio`, headers), 404, 'BIO_NOT_FOUND');
      expectEnvelope(await get(`/api/users/bios/${bio.id}/photo`, headers), 404, 'BIO_NOT_FOUND');
    }
    // Not changeable by others either: it is as if it did not exist.
    expectEnvelope(await put(`/api/users/bios/${bio.id}`, { headline: 'x' }, as(other)), 404, 'BIO_NOT_FOUND');

    for (const who of [admin, superAdmin]) {
      const seen = await get(`/api/users/bios/${bio.id}`, as(who));
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ id: bio.id, headline: 'Retired' });
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect((await get(`/api/users/${user.id}/bio`, as(who))).statusCode).toBe(200);
      const picture = await get(`/api/users/bios/${bio.id}/photo`, as(who));
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['cache-control']).toBe('private, no-store');
    }
    expect((await put(`/api/users/bios/${bio.id}`, { headline: 'Edited by admin' }, as(admin))).statusCode).toBe(200);
  });

  it('is not taken for GET /api/users/{id}: the static bios segment wins', async () => {
    const { bio } = await userWithBio();
    const res = await get(`/api/users/bios/${bio.id}`);
    expect(res.json()).toMatchObject({ id: bio.id });
  });
});

describe('PUT /api/users/bios/{id}', () => {
  it('lets the owner change the given fields only, and clear the optional ones', async () => {
    const { user, bio } = await userWithBio({
      headline: 'Before',
      about: 'Keep me',
      position: 'Captain',
      yearsOfService: 10,
      hometown: 'Truro',
    });
    const res = await put(
      `/api/users/bios/${bio.id}`,
      { headline: 'After', hometown: null, yearsOfService: 11 },
      as(user),
    );
    expect(res.statusCode).toBe(200);
    const changed = res.json<BioDto>();
    expect(changed).toMatchObject({
      headline: 'After',
      about: 'Keep me',
      position: 'Captain',
      yearsOfService: 11,
      hometown: null,
    });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(bio.updatedAt));
    expect((await get(`/api/users/bios/${bio.id}`)).json()).toEqual(changed);

    const same = await put(`/api/users/bios/${bio.id}`, {}, as(user));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(changed);
  });

  it('refuses another user (403), an anonymous caller (401), and answers 404 for a missing bio', async () => {
    const { bio } = await userWithBio({ headline: 'Mine' });
    expectEnvelope(await put(`/api/users/bios/${bio.id}`, { headline: 'Hijacked' }, as(other)), 403, 'FORBIDDEN');
    expectEnvelope(await put(`/api/users/bios/${bio.id}`, { headline: 'Hijacked' }, anonymous), 401, 'UNAUTHORIZED');
    expectEnvelope(await put('/api/users/bios/2000000000', { headline: 'x' }, as(admin)), 404, 'BIO_NOT_FOUND');
    expect((await get(`/api/users/bios/${bio.id}`)).json()).toMatchObject({ headline: 'Mine' });
  });

  it("lets an admin change anyone's bio, and refuses moving it to another user", async () => {
    const { bio } = await userWithBio({ headline: 'Mine' });
    const res = await put(`/api/users/bios/${bio.id}`, { about: 'Fixed a typo' }, as(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ headline: 'Mine', about: 'Fixed a typo' });
    expectEnvelope(await put(`/api/users/bios/${bio.id}`, { userId: other.id }, as(admin)), 400, 'VALIDATION_FAILED');
  });
});

describe('DELETE /api/users/bios/{id}', () => {
  it('refuses others, then lets the owner delete the bio together with its photo', async () => {
    const { user, bio } = await userWithBio();
    const png = await testImage(50, 50).png().toBuffer();
    expect((await upload(bio.id, as(user), photo(png))).statusCode).toBe(200);
    const photoId = await photoIdOf(bio.id);
    expect(photoId).not.toBeNull();

    expectEnvelope(await del(`/api/users/bios/${bio.id}`, as(other)), 403, 'FORBIDDEN');
    expectEnvelope(await del(`/api/users/bios/${bio.id}`, anonymous), 401, 'UNAUTHORIZED');

    const res = await del(`/api/users/bios/${bio.id}`, as(user));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectEnvelope(await get(`/api/users/bios/${bio.id}`), 404, 'BIO_NOT_FOUND');
    expect(await pictureIds()).not.toContain(photoId);
    expectEnvelope(await del(`/api/users/bios/${bio.id}`, as(user)), 404, 'BIO_NOT_FOUND');
    // The user may start again.
    expect((await post('/api/users/bios', { headline: 'Fresh start' }, as(user))).statusCode).toBe(201);
  });

  it("lets an admin delete anyone's bio", async () => {
    const { bio } = await userWithBio();
    expect((await del(`/api/users/bios/${bio.id}`, as(admin))).statusCode).toBe(204);
    expectEnvelope(await get(`/api/users/bios/${bio.id}`), 404, 'BIO_NOT_FOUND');
  });
});

describe('POST /api/users/bios/{id}/upload-photo and GET /api/users/bios/{id}/photo', () => {
  it('re-encodes a PNG to WebP within 800x800 and serves it with its checksum as ETag', async () => {
    const { user, bio } = await userWithBio();
    const png = await testImage(1200, 900).png().toBuffer();
    const res = await upload(bio.id, as(user), photo(png, 'big.png'));
    expect(res.statusCode).toBe(200);
    const body = res.json<BioDto>();
    expect(body.id).toBe(bio.id);
    expect(body.photoUrl).toMatch(new RegExp(`^/api/users/bios/${bio.id}/photo\\?v=[A-Za-z0-9_-]{12}$`));

    const stored = await t.database.db
      .selectFrom('pictures')
      .selectAll()
      .where('id', '=', (await photoIdOf(bio.id)) as number)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ content_type: 'image/webp', width: 800, height: 600 });
    expect(stored.byte_size).toBe(stored.data.length);
    expect(body.photoUrl).toContain(`v=${stored.checksum.slice(0, 12)}`);
    const meta = await sharp(Buffer.from(stored.data)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });

    const served = await get(body.photoUrl as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers.etag).toBe(`"${stored.checksum}"`);
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.rawPayload.equals(Buffer.from(stored.data))).toBe(true);
    const notModified = await get(`/api/users/bios/${bio.id}/photo`, { 'if-none-match': `"${stored.checksum}"` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    expect((await get(`/api/users/bios/${bio.id}`)).json()).toMatchObject({ photoUrl: body.photoUrl });
  });

  it('turns a JPEG upright from its EXIF orientation and strips its metadata', async () => {
    const { user, bio } = await userWithBio();
    // Stored 1000x600, shown rotated a quarter turn (orientation 6): upright it is 600x1000.
    const jpeg = await testImage(1000, 600)
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Copyright: 'Jordan MacLeod', Artist: 'Somebody', ImageDescription: 'GPS would be here' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const res = await upload(bio.id, as(user), photo(jpeg, 'portrait.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const served = await get(res.json<BioDto>().photoUrl as string);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Jordan MacLeod'))).toBe(false);
  });

  it('never enlarges a small photo, and takes WebP and the first frame of a GIF', async () => {
    const { user, bio } = await userWithBio();
    const small = await testImage(300, 200).webp().toBuffer();
    expect((await upload(bio.id, as(user), photo(small, 'small.webp', 'image/webp'))).statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('pictures')
      .select(['width', 'height'])
      .where('id', '=', (await photoIdOf(bio.id)) as number)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ width: 300, height: 200 });

    const gif = await testImage(120, 80).gif().toBuffer();
    expect((await upload(bio.id, as(user), photo(gif, 'anim.gif', 'image/gif'))).statusCode).toBe(200);
  });

  it('judges the type by the bytes: a text file called .png, an SVG or a TIFF is 422 UNSUPPORTED_IMAGE', async () => {
    const { user, bio } = await userWithBio();
    const tiff = await testImage(40, 40).tiff().toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const truncatedPng = (await testImage(200, 200).png().toBuffer()).subarray(0, 300);
    for (const [data, name, type] of [
      [Buffer.from('This is not a picture, just text.\n'), 'photo.png', 'image/png'],
      [svg, 'photo.svg', 'image/svg+xml'],
      [tiff, 'photo.jpg', 'image/jpeg'],
      [truncatedPng, 'photo.png', 'image/png'],
      [Buffer.alloc(0), 'empty.png', 'image/png'],
    ] as const) {
      const res = await upload(bio.id, as(user), photo(data, name, type));
      expectEnvelope(res, 422, 'UNSUPPORTED_IMAGE');
      expect(res.json<{ message: string }>().message).toBe('The photo must be a JPEG, PNG or WebP image.');
    }
    expect(await photoIdOf(bio.id)).toBeNull();
  });

  it('refuses an oversized upload with the envelope and changes nothing', async () => {
    const { user, bio } = await userWithBio();
    const png = await testImage(100, 100).png().toBuffer();
    const first = await upload(bio.id, as(user), photo(png));
    expect(first.statusCode).toBe(200);
    const photoBefore = await photoIdOf(bio.id);
    const picturesBefore = await pictureIds();
    const bioBefore = (await get(`/api/users/bios/${bio.id}`)).json();

    // A real PNG header followed by padding: only the size is wrong.
    const huge = Buffer.concat([png, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 1 - png.length, 7)]);
    const res = await upload(bio.id, as(user), photo(huge));
    expectEnvelope(res, 422, 'PHOTO_TOO_LARGE');
    expect(res.json<{ message: string }>().message).toBe('The photo must be at most 5 MB.');

    expect(await photoIdOf(bio.id)).toBe(photoBefore);
    expect(await pictureIds()).toEqual(picturesBefore);
    expect((await get(`/api/users/bios/${bio.id}`)).json()).toEqual(bioBefore);
  });

  it('refuses an oversized upload over a real socket too, where the body arrives in many chunks', async () => {
    const { user, bio } = await userWithBio();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const signedIn = as(user);
    await sessionsWritten(t.app); // the token leaves the process: its session first (decision 025)
    const png = await testImage(100, 100).png().toBuffer();
    for (const size of [PROFILE_PHOTO_MAX_BYTES + 1, 6 * PROFILE_PHOTO_MAX_BYTES]) {
      const bytes = Buffer.concat([png, Buffer.alloc(size - png.length, 1)]);
      // Once as a streamed FormData (as a browser sends it), once as one hand-built buffer.
      const form = new FormData();
      form.append('profilePhoto', new Blob([bytes], { type: 'image/png' }), 'big.png');
      const handBuilt = multipart(photo(bytes));
      for (const init of [
        { body: form, headers: signedIn },
        { body: handBuilt.payload, headers: { ...signedIn, 'content-type': handBuilt.contentType } },
      ]) {
        const res = await fetch(`${address}/api/users/bios/${bio.id}/upload-photo`, { method: 'POST', ...init });
        expect(res.status).toBe(422);
        expect(await res.json()).toMatchObject({
          statusCode: 422,
          code: 'PHOTO_TOO_LARGE',
          requestId: expect.any(String),
        });
      }
    }
    expect(await photoIdOf(bio.id)).toBeNull();
    // A good one through the same socket path still works.
    const good = multipart(photo(png));
    const ok = await fetch(`${address}/api/users/bios/${bio.id}/upload-photo`, {
      method: 'POST',
      body: good.payload,
      headers: { ...signedIn, 'content-type': good.contentType },
    });
    expect(ok.status).toBe(200);
  });

  it('takes a file of exactly the limit', async () => {
    const { user, bio } = await userWithBio();
    const png = await testImage(100, 100).png().toBuffer();
    // PNG decoders ignore bytes after IEND.
    const exact = Buffer.concat([png, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES - png.length, 0)]);
    expect((await upload(bio.id, as(user), photo(exact))).statusCode).toBe(200);
  });

  it('refuses a picture with too many pixels before decoding it', async () => {
    const { user, bio } = await userWithBio();
    // 9000x9000 of one colour compresses to a small PNG but would decode to 81 megapixels.
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PROFILE_PHOTO_MAX_BYTES);
    const res = await upload(bio.id, as(user), photo(bomb));
    expectEnvelope(res, 422, 'PHOTO_TOO_LARGE');
    expect(await photoIdOf(bio.id)).toBeNull();
  });

  it('answers 400 PHOTO_REQUIRED without a profilePhoto file, and 400 for a body that is not multipart', async () => {
    const { user, bio } = await userWithBio();
    const png = await testImage(20, 20).png().toBuffer();
    expectEnvelope(
      await upload(bio.id, as(user), [{ name: 'photo', data: png, filename: 'me.png', contentType: 'image/png' }]),
      400,
      'PHOTO_REQUIRED',
    );
    expectEnvelope(
      await upload(bio.id, as(user), [{ name: 'profilePhoto', data: 'just a field' }]),
      400,
      'PHOTO_REQUIRED',
    );
    expectEnvelope(await upload(bio.id, as(user), []), 400, 'PHOTO_REQUIRED');
    expectEnvelope(
      await post(`/api/users/bios/${bio.id}/upload-photo`, { profilePhoto: 'x' }, as(user)),
      400,
      'PHOTO_REQUIRED',
    );
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: `/api/users/bios/${bio.id}/upload-photo`,
      payload: 'garbage',
      headers: { ...as(user), 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toMatchObject({
      statusCode: 400,
      code: expect.any(String),
      requestId: expect.any(String),
    });
    expect(await photoIdOf(bio.id)).toBeNull();
  });

  it('replaces the previous photo and deletes its picture row', async () => {
    const { user, bio } = await userWithBio();
    const first = await upload(bio.id, as(user), photo(await testImage(100, 100).png().toBuffer()));
    const firstId = await photoIdOf(bio.id);
    const second = await upload(
      bio.id,
      as(user),
      photo(await testImage(120, 90).jpeg().toBuffer(), 'b.jpg', 'image/jpeg'),
    );
    expect(second.statusCode).toBe(200);
    const secondId = await photoIdOf(bio.id);
    expect(secondId).not.toBe(firstId);
    const ids = await pictureIds();
    expect(ids).toContain(secondId);
    expect(ids).not.toContain(firstId);
    expect(second.json<BioDto>().photoUrl).not.toBe(first.json<BioDto>().photoUrl);
  });

  it('lets an admin upload for anyone; refuses other users and anonymous callers before reading the file', async () => {
    const { bio } = await userWithBio();
    const png = await testImage(30, 30).png().toBuffer();
    expectEnvelope(await upload(bio.id, as(other), photo(png)), 403, 'FORBIDDEN');
    expectEnvelope(await upload(bio.id, anonymous, photo(png)), 401, 'UNAUTHORIZED');
    expectEnvelope(await upload(2_000_000_000, as(admin), photo(png)), 404, 'BIO_NOT_FOUND');
    expect(await photoIdOf(bio.id)).toBeNull();
    expect((await upload(bio.id, as(admin), photo(png))).statusCode).toBe(200);
    expect(await photoIdOf(bio.id)).not.toBeNull();
  });

  it('answers 404 for the photo of a bio without one, or of a missing bio', async () => {
    const { bio } = await userWithBio();
    expectEnvelope(await get(`/api/users/bios/${bio.id}/photo`), 404, 'PICTURE_NOT_FOUND');
    expectEnvelope(await get('/api/users/bios/2000000000/photo'), 404, 'BIO_NOT_FOUND');
  });
});

describe('OpenAPI', () => {
  it('documents every bios route, the upload as multipart/form-data', async () => {
    const doc = (await get('/api/docs/json')).json<{
      paths: Record<string, Record<string, { requestBody?: { content: object } }>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/bios',
        '/api/users/bios/{id}',
        '/api/users/{userId}/bio',
        '/api/users/bios/{id}/upload-photo',
        '/api/users/bios/{id}/photo',
      ]),
    );
    const uploadDoc = doc.paths['/api/users/bios/{id}/upload-photo']?.post;
    expect(uploadDoc).toBeDefined();
  });
});

describe('demo data', () => {
  it('gives each demo account a bio, once', async () => {
    const database = await testDatabase();
    try {
      const now = new Date('2026-11-21T15:00:00Z');
      await seedDemoData(database.db, { now, timeZone: 'America/Toronto' });
      await seedDemoData(database.db, { now, timeZone: 'America/Toronto' });
      const rows = await database.db
        .selectFrom('bios')
        .innerJoin('users', 'users.id', 'bios.user_id')
        .select(['users.email', 'bios.headline', 'bios.photo_id'])
        .execute();
      expect(rows.map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
      for (const row of rows) expect(row.headline).not.toBe('');
    } finally {
      await database.dispose();
    }
  });
});
