import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  AdminAnnouncement,
  AdminAnnouncementPage,
  AnnouncementListQuery,
  AnnouncementsQuery,
  PublicAnnouncement,
} from '../../contracts/announcements.ts';
import { containsPattern } from '../../db/like.ts';
import { iso, isoOrNull } from '../../db/rows.ts';
import type { AnnouncementsTable, Database } from '../../db/schema.ts';
import { publicationStatus } from '../../domain/announcements/blocks.ts';

/**
 * Visible, published, not deleted announcements whose publication time has come: hidden, draft, deleted
 * and scheduled ones never show. No job publishes a scheduled item: this comparison with now does
 * (docs/decisions/036).
 */
function publicAnnouncements(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('announcements')
    .where('is_visible', '=', true)
    .where('is_draft', '=', false)
    .where('deleted_at', 'is', null)
    .where('published_at', '<=', now)
    .select(['id', 'title', 'excerpt', 'published_at', 'is_pinned', 'picture_id', 'video_url', 'content']);
}

type AnnouncementRow = Awaited<ReturnType<ReturnType<typeof publicAnnouncements>['executeTakeFirstOrThrow']>>;

function toPublicAnnouncement(row: AnnouncementRow): PublicAnnouncement {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    publishedAt: new Date(row.published_at).toISOString(),
    isPinned: row.is_pinned,
    hasPicture: row.picture_id !== null,
    videoUrl: row.video_url,
    content: row.content,
  };
}

/** Pinned first (docs/decisions/006), then by publication time in the asked order. */
export async function listAnnouncements(
  db: Kysely<Database>,
  now: Date,
  { order, limit }: Pick<AnnouncementListQuery, 'order' | 'limit'>,
): Promise<PublicAnnouncement[]> {
  let query = publicAnnouncements(db, now)
    .orderBy('is_pinned', 'desc')
    .orderBy('published_at', order)
    .orderBy('id', order);
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map(toPublicAnnouncement);
}

export async function publicAnnouncementById(
  db: Kysely<Database>,
  now: Date,
  id: number,
): Promise<PublicAnnouncement | undefined> {
  const row = await publicAnnouncements(db, now).where('id', '=', id).executeTakeFirst();
  return row ? toPublicAnnouncement(row) : undefined;
}

/** The picture id of a public announcement: undefined when it is not public, null when it has none. */
export async function publicAnnouncementPictureId(
  db: Kysely<Database>,
  now: Date,
  id: number,
): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('announcements')
    .select('picture_id')
    .where('id', '=', id)
    .where('is_visible', '=', true)
    .where('is_draft', '=', false)
    .where('deleted_at', 'is', null)
    .where('published_at', '<=', now)
    .executeTakeFirst();
  return row?.picture_id;
}

/** Whether an announcement is public now (its pictures and images may be served to anyone). */
export async function isAnnouncementPublic(db: Kysely<Database>, now: Date, id: number): Promise<boolean> {
  const row = await publicAnnouncements(db, now).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

// ---------- the admin side (docs/decisions/036) ----------

const ADMIN_COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'content',
  'published_at',
  'is_pinned',
  'is_visible',
  'is_draft',
  'version',
  'video_url',
  'picture_id',
  'deleted_at',
  'created_at',
  'updated_at',
] as const;

type AdminRow = Pick<Selectable<AnnouncementsTable>, (typeof ADMIN_COLUMNS)[number]>;
type ImageRow = { id: number; announcement_id: number; width: number; height: number; widths: number[] };

async function imagesOf(db: Kysely<Database>, ids: readonly number[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('announcement_images as i')
    .select((eb) => [
      'i.id',
      'i.announcement_id',
      'i.width',
      'i.height',
      eb
        .selectFrom('announcement_image_variants as v')
        .select(sql<number[]>`coalesce(array_agg(v.width order by v.width), '{}')`.as('w'))
        .whereRef('v.image_id', '=', 'i.id')
        .as('widths'),
    ])
    .where('i.announcement_id', 'in', ids)
    .orderBy('i.id')
    .execute() as Promise<ImageRow[]>;
}

/** The image whose largest width is the announcement's picture, if it came from an upload. */
async function pictureImageIds(db: Kysely<Database>, rows: readonly AdminRow[]): Promise<Map<number, number>> {
  const pictureIds = rows.map((r) => r.picture_id).filter((p): p is number => p !== null);
  if (pictureIds.length === 0) return new Map();
  const found = await db
    .selectFrom('announcement_image_variants as v')
    .innerJoin('announcement_images as i', 'i.id', 'v.image_id')
    .select(['v.picture_id', 'i.id', 'i.announcement_id'])
    .where('v.picture_id', 'in', pictureIds)
    .execute();
  return new Map(found.map((f) => [f.announcement_id, f.id]));
}

async function toAdminAnnouncements(db: Kysely<Database>, now: Date, rows: AdminRow[]): Promise<AdminAnnouncement[]> {
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  const covers = await pictureImageIds(db, rows);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    publishedAt: iso(row.published_at),
    isPinned: row.is_pinned,
    isVisible: row.is_visible,
    status: publicationStatus(row.is_draft, row.published_at, now),
    version: row.version,
    hasPicture: row.picture_id !== null,
    pictureImageId: covers.get(row.id) ?? null,
    videoUrl: row.video_url,
    content: row.content,
    images: images
      .filter((i) => i.announcement_id === row.id)
      .map((i) => ({ id: i.id, width: i.width, height: i.height, widths: (i.widths ?? []).map(Number) })),
    deletedAt: isoOrNull(row.deleted_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}

/** Any announcement by id, deleted ones included (an admin may restore them). */
export async function adminAnnouncementById(
  db: Kysely<Database>,
  now: Date,
  id: number,
): Promise<AdminAnnouncement | undefined> {
  const row = await db.selectFrom('announcements').select(ADMIN_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return (await toAdminAnnouncements(db, now, [row]))[0];
}

/** The admin list: pinned first, then by publication time; filters of the list query (deleted ones only in the bin). */
export async function pageOfAdminAnnouncements(
  db: Kysely<Database>,
  now: Date,
  query: AnnouncementsQuery,
): Promise<AdminAnnouncementPage> {
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  let base = db.selectFrom('announcements');
  base = query.deleted ? base.where('deleted_at', 'is not', null) : base.where('deleted_at', 'is', null);
  if (query.isVisible !== undefined) base = base.where('is_visible', '=', query.isVisible);
  if (query.isPinned !== undefined) base = base.where('is_pinned', '=', query.isPinned);
  if (query.status === 'draft') base = base.where('is_draft', '=', true);
  if (query.status === 'scheduled') base = base.where('is_draft', '=', false).where('published_at', '>', now);
  if (query.status === 'published') base = base.where('is_draft', '=', false).where('published_at', '<=', now);
  if (query.query) base = base.where('title', 'ilike', containsPattern(query.query));
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(ADMIN_COLUMNS)
    .orderBy('is_pinned', 'desc')
    .orderBy('published_at', query.order)
    .orderBy('id', query.order)
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    data: await toAdminAnnouncements(db, now, rows),
    meta: { total: Number(total), page, perPage: limit },
  };
}

/** The stored picture of one width of an image of an announcement: the widest not above the asked width, else the narrowest. */
export async function announcementImagePictureId(
  db: Kysely<Database>,
  announcementId: number,
  imageId: number,
  width: number,
): Promise<number | undefined> {
  const variants = await db
    .selectFrom('announcement_image_variants as v')
    .innerJoin('announcement_images as i', 'i.id', 'v.image_id')
    .select(['v.width', 'v.picture_id'])
    .where('i.id', '=', imageId)
    .where('i.announcement_id', '=', announcementId)
    .orderBy('v.width')
    .execute();
  if (variants.length === 0) return undefined;
  const fitting = variants.filter((v) => v.width <= width);
  return (fitting.at(-1) ?? variants[0])?.picture_id;
}
