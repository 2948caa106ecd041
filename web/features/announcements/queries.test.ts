import { describe, expect, it } from 'vitest';
import {
  announcementFromDetail,
  announcementKeys,
  announcementQuery,
  announcementsQuery,
  featuredAnnouncementsQuery,
} from './queries.ts';

const announcement = {
  id: 7,
  title: 'Calendar is out',
  excerpt: 'Seven stops',
  publishedAt: '2026-11-21T15:00:00.000Z',
  isPinned: true,
  hasPicture: false,
  videoUrl: null,
  content: [{ type: 'paragraph', data: { text: 'Hello' } }],
};

describe('announcementFromDetail (valid only with a title)', () => {
  it('unwraps the data field', () => {
    expect(announcementFromDetail({ data: announcement })).toEqual(announcement);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'Not found'],
    ['no data field', announcement],
    ['data null', { data: null }],
    ['data without a title', { data: { ...announcement, title: undefined } }],
    ['an empty title', { data: { ...announcement, title: '  ' } }],
    ['a title that is not text', { data: { ...announcement, title: 42 } }],
  ])('is no announcement for %s', (_, body) => {
    expect(announcementFromDetail(body)).toBeNull();
  });

  it('gives an announcement without a body list an empty body', () => {
    expect(announcementFromDetail({ data: { ...announcement, content: undefined } })?.content).toEqual([]);
  });
});

describe('query options', () => {
  it('use nested keys', () => {
    expect(announcementsQuery().queryKey).toEqual(['announcements', 'list', { limit: undefined }]);
    expect(announcementsQuery(3).queryKey).toEqual(['announcements', 'list', { limit: 3 }]);
    expect(featuredAnnouncementsQuery().queryKey).toEqual(['announcements', 'featured', 3]);
    expect(announcementQuery(5).queryKey).toEqual(announcementKeys.detail(5));
  });

  it('stay fresh five minutes', () => {
    for (const options of [announcementsQuery(), featuredAnnouncementsQuery(), announcementQuery(1)]) {
      expect(options.staleTime).toBe(300_000);
    }
  });

  it('enable the detail only with an id', () => {
    expect(announcementQuery(undefined).enabled).toBe(false);
    expect(announcementQuery(4).enabled).toBe(true);
  });
});
