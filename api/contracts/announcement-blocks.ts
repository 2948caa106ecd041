import { z } from 'zod';
import {
  BLOCK_TYPES,
  type BlockType,
  HEADING_LEVELS,
  MAX_BLOCK_TEXT,
  MAX_BLOCKS,
  MAX_LIST_ITEMS,
  parseVideoUrl,
  videoWatchUrl,
} from '../domain/announcements/blocks.ts';

/** Block schemas: what a write may contain (docs/decisions/035); reads stay open, see announcements.ts. */

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
