import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Award, Building2, CalendarDays, type LucideIcon, Medal, Trophy, UserRound } from 'lucide-react';
import { RUN_CATEGORIES } from '../../../api/domain/runs/categories.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { BannerIntro, PageBanner } from '../../components/page-banner.tsx';
import { PaginationControls } from '../../components/pagination-controls.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { RESULTS_PAGE } from '../../content/pages.ts';
import { ResultList } from '../../features/public-results/components/result-list.tsx';
import { type ResultSearch, resultFiltersQuery, resultSearchQuery } from '../../features/public-results/queries.ts';

const wholeId = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_648 ? n : undefined;
};

/** `?q=&departmentId=&eventId=&category=&season=&page=`: the filters live in the URL so a search can be shared. */
function validateSearch(search: Record<string, unknown>): ResultSearch {
  const text = (value: unknown, max: number) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
  const out: ResultSearch = {};
  const q = text(search.q, 100);
  if (q) out.q = q;
  const departmentId = wholeId(search.departmentId);
  if (departmentId) out.departmentId = departmentId;
  const eventId = wholeId(search.eventId);
  if (eventId) out.eventId = eventId;
  const category = text(search.category, 60);
  if (category) out.category = category;
  const season = wholeId(search.season);
  if (season && season >= 1900 && season <= 2999) out.season = season;
  const page = wholeId(search.page);
  if (page && page > 1) out.page = page;
  return out;
}

export const Route = createFileRoute('/results/')({
  validateSearch,
  component: ResultsPage,
});

const CATEGORY_NAMES = [...new Set(Object.values(RUN_CATEGORIES).flatMap((list) => list.map((c) => c.name)))];

/**
 * Nothing published at all: the 'No Results Yet' placeholder (docs/decisions/039-public-results.md); otherwise the search.
 * Each state keeps the same room under the banner, so the footer stays below the fold as one replaces another
 * (no layout shift: docs/decisions/057).
 */
function ResultsPage() {
  const search = Route.useSearch();
  const anything = useQuery(resultSearchQuery({}));
  if (anything.isPending) {
    return (
      <div className="bg-slate-50">
        <PageBanner icon={Trophy} eyebrow="Results" title={RESULTS_PAGE.title} glow="bottom-left">
          <BannerIntro>{RESULTS_PAGE.intro}</BannerIntro>
        </PageBanner>
        <div className="flex min-h-[70vh] justify-center px-4 py-24">
          <Spinner label="Loading results" />
        </div>
      </div>
    );
  }
  if (!anything.isError && anything.data.meta.total === 0) return <NoResults />;
  return <ResultSearchPage search={search} />;
}

function ResultSearchPage({ search }: { search: ResultSearch }) {
  const navigate = useNavigate({ from: '/results/' });
  const results = useQuery(resultSearchQuery(search));
  const filters = useQuery(resultFiltersQuery());
  const set = (next: Partial<ResultSearch>) =>
    void navigate({ search: (old: ResultSearch) => ({ ...old, page: undefined, ...next }), replace: true });
  const idChoice = (value: string) => (value ? Number(value) : undefined);
  return (
    <div className="bg-slate-50">
      <PageBanner icon={Trophy} eyebrow="Results" title={RESULTS_PAGE.title} glow="bottom-left">
        <BannerIntro>{RESULTS_PAGE.intro}</BannerIntro>
      </PageBanner>
      <div className="mx-auto min-h-[70vh] max-w-3xl px-4 py-8 sm:px-6">
        <p className="mb-4">
          <Link
            to="/results/qualified"
            className="inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            <Award aria-hidden="true" className="size-5" />
            Qualified for nationals
          </Link>
        </p>
        <search aria-label="Search results" className="grid gap-3 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <SearchBox
              value={search.q}
              onCommit={(q) => set({ q })}
              label="Competitor or team"
              placeholder="Search by name"
            />
          </div>
          <FilterSelect
            label="Department"
            value={search.departmentId ? String(search.departmentId) : ''}
            onChange={(id) => set({ departmentId: idChoice(id) })}
          >
            <option value="">All departments</option>
            {(filters.data?.departments ?? []).map((department) => (
              <option key={department.id} value={department.id}>
                {department.name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Category"
            value={search.category ?? ''}
            onChange={(category) => set({ category: category || undefined })}
          >
            <option value="">All categories</option>
            {CATEGORY_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Event"
            value={search.eventId ? String(search.eventId) : ''}
            onChange={(id) => set({ eventId: idChoice(id) })}
          >
            <option value="">All events</option>
            {(filters.data?.events ?? []).map((event) => (
              <option key={event.id} value={event.id}>
                {event.name.includes(event.startDate.slice(0, 4))
                  ? event.name
                  : `${event.name} (${event.startDate.slice(0, 4)})`}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Season"
            value={search.season ? String(search.season) : ''}
            onChange={(season) => set({ season: idChoice(season) })}
          >
            <option value="">All seasons</option>
            {(filters.data?.seasons ?? []).map((season) => (
              <option key={season} value={season}>
                {season}
              </option>
            ))}
          </FilterSelect>
        </search>
        <section aria-live="polite" aria-busy={results.isFetching} className="mt-6">
          <h2 className="sr-only">Matching results</h2>
          {results.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner label="Searching" />
            </div>
          ) : results.isError ? (
            <p className="rounded-lg bg-brand-50 p-6 text-center font-semibold text-brand-800">
              Unable to load results.
            </p>
          ) : results.data.data.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              No official results match this search.
            </p>
          ) : (
            <>
              <ResultList results={results.data.data} onDepartment={(departmentId) => set({ departmentId })} />
              <PaginationControls
                className="mt-4"
                meta={results.data.meta}
                shown={results.data.data.length}
                onPageChange={(page) =>
                  void navigate({ search: (old: ResultSearch) => ({ ...old, page: page > 1 ? page : undefined }) })
                }
                busy={results.isFetching}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

// In the order of RESULTS_PAGE.searchCriteria: competitor, department, category, event.
const CRITERIA_ICONS: readonly LucideIcon[] = [UserRound, Building2, Medal, CalendarDays];

/** The 'No Results Yet' placeholder while no official result is published. */
function NoResults() {
  return (
    <div className="bg-slate-50">
      <PageBanner icon={Trophy} eyebrow="Results" title={RESULTS_PAGE.title} glow="bottom-left">
        <BannerIntro>{RESULTS_PAGE.intro}</BannerIntro>
      </PageBanner>

      <div className="mx-auto min-h-[70vh] max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
        <section
          aria-labelledby="no-results"
          className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center sm:py-20"
        >
          <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 ring-8 ring-brand-50/50">
            <Trophy aria-hidden="true" className="size-10 text-brand-700" />
          </span>
          <h2 id="no-results" className="mt-6 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
            {RESULTS_PAGE.emptyHeading}
          </h2>
          <p className="mt-3 max-w-md text-lg leading-relaxed text-slate-600">{RESULTS_PAGE.emptyText}</p>
        </section>

        <section aria-labelledby="search-by" className="mt-12">
          <h2 id="search-by" className="text-sm font-bold uppercase tracking-widest text-slate-600">
            {RESULTS_PAGE.searchHeading}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {RESULTS_PAGE.searchCriteria.map((criterion, index) => {
              const Icon = CRITERIA_ICONS[index] ?? Trophy;
              return (
                <li
                  key={criterion.label}
                  className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:gap-4 sm:p-5"
                >
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <p className="font-bold text-slate-900">{criterion.label}</p>
                    <p className="mt-1 text-sm text-slate-600">{criterion.description}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}
