/** The kinds of block an announcement's body is made of: shared by the database types, the API contracts and the browser. */
export const BLOCK_TYPES = ['paragraph', 'heading', 'image', 'video', 'quote', 'list', 'divider'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** One block of an announcement's body, as stored. */
export interface ContentBlock {
  type: BlockType;
  data: Record<string, unknown>;
}

/** The most blocks one body holds, and the longest text of one block (docs/decisions/035). */
export const MAX_BLOCKS = 200;
export const MAX_BLOCK_TEXT = 20_000;
export const MAX_LIST_ITEMS = 100;
export const HEADING_LEVELS = [2, 3, 4] as const;

// No zod here: this file is in the always-loaded vocabulary chunk of the web app (web/vite.config.ts);
// the block schemas are in api/contracts/announcement-blocks.ts.

/** The address of one width of an announcement image; the server answers the nearest stored width. */
export const announcementImagePath = (announcementId: number, imageId: number, width: number) =>
  `/api/announcements/${announcementId}/images/${imageId}?width=${width}`;

// ---------- video addresses (docs/decisions/035) ----------

export type VideoProvider = 'youtube' | 'vimeo';
export interface VideoRef {
  provider: VideoProvider;
  videoId: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/**
 * The provider and video id of a YouTube or Vimeo address, or null for anything else (another host, another
 * scheme, a channel or playlist page). Only https and http are read; the id is checked by its shape.
 */
export function parseVideoUrl(raw: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live') id = parts[1];
    else if (parts.length === 0) id = url.searchParams.get('v') ?? undefined;
  } else if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    id = parts.length === 1 ? parts[0] : undefined;
  } else if (host === 'player.vimeo.com') {
    id = parts[0] === 'video' ? parts[1] : undefined;
  } else return null;
  if (id === undefined) return null;
  if (host === 'youtu.be' || YOUTUBE_HOSTS.has(host))
    return YOUTUBE_ID.test(id) ? { provider: 'youtube', videoId: id } : null;
  return VIMEO_ID.test(id) ? { provider: 'vimeo', videoId: id } : null;
}

/** The privacy-enhanced player of a video: YouTube's no-cookie host, Vimeo with do-not-track. */
export function videoEmbedUrl({ provider, videoId }: VideoRef): string {
  return provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${videoId}`
    : `https://player.vimeo.com/video/${videoId}?dnt=1`;
}

/** The canonical watch address of a video. */
export function videoWatchUrl({ provider, videoId }: VideoRef): string {
  return provider === 'youtube' ? `https://www.youtube.com/watch?v=${videoId}` : `https://vimeo.com/${videoId}`;
}

/** Publication state: a draft is never public; a published item whose time has not come is scheduled. */
export const PUBLICATION_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export function publicationStatus(isDraft: boolean, publishedAt: Date | string, now: Date): PublicationStatus {
  if (isDraft) return 'draft';
  return new Date(publishedAt).getTime() > now.getTime() ? 'scheduled' : 'published';
}
