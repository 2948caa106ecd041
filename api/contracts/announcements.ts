import { z } from 'zod';
import { BLOCK_TYPES, PUBLICATION_STATUSES } from '../domain/announcements/blocks.ts';
import { blocksInputSchema } from './announcement-blocks.ts';
import { booleanQuery, idParamSchema, MAX_ID, pageOf, searchQueryInput, textInput } from './common.ts';

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

// ---------- the editor's side (docs/decisions/035, 036) ----------

/** The picture field of POST /announcements/{id}/upload-image, its size limit, and the widths stored. */
export const ANNOUNCEMENT_IMAGE_FIELD = 'image';
export const ANNOUNCEMENT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Widths kept of every upload (never wider than the original): phones take the small one. */
export const ANNOUNCEMENT_IMAGE_WIDTHS = [480, 960, 1600] as const;

export { announcementImagePath } from '../domain/announcements/blocks.ts';

const titleInput = textInput('title', 'name', 'title is required')
  .trim()
  .min(1, 'title is required')
  .max(200, 'title must be at most 200 characters');
const excerptInput = textInput('excerpt', 'multiline').trim().max(500, 'excerpt must be at most 500 characters');
const videoUrlInput = z
  .url({ protocol: /^https?$/, error: 'videoUrl must be an http:// or https:// address' })
  .max(500, 'videoUrl must be at most 500 characters')
  .nullable();
const publishedAtInput = z.iso.datetime({ offset: true, error: 'publishedAt must be a date and time (ISO 8601)' });
const imageIdInput = z
  .number({ error: 'pictureImageId must be a positive whole number or null' })
  .int('pictureImageId must be a positive whole number or null')
  .min(1, 'pictureImageId must be a positive whole number or null')
  .max(MAX_ID, 'pictureImageId must be a positive whole number or null')
  .nullable();
const versionInput = z
  .number({ error: 'expectedVersion must be a positive whole number' })
  .int('expectedVersion must be a positive whole number')
  .min(1, 'expectedVersion must be a positive whole number')
  .max(MAX_ID, 'expectedVersion must be a positive whole number');

/** What a write may set: draft or published; "scheduled" is a published item whose time is ahead. */
export const WRITABLE_STATUSES = ['draft', 'published'] as const;
const statusInput = z.enum(WRITABLE_STATUSES, { error: 'status must be draft or published' });

/** POST /announcements: a title is all it needs; a draft by default, so nothing half-written goes public. */
export const announcementCreateBodySchema = z.strictObject({
  title: titleInput,
  excerpt: excerptInput.default(''),
  content: blocksInputSchema.default([]),
  status: statusInput.default('draft'),
  publishedAt: publishedAtInput.optional(),
  isPinned: z.boolean({ error: 'isPinned must be true or false' }).default(false),
  isVisible: z.boolean({ error: 'isVisible must be true or false' }).default(true),
  videoUrl: videoUrlInput.default(null),
});
export type AnnouncementCreate = z.output<typeof announcementCreateBodySchema>;

/** PATCH /announcements/{id}: the fields to change and the version the editor opened (409 when stale). */
export const announcementUpdateBodySchema = z.strictObject({
  expectedVersion: versionInput,
  title: titleInput.optional(),
  excerpt: excerptInput.optional(),
  content: blocksInputSchema.optional(),
  status: statusInput.optional(),
  publishedAt: publishedAtInput.optional(),
  isPinned: z.boolean({ error: 'isPinned must be true or false' }).optional(),
  isVisible: z.boolean({ error: 'isVisible must be true or false' }).optional(),
  videoUrl: videoUrlInput.optional(),
  /** An image uploaded for this announcement becomes its picture; null removes the picture. */
  pictureImageId: imageIdInput.optional(),
});
export type AnnouncementUpdate = z.output<typeof announcementUpdateBodySchema>;

/** PATCH /announcements/{id}/visibility and /pin: the flag, and optionally the version held. */
export const announcementVisibilityBodySchema = z.strictObject({
  isVisible: z.boolean({ error: 'isVisible must be true or false' }),
  expectedVersion: versionInput.optional(),
});
export const announcementPinBodySchema = z.strictObject({
  isPinned: z.boolean({ error: 'isPinned must be true or false' }),
  expectedVersion: versionInput.optional(),
});

/** An announcement as an admin sees it: hidden, draft, scheduled and deleted ones too. */
export const adminAnnouncementSchema = publicAnnouncementSchema.extend({
  slug: z.string(),
  status: z.enum(PUBLICATION_STATUSES),
  isVisible: z.boolean(),
  version: z.number().int(),
  pictureImageId: z.number().int().nullable(),
  images: z.array(
    z.object({
      id: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
      widths: z.array(z.number().int()),
    }),
  ),
  deletedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
export const adminAnnouncementDetailSchema = z.object({ data: adminAnnouncementSchema });
export const adminAnnouncementPageSchema = pageOf(adminAnnouncementSchema);
export type AdminAnnouncementPage = z.infer<typeof adminAnnouncementPageSchema>;

/**
 * GET /announcements as a whole: the public query, and for an admin (bearer token) who asks for it
 * (view=admin, or any of the admin filters or page) a page with the filters isVisible, isPinned, status
 * (draft, scheduled, published), deleted (the bin) and query (title words). An admin reading the public
 * site sends neither and gets the public list.
 */
export const announcementsQuerySchema = announcementListQuerySchema.extend({
  view: z.enum(['admin'], { error: 'view must be admin' }).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .optional(),
  isVisible: booleanQuery('isVisible').optional(),
  isPinned: booleanQuery('isPinned').optional(),
  status: z.enum(PUBLICATION_STATUSES, { error: 'status must be draft, scheduled or published' }).optional(),
  deleted: booleanQuery('deleted').optional(),
  query: searchQueryInput().optional(),
});
export type AnnouncementsQuery = z.infer<typeof announcementsQuerySchema>;

export const announcementImageParamsSchema = z.object({ id: idParamSchema, imageId: idParamSchema });
export const announcementImageQuerySchema = z.object({
  width: z.coerce
    .number({ error: 'width must be a whole number from 1 to 4000' })
    .int('width must be a whole number from 1 to 4000')
    .min(1, 'width must be a whole number from 1 to 4000')
    .max(4000, 'width must be a whole number from 1 to 4000')
    .default(960),
});
export const announcementImageSchema = z.object({
  imageId: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
});
export type AnnouncementImage = z.infer<typeof announcementImageSchema>;

/** Whether a list query asks for the admin page (docs/decisions/036). */
export const asksForAdminView = (q: AnnouncementsQuery): boolean =>
  q.view === 'admin' ||
  q.page !== undefined ||
  q.isVisible !== undefined ||
  q.isPinned !== undefined ||
  q.status !== undefined ||
  q.deleted !== undefined ||
  q.query !== undefined;
