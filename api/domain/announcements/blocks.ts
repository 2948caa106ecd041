import { z } from 'zod';

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

// ---------- block schemas (what a write may contain; reads stay open, see api/contracts/announcements.ts) ----------

// Control characters other than line breaks and tabs are stripped; a NUL or a lone surrogate is refused
// (docs/decisions/027, the same rule as api/contracts/common.ts textInput, kept here so the domain stays self-contained).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point (decision 027)
const CONTROLS = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const unstorable = (s: string) => s.includes('\u0000') || /\p{Cs}/u.test(s);
const blockText = (label: string, max = MAX_BLOCK_TEXT) =>
  z
    .string({ error: `${label} must be text` })
    .refine((s) => !unstorable(s), `${label} must not contain the NUL character or half a surrogate pair`)
    .overwrite((s) => s.replace(CONTROLS, ''))
    .max(max, `${label} must be at most ${max} characters`);

export const paragraphDataSchema = z.strictObject({ text: blockText('text') });
export const headingDataSchema = z.strictObject({
  text: blockText('text', 300),
  level: z
    .number({ error: 'level must be 2, 3 or 4' })
    .refine((n): n is 2 | 3 | 4 => (HEADING_LEVELS as readonly number[]).includes(n), 'level must be 2, 3 or 4'),
});
export const imageDataSchema = z.strictObject({
  imageId: z
    .number({ error: 'imageId must be a positive whole number' })
    .int('imageId must be a positive whole number')
    .min(1, 'imageId must be a positive whole number')
    .max(2147483647, 'imageId must be a positive whole number'),
  caption: blockText('caption', 500).default(''),
  alt: blockText('alt', 500).default(''),
});
export const videoDataSchema = z
  .strictObject({ url: blockText('url', 500), caption: blockText('caption', 500).default('') })
  .transform((data, ctx) => {
    const ref = parseVideoUrl(data.url);
    if (!ref) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'url must be a YouTube or Vimeo video address' });
      return z.NEVER;
    }
    return { url: videoWatchUrl(ref), provider: ref.provider, videoId: ref.videoId, caption: data.caption };
  });
export const quoteDataSchema = z.strictObject({
  text: blockText('text'),
  caption: blockText('caption', 500).default(''),
});
export const listDataSchema = z.strictObject({
  style: z.enum(['unordered', 'ordered'], { error: 'style must be unordered or ordered' }).default('unordered'),
  items: z
    .array(blockText('item', 2000), { error: 'items must be a list of texts' })
    .max(MAX_LIST_ITEMS, `items must hold at most ${MAX_LIST_ITEMS} entries`),
});
export const dividerDataSchema = z.strictObject({});

/** Each block type's data schema: the server refuses any other type, and any other data, naming the block. */
export const BLOCK_DATA_SCHEMAS = {
  paragraph: paragraphDataSchema,
  heading: headingDataSchema,
  image: imageDataSchema,
  video: videoDataSchema,
  quote: quoteDataSchema,
  list: listDataSchema,
  divider: dividerDataSchema,
} as const satisfies Record<BlockType, z.ZodType>;

/** One block as a write sends it: a known type, and data of that type's shape. */
export const blockInputSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('paragraph'), data: paragraphDataSchema }),
    z.strictObject({ type: z.literal('heading'), data: headingDataSchema }),
    z.strictObject({ type: z.literal('image'), data: imageDataSchema }),
    z.strictObject({ type: z.literal('video'), data: videoDataSchema }),
    z.strictObject({ type: z.literal('quote'), data: quoteDataSchema }),
    z.strictObject({ type: z.literal('list'), data: listDataSchema }),
    z.strictObject({ type: z.literal('divider'), data: dividerDataSchema.default({}) }),
  ],
  { error: `type must be one of ${BLOCK_TYPES.join(', ')}` },
);
export type BlockInput = z.output<typeof blockInputSchema>;

export const blocksInputSchema = z
  .array(blockInputSchema, { error: 'content must be a list of blocks' })
  .max(MAX_BLOCKS, `content must hold at most ${MAX_BLOCKS} blocks`);

/** Publication state: a draft is never public; a published item whose time has not come is scheduled. */
export const PUBLICATION_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export function publicationStatus(isDraft: boolean, publishedAt: Date | string, now: Date): PublicationStatus {
  if (isDraft) return 'draft';
  return new Date(publishedAt).getTime() > now.getTime() ? 'scheduled' : 'published';
}
