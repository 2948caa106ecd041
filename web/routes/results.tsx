import { createFileRoute } from '@tanstack/react-router';
import { Building2, CalendarDays, type LucideIcon, Medal, Trophy, UserRound } from 'lucide-react';
import { BannerIntro, PageBanner } from '../components/page-banner.tsx';
import { RESULTS_PAGE } from '../content/site.ts';

export const Route = createFileRoute('/results')({
  component: ResultsPage,
});

// In the order of RESULTS_PAGE.searchCriteria: competitor, department, category, event.
const CRITERIA_ICONS: readonly LucideIcon[] = [UserRound, Building2, Medal, CalendarDays];

/** A placeholder: results are not published on the public site yet, so nothing is loaded. */
function ResultsPage() {
  return (
    <div className="bg-slate-50">
      <PageBanner icon={Trophy} eyebrow="Results" title={RESULTS_PAGE.title} glow="bottom-left">
        <BannerIntro>{RESULTS_PAGE.intro}</BannerIntro>
      </PageBanner>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
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
