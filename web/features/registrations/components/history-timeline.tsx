import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { RunRegistrationHistoryEntry } from '../../../../api/contracts/registrations.ts';
import { PagedResults, PastEndState } from '../../../components/paged-results.tsx';
import { EmptyState } from '../../../components/states.tsx';
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

  return (
    <PagedResults
      query={history}
      loadingLabel="Loading the history"
      errorTitle="The history couldn't be loaded."
      noun="entries"
      onPageChange={onPageChange}
      pastEnd={
        page > 1 ? (
          <PastEndState noun="entries" onFirstPage={() => onPageChange(1)}>
            {null}
          </PastEndState>
        ) : undefined
      }
      empty={
        <EmptyState title="No history yet" icon={<History className="size-10 text-slate-400" aria-hidden="true" />}>
          Every registration, move, promotion and cancellation in this run is recorded here.
        </EmptyState>
      }
    >
      {(rows, stale) => <HistoryList rows={rows} stale={stale} />}
    </PagedResults>
  );
}

/** One page of the history as a timeline. */
function HistoryList({ rows, stale }: { rows: RunRegistrationHistoryEntry[]; stale: boolean }) {
  const names = new Map(rows.map((entry) => [entry.registrationId, entry.entrantName]));
  return (
    <ol
      aria-label="Registration history, newest first"
      className={`relative flex flex-col gap-0 ${stale ? 'opacity-60' : ''}`}
    >
      {rows.map((entry, index) => {
        const title = historyTitle(entry);
        return (
          <li key={`${entry.registrationId}-${entry.version}`} className="relative flex gap-4 pb-4 last:pb-0">
            {index < rows.length - 1 && (
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
  );
}
