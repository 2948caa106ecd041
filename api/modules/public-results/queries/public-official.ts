import type { ExpressionBuilder, Kysely } from 'kysely';
import type { PublicResult, ResultFlag } from '../../../contracts/public-results.ts';
import type { Database } from '../../../db/schema.ts';
import { notFound } from '../../../domain/errors.ts';
import { type InfractionCode, penaltyCounts } from '../../../domain/results/penalties.ts';
import type { RunType } from '../../../domain/runs/categories.ts';
import { formatTime } from '../../../domain/times.ts';
import { isPublicEventSql } from '../../events/queries.ts';
import { publicPersonName } from '../../results/queries/entrants.ts';

/**
 * Public results (docs/decisions/039-public-results.md). Every read goes through `publicOfficial`:
 * official, recorded results of active runs not held, of public events, of registrations not deleted.
 * Flags (PB, SB, CR) are computed at read time from those same results, so a correction (which makes a
 * result provisional, then official again with its new time) moves them at once.
 */

export const eventNotFound = () => notFound('Event', 'EVENT_NOT_FOUND');
export const runNotFound = () => notFound('Run', 'RUN_NOT_FOUND');
export const competitorNotFound = () => notFound('Competitor', 'COMPETITOR_NOT_FOUND');
export const departmentNotFound = () => notFound('Department', 'DEPARTMENT_NOT_FOUND');

/**
 * Recorded results of runs and registrations not deleted, with their run, event, entrant and department
 * (a team's department, else the person's): what the public's reads and an admin's statistics narrow.
 */
export function recordedResults(db: Kysely<Database>) {
  return db
    .selectFrom('results as res')
    .innerJoin('runs', 'runs.id', 'res.run_id')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .innerJoin('registrations as r', 'r.id', 'res.registration_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('departments as d', (join) =>
      join.on((eb) => eb('d.id', '=', eb.fn.coalesce('t.department_id', 'u.department_id'))),
    )
    .where('res.recorded', '=', true)
    .where('res.version', '>', 0)
    .where('runs.deleted_at', 'is', null)
    .where('r.deleted_at', 'is', null);
}

/** Official results the public may see, with their run, event, entrant and department. */
export function publicOfficial(db: Kysely<Database>) {
  return recordedResults(db)
    .where('res.status', '=', 'official')
    .where('runs.is_active', '=', true)
    .where('runs.results_held', '=', false)
    .where(isPublicEventSql);
}

/** Events of a season (the year of their start date). */
export const inSeason = (season: number) => (eb: ExpressionBuilder<Database, 'events'>) =>
  eb.and([eb('events.start_date', '>=', `${season}-01-01`), eb('events.start_date', '<=', `${season}-12-31`)]);

export interface PublicRun {
  id: number;
  eventId: number;
  type: RunType;
  category: string;
  eventStartDate: string;
}

export interface RunFilters {
  eventId?: number | undefined;
  category?: string | undefined;
  runType?: RunType | undefined;
  season?: number | undefined;
  types?: readonly RunType[];
  categories?: readonly string[];
}

/**
 * The public runs (active, not held, of public events) that match, newest event first. A few hundred
 * rows at most: reading them first lets the results queries below read `results` alone, by run, with no
 * join to plan (docs/decisions/041-public-results-speed.md).
 */
export async function publicRuns(db: Kysely<Database>, filters: RunFilters): Promise<PublicRun[]> {
  let query = db
    .selectFrom('runs')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .select([
      'runs.id',
      'runs.event_id as eventId',
      'runs.type',
      'runs.category',
      'events.start_date as eventStartDate',
    ])
    .where('runs.deleted_at', 'is', null)
    .where('runs.is_active', '=', true)
    .where('runs.results_held', '=', false)
    .where(isPublicEventSql);
  if (filters.eventId !== undefined) query = query.where('events.id', '=', filters.eventId);
  if (filters.category !== undefined) query = query.where('runs.category', '=', filters.category);
  if (filters.runType !== undefined) query = query.where('runs.type', '=', filters.runType);
  if (filters.types) query = query.where('runs.type', 'in', [...filters.types]);
  if (filters.categories) query = query.where('runs.category', 'in', [...filters.categories]);
  if (filters.season !== undefined) query = query.where(inSeason(filters.season));
  const runs = await query.orderBy('events.start_date', 'desc').orderBy('runs.id').execute();
  return runs.map((run) => ({ ...run, eventStartDate: dateText(run.eventStartDate) }));
}

/**
 * The official, recorded results of these runs whose registration is not deleted (one hashed look-up of
 * the deleted ids, rather than a join per result).
 */
export function officialResultsOf(db: Kysely<Database>, runIds: readonly number[]) {
  return db
    .selectFrom('results as res')
    .where('res.run_id', 'in', [...runIds])
    .where('res.status', '=', 'official')
    .where('res.recorded', '=', true)
    .where('res.version', '>', 0)
    .where(
      'res.registration_id',
      'not in',
      db.selectFrom('registrations').select('id').where('deleted_at', 'is not', null),
    );
}

type PublicQuery = ReturnType<typeof publicOfficial>;

export function selectResult(query: PublicQuery) {
  return query.select([
    'res.registration_id as resultId',
    'res.outcome',
    'res.raw_time_ms as rawTimeMs',
    'res.penalty_ms as penaltyMs',
    'res.official_time_ms as officialTimeMs',
    'res.penalties',
    'runs.id as runId',
    'runs.name as runName',
    'runs.type as runType',
    'runs.category as runCategory',
    'events.id as eventId',
    'events.name as eventName',
    'events.start_date as eventStartDate',
    'r.user_id as userId',
    'r.team_id as teamId',
    'u.first_name as firstName',
    'u.last_name as lastName',
    't.name as teamName',
    'd.id as departmentId',
    'd.name as departmentName',
  ]);
}

export type RawResult = Awaited<ReturnType<ReturnType<typeof selectResult>['execute']>>[number];

export const dateText = (value: string | Date) =>
  (typeof value === 'string' ? value : value.toISOString()).slice(0, 10);
export const seasonOf = (date: string | Date) => Number(dateText(date).slice(0, 4));
export const entrantKey = (r: { teamId: number | null; userId: number | null }) =>
  r.teamId !== null ? `t${r.teamId}` : `u${r.userId}`;

export function toPublicResult(row: RawResult, flags: ResultFlag[]): PublicResult {
  const team = row.teamId !== null;
  return {
    resultId: row.resultId,
    entrant: {
      kind: team ? 'team' : 'person',
      name: team ? (row.teamName ?? `Team ${row.teamId}`) : publicPersonName(row.firstName, row.lastName),
      departmentId: row.departmentId ?? null,
      departmentName: row.departmentName ?? null,
      userId: row.userId,
      teamId: row.teamId,
    },
    eventId: row.eventId,
    eventName: row.eventName,
    eventStartDate: dateText(row.eventStartDate),
    season: seasonOf(row.eventStartDate),
    runId: row.runId,
    runName: row.runName,
    runType: row.runType,
    runCategory: row.runCategory,
    outcome: row.outcome,
    rawTimeMs: row.rawTimeMs,
    penaltyMs: row.penaltyMs,
    officialTimeMs: row.officialTimeMs,
    officialTime: row.officialTimeMs === null ? null : formatTime(row.officialTimeMs),
    penalties: penaltyCounts((row.penalties ?? []) as InfractionCode[]),
    flags,
    place: null,
  };
}
