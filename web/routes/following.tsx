import { useQueries } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Star } from 'lucide-react';
import type { PublicResult } from '../../api/contracts/public-results.ts';
import type { PublicHeat } from '../../api/contracts/run-orders.ts';
import { myHeatText } from '../features/event-day/heat-text.ts';
import { competitorHeatsQuery, departmentHeatsQuery } from '../features/following/queries.ts';
import {
  type Followed,
  readFollowed as readList,
  useFollowed,
  withoutFollowed,
  writeFollowed,
} from '../features/following/storage.ts';
import { useLiveRuns } from '../features/live/use-live-runs.ts';
import { competitorResultsQuery, departmentResultsQuery } from '../features/public-results/queries.ts';

/** Whom this device follows: their next heats and latest official results, live (docs/decisions/067). */
export const Route = createFileRoute('/following')({ component: FollowingPage });

/** Latest official results shown per competitor, and per department. */
const LATEST = 3;

function FollowingPage() {
  const followed = useFollowed();
  const heatQueries = followed.map((f) =>
    f.kind === 'competitor' ? competitorHeatsQuery(f.id) : departmentHeatsQuery(f.id),
  );
  const resultQueries = followed.map((f) =>
    f.kind === 'competitor' ? competitorResultsQuery(f.id) : departmentResultsQuery(f.id),
  );
  const heats = useQueries({ queries: heatQueries });
  const results = useQueries({ queries: resultQueries });
  // The runs of every entry shown: their orders, results and registrations keep the page live.
  const loaded = heats.every((h) => !h.isPending);
  const runs = new Map<number, number>();
  for (const h of heats) for (const heat of h.data?.heats ?? []) runs.set(heat.runId, heat.version);
  const { reconnecting } = useLiveRuns(
    loaded ? [...runs].map(([runId, version]) => ({ runId, version })) : undefined,
    [...heatQueries, ...resultQueries].map((q) => q.queryKey),
  );

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-black tracking-tight text-slate-900">Following</h1>
        <p className="mt-1 text-slate-700">
          Next heats and new official results of the competitors and departments you follow, kept on this device.
        </p>
        {reconnecting ? (
          <p role="status" className="mt-2 text-sm font-semibold text-amber-800">
            Reconnecting to live updates…
          </p>
        ) : null}
        {followed.length === 0 ? (
          <div
            className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-6"
            data-testid="following-empty"
          >
            <h2 className="text-lg font-bold text-slate-900">You are not following anyone yet</h2>
            <p className="mt-2 text-slate-700">
              Open a competitor's or a department's page from the{' '}
              <Link to="/results" className="font-semibold text-brand-700 underline underline-offset-2">
                results
              </Link>{' '}
              and press <strong>Follow</strong>: their next heats and results will show here.
            </p>
          </div>
        ) : (
          <ul className="mt-6 space-y-4">
            {followed.map((f, i) => (
              <FollowedCard
                key={`${f.kind}:${f.id}`}
                entry={f}
                heats={heats[i]?.data}
                heatsPending={heats[i]?.isPending ?? true}
                results={results[i]?.data?.results}
                fallbackName={results[i]?.data ? nameOf(results[i]?.data) : undefined}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function nameOf(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as { name?: string; departmentName?: string };
  return d.name ?? d.departmentName;
}

function FollowedCard(props: {
  entry: Followed;
  heats:
    | { name?: string; departmentName?: string | null; departmentId?: number | null; heats: PublicHeat[] }
    | null
    | undefined;
  heatsPending: boolean;
  results: PublicResult[] | undefined;
  fallbackName: string | undefined;
}) {
  const { entry, heats } = props;
  const isCompetitor = entry.kind === 'competitor';
  const name =
    (isCompetitor ? heats?.name : heats?.departmentName) ??
    props.fallbackName ??
    (isCompetitor ? 'Competitor' : 'Department');
  const upcoming = (heats?.heats ?? []).filter((h) => !h.done);
  // A competitor's next heat; a department's next heat per entrant.
  const next = isCompetitor ? upcoming.filter((h) => h.heat !== null).slice(0, 1) : nextPerEntrant(upcoming);
  const latest = (props.results ?? []).slice(0, LATEST);
  const headingId = `followed-${entry.kind}-${entry.id}`;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="followed"
      aria-labelledby={headingId}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-widest text-brand-700">
            {isCompetitor ? 'Competitor' : 'Department'}
          </p>
          <h2 id={headingId} className="text-xl font-extrabold text-slate-900 break-words">
            {isCompetitor ? (
              <Link to="/results/competitors/$userId" params={{ userId: String(entry.id) }} className="hover:underline">
                {name}
              </Link>
            ) : (
              <Link to="/departments/$id" params={{ id: String(entry.id) }} className="hover:underline">
                {name}
              </Link>
            )}
          </h2>
          {isCompetitor && heats?.departmentName ? (
            <p className="text-sm text-slate-700">{heats.departmentName}</p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => writeFollowed(withoutFollowed(readList(), entry))}
          className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <Star aria-hidden="true" className="size-4 fill-current text-brand-700" />
          Unfollow<span className="sr-only"> {name}</span>
        </button>
      </div>

      <h3 className="mt-4 text-sm font-bold uppercase tracking-widest text-slate-600">Next heat</h3>
      {props.heatsPending ? (
        <p className="mt-1 text-slate-600">Loading…</p>
      ) : next.length === 0 ? (
        <p className="mt-1 text-slate-700" data-testid="next-heat-none">
          {upcoming.length > 0 ? 'Entered; the run order is not published yet.' : 'No upcoming heat.'}
        </p>
      ) : (
        <ul className="mt-1 space-y-2">
          {next.map((h) => (
            <li key={`${h.runId}:${h.entrantName}`} data-testid="next-heat" className="text-slate-900">
              <span className="font-semibold">
                {h.eventName} · {h.runName}
                {!isCompetitor || h.entrantName !== name ? ` · ${h.entrantName}` : ''}
              </span>
              <br />
              <span className={h.mark ? 'font-semibold text-red-800' : ''}>
                {myHeatText({ ...h, heat: h.heat ?? 0, pair: h.pair ?? 0, lane: h.lane ?? 'left' })}
              </span>
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-4 text-sm font-bold uppercase tracking-widest text-slate-600">Latest official results</h3>
      {latest.length === 0 ? (
        <p className="mt-1 text-slate-700">No official results yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {latest.map((r) => (
            <li key={r.resultId} data-testid="followed-result" className="flex flex-wrap justify-between gap-x-3 py-2">
              <span className="min-w-0 text-slate-900">
                {isCompetitor ? '' : `${r.entrant.name} · `}
                {r.eventName} · {r.runName}
              </span>
              <span className="font-mono font-bold tabular-nums text-slate-900">
                {r.officialTime ?? r.outcome.toUpperCase()}
                {r.place ? (
                  <span className="ml-2 font-sans text-sm font-semibold text-slate-700">
                    {ordinal(r.place.rank)} of {r.place.of}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function nextPerEntrant(heats: readonly PublicHeat[]): PublicHeat[] {
  const seen = new Set<string>();
  const next: PublicHeat[] = [];
  for (const h of heats) {
    if (h.heat === null || seen.has(h.entrantName)) continue;
    seen.add(h.entrantName);
    next.push(h);
  }
  return next.slice(0, 10);
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
