import { type Kysely, sql } from 'kysely';
import type { PublicResult, ResultFlag } from '../../../contracts/public-results.ts';
import type { Database } from '../../../db/schema.ts';
import type { RunType } from '../../../domain/runs/categories.ts';
import { isPublicEventSql } from '../../events/queries.ts';
import { standardKey, standardTimes } from '../../qualifying/queries.ts';
import { dateText, entrantKey, publicRuns, type RawResult, seasonOf, toPublicResult } from './public-official.ts';

interface Flaggable {
  resultId: number;
  userId: number | null;
  teamId: number | null;
  runId: number;
  runType: RunType;
  runCategory: string;
  eventId: number;
  eventStartDate: string | Date;
  officialTimeMs: number | null;
}

/**
 * The best public official time of each public run of these formats and categories: the first entry of
 * the run in `results_official_time_idx` whose registration stands, so a few index reads per run rather
 * than an aggregate over the whole history (docs/decisions/041-public-results-speed.md).
 */
function runBests(db: Kysely<Database>, types: readonly RunType[], categories: readonly string[]) {
  return db
    .selectFrom('runs')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('results as res')
          .innerJoin('registrations as r', 'r.id', 'res.registration_id')
          .select('res.official_time_ms as best')
          .whereRef('res.run_id', '=', 'runs.id')
          // Literals, not parameters: they must match the partial index's predicate.
          .where(sql<boolean>`res.status = 'official' and res.recorded and res.official_time_ms is not null`)
          .where('res.version', '>', 0)
          .where('r.deleted_at', 'is', null)
          .orderBy('res.official_time_ms')
          .limit(1)
          .as('b'),
      (join) => join.onTrue(),
    )
    .select(['runs.event_id as eventId', 'runs.type as runType', 'runs.category as runCategory', 'b.best'])
    .where('runs.deleted_at', 'is', null)
    .where('runs.is_active', '=', true)
    .where('runs.results_held', '=', false)
    .where(isPublicEventSql)
    .where('runs.type', 'in', [...types])
    .where('runs.category', 'in', [...categories])
    .execute();
}

/** The lowest value per key. */
function minimaBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) {
    const v = value(row);
    const current = out.get(key(row));
    if (current === undefined || v < current) out.set(key(row), v);
  }
  return out;
}

/**
 * PB: faster than every earlier official time of the entrant in the format (earlier: an earlier event
 * date, or the same date and a lower run id); the first one is a PB. SB: the same within the season (the
 * event's year). ER (event record): the fastest official time of the event in the format and run
 * category; CR (course record): the same over every event; both as they stand now. Q: at or under the
 * season's qualifying standard for the format and run category (docs/decisions/068); only a finish has
 * an official time, so a DQ, DNF or DNS never qualifies.
 */
export async function flagsOf(db: Kysely<Database>, rows: readonly Flaggable[]): Promise<Map<number, ResultFlag[]>> {
  const flags = new Map<number, ResultFlag[]>();
  const timed = rows.filter((r) => r.officialTimeMs !== null);
  if (timed.length === 0) return flags;
  const userIds = [...new Set(timed.filter((r) => r.teamId === null && r.userId !== null).map((r) => r.userId))];
  const teamIds = [...new Set(timed.filter((r) => r.teamId !== null).map((r) => r.teamId))];
  const types = [...new Set(timed.map((r) => r.runType))];
  // Only earlier results count: the runs up to the latest date among the rows.
  const latest = timed
    .map((r) => dateText(r.eventStartDate))
    .sort()
    .at(-1) as string;
  const runs = (await publicRuns(db, { types })).filter((run) => run.eventStartDate <= latest);
  const runOf = new Map(runs.map((run) => [run.id, run]));
  // Driven from the entrants' registrations (their user and team indexes), not from the whole history.
  const history = runs.length
    ? (
        await db
          .selectFrom('registrations as r')
          .innerJoin('results as res', 'res.registration_id', 'r.id')
          .select(['r.user_id as userId', 'r.team_id as teamId', 'res.run_id as runId', 'res.official_time_ms as time'])
          .where((eb) =>
            eb.or([
              ...(userIds.length
                ? [eb.and([eb('r.user_id', 'in', userIds as number[]), eb('r.team_id', 'is', null)])]
                : []),
              ...(teamIds.length ? [eb('r.team_id', 'in', teamIds as number[])] : []),
            ]),
          )
          .where('r.deleted_at', 'is', null)
          .where(sql<boolean>`res.run_id = any(${runs.map((run) => run.id)}::int[])`)
          .where('res.status', '=', 'official')
          .where('res.recorded', '=', true)
          .where('res.version', '>', 0)
          .where('res.official_time_ms', 'is not', null)
          .execute()
      ).flatMap((h) => {
        const run = runOf.get(h.runId);
        return run
          ? [{ ...h, runType: run.type, eventStartDate: run.eventStartDate, officialTimeMs: h.time as number }]
          : [];
      })
    : [];
  const byEntrant = new Map<string, typeof history>();
  for (const h of history) {
    const key = `${entrantKey(h)}:${h.runType}`;
    const list = byEntrant.get(key);
    if (list) list.push(h);
    else byEntrant.set(key, [h]);
  }
  const bests = await runBests(db, types, [...new Set(timed.map((r) => r.runCategory))]);
  const courseRecord = minimaBy(
    bests,
    (b) => `${b.runType}:${b.runCategory}`,
    (b) => b.best as number,
  );
  const eventRecord = minimaBy(
    bests,
    (b) => `${b.eventId}:${b.runType}:${b.runCategory}`,
    (b) => b.best as number,
  );
  const standards = await standardTimes(db, [...new Set(timed.map((r) => seasonOf(r.eventStartDate)))], types);
  for (const row of timed) {
    const time = row.officialTimeMs as number;
    const date = dateText(row.eventStartDate);
    const earlier = (byEntrant.get(`${entrantKey(row)}:${row.runType}`) ?? []).filter((h) => {
      const d = dateText(h.eventStartDate);
      return d < date || (d === date && h.runId < row.runId);
    });
    const own: ResultFlag[] = [];
    if (earlier.every((h) => (h.officialTimeMs as number) > time)) own.push('PB');
    const season = seasonOf(date);
    if (earlier.filter((h) => seasonOf(h.eventStartDate) === season).every((h) => (h.officialTimeMs as number) > time))
      own.push('SB');
    if (eventRecord.get(`${row.eventId}:${row.runType}:${row.runCategory}`) === time) own.push('ER');
    if (courseRecord.get(`${row.runType}:${row.runCategory}`) === time) own.push('CR');
    const standard = standards.get(standardKey(season, row.runType, row.runCategory));
    if (standard !== undefined && time <= standard) own.push('Q');
    flags.set(row.resultId, own);
  }
  return flags;
}

export async function withFlags(db: Kysely<Database>, rows: readonly RawResult[]): Promise<PublicResult[]> {
  const flags = await flagsOf(db, rows);
  return rows.map((row) => toPublicResult(row, flags.get(row.resultId) ?? []));
}
