/**
 * The query keys of every feature whose answers another feature reads again or invalidates: the live
 * table of what a run's change touches (web/features/live/run-changes.ts), and the mutations of one
 * feature that change another's lists. In one module below the features, so no feature imports
 * another's queries for its keys (docs/architecture.md "Dependency directions"), and a venue screen that
 * names them loads nothing else. A key matches every key it begins.
 */
import { PORTAL_PAGE_SIZE } from './portal/query-policy.ts';

/** display. */
export const displayKeys = {
  run: (runId: number) => ['display', 'run', runId] as const,
  event: (eventId: number) => ['display', 'event', eventId] as const,
};

/** event-day. */
export const eventDayKeys = {
  all: ['event-day'] as const,
  mine: (userId: number, eventId: number | undefined) => ['event-day', 'mine', userId, eventId ?? 'all'] as const,
};

/** results. */
export const resultKeys = {
  all: ['results'] as const,
  timing: (runId: number) => ['results', 'timing', runId] as const,
  history: (resultId: number) => ['results', 'history', resultId] as const,
  display: (runId: number) => ['results', 'display', runId] as const,
};

/** The Following page's query keys, apart from its queries for the same reason as public-results/keys.ts. */
export const followingKeys = {
  all: ['following'] as const,
  competitor: (id: number) => ['following', 'competitor', id] as const,
  department: (id: number) => ['following', 'department', id] as const,
};

/**
 * The public results' query keys, in a module of their own: the live table of what a run's change
 * touches (web/features/live/run-changes.ts) names them on every venue screen, which must not load the
 * results pages' code (and the schemas it brings) to do so.
 */
export const publicResultKeys = {
  all: ['public-results'] as const,
  search: (search: object) => ['public-results', 'search', search] as const,
  filters: () => ['public-results', 'filters'] as const,
  event: (id: number) => ['public-results', 'event', id] as const,
  competitor: (id: number) => ['public-results', 'competitor', id] as const,
  department: (id: number) => ['public-results', 'department', id] as const,
  analytics: (id: number) => ['public-results', 'analytics', id] as const,
  statistics: (eventId: number | undefined) => ['public-results', 'statistics', eventId ?? 0] as const,
  qualified: (search: object) => ['public-results', 'qualified', search] as const,
};

/** users. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (filters: object) => ['users', 'list', filters] as const,
  details: () => ['users', 'detail'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

/** admin-users. */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  lists: () => ['admin-users', 'list'] as const,
  list: (filters: object) => ['admin-users', 'list', filters] as const,
  detail: (id: number) => ['admin-users', 'detail', id] as const,
};

/**
 * ['departments', 'detail', id] belongs to the public department page (a PublicDepartment), so the
 * portal's full record lives under 'record'.
 */
export const departmentKeys = {
  all: ['departments'] as const,
  lists: () => ['departments', 'list'] as const,
  list: (filters: object) => ['departments', 'list', filters] as const,
  options: () => ['departments', 'options'] as const,
  records: () => ['departments', 'record'] as const,
  record: (id: number) => ['departments', 'record', id] as const,
  allMembers: () => ['departments', 'members'] as const,
  members: (id: number) => ['departments', 'members', id] as const,
  membersPage: (id: number, page: number) => ['departments', 'members', id, { page, limit: PORTAL_PAGE_SIZE }] as const,
};
