import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { notFound } from '../../../domain/errors.ts';
import type { RunType } from '../../../domain/runs/categories.ts';
import { isPublicEventSql } from '../../events/queries.ts';

/**
 * The reads of results (docs/decisions/030-results.md), from the `results` read model with the names
 * joined in. Admins read everything; the venue display's part (resultsDisplay) is the only public one:
 * no actors, no reasons, and nothing while the run's results are held.
 */

export const resultNotFoundError = () => notFound('Result', 'RESULT_NOT_FOUND');
export const runNotFoundError = () => notFound('Run', 'RUN_NOT_FOUND');
export const teamNotFoundError = () => notFound('Team', 'TEAM_NOT_FOUND');

export interface RunForResults {
  id: number;
  name: string;
  type: RunType;
  category: string;
  eventId: number;
  eventName: string;
  eventStartDate: string;
  held: boolean;
}

/** The run (not deleted, its event not deleted); publicOnly: also an active run of a public event. */
export async function runForResults(
  db: Kysely<Database>,
  runId: number,
  options: { publicOnly?: boolean } = {},
): Promise<RunForResults | undefined> {
  let query = db
    .selectFrom('runs')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .select([
      'runs.id',
      'runs.name',
      'runs.type',
      'runs.category',
      'runs.results_held as held',
      'runs.event_id as eventId',
      'events.name as eventName',
      'events.start_date as eventStartDate',
    ])
    .where('runs.id', '=', runId)
    .where('runs.deleted_at', 'is', null)
    .where('events.deleted_at', 'is', null);
  if (options.publicOnly) query = query.where(isPublicEventSql).where('runs.is_active', '=', true);
  return query.executeTakeFirst();
}

export async function existingRun(db: Kysely<Database>, runId: number): Promise<RunForResults> {
  const run = await runForResults(db, runId);
  if (!run) throw runNotFoundError();
  return run;
}
