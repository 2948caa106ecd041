import { z } from 'zod';
import { BLOCK_TYPES } from '../domain/announcements/blocks.ts';

/**
 * A body block. The type is kept open on reads: the public display skips types it does not know,
 * so one odd stored block must not break the whole announcement.
 */
export const contentBlockSchema = z.object({
  type: z.string().describe(`One of ${BLOCK_TYPES.join(', ')}`),
  data: z.record(z.string(), z.unknown()),
});
export type ContentBlockDto = z.infer<typeof contentBlockSchema>;

/** An announcement as the public site sees it. */
export const publicAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  publishedAt: z.iso.datetime(),
  isPinned: z.boolean(),
  hasPicture: z.boolean(),
  videoUrl: z.string().nullable(),
  content: z.array(contentBlockSchema),
});
export type PublicAnnouncement = z.infer<typeof publicAnnouncementSchema>;

export const announcementDetailSchema = z.object({ data: publicAnnouncementSchema });

const limitSchema = z.coerce
  .number({ message: 'must be from 1 to 50' })
  .int('must be from 1 to 50')
  .min(1, 'must be from 1 to 50')
  .max(50, 'must be from 1 to 50');

/** What the web client sends: `sort=publishedAt&order=desc&limit=3`. Pinned items always come first. */
export const announcementListQuerySchema = z.object({
  sort: z.enum(['publishedAt'], { message: 'must be publishedAt' }).default('publishedAt'),
  order: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).default('desc'),
  limit: limitSchema.optional(),
});
export type AnnouncementListQuery = z.infer<typeof announcementListQuerySchema>;

export const featuredAnnouncementsQuerySchema = z.object({ limit: limitSchema.default(3) });
