import { CalendarClock, Hourglass, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { type PublicRun, placesText, runTypeLabel, scheduleText, type WindowState, windowView } from '../run-view.ts';

const WINDOW_BADGE: Readonly<Record<WindowState, string>> = {
  open: 'bg-green-100 text-green-800',
  'not-yet': 'bg-slate-100 text-slate-800',
  closed: 'bg-red-100 text-red-800',
};

/**
 * The runs of an event as cards: type, category, schedule, places and registration window, with a
 * slot for what the visitor can do on each (sign in, register, their standing).
 */
export function RunList<R extends PublicRun>({
  runs,
  eventPhase,
  timeZone,
  renderActions,
}: {
  runs: readonly R[];
  eventPhase: string;
  /** The venue's (docs/decisions/069): run times are told in it, with its zone's name. */
  timeZone: string;
  renderActions?: (run: R) => ReactNode;
}) {
  const now = new Date();
  return (
    <ul className="space-y-4" data-testid="run-list">
      {runs.map((run) => {
        const window = windowView(run, eventPhase, now);
        const actions = renderActions?.(run);
        const headingId = `run-${run.id}-name`;
        return (
          <li
            key={run.id}
            aria-labelledby={headingId}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
            data-testid="run-card"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge className="bg-brand-100 text-brand-800">{runTypeLabel(run.type)}</Badge>
              <Badge>{run.category}</Badge>
              <Badge className={WINDOW_BADGE[window.state]} testId="run-window">
                {window.label}
              </Badge>
            </div>
            <h3 id={headingId} className="mt-2 text-lg font-bold text-slate-900">
              {run.name}
            </h3>
            <dl className="mt-3 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
              <div className="flex items-start gap-2">
                <dt>
                  <CalendarClock className="size-4 shrink-0 translate-y-0.5 text-brand-700" aria-label="When" />
                </dt>
                <dd>{scheduleText(run, timeZone)}</dd>
              </div>
              <div className="flex items-start gap-2">
                <dt>
                  <Users className="size-4 shrink-0 translate-y-0.5 text-brand-700" aria-label="Places" />
                </dt>
                <dd data-testid="run-places">{placesText(run)}</dd>
              </div>
              {window.detail && (
                <div className="flex items-start gap-2 sm:col-span-2">
                  <dt>
                    <Hourglass className="size-4 shrink-0 translate-y-0.5 text-brand-700" aria-label="Registration" />
                  </dt>
                  <dd>{window.detail}</dd>
                </div>
              )}
            </dl>
            {actions && <div className="mt-4 border-t border-slate-100 pt-4">{actions}</div>}
          </li>
        );
      })}
    </ul>
  );
}
