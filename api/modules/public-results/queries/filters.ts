import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { PublicResultFilters } from '../../../contracts/public-results.ts';
import type { Database } from '../../../db/schema.ts';
import { dateText, publicRuns, seasonOf } from './public-official.ts';

/**
 * GET /results/public/filters: the departments, events (newest first) and seasons that have public
 * official results, for the search's pickers.
 */
export async function publicResultFilters(db: Kysely<Database>): Promise<PublicResultFilters> {
  const runs = await publicRuns(db, {});
  if (runs.length === 0) return { departments: [], events: [], seasons: [] };
  // A run has results when its first official one is found (an index probe per run, no scan).
  const withResults = await db
    .selectFrom('runs')
    .select('runs.id as runId')
    .where(
      'runs.id',
      'in',
      runs.map((run) => run.id),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('results as res')
          .select('res.registration_id')
          .whereRef('res.run_id', '=', 'runs.id')
          .where('res.status', '=', 'official')
          .where('res.recorded', '=', true)
          .where('res.version', '>', 0),
      ),
    )
    .execute();
  const runIds = new Set(withResults.map((r) => r.runId));
  if (runIds.size === 0) return { departments: [], events: [], seasons: [] };
  const eventIds = [...new Set(runs.filter((run) => runIds.has(run.id)).map((run) => run.eventId))];
  const events = eventIds.length
    ? await db
        .selectFrom('events')
        .select(['id', 'name', 'start_date as startDate'])
        .where('id', 'in', eventIds)
        .orderBy('start_date', 'desc')
        .orderBy('id')
        .execute()
    : [];
  // Per department, the first official result of a member or a team stops the look (no full scan).
  const officialIn = (eb: ExpressionBuilder<Database, 'registrations'>) =>
    eb.exists(
      eb
        .selectFrom('results as res')
        .select('res.registration_id')
        .whereRef('res.registration_id', '=', 'registrations.id')
        .where(sql<boolean>`res.run_id = any(${[...runIds]}::int[])`)
        .where('res.status', '=', 'official')
        .where('res.recorded', '=', true),
    );
  const departments = await db
    .selectFrom('departments as d')
    .select(['d.id', 'd.name'])
    .where('d.deleted_at', 'is', null)
    .where('d.is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('teams as t')
            .innerJoin('registrations', 'registrations.team_id', 't.id')
            .select('registrations.id')
            .whereRef('t.department_id', '=', 'd.id')
            .where('registrations.deleted_at', 'is', null)
            .where(officialIn),
        ),
        eb.exists(
          eb
            .selectFrom('users as u')
            .innerJoin('registrations', 'registrations.user_id', 'u.id')
            .leftJoin('teams as t', 't.id', 'registrations.team_id')
            .select('registrations.id')
            .whereRef('u.department_id', '=', 'd.id')
            .where('t.department_id', 'is', null)
            .where('registrations.deleted_at', 'is', null)
            .where(officialIn),
        ),
      ]),
    )
    .orderBy('d.name')
    .execute();
  return {
    departments,
    events: events.map((e) => ({ ...e, startDate: dateText(e.startDate) })),
    seasons: [...new Set(events.map((e) => seasonOf(e.startDate)))].sort((a, b) => b - a),
  };
}
