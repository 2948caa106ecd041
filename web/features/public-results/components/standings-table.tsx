import { Link } from '@tanstack/react-router';
import type { PublicRunStandings, PublicStandingRow } from '../../../../api/contracts/public-results.ts';
import { ResultFlags, timeText } from './flags.tsx';

function Rows({ rows }: { rows: readonly PublicStandingRow[] }) {
  return (
    <ol className="divide-y divide-slate-200">
      {rows.map((row) => (
        <li key={row.resultId} className="flex items-center gap-3 px-3 py-2.5" data-testid="standing-row">
          <span className="w-8 shrink-0 text-right font-bold tabular-nums text-slate-700">{row.rank ?? '–'}</span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-slate-900">
              {row.entrant.kind === 'person' && row.entrant.userId !== null ? (
                <Link
                  to="/results/competitors/$userId"
                  params={{ userId: String(row.entrant.userId) }}
                  className="underline-offset-2 hover:underline"
                >
                  {row.entrant.name}
                </Link>
              ) : (
                row.entrant.name
              )}
            </span>
            {row.entrant.departmentName ? (
              <span className="block truncate text-sm text-slate-600">{row.entrant.departmentName}</span>
            ) : null}
          </span>
          <span className="shrink-0 text-right">
            <span className="block font-mono font-bold tabular-nums text-slate-900">{timeText(row)}</span>
            <ResultFlags flags={row.flags} />
          </span>
        </li>
      ))}
    </ol>
  );
}

/** One run's official standings: overall, each age category, and department team scores. */
export function StandingsTable({ run }: { run: PublicRunStandings }) {
  const headingId = `run-${run.runId}`;
  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <h2 id={headingId} className="bg-slate-900 px-4 py-3 text-lg font-bold text-white">
        {run.runName}
      </h2>
      {run.rows.length === 0 ? (
        <p className="p-4 text-slate-600">No official results yet.</p>
      ) : (
        <>
          <h3 className="px-4 pt-3 text-sm font-bold uppercase tracking-wider text-slate-600">Overall</h3>
          <Rows rows={run.rows} />
          {run.categories.map((category) => (
            <div key={category.category}>
              <h3 className="border-t border-slate-200 px-4 pt-3 text-sm font-bold uppercase tracking-wider text-slate-600">
                {category.label}
              </h3>
              <Rows rows={category.rows} />
            </div>
          ))}
          {run.teams.length > 0 ? (
            <div>
              <h3 className="border-t border-slate-200 px-4 pt-3 text-sm font-bold uppercase tracking-wider text-slate-600">
                Team standings
              </h3>
              <ol className="divide-y divide-slate-200">
                {run.teams.map((team) => (
                  <li key={team.teamId} className="flex items-center gap-3 px-3 py-2.5" data-testid="team-row">
                    <span className="w-8 shrink-0 text-right font-bold tabular-nums text-slate-700">
                      {team.rank ?? '–'}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold text-slate-900">{team.teamName}</span>
                      {team.departmentName ? (
                        <span className="block truncate text-sm text-slate-600">{team.departmentName}</span>
                      ) : null}
                    </span>
                    <span className="shrink-0 font-mono font-bold tabular-nums text-slate-900">
                      {team.score ?? 'No score'}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
