import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { buttonClass } from '../../../components/button.ts';
import { PaginationControls } from '../../../components/pagination-controls.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import {
  type HistoryTone,
  historyActorLabel,
  historyTime,
  historyTitle,
  historyTone,
  namedSummary,
} from '../labels.ts';
import { runHistoryQuery } from '../queries.ts';

const DOT: Readonly<Record<HistoryTone, string>> = {
  good: 'bg-green-600',
  waiting: 'bg-amber-500',
  bad: 'bg-brand-700',
  neutral: 'bg-slate-400',
};

/** The run's registration history from the event log, newest first: what happened to whom, who did it and when. */
export function HistoryTimeline({
  runId,
  page,
  onPageChange,
}: {
  runId: number;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const history = useQuery(runHistoryQuery(runId, page));

  if (history.isPending) return <LoadingState label="Loading the history" />;
  if (history.isError && !history.data) {
    return (
      <ErrorState
        title="The history couldn't be loaded."
        error={history.error}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  }
  if (history.data.data.length === 0) {
    return page > 1 && history.data.meta.total > 0 ? (
      <EmptyState
        title="Nothing on this page"
        action={
          <button type="button" className={buttonClass('secondary')} onClick={() => onPageChange(1)}>
            Go to the first page
          </button>
        }
      />
    ) : (
      <EmptyState title="No history yet" icon={<History className="size-10 text-slate-400" aria-hidden="true" />}>
        Every registration, move, promotion and cancellation in this run is recorded here.
      </EmptyState>
    );
  }

  const names = new Map(history.data.data.map((entry) => [entry.registrationId, entry.entrantName]));
  return (
    <div className="flex flex-col gap-4">
      <ol
        aria-label="Registration history, newest first"
        className={`relative flex flex-col gap-0 ${history.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {history.data.data.map((entry, index) => {
          const title = historyTitle(entry);
          return (
            <li key={`${entry.registrationId}-${entry.version}`} className="relative flex gap-4 pb-4 last:pb-0">
              {index < history.data.data.length - 1 && (
                <span aria-hidden="true" className="absolute left-[7px] top-5 h-full w-0.5 bg-slate-200" />
              )}
              <span
                aria-hidden="true"
                className={`relative mt-1.5 size-4 shrink-0 rounded-full ring-4 ring-white ${DOT[historyTone(entry.type)]}`}
              />
              <div className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
                <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <p className="font-semibold text-slate-900">
                    <span className="break-words">{entry.entrantName}</span>
                    <span className="text-slate-400"> — </span>
                    {title}
                  </p>
                  <time dateTime={entry.recordedAt} className="shrink-0 text-xs text-slate-500">
                    {historyTime(entry.recordedAt)}
                  </time>
                </div>
                {entry.summary && entry.summary !== title && (
                  <p className="mt-1 text-sm text-slate-600">{namedSummary(entry.summary, names)}</p>
                )}
                <p className="mt-1 text-xs font-medium text-slate-600">{historyActorLabel(entry)}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <PaginationControls
        meta={history.data.meta}
        shown={history.data.data.length}
        noun="entries"
        busy={history.isPlaceholderData}
        onPageChange={onPageChange}
      />
    </div>
  );
}
