import { useQuery } from '@tanstack/react-query';
import type { ResultValueDto } from '../../../../api/contracts/results.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { formatChangeTime } from '../../run-orders/format.ts';
import { OUTCOME_LABELS } from '../entry.ts';
import { resultHistoryQuery } from '../queries.ts';

/** A value in one line: "1:47.32 + 2 s (Missed step) = 1:49.32", "DNF". */
export function describeValue(value: ResultValueDto | null): string {
  if (!value) return '—';
  if (value.outcome !== 'finished' && value.rawTime === null) {
    const calls = value.penalties.map((p) => (p.count > 1 ? `${p.count}× ${p.label}` : p.label)).join(', ');
    return calls ? `${OUTCOME_LABELS[value.outcome]} (${calls})` : OUTCOME_LABELS[value.outcome];
  }
  const calls = value.penalties.map((p) => (p.count > 1 ? `${p.count}× ${p.label}` : p.label)).join(', ');
  const official = value.outcome === 'dq' ? 'DQ' : (value.officialTime ?? '');
  return calls ? `${value.rawTime} + ${calls} = ${official}` : `${value.rawTime}`;
}

/** Every change of one result: who, when, why, and the value before and after. */
export function HistoryDialog({
  resultId,
  title,
  onClose,
}: {
  resultId: number | null;
  title: string;
  onClose: () => void;
}) {
  const history = useQuery({ ...resultHistoryQuery(resultId ?? 0), enabled: resultId !== null });
  return (
    <Dialog open={resultId !== null} onClose={onClose} title={title} size="lg">
      {history.isPending ? (
        <LoadingState label="Loading the history" />
      ) : history.isError ? (
        <ErrorState
          title="The history couldn't be loaded."
          error={history.error}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : (
        <ol className="flex flex-col gap-3" data-testid="result-history">
          {history.data.data.map((item) => (
            <li key={item.version} className="rounded-xl border border-slate-200 px-4 py-3 text-sm">
              <p className="font-semibold text-slate-900">{item.summary}</p>
              <p className="text-slate-600">
                {item.actor?.name ?? 'Someone'} · <time dateTime={item.at}>{formatChangeTime(item.at)}</time> · attempt{' '}
                {item.attempt} · version {item.version}
              </p>
              {item.reason && <p className="mt-1 text-slate-800">Reason: {item.reason}</p>}
              {(item.before || item.after) && (
                <p className="mt-1 text-slate-700">
                  <span className="sr-only">Before: </span>
                  {describeValue(item.before)} <span aria-hidden="true">→</span>
                  <span className="sr-only">, after: </span> {describeValue(item.after)}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
