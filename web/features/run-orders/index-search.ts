/** The run-orders index URL: `?eventId=4` picks the event, `query` and `page` page through the events. */
import { compact, idParam, pageParam, searchTextParam } from '../../lib/portal/query-policy.ts';

export interface RunOrderIndexSearch {
  eventId?: number;
  query?: string;
  page?: number;
}

export function parseRunOrderIndexSearch(raw: Record<string, unknown>): RunOrderIndexSearch {
  return compact({ eventId: idParam(raw.eventId), query: searchTextParam(raw.query), page: pageParam(raw.page) });
}
