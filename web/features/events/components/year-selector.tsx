import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { eventsByYearQuery } from '../queries.ts';
import { neighbourYears, yearWindow } from '../year-selector.ts';

interface Props {
  years: number[];
  selected: number;
  onSelect: (year: number) => void;
}

/**
 * Desktop: five years around the selected one (enlarged), with arrows disabled at the ends.
 * Mobile: a scrollable strip of every year. Hovering or choosing a year prefetches its events.
 */
export function YearSelector({ years, selected, onSelect }: Props) {
  const queryClient = useQueryClient();
  const prefetch = (year: number) => void queryClient.prefetchQuery(eventsByYearQuery(year));
  const choose = (year: number) => {
    prefetch(year);
    onSelect(year);
  };
  const { previous, next } = neighbourYears(years, selected);

  const selectedChip = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the selected year changes
  useEffect(() => {
    // Keep the chosen year in view on the mobile strip (the browser does nothing when it already is).
    selectedChip.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [selected]);

  const arrow =
    'grid size-10 place-items-center rounded-full border border-slate-300 text-slate-700 transition hover:border-brand-700 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:border-slate-300 disabled:hover:text-slate-700';
  return (
    <nav aria-label="Choose a year">
      <div className="hidden items-center justify-center gap-3 md:flex" data-testid="year-selector-desktop">
        <button
          type="button"
          className={arrow}
          disabled={previous === undefined}
          aria-label="Previous year"
          onClick={() => previous !== undefined && choose(previous)}
          onMouseEnter={() => previous !== undefined && prefetch(previous)}
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <ul className="flex items-center gap-2">
          {yearWindow(years, selected).map((year) => {
            const isSelected = year === selected;
            return (
              <li key={year}>
                <button
                  type="button"
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => choose(year)}
                  onMouseEnter={() => prefetch(year)}
                  onFocus={() => prefetch(year)}
                  className={
                    isSelected
                      ? 'rounded-xl bg-brand-700 px-6 py-3 text-3xl font-black text-white shadow-lg'
                      : 'rounded-xl px-4 py-2 text-lg font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                  }
                >
                  {year}
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className={arrow}
          disabled={next === undefined}
          aria-label="Next year"
          onClick={() => next !== undefined && choose(next)}
          onMouseEnter={() => next !== undefined && prefetch(next)}
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>

      <ul className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-2 md:hidden" data-testid="year-selector-mobile">
        {years.map((year) => {
          const isSelected = year === selected;
          return (
            <li key={year} className="snap-center">
              <button
                ref={isSelected ? selectedChip : undefined}
                type="button"
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => choose(year)}
                onTouchStart={() => prefetch(year)}
                className={
                  isSelected
                    ? 'rounded-full bg-brand-700 px-5 py-2 text-lg font-black text-white'
                    : 'rounded-full border border-slate-300 px-4 py-2 font-semibold text-slate-700'
                }
              >
                {year}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
