import { Link } from '@tanstack/react-router';
import type { PublicResult } from '../../../../api/contracts/public-results.ts';
import { formatDate, placeText } from '../../../lib/format.ts';
import { ResultFlags, timeText } from './flags.tsx';

/** Flat official results as cards (phone first): who, where, the time and its flags. */
export function ResultList({
  results,
  showEntrant = true,
  onDepartment,
}: {
  results: readonly PublicResult[];
  showEntrant?: boolean;
  /** Given: the department's name filters by it (the search page). */
  onDepartment?: (departmentId: number) => void;
}) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {results.map((r) => (
        <li key={r.resultId} className="flex items-start justify-between gap-3 p-4" data-testid="result-row">
          <div className="min-w-0">
            {showEntrant ? (
              <p className="font-bold text-slate-900">
                {r.entrant.kind === 'person' && r.entrant.userId !== null ? (
                  <Link
                    to="/results/competitors/$userId"
                    params={{ userId: String(r.entrant.userId) }}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {r.entrant.name}
                  </Link>
                ) : (
                  r.entrant.name
                )}
              </p>
            ) : null}
            {showEntrant && r.entrant.departmentName ? (
              <p className="text-sm text-slate-600">
                {onDepartment && r.entrant.departmentId !== null ? (
                  <button
                    type="button"
                    className="underline-offset-2 hover:underline"
                    onClick={() => onDepartment(r.entrant.departmentId as number)}
                  >
                    {r.entrant.departmentName}
                  </button>
                ) : (
                  r.entrant.departmentName
                )}
              </p>
            ) : null}
            <p className="text-sm text-slate-600">
              <Link
                to="/results/events/$eventId"
                params={{ eventId: String(r.eventId) }}
                className="font-semibold text-slate-800 underline-offset-2 hover:underline"
              >
                {r.eventName}
              </Link>{' '}
              · {formatDate(r.eventStartDate)} · {r.runCategory}
            </p>
          </div>
          <div className="shrink-0 text-right">
            <p className="font-mono text-lg font-bold tabular-nums text-slate-900">{timeText(r)}</p>
            {r.place ? (
              <p className="text-sm font-semibold text-slate-700" data-testid="result-place">
                {placeText(r.place)}
              </p>
            ) : null}
            <ResultFlags flags={r.flags} />
          </div>
        </li>
      ))}
    </ul>
  );
}
