import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Award } from 'lucide-react';
import type { QualifiedEntry, QualifiedList } from '../../../api/contracts/qualifying.ts';
import { RUN_TYPE_LABELS } from '../../../api/domain/runs/categories.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { BannerIntro, PageBanner } from '../../components/page-banner.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { type QualifiedSearch, qualifiedQuery } from '../../features/public-results/queries.ts';
import { formatDate } from '../../lib/format.ts';

interface QualifiedPageSearch {
  season?: number | undefined;
  category?: string | undefined;
  departmentId?: number | undefined;
}

/** `?season=&category=&departmentId=`: in the URL so a list can be shared; anything else is dropped. */
function validateSearch(raw: Record<string, unknown>): QualifiedPageSearch {
  const out: QualifiedPageSearch = {};
  const season = Number(raw.season);
  if (Number.isInteger(season) && season >= 1900 && season <= 2999) out.season = season;
  if (typeof raw.category === 'string' && raw.category.trim() !== '') out.category = raw.category.trim().slice(0, 60);
  const departmentId = Number(raw.departmentId);
  if (Number.isInteger(departmentId) && departmentId > 0 && departmentId < 2_147_483_648)
    out.departmentId = departmentId;
  return out;
}

export const Route = createFileRoute('/results/qualified')({
  validateSearch,
  component: QualifiedPage,
});

/** Without ?season: this year's list (the pickers offer the seasons that have standards). */
const currentSeason = () => new Date().getFullYear();

/** A group's heading: the run type and category, e.g. "Individual · Open Men". */
const groupLabel = (entry: { runType: QualifiedEntry['runType']; category: string }) =>
  `${RUN_TYPE_LABELS[entry.runType]} · ${entry.category}`;

function QualifiedPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/results/qualified' });
  const query: QualifiedSearch = { ...search, season: search.season ?? currentSeason() };
  const list = useQuery(qualifiedQuery(query));
  const set = (next: Partial<QualifiedPageSearch>) =>
    void navigate({ search: (old: QualifiedPageSearch) => ({ ...old, ...next }), replace: true });
  const data = list.data;
  const seasons = [...new Set([query.season, ...(data?.seasons ?? [])])].sort((a, b) => b - a);
  const categories = [...new Set((data?.standards ?? []).map((s) => s.category))];
  return (
    <div className="bg-slate-50">
      <PageBanner icon={Award} eyebrow="Results" title="Qualified for nationals" glow="bottom-left">
        <BannerIntro>
          Competitors and teams whose official time is at or under the season's national qualifying standard, with their
          best qualifying time.
        </BannerIntro>
      </PageBanner>
      <div className="mx-auto min-h-[70vh] max-w-3xl px-4 py-8 sm:px-6">
        <p className="mb-4 text-sm">
          <Link to="/results" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            ← All results
          </Link>
        </p>
        <search aria-label="Filter the qualified list" className="grid gap-3 sm:grid-cols-3">
          <FilterSelect
            label="Season"
            value={String(query.season)}
            onChange={(season) => set({ season: Number(season), departmentId: undefined })}
          >
            {seasons.map((season) => (
              <option key={season} value={season}>
                {season}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Category"
            value={search.category ?? ''}
            onChange={(category) => set({ category: category || undefined })}
          >
            <option value="">All categories</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Department"
            value={search.departmentId ? String(search.departmentId) : ''}
            onChange={(id) => set({ departmentId: id ? Number(id) : undefined })}
          >
            <option value="">All departments</option>
            {(data?.departments ?? []).map((department) => (
              <option key={department.id} value={department.id}>
                {department.name}
              </option>
            ))}
          </FilterSelect>
        </search>
        <section aria-live="polite" aria-busy={list.isFetching} className="mt-6">
          <h2 className="sr-only">Qualified competitors and teams</h2>
          {list.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner label="Loading the qualified list" />
            </div>
          ) : list.isError ? (
            <p className="rounded-lg bg-brand-50 p-6 text-center font-semibold text-brand-800">
              Unable to load the qualified list.
            </p>
          ) : (
            <QualifiedGroups list={list.data} />
          )}
        </section>
      </div>
    </div>
  );
}

function QualifiedGroups({ list }: { list: QualifiedList }) {
  if (list.standards.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
        No qualifying standards are published for {list.season} yet.
      </p>
    );
  if (list.entries.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
        Nobody matching these filters has qualified in {list.season} yet.
      </p>
    );
  const groups = new Map<string, QualifiedEntry[]>();
  for (const entry of list.entries) {
    const key = groupLabel(entry);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return (
    <div className="flex flex-col gap-6">
      {[...groups].map(([label, entries]) => (
        <section key={label} aria-labelledby={`group-${label}`} data-testid="qualified-group">
          <h3 id={`group-${label}`} className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-lg font-extrabold text-slate-900">{label}</span>
            <span className="text-sm text-slate-600">
              Standard <span className="font-mono font-semibold tabular-nums">{entries[0]?.standard}</span>
            </span>
          </h3>
          <ol className="mt-2 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {entries.map((entry) => (
              <li
                key={entry.resultId}
                className="flex items-start justify-between gap-3 p-4"
                data-testid="qualified-row"
              >
                <div className="min-w-0">
                  <p className="font-bold text-slate-900">
                    {entry.entrant.kind === 'person' && entry.entrant.userId !== null ? (
                      <Link
                        to="/results/competitors/$userId"
                        params={{ userId: String(entry.entrant.userId) }}
                        className="text-brand-700 underline-offset-2 hover:underline"
                      >
                        {entry.entrant.name}
                      </Link>
                    ) : (
                      entry.entrant.name
                    )}
                  </p>
                  {entry.entrant.departmentName ? (
                    <p className="text-sm text-slate-600">{entry.entrant.departmentName}</p>
                  ) : null}
                  <p className="text-sm text-slate-600">
                    <Link
                      to="/results/events/$eventId"
                      params={{ eventId: String(entry.eventId) }}
                      className="font-semibold text-slate-800 underline-offset-2 hover:underline"
                    >
                      {entry.eventName}
                    </Link>{' '}
                    · {formatDate(entry.eventStartDate)}
                  </p>
                </div>
                <p className="shrink-0 font-mono text-lg font-bold tabular-nums text-slate-900">{entry.time}</p>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
