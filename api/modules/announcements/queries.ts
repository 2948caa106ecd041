import type { Kysely } from 'kysely';
import type { AnnouncementListQuery, PublicAnnouncement } from '../../contracts/announcements.ts';
import type { Database } from '../../db/schema.ts';

/** Visible announcements whose publication time has come; hidden and scheduled ones never show. */
function publicAnnouncements(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('announcements')
    .where('is_visible', '=', true)
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
    .where('published_at', '<=', now)
    .executeTakeFirst();
  return row?.picture_id;
}
