import type { RunDto } from '../../../../api/contracts/runs.ts';
import { Badge } from '../../../components/badge.tsx';
import { placesLeftLabel, placesTakenLabel, placesTakenPercent } from '../labels.ts';

/** '18 of 20 places taken' with a bar, the waitlist's length, the places left and whether the run takes entries. */
export function RunSummary({ run }: { run: RunDto }) {
  const percent = placesTakenPercent(run.confirmedCount, run.participantLimit);
  const taken = placesTakenLabel(run.confirmedCount, run.participantLimit);
  return (
    <section aria-label="Places" className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0 flex-1">
          <p className="text-lg font-bold text-slate-900">{taken}</p>
          {/* The sentence above says it; the bar only shows it. */}
          <div aria-hidden="true" className="mt-2 h-2.5 w-full max-w-xl overflow-hidden rounded-full bg-slate-200">
            <div
              className={`h-full rounded-full ${run.isFull ? 'bg-brand-700' : 'bg-green-700'}`}
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-4 text-sm md:flex md:gap-8">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">Limit</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">{run.participantLimit}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">Waitlist</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">{run.waitlistCount}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">Free</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">
              {run.spotsLeft}
              <span className="sr-only"> ({placesLeftLabel(run.spotsLeft)})</span>
            </dd>
          </div>
        </dl>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {run.isOpen ? (
          <Badge className="bg-green-100 text-green-800">Taking registrations</Badge>
        ) : (
          <Badge className="bg-slate-200 text-slate-800">Registration closed</Badge>
        )}
        {run.isFull && <Badge className="bg-amber-100 text-amber-800">Full: new entries join the waitlist</Badge>}
        {!run.isActive && <Badge className="bg-red-100 text-red-800">Inactive run</Badge>}
        {run.allowsHybrid && <Badge>Hybrid teams allowed</Badge>}
      </div>
    </section>
  );
}
