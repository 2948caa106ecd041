import { useQuery } from '@tanstack/react-query';
import { placeText } from '../../../lib/format.ts';
import { departmentResultsQuery } from '../queries.ts';
import { ResultList } from './result-list.tsx';

/** A department page's results: its competitors' and teams' official results and its team scores. */
export function DepartmentResultsSection({ departmentId }: { departmentId: number }) {
  const results = useQuery(departmentResultsQuery(departmentId));
  const data = results.data;
  if (!data || (data.results.length === 0 && data.teams.length === 0)) return null;
  return (
    <section aria-labelledby="department-results" className="mx-auto max-w-4xl px-4 pb-12 sm:px-6">
      <h2 id="department-results" className="text-lg font-bold text-slate-900">
        Results
      </h2>
      {data.teams.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-bold uppercase tracking-widest text-slate-600">Team scores</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {data.teams.map((t) => (
              <li key={`${t.runId}:${t.team.teamId}`} className="flex items-center justify-between gap-3 p-4">
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{t.team.teamName}</span>
                  <span className="block text-sm text-slate-600">
                    {t.eventName} · {t.runName}
                  </span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-mono font-bold tabular-nums">{t.team.score ?? 'No score'}</span>
                  {t.team.rank !== null ? (
                    <span className="text-sm text-slate-600">
                      {placeText({ rank: t.team.rank, of: t.rankedTeams })} teams
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="mt-6 mb-2 text-sm font-bold uppercase tracking-widest text-slate-600">Competitors</h3>
      <ResultList results={data.results} />
    </section>
  );
}
