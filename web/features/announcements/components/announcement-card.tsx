import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarDays, Pin } from 'lucide-react';
import { formatDateTime } from '../../../lib/format.ts';
import type { Announcement } from '../queries.ts';
import { AnnouncementPicture } from './announcement-picture.tsx';

type CardAnnouncement = Pick<Announcement, 'id' | 'title' | 'excerpt' | 'publishedAt' | 'isPinned' | 'hasPicture'>;

/**
 * One announcement in the list: title, excerpt, published date and an optional picture thumbnail.
 * A pinned announcement shows a pin and a red title. The whole card is one link target.
 */
export function AnnouncementCard({
  announcement,
  headingLevel = 2,
}: {
  announcement: CardAnnouncement;
  headingLevel?: 2 | 3;
}) {
  const { id, title, excerpt, publishedAt, isPinned, hasPicture } = announcement;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition duration-200 focus-within:ring-2 focus-within:ring-brand-700 focus-within:ring-offset-2 hover:-translate-y-0.5 hover:shadow-lg sm:flex-row ${
        isPinned ? 'border-brand-100' : 'border-slate-200'
      }`}
      data-testid="announcement-card"
      data-pinned={isPinned}
    >
      {isPinned && <span className="absolute inset-y-0 left-0 z-10 w-1 bg-brand-700" aria-hidden="true" />}
      {hasPicture && (
        <div className="shrink-0 sm:w-56 lg:w-64">
          <AnnouncementPicture announcementId={id} alt="" variant="thumbnail" />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-5 sm:p-6">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          {isPinned && (
            <span className="inline-flex items-center gap-1 font-semibold text-brand-700" data-testid="pinned-marker">
              <Pin className="size-4 rotate-45 fill-current" aria-hidden="true" />
              <span>Pinned</span>
            </span>
          )}
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
            <time dateTime={publishedAt}>{formatDateTime(publishedAt)}</time>
          </span>
        </p>
        <Heading
          className={`text-lg font-bold leading-snug tracking-tight sm:text-xl ${isPinned ? 'text-brand-700' : 'text-slate-900'}`}
          data-testid="announcement-title"
        >
          <Link
            to="/announcements/$id"
            params={{ id: String(id) }}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:underline group-hover:decoration-2 group-hover:underline-offset-4"
          >
            {title}
          </Link>
        </Heading>
        {excerpt && <p className="line-clamp-3 text-base leading-relaxed text-slate-600">{excerpt}</p>}
        <p
          className="mt-auto inline-flex items-center gap-1 pt-1 text-sm font-semibold text-brand-700"
          aria-hidden="true"
        >
          Read more
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
        </p>
      </div>
    </article>
  );
}
