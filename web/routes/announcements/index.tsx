import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CircleAlert, Newspaper, RefreshCw } from 'lucide-react';
import { Spinner } from '../../components/spinner.tsx';
import { AnnouncementCard } from '../../features/announcements/components/announcement-card.tsx';
import { announcementsQuery } from '../../features/announcements/queries.ts';
import { usePageError } from '../../lib/use-page-error.ts';

export const Route = createFileRoute('/announcements/')({
  // Start the call early (also on hover, through intent preloading) without holding the page back:
  // the page itself shows the loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(announcementsQuery());
  },
  component: AnnouncementsPage,
});

function AnnouncementsPage() {
  const announcements = useQuery(announcementsQuery());
  usePageError(announcements.error);

  return (
    <div className="bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
          <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-brand-700">
            <Newspaper className="size-4" aria-hidden="true" />
            News
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl lg:text-5xl">
            Latest News &amp; Announcements
          </h1>
          <p className="mt-4 max-w-2xl text-base text-slate-600 sm:text-lg">
            Season calendars, rule updates, registration reminders and stories from the competition floor.
          </p>
        </div>
      </header>

      <section aria-label="Announcements" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
        {announcements.isPending && (
          <div className="flex justify-center py-16" data-testid="announcements-loading">
            <Spinner label="Loading announcements" />
          </div>
        )}

        {announcements.isError && (
          <div
            role="alert"
            className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
            data-testid="announcements-error"
          >
            <CircleAlert className="size-10 text-brand-700" aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold text-slate-900">Unable to load announcements.</p>
            <p className="mt-1 text-slate-600">Please try again in a moment.</p>
            <button
              type="button"
              onClick={() => void announcements.refetch()}
              disabled={announcements.isFetching}
              className="mt-6 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
            >
              <RefreshCw className={`size-4 ${announcements.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
              Try again
            </button>
          </div>
        )}

        {announcements.data && announcements.data.length === 0 && (
          <div
            className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
            data-testid="announcements-empty"
          >
            <Newspaper className="size-10 text-slate-400" aria-hidden="true" />
            <p className="mt-4 text-lg font-medium text-slate-700">No announcements available at this time.</p>
          </div>
        )}

        {announcements.data && announcements.data.length > 0 && (
          <ul className="grid gap-5 sm:gap-6" data-testid="announcement-list">
            {announcements.data.map((announcement) => (
              <li key={announcement.id}>
                <AnnouncementCard announcement={announcement} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
