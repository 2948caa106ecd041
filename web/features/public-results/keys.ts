import type { QualifiedSearch, ResultSearch } from './queries.ts';

/**
 * The public results' query keys, in a module of their own: the live table of what a run's change
 * touches (web/features/live/run-changes.ts) names them on every venue screen, which must not load the
 * results pages' code (and the schemas it brings) to do so.
 */
export const publicResultKeys = {
  all: ['public-results'] as const,
  search: (search: ResultSearch) => ['public-results', 'search', search] as const,
  filters: () => ['public-results', 'filters'] as const,
  event: (id: number) => ['public-results', 'event', id] as const,
  competitor: (id: number) => ['public-results', 'competitor', id] as const,
  department: (id: number) => ['public-results', 'department', id] as const,
  analytics: (id: number) => ['public-results', 'analytics', id] as const,
  statistics: (eventId: number | undefined) => ['public-results', 'statistics', eventId ?? 0] as const,
  qualified: (search: QualifiedSearch) => ['public-results', 'qualified', search] as const,
};
