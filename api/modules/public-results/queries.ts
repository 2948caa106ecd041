import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type {
  CompetitorResults,
  DepartmentResults,
  PerformanceAnalytics,
  PublicEventResults,
  PublicResult,
  PublicResultFilters,
  PublicResultPage,
  PublicRunStandings,
  PublicStandingRow,
  ResultFlag,
  ResultStatistics,
} from '../../contracts/public-results.ts';
import { DEPARTMENT_RESULTS_LIMIT } from '../../contracts/public-results.ts';
import type { QualifiedList, qualifiedQuerySchema } from '../../contracts/qualifying.ts';
import type { StandingRow } from '../../contracts/results.ts';
import { containsPattern } from '../../db/like.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import { INFRACTION_CODES, type InfractionCode, penaltyCounts } from '../../domain/results/penalties.ts';
import type { RunType } from '../../domain/runs/categories.ts';
import { formatTime } from '../../domain/times.ts';
import { isPublicEventSql } from '../events/queries.ts';
import { listStandards, standardKey, standardSeasons, standardTimes } from '../qualifying/queries.ts';
import { officialRunStandings, publicPersonName, type RunForResults, runForResults } from '../results/queries.ts';

/**
 * Public results (docs/decisions/039-public-results.md). Every read goes through `publicOfficial`:
 * official, recorded results of active runs not held, of public events, of registrations not deleted.
 * Flags (PB, SB, CR) are computed at read time from those same results, so a correction (which makes a
 * result provisional, then official again with its new time) moves them at once.
 */

type QualifiedQueryOutput = z.output<typeof qualifiedQuerySchema>;

export const eventNotFound = () => notFound('Event', 'EVENT_NOT_FOUND');
export const runNotFound = () => notFound('Run', 'RUN_NOT_FOUND');
export const competitorNotFound = () => notFound('Competitor', 'COMPETITOR_NOT_FOUND');
export const departmentNotFound = () => notFound('Department', 'DEPARTMENT_NOT_FOUND');

/** Official results the public may see, with their run, event, entrant and department. */
function publicOfficial(db: Kysely<Database>) {
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
    .where('res.status', '=', 'official')
    .where('res.recorded', '=', true)
    .where('res.version', '>', 0)
    .where('runs.deleted_at', 'is', null)
    .where('runs.is_active', '=', true)
    .where('runs.results_held', '=', false)
    .where(isPublicEventSql)
    .where('r.deleted_at', 'is', null);
}

interface PublicRun {
  id: number;
  eventId: number;
  type: RunType;
  category: string;
  eventStartDate: string;
}

interface RunFilters {
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
async function publicRuns(db: Kysely<Database>, filters: RunFilters): Promise<PublicRun[]> {
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
  if (filters.season !== undefined)
    query = query
      .where('events.start_date', '>=', `${filters.season}-01-01`)
      .where('events.start_date', '<=', `${filters.season}-12-31`);
  const runs = await query.orderBy('events.start_date', 'desc').orderBy('runs.id').execute();
  return runs.map((run) => ({ ...run, eventStartDate: dateText(run.eventStartDate) }));
}

/**
 * The official, recorded results of these runs whose registration is not deleted (one hashed look-up of
 * the deleted ids, rather than a join per result).
 */
function officialResultsOf(db: Kysely<Database>, runIds: readonly number[]) {
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

function selectResult(query: PublicQuery) {
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

type RawResult = Awaited<ReturnType<ReturnType<typeof selectResult>['execute']>>[number];

const dateText = (value: string | Date) => (typeof value === 'string' ? value : value.toISOString()).slice(0, 10);
const seasonOf = (date: string | Date) => Number(dateText(date).slice(0, 4));
const entrantKey = (r: { teamId: number | null; userId: number | null }) =>
  r.teamId !== null ? `t${r.teamId}` : `u${r.userId}`;

function toPublicResult(row: RawResult, flags: ResultFlag[]): PublicResult {
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

// ---------- flags: personal best, season best, event and course records ----------

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

async function withFlags(db: Kysely<Database>, rows: readonly RawResult[]): Promise<PublicResult[]> {
  const flags = await flagsOf(db, rows);
  return rows.map((row) => toPublicResult(row, flags.get(row.resultId) ?? []));
}

/**
 * Each result's place in its run ("7th of 11"), read from the run's public standings, the one ranking
 * every public output uses; the standings of each run are read once, and kept for the caller.
 */
async function withPlaces(
  db: Kysely<Database>,
  results: readonly PublicResult[],
): Promise<{ results: PublicResult[]; standings: Map<number, PublicRunStandings> }> {
  const standings = new Map<number, PublicRunStandings>();
  for (const runId of new Set(results.map((r) => r.runId))) {
    const run = await publicRun(db, runId);
    if (run) standings.set(runId, await publicRunStandings(db, run));
  }
  const places = new Map<number, PublicResult['place']>();
  for (const run of standings.values()) {
    const of = run.rows.filter((row) => row.rank !== null).length;
    for (const row of run.rows) places.set(row.resultId, row.rank === null ? null : { rank: row.rank, of });
  }
  return { results: results.map((r) => ({ ...r, place: places.get(r.resultId) ?? null })), standings };
}

// ---------- standings ----------

/** A run of a public event, active, not held; undefined otherwise. */
async function publicRun(db: Kysely<Database>, runId: number): Promise<RunForResults | undefined> {
  const run = await runForResults(db, runId, { publicOnly: true });
  return run && !run.held ? run : undefined;
}

async function publicRunStandings(db: Kysely<Database>, run: RunForResults): Promise<PublicRunStandings> {
  const standings = await officialRunStandings(db, run);
  const flags = await flagsOf(
    db,
    standings.rows.map((row) => ({
      resultId: row.resultId,
      userId: row.entrant.userId,
      teamId: row.entrant.teamId,
      runId: run.id,
      runType: run.type,
      runCategory: run.category,
      eventId: run.eventId,
      eventStartDate: run.eventStartDate,
      officialTimeMs: row.officialTimeMs,
    })),
  );
  const flagged = (row: StandingRow): PublicStandingRow => ({ ...row, flags: flags.get(row.resultId) ?? [] });
  return {
    runId: run.id,
    runName: run.name,
    runType: run.type,
    runCategory: run.category,
    eventId: run.eventId,
    eventName: run.eventName,
    rows: standings.rows.map(flagged),
    categories: standings.categories.map((c) => ({ ...c, rows: c.rows.map(flagged) })),
    teams: standings.teams,
  };
}

/** GET /results/public/runs/{runId}. */
export async function publicRunResults(db: Kysely<Database>, runId: number): Promise<PublicRunStandings | undefined> {
  const run = await publicRun(db, runId);
  return run ? publicRunStandings(db, run) : undefined;
}

/** GET /results/public/events/{eventId}: every public run's official standings. */
export async function publicEventResults(
  db: Kysely<Database>,
  eventId: number,
): Promise<PublicEventResults | undefined> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'name', 'start_date', 'status'])
    .where('id', '=', eventId)
    .where(isPublicEventSql)
    .executeTakeFirst();
  if (!event) return undefined;
  const runIds = await db
    .selectFrom('runs')
    .select('id')
    .where('event_id', '=', eventId)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', true)
    .where('results_held', '=', false)
    .orderBy('id')
    .execute();
  const runs: PublicRunStandings[] = [];
  for (const { id } of runIds) {
    const run = await publicRun(db, id);
    if (run) runs.push(await publicRunStandings(db, run));
  }
  return {
    eventId: event.id,
    eventName: event.name,
    startDate: dateText(event.start_date),
    status: event.status,
    live: event.status === 'In Progress',
    runs,
  };
}

// ---------- search, competitor, department ----------

export interface PublicSearch {
  q?: string | undefined;
  departmentId?: number | undefined;
  eventId?: number | undefined;
  category?: string | undefined;
  runType?: RunType | undefined;
  season?: number | undefined;
  page: number;
  limit: number;
}

async function idsOf(query: { execute(): Promise<{ id: number }[]> }): Promise<number[]> {
  return [...new Set((await query.execute()).map((r) => r.id))];
}

/** A person's full name as the search matches it: the expression of the trigram index (migration 0012). */
const fullNameSql = sql<string>`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`;

/** Registrations whose person's full name or team's name contains the pattern (both trigram indexed). */
function registrationsNamed(db: Kysely<Database>, pattern: string) {
  return db
    .selectFrom('registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('r.id')
    .where(fullNameSql, 'ilike', pattern)
    .unionAll(
      db
        .selectFrom('registrations as r')
        .innerJoin('teams as t', 't.id', 'r.team_id')
        .select('r.id')
        .where('t.name', 'ilike', pattern),
    );
}

/**
 * Registrations of a department: a team's department, else the person's (the `d` join of
 * `publicOfficial`), found through the department indexes of teams and users.
 */
function registrationsOfDepartment(db: Kysely<Database>, departmentId: number) {
  return db
    .selectFrom('registrations as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select('r.id')
    .where('t.department_id', '=', departmentId)
    .unionAll(
      db
        .selectFrom('registrations as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('teams as t', 't.id', 'r.team_id')
        .select('r.id')
        .where('u.department_id', '=', departmentId)
        .where('t.department_id', 'is', null),
    );
}

/**
 * GET /results/public/search: by part of a name, department, run category, event, format and season;
 * newest first. The filters, the count and the page's ids read no names; the names are joined for the
 * page's rows only (docs/decisions/041-public-results-speed.md).
 */
export async function searchPublicResults(db: Kysely<Database>, search: PublicSearch): Promise<PublicResultPage> {
  const runs = await publicRuns(db, search);
  const meta = (total: number) => ({ total, page: search.page, perPage: search.limit });
  // A name or a department first gives the registrations it matches (through their indexes).
  let registrationIds: number[] | undefined;
  if (search.q) registrationIds = await idsOf(registrationsNamed(db, containsPattern(search.q)));
  if (search.departmentId !== undefined) {
    const ofDepartment = await idsOf(registrationsOfDepartment(db, search.departmentId));
    const named = registrationIds && new Set(registrationIds);
    registrationIds = named ? ofDepartment.filter((id) => named.has(id)) : ofDepartment;
  }
  if (runs.length === 0 || registrationIds?.length === 0) return { data: [], meta: meta(0) };
  const matching = (runIds: readonly number[]) => {
    const query = officialResultsOf(db, runIds);
    return registrationIds ? query.where(sql<boolean>`res.registration_id = any(${registrationIds}::int[])`) : query;
  };
  // One pass counts each run's matches; the page then reads only the runs it spans (runs come newest first).
  const counts = await matching(runs.map((run) => run.id))
    .select(['res.run_id as runId', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('res.run_id')
    .execute();
  const countOf = new Map(counts.map((c) => [c.runId, Number(c.n)]));
  const offset = (search.page - 1) * search.limit;
  let before = 0;
  let skip = 0;
  const spanned: number[] = [];
  for (const run of runs) {
    const n = countOf.get(run.id) ?? 0;
    if (n === 0) continue;
    if (before + n > offset && before < offset + search.limit) {
      if (spanned.length === 0) skip = offset - before;
      spanned.push(run.id);
    }
    before += n;
  }
  const page = spanned.length
    ? await matching(spanned)
        .select('res.registration_id as id')
        .orderBy(sql`array_position(${spanned}::int[], res.run_id)`)
        .orderBy(sql`res.official_time_ms nulls last`)
        .orderBy('res.registration_id')
        .limit(search.limit)
        .offset(skip)
        .execute()
    : [];
  const total = before;
  const ids = page.map((p) => p.id);
  const rows = ids.length
    ? await selectResult(publicOfficial(db).where('res.registration_id', 'in', ids)).execute()
    : [];
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.resultId) as number) - (position.get(b.resultId) as number));
  return { data: await withFlags(db, rows), meta: meta(Number(total)) };
}

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

function bests(results: readonly PublicResult[]) {
  const best = (list: readonly PublicResult[]) =>
    list.reduce<PublicResult | undefined>(
      (a, b) =>
        b.officialTimeMs !== null && (a === undefined || (a.officialTimeMs as number) > b.officialTimeMs) ? b : a,
      undefined,
    );
  const asBest = (r: PublicResult) => ({
    runType: r.runType,
    timeMs: r.officialTimeMs as number,
    time: formatTime(r.officialTimeMs as number),
    resultId: r.resultId,
    eventName: r.eventName,
  });
  const types: RunType[] = ['individual', 'relay', 'tech2'];
  const personalBests = types
    .map((type) => best(results.filter((r) => r.runType === type)))
    .filter((r): r is PublicResult => r !== undefined)
    .map(asBest);
  const seasons = [...new Set(results.map((r) => r.season))].sort((a, b) => b - a);
  const seasonBests = seasons.flatMap((season) =>
    types
      .map((type) => best(results.filter((r) => r.runType === type && r.season === season)))
      .filter((r): r is PublicResult => r !== undefined)
      .map((r) => ({ ...asBest(r), season })),
  );
  return { personalBests, seasonBests };
}

/** GET /results/public/competitors/{userId}: a person's own official results (not their teams'), with bests. */
export async function competitorResults(db: Kysely<Database>, userId: number): Promise<CompetitorResults | undefined> {
  const rows = await selectResult(publicOfficial(db).where('r.user_id', '=', userId).where('r.team_id', 'is', null))
    .orderBy('events.start_date', 'desc')
    .orderBy('runs.id', 'desc')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const { results } = await withPlaces(db, await withFlags(db, rows));
  return {
    userId,
    name: publicPersonName(first.firstName, first.lastName),
    departmentId: first.departmentId ?? null,
    departmentName: first.departmentName ?? null,
    results,
    ...bests(results),
  };
}

/** GET /results/public/departments/{departmentId}: its members' and teams' official results and team scores. */
export async function departmentResults(
  db: Kysely<Database>,
  departmentId: number,
): Promise<DepartmentResults | undefined> {
  const department = await db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('id', '=', departmentId)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!department) return undefined;
  const rows = await selectResult(publicOfficial(db).where('d.id', '=', departmentId))
    .orderBy('events.start_date', 'desc')
    .orderBy('runs.id', 'desc')
    .orderBy(sql`res.official_time_ms nulls last`)
    .limit(DEPARTMENT_RESULTS_LIMIT)
    .execute();
  const { results, standings } = await withPlaces(db, await withFlags(db, rows));
  const teams: DepartmentResults['teams'] = [];
  for (const run of standings.values()) {
    if (run.runType !== 'individual') continue;
    const rankedTeams = run.teams.filter((t) => t.rank !== null).length;
    for (const team of run.teams.filter((t) => t.departmentId === departmentId))
      teams.push({
        eventId: run.eventId,
        eventName: run.eventName,
        runId: run.runId,
        runName: run.runName,
        team,
        rankedTeams,
      });
  }
  return { departmentId: department.id, departmentName: department.name, results, teams };
}

// ---------- statistics and analytics ----------

export interface StatisticsFilters {
  eventId?: number | undefined;
  runId?: number | undefined;
  category?: string | undefined;
  departmentId?: number | undefined;
  season?: number | undefined;
  includeProvisional?: boolean | undefined;
}

const median = (sorted: readonly number[]) => {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
};

/**
 * GET /results/statistics: entrants, finishers, DNF/DNS/DQ, fastest, median and mean official time, and
 * penalties by infraction. The public's: official results of public events, held runs left out; an
 * admin may add provisional results and see every event and held run.
 */
export async function resultStatistics(
  db: Kysely<Database>,
  filters: StatisticsFilters,
  asAdmin: boolean,
): Promise<ResultStatistics> {
  const includeProvisional = asAdmin && filters.includeProvisional === true;
  let query = asAdmin
    ? db
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
        .where('events.deleted_at', 'is', null)
        .where('r.deleted_at', 'is', null)
        .where('res.status', 'in', includeProvisional ? ['official', 'provisional'] : ['official'])
    : publicOfficial(db);
  if (filters.eventId !== undefined) query = query.where('events.id', '=', filters.eventId);
  if (filters.runId !== undefined) query = query.where('runs.id', '=', filters.runId);
  if (filters.category !== undefined) query = query.where('runs.category', '=', filters.category);
  if (filters.departmentId !== undefined) query = query.where('d.id', '=', filters.departmentId);
  if (filters.season !== undefined)
    query = query
      .where('events.start_date', '>=', `${filters.season}-01-01`)
      .where('events.start_date', '<=', `${filters.season}-12-31`);
  const rows = await query.select(['res.outcome', 'res.official_time_ms as time', 'res.penalties']).execute();
  const times = rows
    .map((r) => r.time)
    .filter((t): t is number => t !== null)
    .sort((a, b) => a - b);
  const calls: InfractionCode[] = rows.flatMap((r) => (r.penalties ?? []) as InfractionCode[]);
  const count = (outcome: string) => rows.filter((r) => r.outcome === outcome).length;
  const fastest = times[0] ?? null;
  const mid = median(times);
  const mean = times.length ? Math.round(times.reduce((a, b) => a + b, 0) / times.length) : null;
  return {
    entrants: rows.length,
    finishers: times.length,
    dnf: count('dnf'),
    dns: count('dns'),
    dq: count('dq'),
    fastestMs: fastest,
    fastest: fastest === null ? null : formatTime(fastest),
    medianMs: mid,
    median: mid === null ? null : formatTime(mid),
    meanMs: mean,
    mean: mean === null ? null : formatTime(mean),
    penalties: penaltyCounts(calls.filter((c) => (INFRACTION_CODES as readonly string[]).includes(c))),
    includesProvisional: includeProvisional,
  };
}

/** GET /results/performance-analytics: a competitor's or a department's official times over events and seasons. */
export async function performanceAnalytics(
  db: Kysely<Database>,
  filters: {
    userId?: number | undefined;
    departmentId?: number | undefined;
    runType?: RunType | undefined;
    season?: number | undefined;
  },
): Promise<PerformanceAnalytics | undefined> {
  let query = publicOfficial(db);
  let subject: PerformanceAnalytics['subject'];
  if (filters.userId !== undefined) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', filters.userId)
      .executeTakeFirst();
    if (!user) return undefined;
    subject = { kind: 'competitor', id: user.id, name: publicPersonName(user.first_name, user.last_name) };
    query = query.where('r.user_id', '=', user.id).where('r.team_id', 'is', null);
  } else {
    const department = await db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('id', '=', filters.departmentId as number)
      .where('deleted_at', 'is', null)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!department) return undefined;
    subject = { kind: 'department', id: department.id, name: department.name };
    query = query.where('d.id', '=', department.id);
  }
  if (filters.runType !== undefined) query = query.where('runs.type', '=', filters.runType);
  if (filters.season !== undefined)
    query = query
      .where('events.start_date', '>=', `${filters.season}-01-01`)
      .where('events.start_date', '<=', `${filters.season}-12-31`);
  const rows = await selectResult(query).orderBy('events.start_date').orderBy('runs.id').execute();
  const results = rows.map((row) => toPublicResult(row, []));
  const points = results
    .filter((r) => r.officialTimeMs !== null)
    .map((r) => ({
      resultId: r.resultId,
      date: r.eventStartDate,
      season: r.season,
      eventName: r.eventName,
      runName: r.runName,
      runType: r.runType,
      name: r.entrant.name,
      timeMs: r.officialTimeMs as number,
    }));
  const groups = new Map<string, PublicResult[]>();
  for (const r of results)
    groups.set(`${r.season}:${r.runType}`, [...(groups.get(`${r.season}:${r.runType}`) ?? []), r]);
  const seasons = [...groups.values()].map((list) => {
    const first = list[0] as PublicResult;
    const times = list.map((r) => r.officialTimeMs).filter((t): t is number => t !== null);
    return {
      season: first.season,
      runType: first.runType,
      results: list.length,
      finishers: times.length,
      bestMs: times.length ? Math.min(...times) : null,
      meanMs: times.length ? Math.round(times.reduce((a, b) => a + b, 0) / times.length) : null,
    };
  });
  return { subject, points, seasons };
}

// ---------- qualified for nationals (docs/decisions/068-qualifying-standards.md) ----------

/**
 * GET /results/public/qualified: a season's qualified competitors and teams, each once per run type and
 * category with its best qualifying official time (ties: the earlier event), from the same public official
 * results as every other answer. Filtered by run type, category and department; the departments picker
 * lists every department with a qualified entry in the season, whatever the other filters.
 */
export async function qualifiedList(db: Kysely<Database>, query: QualifiedQueryOutput): Promise<QualifiedList> {
  const [standards, seasons] = await Promise.all([listStandards(db, query.season), standardSeasons(db)]);
  const empty: QualifiedList = { season: query.season, standards, entries: [], seasons, departments: [] };
  if (standards.length === 0) return empty;
  const standardOf = new Map(standards.map((s) => [standardKey(s.season, s.runType, s.category), s.timeMs]));
  const runs = (
    await publicRuns(db, {
      season: query.season,
      types: [...new Set(standards.map((s) => s.runType))],
      categories: [...new Set(standards.map((s) => s.category))],
    })
  ).filter((run) => standardOf.has(standardKey(query.season, run.type, run.category)));
  if (runs.length === 0) return empty;
  const slowest = Math.max(...standards.map((s) => s.timeMs));
  const rows = await selectResult(
    publicOfficial(db)
      .where(
        'runs.id',
        'in',
        runs.map((run) => run.id),
      )
      .where('res.official_time_ms', 'is not', null)
      .where('res.official_time_ms', '<=', slowest),
  ).execute();
  const best = new Map<string, { row: RawResult; standardMs: number }>();
  for (const row of rows) {
    const standardMs = standardOf.get(standardKey(query.season, row.runType, row.runCategory));
    const time = row.officialTimeMs;
    if (standardMs === undefined || time === null || time > standardMs) continue;
    const key = `${entrantKey(row)}:${row.runType}:${row.runCategory}`;
    const current = best.get(key);
    const earlier = (a: RawResult, b: RawResult) =>
      dateText(a.eventStartDate) < dateText(b.eventStartDate) ||
      (dateText(a.eventStartDate) === dateText(b.eventStartDate) && a.runId < b.runId);
    if (
      !current ||
      time < (current.row.officialTimeMs as number) ||
      (time === current.row.officialTimeMs && earlier(row, current.row))
    )
      best.set(key, { row, standardMs });
  }
  const all = [...best.values()];
  const departments = new Map<number, string>();
  for (const { row } of all)
    if (row.departmentId !== null && row.departmentId !== undefined)
      departments.set(row.departmentId, row.departmentName ?? '');
  const order = new Map(standards.map((s, index) => [`${s.runType}:${s.category}`, index]));
  const entries = all
    .filter(({ row }) => query.runType === undefined || row.runType === query.runType)
    .filter(({ row }) => query.category === undefined || row.runCategory === query.category)
    .filter(({ row }) => query.departmentId === undefined || row.departmentId === query.departmentId)
    .map(({ row, standardMs }) => {
      const result = toPublicResult(row, []);
      return {
        entrant: result.entrant,
        runType: row.runType,
        category: row.runCategory,
        timeMs: row.officialTimeMs as number,
        time: formatTime(row.officialTimeMs),
        standardMs,
        standard: formatTime(standardMs),
        resultId: row.resultId,
        eventId: row.eventId,
        eventName: row.eventName,
        eventStartDate: result.eventStartDate,
        runId: row.runId,
      };
    })
    .sort(
      (a, b) =>
        (order.get(`${a.runType}:${a.category}`) ?? 0) - (order.get(`${b.runType}:${b.category}`) ?? 0) ||
        a.timeMs - b.timeMs ||
        a.entrant.name.localeCompare(b.entrant.name) ||
        a.resultId - b.resultId,
    );
  return {
    ...empty,
    entries,
    departments: [...departments].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}
