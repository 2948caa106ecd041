import type { Kysely, Transaction, Updateable } from 'kysely';
import type { BlockInput } from '../../contracts/announcement-blocks.ts';
import {
  type AdminAnnouncement,
  ANNOUNCEMENT_IMAGE_MAX_BYTES,
  ANNOUNCEMENT_IMAGE_WIDTHS,
  type AnnouncementCreate,
  type AnnouncementImage,
  type AnnouncementUpdate,
} from '../../contracts/announcements.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AnnouncementsTable, Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../domain/errors.ts';
import { type NormalisedImage, normaliseUpload, storeImage } from '../pictures/service.ts';
import { adminAnnouncementById } from './queries.ts';
import { sanitizeBlocks } from './sanitize.ts';

export const announcementNotFound = () => notFound('Announcement', 'ANNOUNCEMENT_NOT_FOUND');

export const ANNOUNCEMENT_IMAGE_MAX_PIXELS = 40_000_000;

export const IMAGE_MESSAGES = {
  unsupported: 'The image must be a JPEG, PNG, WebP, GIF or AVIF picture.',
  tooLarge: `The image must be at most ${ANNOUNCEMENT_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`,
  tooManyPixels: `The image must be at most ${ANNOUNCEMENT_IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
  required: 'Choose an image to upload (multipart/form-data, field image).',
} as const;

/** The slug of a title: lowercase ASCII words joined by hyphens. */
export function announcementSlugBase(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return words || 'announcement';
}

async function freeSlug(db: Kysely<Database>, base: string): Promise<string> {
  // The base is [a-z0-9-] only, so it holds no LIKE wildcards.
  const rows = await db
    .selectFrom('announcements')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * Image blocks may only show images uploaded for this announcement: another id is a 400 naming the block,
 * so a body never points at a picture the public could not be shown.
 */
async function checkImageBlocks(
  db: Kysely<Database>,
  announcementId: number | undefined,
  blocks: readonly BlockInput[],
): Promise<void> {
  const wanted = blocks.flatMap((block, index) => (block.type === 'image' ? [{ index, id: block.data.imageId }] : []));
  if (wanted.length === 0) return;
  const own =
    announcementId === undefined
      ? new Set<number>()
      : new Set(
          (
            await db
              .selectFrom('announcement_images')
              .select('id')
              .where('announcement_id', '=', announcementId)
              .where(
                'id',
                'in',
                wanted.map((w) => w.id),
              )
              .execute()
          ).map((r) => r.id),
        );
  const missing = wanted.find((w) => !own.has(w.id));
  if (missing) {
    throw badRequest(
      'UNKNOWN_IMAGE',
      `content block ${missing.index + 1} (image): image ${missing.id} was not uploaded for this announcement`,
      [{ field: `content.${missing.index}.data.imageId`, message: 'must be an image uploaded for this announcement' }],
    );
  }
}

/** POST /announcements: a new announcement (a draft unless said), with a unique slug from its title. */
export async function createAnnouncement(
  db: Kysely<Database>,
  now: Date,
  authorId: number,
  body: AnnouncementCreate,
): Promise<AdminAnnouncement> {
  const content = sanitizeBlocks(body.content);
  await checkImageBlocks(db, undefined, content);
  for (let attempt = 0; ; attempt++) {
    try {
      const slug = await freeSlug(db, announcementSlugBase(body.title));
      const row = await db
        .insertInto('announcements')
        .values({
          slug,
          title: body.title,
          // The excerpt is plain text the browser shows as text: kept as typed.
          excerpt: body.excerpt,
          content: JSON.stringify(content),
          is_draft: body.status === 'draft',
          published_at: body.publishedAt ? new Date(body.publishedAt) : now,
          is_pinned: body.isPinned,
          is_visible: body.isVisible,
          video_url: body.videoUrl,
          author_id: authorId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await adminAnnouncementById(db, now, row.id)) as AdminAnnouncement;
    } catch (error) {
      // Two creations with the same title at once: the loser takes the next free slug.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** The row of a live (not deleted) announcement, locked for the change; 409 when the version is not the one held. */
async function lockForChange(trx: Transaction<Database>, id: number, expectedVersion: number | undefined) {
  const row = await trx
    .selectFrom('announcements')
    .select(['id', 'version', 'deleted_at', 'updated_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) throw announcementNotFound();
  if (expectedVersion !== undefined && row.version !== expectedVersion) {
    throw conflict('VERSION_CONFLICT', 'Another admin saved this announcement since you opened it.', {
      currentVersion: row.version,
      updatedAt: new Date(row.updated_at).toISOString(),
    });
  }
  return row;
}

/** PATCH /announcements/{id}: the given fields, at the version the editor holds. */
export async function updateAnnouncement(
  db: Kysely<Database>,
  now: Date,
  id: number,
  body: AnnouncementUpdate,
): Promise<AdminAnnouncement> {
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, id, body.expectedVersion);
    const columns: Updateable<AnnouncementsTable> = { version: row.version + 1, updated_at: now };
    if (body.title !== undefined) columns.title = body.title;
    if (body.excerpt !== undefined) columns.excerpt = body.excerpt;
    if (body.content !== undefined) {
      const content = sanitizeBlocks(body.content);
      await checkImageBlocks(trx, id, content);
      columns.content = JSON.stringify(content);
    }
    if (body.status !== undefined) columns.is_draft = body.status === 'draft';
    if (body.publishedAt !== undefined) columns.published_at = new Date(body.publishedAt);
    if (body.isPinned !== undefined) columns.is_pinned = body.isPinned;
    if (body.isVisible !== undefined) columns.is_visible = body.isVisible;
    if (body.videoUrl !== undefined) columns.video_url = body.videoUrl;
    if (body.pictureImageId !== undefined) {
      columns.picture_id = body.pictureImageId === null ? null : await largestPictureOf(trx, id, body.pictureImageId);
    }
    await trx.updateTable('announcements').set(columns).where('id', '=', id).execute();
  });
  return (await adminAnnouncementById(db, now, id)) as AdminAnnouncement;
}

async function largestPictureOf(db: Kysely<Database>, announcementId: number, imageId: number): Promise<number> {
  const variant = await db
    .selectFrom('announcement_image_variants as v')
    .innerJoin('announcement_images as i', 'i.id', 'v.image_id')
    .select('v.picture_id')
    .where('i.id', '=', imageId)
    .where('i.announcement_id', '=', announcementId)
    .orderBy('v.width', 'desc')
    .executeTakeFirst();
  if (!variant) {
    throw badRequest('UNKNOWN_IMAGE', `pictureImageId: image ${imageId} was not uploaded for this announcement`, [
      { field: 'pictureImageId', message: 'must be an image uploaded for this announcement' },
    ]);
  }
  return variant.picture_id;
}

/** PATCH /announcements/{id}/visibility and /pin: one flag; the version moves, so an open editor learns of it. */
export async function setAnnouncementFlag(
  db: Kysely<Database>,
  now: Date,
  id: number,
  flag: 'is_visible' | 'is_pinned',
  value: boolean,
  expectedVersion: number | undefined,
): Promise<AdminAnnouncement> {
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, id, expectedVersion);
    await trx
      .updateTable('announcements')
      .set({ [flag]: value, version: row.version + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  });
  return (await adminAnnouncementById(db, now, id)) as AdminAnnouncement;
}

/** DELETE /announcements/{id}: soft; it leaves every public page and the admin list, and can be restored. */
export async function softDeleteAnnouncement(db: Kysely<Database>, now: Date, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, id, undefined);
    await trx
      .updateTable('announcements')
      .set({ deleted_at: now, version: row.version + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  });
}

/** POST /announcements/{id}/restore: a deleted announcement comes back as it was; restoring a live one changes nothing. */
export async function restoreAnnouncement(db: Kysely<Database>, now: Date, id: number): Promise<AdminAnnouncement> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('announcements')
      .select(['version', 'deleted_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw announcementNotFound();
    if (row.deleted_at === null) return;
    await trx
      .updateTable('announcements')
      .set({ deleted_at: null, version: row.version + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  });
  return (await adminAnnouncementById(db, now, id)) as AdminAnnouncement;
}

/** Whether a live announcement exists: settled before an upload is read. */
export async function requireAnnouncementForChange(db: Kysely<Database>, id: number): Promise<void> {
  const row = await db
    .selectFrom('announcements')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw announcementNotFound();
}

/** The widths kept of an image this wide: those below it, and the image's own width when it is narrower than the largest. */
export function widthsFor(originalWidth: number): number[] {
  const below = ANNOUNCEMENT_IMAGE_WIDTHS.filter((w) => w < originalWidth);
  const largest = ANNOUNCEMENT_IMAGE_WIDTHS[ANNOUNCEMENT_IMAGE_WIDTHS.length - 1] as number;
  return originalWidth >= largest ? [...below] : [...below, originalWidth];
}

/** Checks and re-encodes an upload at every width (by its bytes, whatever its name or claimed type). */
export async function normaliseAnnouncementImage(bytes: Buffer): Promise<NormalisedImage[]> {
  const options = (maxWidth: number) => ({
    maxWidth,
    maxHeight: maxWidth * 2,
    maxInputPixels: ANNOUNCEMENT_IMAGE_MAX_PIXELS,
  });
  const largest = ANNOUNCEMENT_IMAGE_WIDTHS[ANNOUNCEMENT_IMAGE_WIDTHS.length - 1] as number;
  const biggest = await normaliseUpload(bytes, options(largest), 'IMAGE_TOO_LARGE', IMAGE_MESSAGES);
  const smaller = widthsFor(biggest.width).filter((w) => w < biggest.width);
  const variants: NormalisedImage[] = [];
  for (const width of smaller) {
    variants.push(await normaliseUpload(bytes, options(width), 'IMAGE_TOO_LARGE', IMAGE_MESSAGES));
  }
  return [...variants, biggest];
}

/** Stores the widths of one upload for an announcement, in one transaction. */
export async function storeAnnouncementImage(
  db: Kysely<Database>,
  announcementId: number,
  uploadedBy: number,
  variants: readonly NormalisedImage[],
): Promise<AnnouncementImage> {
  const biggest = variants[variants.length - 1] as NormalisedImage;
  return db.transaction().execute(async (trx) => {
    await requireAnnouncementForChange(trx, announcementId);
    const image = await trx
      .insertInto('announcement_images')
      .values({
        announcement_id: announcementId,
        width: biggest.width,
        height: biggest.height,
        uploaded_by: uploadedBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const widths: number[] = [];
    for (const variant of variants) {
      if (widths.includes(variant.width)) continue;
      const stored = await storeImage(trx, variant);
      await trx
        .insertInto('announcement_image_variants')
        .values({ image_id: image.id, width: variant.width, picture_id: stored.id })
        .execute();
      widths.push(variant.width);
    }
    return { imageId: image.id, width: biggest.width, height: biggest.height, widths };
  });
}
