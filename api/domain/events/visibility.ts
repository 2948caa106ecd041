import type { EventStatus } from './statuses.ts';

/**
 * Who may see an event, and so anything of it: its runs, its dates, its line-ups. The public (and any
 * account that is not an admin) sees only active, published (not Draft), not deleted events; an admin
 * sees them all. The SQL twin is `isPublicEventSql` (api/modules/events/queries.ts), and a run is seen
 * where its event is and it is active itself (`visibleRunSql`, api/modules/runs/queries.ts).
 */
export function isPublicEvent(event: { isActive: boolean; isDeleted: boolean; status: EventStatus | string }): boolean {
  return event.isActive && !event.isDeleted && event.status !== 'Draft';
}

/** Whether a plain user may see this run (an admin sees every run that is not deleted). */
export function isRunVisible(
  run: { isActive: boolean },
  event: { isActive: boolean; isDeleted: boolean; status: EventStatus | string },
  asAdmin: boolean,
): boolean {
  return asAdmin || (run.isActive && isPublicEvent(event));
}
