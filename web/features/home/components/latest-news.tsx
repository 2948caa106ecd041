import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pin } from 'lucide-react';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePageError } from '../../../lib/use-page-error.ts';
import { announcementsQuery } from '../../announcements/queries.ts';

const HOME_NEWS_COUNT = 3;

/** Up to three announcements; a spinner while loading; hidden when there are none. */
export function LatestNews() {
  const news = useQuery(announcementsQuery(HOME_NEWS_COUNT));
  usePageError(news.error);
  if (news.isPending) {
    return (
      <div className="grid place-items-center py-10" data-testid="latest-news-loading">
        <Spinner label="Loading news" />
      </div>
    );
  }
  const items = (news.data ?? []).slice(0, HOME_NEWS_COUNT);
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="latest-news-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="latest-news"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="latest-news-title" className="text-2xl font-black text-slate-900">
          Latest News
        </h2>
        <Link to="/announcements" className="text-sm font-bold text-brand-700 hover:text-brand-900">
          View All <span aria-hidden="true">→</span>
        </Link>
      </div>
      <ul className="mt-4 divide-y divide-slate-200">
        {items.map((item) => (
          <li key={item.id}>
            <Link to="/announcements/$id" params={{ id: String(item.id) }} className="group block py-4">
              <p className="flex items-start gap-2">
                {item.isPinned && <Pin className="mt-1 size-4 shrink-0 text-brand-700" aria-label="Pinned" />}
                <span
                  className={`font-bold group-hover:underline ${item.isPinned ? 'text-brand-700' : 'text-slate-900'}`}
                >
                  {item.title}
                </span>
              </p>
              <p className="mt-1 line-clamp-2 text-sm text-slate-600">{item.excerpt}</p>
              <p className="mt-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
                <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
