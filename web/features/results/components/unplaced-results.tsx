import type { TimingView } from '../../../../api/contracts/results.ts';
import { buttonClass } from '../../../components/button.ts';
import { spoken } from '../timing-state.ts';

/** Results of entrants taken out of the run order after they ran: shown, with their history. */
export function UnplacedResults({
  unplaced,
  onHistory,
}: {
  unplaced: TimingView['unplaced'];
  onHistory: (of: { id: number; name: string }) => void;
}) {
  return (
    <section aria-labelledby="unplaced-title" className="mt-6">
      <h2 id="unplaced-title" className="mb-2 text-base font-bold text-slate-900">
        Results of entrants no longer in the run order
      </h2>
      <ul className="flex flex-col gap-2">
        {unplaced.map((result) => (
          <li
            key={result.id}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm"
          >
            <span className="font-semibold">{result.entrant.name}</span>
            <span className="font-mono tabular-nums">{spoken(result)}</span>
            <span className="text-slate-600">{result.status === 'official' ? 'Official' : 'Provisional'}</span>
            <button
              type="button"
              onClick={() => onHistory({ id: result.id, name: result.entrant.name })}
              className={buttonClass('ghost', 'sm')}
            >
              History
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
