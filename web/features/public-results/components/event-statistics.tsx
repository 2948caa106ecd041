import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BarChart3 } from 'lucide-react';
import type { PublicEvent } from '../../../../api/contracts/events.ts';
import { currentSeasonYearQuery, eventsByYearQuery } from '../../events/queries.ts';
import { statisticsQuery } from '../queries.ts';

/** The event running now, else the latest one that has started this season. */
export function currentEvent(events: readonly PublicEvent[], today: string): PublicEvent | undefined {
  const running = events.find((e) => e.status === 'In Progress');
  if (running) return running;
  return [...events].filter((e) => e.startDate <= today).sort((a, b) => b.startDate.localeCompare(a.startDate))[0];
}

/** The portal dashboard's statistics of the current event (GET /results/statistics, docs/decisions/039). */
export function CurrentEventStatistics() {
  const season = useQuery(currentSeasonYearQuery());
  const year = season.data?.year ?? new Date().getFullYear();
  const events = useQuery(eventsByYearQuery(year));
  const event = currentEvent(events.data ?? [], new Date().toISOString().slice(0, 10));
  const stats = useQuery(statisticsQuery(event?.id));
  if (!event || !stats.data) return null;
  const s = stats.data;
  const facts: [string, string | number][] = [
    ['Entrants', s.entrants],
    ['Finishers', s.finishers],
    ['DNF / DNS / DQ', `${s.dnf} / ${s.dns} / ${s.dq}`],
    ['Fastest', s.fastest ?? '—'],
    ['Median', s.median ?? '—'],
    ['Mean', s.mean ?? '—'],
  ];
  return (
    <section
      aria-labelledby="event-statistics"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="event-statistics"
    >
      <h2 id="event-statistics" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <BarChart3 aria-hidden="true" className="size-5 text-brand-700" />
        {event.name}: official results
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
            <dd className="mt-1 font-mono text-lg font-bold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {s.penalties.length > 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          Penalties: {s.penalties.map((p) => `${p.label} ×${p.count}`).join(', ')}
        </p>
      ) : null}
      <Link
        to="/results/events/$eventId"
        params={{ eventId: String(event.id) }}
        className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4"
      >
        See the public results
      </Link>
    </section>
  );
}
