import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, History } from 'lucide-react';
import { PaginationControls } from '../../../components/pagination-controls.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { formatChangeTime } from '../format.ts';
import { runOrderHistoryQuery } from '../queries.ts';

/**
 * Every change, newest first: who, when, what. A change of the order opens the arrangement as it was
 * after it; a substitution (recorded on the registration, not the order) is one line of its own.
 */
export function HistoryPanel({
  runId,
  page,
  onPageChange,
  viewing,
  onView,
}: {
  runId: number;
  page: number;
  onPageChange: (page: number) => void;
  viewing: number | null;
  onView: (version: number) => void;
}) {
  const history = useQuery(runOrderHistoryQuery(runId, page));
  return (
    <section aria-labelledby="history-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="history-title" className="flex items-center gap-2 text-base font-bold text-slate-900">
        <History aria-hidden="true" className="size-4 text-slate-500" />
        History
      </h2>
      <div className="mt-3" aria-busy={history.isFetching}>
        {history.isPending ? (
          <LoadingState label="Loading the history" />
        ) : history.isError && !history.data ? (
          <ErrorState
            title="The history couldn't be loaded."
            error={history.error}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : history.data.data.length === 0 ? (
          <p className="text-sm text-slate-600">No changes yet.</p>
        ) : (
          <>
            <ol className="flex flex-col gap-1" data-testid="history-list">
              {history.data.data.map((item) => {
                if (item.kind === 'substitution')
                  return (
                    <li
                      key={item.id}
                      className="flex gap-2 rounded-lg bg-amber-50 px-2.5 py-2 text-sm"
                      data-testid="history-substitution"
                    >
                      <ArrowLeftRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">{item.summary}</span>
                        <span className="block text-xs text-slate-600">
                          Substitution · {item.actor?.name ?? 'System'} · {formatChangeTime(item.at)}
                        </span>
                      </span>
                    </li>
                  );
                const current = viewing === item.version;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      onClick={() => onView(item.version)}
                      aria-current={current ? 'true' : undefined}
                      title={`Show the order as it was after version ${item.version}`}
                      className={`w-full rounded-lg px-2.5 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 ${
                        current ? 'bg-brand-50 ring-1 ring-brand-600' : 'hover:bg-slate-50'
                      }`}
                    >
                      <span className="block font-medium text-slate-900">{item.summary}</span>
                      <span className="block text-xs text-slate-600">
                        v{item.version} · {item.actor?.name ?? 'System'} · {formatChangeTime(item.at)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
            <PaginationControls
              className="mt-3"
              meta={history.data.meta}
              shown={history.data.data.length}
              noun="changes"
              busy={history.isPlaceholderData}
              onPageChange={onPageChange}
            />
          </>
        )}
      </div>
    </section>
  );
}
