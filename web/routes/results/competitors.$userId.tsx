import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { PUBLIC_BUTTON, PublicLoadError, PublicNotFound } from '../../components/public-states.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { FollowButton } from '../../features/following/follow-button.tsx';
import { ResultList } from '../../features/public-results/components/result-list.tsx';
import { competitorAnalyticsQuery, competitorResultsQuery, idOf } from '../../features/public-results/queries.ts';

// The chart library loads with this page only (docs/decisions/039-public-results.md).
const ProgressionChart = lazy(() => import('../../features/public-results/components/progression-chart.tsx'));

export const Route = createFileRoute('/results/competitors/$userId')({
  component: CompetitorPage,
});

const RUN_TYPE_NAMES = { individual: 'Individual', relay: 'Relay', tech2: 'Tech2 Relay' } as const;

function CompetitorPage() {
  const { userId } = Route.useParams();
  const id = idOf(userId);
  const results = useQuery({ ...competitorResultsQuery(id), enabled: id > 0 });
  const analytics = useQuery({ ...competitorAnalyticsQuery(id), enabled: id > 0 });
  const back = (
    <Link to="/results" className={PUBLIC_BUTTON}>
      <ArrowLeft aria-hidden="true" className="size-4" /> All results
    </Link>
  );
  if (id === 0 || results.data === null)
    return (
      <PublicNotFound
        testId="competitor-not-found"
        icon={<UserRound aria-hidden="true" className="size-10 text-brand-700" />}
        title="No results for this competitor"
        to="/results"
        backLabel="All results"
      >
        This competitor has no published results.
      </PublicNotFound>
    );
  if (results.isError)
    return <PublicLoadError testId="competitor-error" title="Unable to load these results" back={back} />;
  const data = results.data;
  if (!data) {
    // The results are taller than a phone's screen: the spinner keeps their room, so the footer does not
    // show and then jump away when they arrive (docs/decisions/057).
    return (
      <div className="flex min-h-[70vh] justify-center px-4 py-24">
        <Spinner label="Loading results" />
      </div>
    );
  }
  const points = analytics.data?.points ?? [];
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <Link to="/results" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
          <ArrowLeft aria-hidden="true" className="size-4" /> All results
        </Link>
        <h1 className="mt-3 text-3xl font-black tracking-tight text-slate-900">{data.name}</h1>
        {data.departmentName && data.departmentId !== null ? (
          <p className="mt-1 text-slate-700">
            <Link
              to="/departments/$id"
              params={{ id: String(data.departmentId) }}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {data.departmentName}
            </Link>
          </p>
        ) : null}
        <FollowButton entry={{ kind: 'competitor', id }} name={data.name} />

        <section aria-labelledby="bests" className="mt-6">
          <h2 id="bests" className="text-sm font-bold uppercase tracking-widest text-slate-600">
            Personal bests
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {data.personalBests.map((best) => {
              const season = data.seasonBests.find((s) => s.runType === best.runType);
              return (
                <li key={best.runType} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="best">
                  <p className="text-sm font-semibold text-slate-600">{RUN_TYPE_NAMES[best.runType]}</p>
                  <p className="font-mono text-2xl font-black tabular-nums text-slate-900">{best.time}</p>
                  <p className="text-xs text-slate-600">{best.eventName}</p>
                  {season ? (
                    <p className="mt-1 text-xs font-semibold text-sky-800">
                      {season.season} season best: {season.time}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>

        {points.length > 0 ? (
          <section aria-labelledby="progression" className="mt-6">
            <h2 id="progression" className="mb-3 text-sm font-bold uppercase tracking-widest text-slate-600">
              Progression
            </h2>
            <Suspense fallback={<Spinner label="Loading the chart" />}>
              <ProgressionChart points={points} />
            </Suspense>
          </section>
        ) : null}

        <section aria-labelledby="all-results" className="mt-6">
          <h2 id="all-results" className="mb-3 text-sm font-bold uppercase tracking-widest text-slate-600">
            Results
          </h2>
          <ResultList results={data.results} showEntrant={false} />
        </section>
      </div>
    </div>
  );
}
