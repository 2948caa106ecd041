import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { notFound } from '../../../domain/errors.ts';
import { isPublicEventSql } from '../../events/queries.ts';

export const runNotFound = () => notFound('Run', 'RUN_NOT_FOUND');

export interface RunForOrder {
  id: number;
  name: string;
  type: string;
  category: string;
  eventId: number;
  eventName: string;
  /** The event's province: its venue time zone (docs/decisions/069). */
  eventProvince: string;
}

/**
 * The run a run order belongs to (not deleted, its event not deleted); undefined when there is none.
 * publicOnly: also only when the run is active and its event public (active, not a draft), as the venue
 * display and public live sockets require.
 */
export async function runForOrder(
  db: Kysely<Database>,
  runId: number,
  options: { forUpdate?: boolean; publicOnly?: boolean } = {},
): Promise<RunForOrder | undefined> {
  let query = db
    .selectFrom('runs')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .select([
      'runs.id',
      'runs.name',
      'runs.type',
      'runs.category',
      'runs.event_id as eventId',
      'events.name as eventName',
      'events.province as eventProvince',
    ])
    .where('runs.id', '=', runId)
    .where('runs.deleted_at', 'is', null)
    .where('events.deleted_at', 'is', null);
  if (options.forUpdate) query = query.forUpdate(['runs']);
  // What the public may see of a run (api/domain/events/visibility.ts): an active run of a public event.
  if (options.publicOnly) query = query.where(isPublicEventSql).where('runs.is_active', '=', true);
  return query.executeTakeFirst();
}
