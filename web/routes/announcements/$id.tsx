import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, CalendarDays, FileQuestion, Pin } from 'lucide-react';
import { PUBLIC_BUTTON, PublicLoadError, PublicNotFound } from '../../components/public-states.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { AnnouncementPicture } from '../../features/announcements/components/announcement-picture.tsx';
import { ContentBlocks } from '../../features/announcements/components/content-blocks.tsx';
import { type Announcement, announcementQuery } from '../../features/announcements/queries.ts';
import { loadRecord, recordIdOf, useRecord } from '../../lib/detail-route.ts';
import { formatDateTime } from '../../lib/format.ts';
import { usePageError } from '../../lib/use-page-error.ts';

export const Route = createFileRoute('/announcements/$id')({
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, announcementQuery(recordIdOf(params.id)));
  },
  pendingComponent: () => (
    <div className="flex justify-center px-4 py-24" data-testid="announcement-loading">
      <Spinner label="Loading announcement" />
    </div>
  ),
  errorComponent: AnnouncementError,
  notFoundComponent: AnnouncementNotFound,
  component: AnnouncementPage,
});

function AnnouncementPage() {
  const announcement = useRecord(announcementQuery(recordIdOf(Route.useParams().id)));
  usePageError(announcement.error);
  return <AnnouncementArticle announcement={announcement.data} />;
}

function BackLink() {
  return (
    <Link
      to="/announcements"
      className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-slate-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
      data-testid="back-link"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Announcements
    </Link>
  );
}

function AnnouncementArticle({ announcement }: { announcement: Announcement }) {
  const { id, title, excerpt, publishedAt, isPinned, hasPicture, videoUrl, content } = announcement;
  return (
    <div className="bg-white">
      <article className="mx-auto max-w-3xl px-4 pb-16 pt-6 sm:px-6 sm:pt-10" data-testid="announcement-detail">
        <BackLink />

        {hasPicture && <AnnouncementPicture announcementId={id} alt={title} variant="hero" className="mt-6" />}

        <header className="mt-8">
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
            {isPinned && (
              <span
                className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-bold uppercase tracking-wider text-brand-800 ring-1 ring-brand-100"
                data-testid="pinned-tag"
              >
                <Pin className="size-3.5 rotate-45 fill-current" aria-hidden="true" />
                Pinned
              </span>
            )}
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
              <time dateTime={publishedAt}>{formatDateTime(publishedAt)}</time>
            </span>
          </div>
          <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight text-slate-900 text-balance sm:text-4xl lg:text-5xl">
            {title}
          </h1>
          {excerpt && <p className="mt-5 text-lg leading-relaxed text-slate-600 sm:text-xl">{excerpt}</p>}
        </header>

        <hr className="my-8 border-slate-200 sm:my-10" />

        <ContentBlocks blocks={content} announcementId={id} />

        {videoUrl && (
          <p className="mt-10">
            <a
              href={videoUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${PUBLIC_BUTTON} bg-brand-700 text-white hover:bg-brand-800`}
              data-testid="video-link"
            >
              Watch Video →<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        )}

        <footer className="mt-12 border-t border-slate-200 pt-8">
          <Link
            to="/announcements"
            className={`${PUBLIC_BUTTON} border border-slate-300 text-slate-800 hover:border-brand-700 hover:text-brand-700`}
          >
            View All Announcements
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </footer>
      </article>
    </div>
  );
}

function AnnouncementNotFound() {
  return (
    <PublicNotFound
      testId="announcement-not-found"
      icon={<FileQuestion className="size-8" aria-hidden="true" />}
      title="Announcement Not Found"
      to="/announcements"
      backLabel="Back to Announcements"
    >
      The announcement you're looking for doesn't exist or has been removed.
    </PublicNotFound>
  );
}

function AnnouncementError({ error }: { error: unknown }) {
  usePageError(error);
  return <PublicLoadError testId="announcement-error" back={<BackLink />} title="Unable to load this announcement." />;
}
