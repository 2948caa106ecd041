import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../api/db/schema.ts';
import { PROFILE_PHOTO_MAX_PIXELS } from '../../api/modules/bios/service.ts';
import { EVENT_PICTURE_MAX_PIXELS } from '../../api/modules/events/admin-service.ts';
import { bearer, createTestApp, type TestApp } from '../support/app.ts';
import { expectEnvelope } from '../support/expect-envelope.ts';
import { insertEvent, insertUser } from '../support/factories.ts';
import { injectMultipart, type Part, testImage } from '../support/multipart.ts';

/**
 * Uploads are bounded by pixels for each picture kind, by person, and in their text (docs/decisions/029
 * and 027), through HTTP on the real app and database.
 */

let t: TestApp;
let admin: User;
let smallPng: Buffer;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(db(), { role: 'admin' });
  smallPng = await testImage(40, 40).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

/** A user with a bio to put a photo on. */
async function userWithBio() {
  const user = await insertUser(db());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/bios',
    headers: bearer(t.app, user),
    payload: { headline: 'Racer' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, bioId: res.json().id as number };
}
const uploadPhoto = (bioId: number, user: User, parts: Part[]) =>
  injectMultipart(t.app, `/api/users/bios/${bioId}/upload-photo`, bearer(t.app, user), parts);
const photo = (data: Buffer, filename = 'me.png'): Part[] => [
  { name: 'profilePhoto', data, filename, contentType: 'image/png' },
];
const photoIdOf = async (bioId: number) =>
  (await db().selectFrom('bios').select('photo_id').where('id', '=', bioId).executeTakeFirstOrThrow()).photo_id;

/** One colour over width x height: a few kilobytes of PNG that would decode to width x height pixels. */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#222' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('pixels per picture kind', () => {
  it('refuses a profile photo over 25 megapixels before decoding it, naming the limit', async () => {
    expect(PROFILE_PHOTO_MAX_PIXELS).toBe(25_000_000);
    const { user, bioId } = await userWithBio();
    // 6000x5000 = 30 megapixels in a few kilobytes: far more than an 800x800 photo needs.
    const big = await flatPng(6000, 5000);
    expect(big.length).toBeLessThan(200_000);
    const res = await uploadPhoto(bioId, user, photo(big));
    expectEnvelope(res, 422, 'PHOTO_TOO_LARGE');
    expect(res.json()).toMatchObject({
      message: 'The photo must be at most 25 megapixels.',
      details: { maxPixels: 25_000_000 },
    });
    expect(await photoIdOf(bioId)).toBeNull();
  });

  it('refuses an event picture over 40 megapixels, naming the limit', async () => {
    expect(EVENT_PICTURE_MAX_PIXELS).toBe(40_000_000);
    const event = await insertEvent(db());
    const big = await flatPng(8000, 5100);
    const res = await injectMultipart(t.app, `/api/events/${event.id}/upload-picture`, bearer(t.app, admin), [
      { name: 'picture', data: big, filename: 'big.png', contentType: 'image/png' },
    ]);
    expectEnvelope(res, 422, 'PICTURE_TOO_LARGE');
    expect(res.json()).toMatchObject({
      message: 'The picture must be at most 40 megapixels.',
      details: { maxPixels: 40_000_000 },
    });
  });
});

describe('uploads per person', () => {
  it('takes 20 uploads from one person in ten minutes, answers the 21st 429 RATE_LIMITED with Retry-After', async () => {
    const { user, bioId } = await userWithBio();
    for (let i = 0; i < 20; i += 1) {
      const res = await uploadPhoto(bioId, user, photo(smallPng));
      expect(res.statusCode, res.body).toBe(200);
    }
    const stored = await photoIdOf(bioId);
    const refused = await uploadPhoto(bioId, user, photo(smallPng));
    expectEnvelope(refused, 429, 'RATE_LIMITED');
    expect(refused.json().message).toMatch(/at most 20 in 10 minutes/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed, and the limit is the person's, not the address's: someone else from the same
    // address still uploads.
    expect(await photoIdOf(bioId)).toBe(stored);
    const other = await userWithBio();
    expect((await uploadPhoto(other.bioId, other.user, photo(smallPng))).statusCode).toBe(200);
  });

  it('checks who calls before counting: an anonymous upload is 401, not a count against anyone', async () => {
    const { bioId } = await userWithBio();
    const res = await injectMultipart(t.app, `/api/users/bios/${bioId}/upload-photo`, {}, photo(smallPng));
    expectEnvelope(res, 401, 'UNAUTHORIZED');
  });
});

describe('text in multipart bodies', () => {
  it('refuses a NUL in a text field or a file name with 400 naming the field; nothing is stored', async () => {
    const { user, bioId } = await userWithBio();
    const inField = await uploadPhoto(bioId, user, [{ name: 'caption', data: 'a\u0000b' }, ...photo(smallPng)]);
    expectEnvelope(inField, 400, 'VALIDATION_FAILED');
    expect(inField.json().message).toMatch(/body\.caption caption must not contain the NUL character/);
    const inName = await uploadPhoto(bioId, user, photo(smallPng, 'me\u0000.png'));
    expectEnvelope(inName, 400, 'VALIDATION_FAILED');
    expect(inName.json().message).toMatch(/body\.profilePhoto profilePhoto must not contain the NUL character/);
    expect(await photoIdOf(bioId)).toBeNull();
    // The same upload without the NUL goes through.
    expect((await uploadPhoto(bioId, user, [{ name: 'caption', data: 'ab' }, ...photo(smallPng)])).statusCode).toBe(
      200,
    );
  });
});
