import { type Kysely, sql } from 'kysely';
import type { BioCreateBody, BioDto, BioUpdateBody } from '../../contracts/accounts.ts';
import { PROFILE_PHOTO_MAX_BYTES } from '../../contracts/accounts.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, DomainError, notFound } from '../../domain/errors.ts';
import { type AccessTokenClaims, isAdmin, requireOwnerOrAdmin } from '../../plugins/access.ts';
import { deletePicture, type NormalisedImage, normaliseUpload, storeImage } from '../pictures/service.ts';
import { type BioRow, bioRowById, bioRowByUserId, toBioDto } from './queries.ts';

/** The caller of a public read, asked for only when it matters (a bio of a deactivated account). */
export type LazyCaller = () => Promise<AccessTokenClaims | undefined>;

export const PROFILE_PHOTO_BOX = 800;
export const PROFILE_PHOTO_QUALITY = 82;
/** An 800x800 photo needs no more: a phone's 12-24 MP picture passes, a decompression bomb does not (decision 029). */
export const PROFILE_PHOTO_MAX_PIXELS = 25_000_000;

export const PHOTO_MESSAGES = {
  unsupported: 'The photo must be a JPEG, PNG or WebP image.',
  tooLarge: `The photo must be at most ${PROFILE_PHOTO_MAX_BYTES / (1024 * 1024)} MB.`,
  tooManyPixels: `The photo must be at most ${PROFILE_PHOTO_MAX_PIXELS / 1_000_000} megapixels.`,
  required: 'Choose a photo to upload (multipart/form-data, field profilePhoto).',
} as const;

const bioNotFound = () => notFound('Bio', 'BIO_NOT_FOUND');

/**
 * Bios are public competitor profiles, except those of deactivated accounts: those exist only for
 * the admins (as if deleted for everyone else, so nobody learns that the account was deactivated).
 */
async function visible(row: BioRow | undefined, caller: LazyCaller): Promise<BioRow> {
  if (!row) throw bioNotFound();
  if (row.is_active) return row;
  const who = await caller();
  if (who && isAdmin(who.role)) return row;
  throw bioNotFound();
}

export interface BioRead {
  bio: BioDto;
  /** False when only an admin may see it (the account is deactivated): such answers are never cached publicly. */
  isPublic: boolean;
}

export async function readBio(db: Kysely<Database>, id: number, caller: LazyCaller): Promise<BioRead> {
  const row = await visible(await bioRowById(db, id), caller);
  return { bio: toBioDto(row), isPublic: row.is_active };
}

export async function readBioOfUser(db: Kysely<Database>, userId: number, caller: LazyCaller): Promise<BioRead> {
  const row = await visible(await bioRowByUserId(db, userId), caller);
  return { bio: toBioDto(row), isPublic: row.is_active };
}

/** The photo's picture id (null without one) and whether the bio is public. */
export async function bioPhoto(
  db: Kysely<Database>,
  id: number,
  caller: LazyCaller,
): Promise<{ photoId: number | null; isPublic: boolean }> {
  const row = await db
    .selectFrom('bios')
    .innerJoin('users', 'users.id', 'bios.user_id')
    .select(['bios.photo_id', 'users.is_active'])
    .where('bios.id', '=', id)
    .executeTakeFirst();
  if (!row) throw bioNotFound();
  if (!row.is_active) {
    const who = await caller();
    if (!who || !isAdmin(who.role)) throw bioNotFound();
  }
  return { photoId: row.photo_id, isPublic: row.is_active };
}

/**
 * The bio a signed-in caller wants to change: 404 when it does not exist (or is hidden from them),
 * 403 when it is someone else's and they are not an admin.
 */
export async function bioForChange(db: Kysely<Database>, id: number, caller: AccessTokenClaims): Promise<BioRow> {
  const row = await visible(await bioRowById(db, id), async () => caller);
  requireOwnerOrAdmin(caller, row.user_id);
  return row;
}

async function reread(db: Kysely<Database>, id: number): Promise<BioDto> {
  const row = await bioRowById(db, id);
  if (!row) throw bioNotFound();
  return toBioDto(row);
}

/** Optional text columns keep null rather than '' for "not given". */
const textOrNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

function columnsOf(body: BioUpdateBody) {
  const columns: {
    headline?: string;
    about?: string;
    position?: string | null;
    hometown?: string | null;
    years_of_service?: number | null;
  } = {};
  if (body.headline !== undefined) columns.headline = body.headline;
  if (body.about !== undefined) columns.about = body.about;
  if (body.position !== undefined) columns.position = textOrNull(body.position);
  if (body.hometown !== undefined) columns.hometown = textOrNull(body.hometown);
  if (body.yearsOfService !== undefined) columns.years_of_service = body.yearsOfService;
  return columns;
}

export async function createBio(db: Kysely<Database>, caller: AccessTokenClaims, body: BioCreateBody): Promise<BioDto> {
  const { userId: given, ...fields } = body;
  const userId = given ?? caller.sub;
  if (userId !== caller.sub && !isAdmin(caller.role)) {
    throw new DomainError(403, 'FORBIDDEN', 'You can only write your own bio.');
  }
  let id: number;
  try {
    // One statement: the unique key on user_id and the foreign key to users decide, so two racing
    // requests cannot both create a bio, and a user deleted meanwhile is a 404, not a 500.
    ({ id } = await db
      .insertInto('bios')
      .values({ user_id: userId, ...columnsOf(fields) })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('BIO_EXISTS', 'This user already has a bio.', { userId });
    if (isForeignKeyViolation(error)) throw notFound('User', 'USER_NOT_FOUND');
    throw error;
  }
  return reread(db, id);
}

export async function updateBio(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
  body: BioUpdateBody,
): Promise<BioDto> {
  await bioForChange(db, id, caller);
  const columns = columnsOf(body);
  if (Object.keys(columns).length > 0) {
    const result = await db
      .updateTable('bios')
      .set({ ...columns, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw bioNotFound();
  }
  return reread(db, id);
}

export async function deleteBio(db: Kysely<Database>, caller: AccessTokenClaims, id: number): Promise<void> {
  await bioForChange(db, id, caller);
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('bios').where('id', '=', id).returning('photo_id').executeTakeFirst();
    if (!deleted) throw bioNotFound();
    if (deleted.photo_id !== null) await deletePicture(trx, deleted.photo_id);
  });
}

/** Checks and re-encodes an uploaded photo (by its bytes, whatever its name or claimed type). */
export function normaliseProfilePhoto(bytes: Buffer): Promise<NormalisedImage> {
  const box = { maxWidth: PROFILE_PHOTO_BOX, maxHeight: PROFILE_PHOTO_BOX };
  const options = { ...box, quality: PROFILE_PHOTO_QUALITY, maxInputPixels: PROFILE_PHOTO_MAX_PIXELS };
  return normaliseUpload(bytes, options, 'PHOTO_TOO_LARGE', PHOTO_MESSAGES);
}

/** Stores the new photo and deletes the one it replaces, in one transaction. */
export async function replaceBioPhoto(db: Kysely<Database>, id: number, image: NormalisedImage): Promise<BioDto> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('bios')
      .select(['id', 'photo_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw bioNotFound();
    const stored = await storeImage(trx, image);
    await trx
      .updateTable('bios')
      .set({ photo_id: stored.id, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    if (current.photo_id !== null) await deletePicture(trx, current.photo_id);
  });
  return reread(db, id);
}
