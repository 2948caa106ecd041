import { type Kysely, sql } from 'kysely';
import type {
  ResultActor,
  ResultDto,
  ResultEntrant,
  ResultHistory,
  ResultsDisplay,
  ResultValueDto,
  RunStandings,
  StandingRow,
  TeamAggregate,
  TeamRunResult,
  TeamScore,
  TimingLane,
  TimingView,
} from '../../contracts/results.ts';
import { RESULTS_TOP_PLACES } from '../../contracts/results.ts';
import { penaltiesOf, type ResultRow, voidedOf } from '../../db/read-models.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import type { ResultOutcome, ResultStatus, ResultValue } from '../../domain/results/events.ts';
import { registrationIdOfResultStream, resultStreamId } from '../../domain/results/events.ts';
import {
  effectiveOutcome,
  evolve,
  initialResultState,
  officialTimeMs,
  type ResultEventEnvelope,
  type ResultState,
} from '../../domain/results/evolve.ts';
import { describeResultEvent, resultEventKind } from '../../domain/results/history.ts';
import { penaltyCounts } from '../../domain/results/penalties.ts';
import {
  runStandings as computeRunStandings,
  type StandingRow as ScoredRow,
  type ScoringEntry,
  type TeamInput,
  type TeamScoreRow,
} from '../../domain/results/scoring.ts';
import { laneOf, pairPositions } from '../../domain/run-orders/evolve.ts';
import { layoutOf } from '../../domain/run-orders/layout.ts';
import type { RunType } from '../../domain/runs/categories.ts';
import { formatTime } from '../../domain/times.ts';
import { type RecordedEvent, readStream, readStreams } from '../../event-store/store.ts';
import { isPublicEventSql } from '../events/queries.ts';
import { runOrderState } from '../run-orders/state.ts';

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

/** Holds a run's results from the public, or releases them (an ordinary write: not event-sourced). */
export async function setResultsHeld(db: Kysely<Database>, runId: number, held: boolean) {
  await existingRun(db, runId);
  await db.updateTable('runs').set({ results_held: held, updated_at: new Date() }).where('id', '=', runId).execute();
  return { runId, held };
}

// ---------- entrants and actors ----------

export interface EntrantFacts extends ResultEntrant {
  registrationId: number;
  runId: number;
  status: 'confirmed' | 'waitlisted' | 'cancelled' | 'deleted';
  /** The person's, or a team's youngest member's: age categories need every competitor that old. */
  dateOfBirth: string | null;
  gender: 'female' | 'male' | 'other' | null;
}

/** The public's name of a person: never their e-mail address (docs/decisions/039-public-results.md). */
export const publicPersonName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || 'Competitor';

/** The entrants of these registrations (or of a whole run), by registration id. */
export async function entrantFacts(
  db: Kysely<Database>,
  which: { registrationIds?: readonly number[]; runId?: number },
): Promise<Map<number, EntrantFacts>> {
  if (which.registrationIds && which.registrationIds.length === 0) return new Map();
  let query = db
    .selectFrom('registrations as r')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('departments as d', (join) =>
      join.on((eb) => eb('d.id', '=', eb.fn.coalesce('t.department_id', 'u.department_id'))),
    )
    .select([
      'r.id',
      'r.run_id',
      'r.status',
      'r.deleted_at',
      'r.team_id',
      'r.user_id',
      't.name as team_name',
      'u.first_name',
      'u.last_name',
      'u.date_of_birth',
      'u.gender',
      'd.id as department_id',
      'd.name as department_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('team_members as m')
        .innerJoin('users as mu', 'mu.id', 'm.user_id')
        .whereRef('m.team_id', '=', 'r.team_id')
        .select((inner) => inner.fn.max('mu.date_of_birth').as('youngest'))
        .as('team_youngest'),
    );
  if (which.registrationIds) query = query.where('r.id', 'in', [...which.registrationIds]);
  if (which.runId !== undefined) query = query.where('r.run_id', '=', which.runId);
  const rows = await query.execute();
  return new Map(
    rows.map((row) => {
      const team = row.team_id !== null;
      const facts: EntrantFacts = {
        registrationId: row.id,
        runId: row.run_id,
        status: row.deleted_at ? 'deleted' : row.status,
        kind: team ? 'team' : 'person',
        // Results reach public screens and the venue display: never an e-mail address, even for admins.
        name: team ? (row.team_name ?? `Team ${row.team_id}`) : publicPersonName(row.first_name, row.last_name),
        departmentId: row.department_id ?? null,
        departmentName: row.department_name ?? null,
        userId: row.user_id,
        teamId: row.team_id,
        dateOfBirth: (team ? (row.team_youngest as string | null) : row.date_of_birth) ?? null,
        gender: team ? null : (row.gender ?? null),
      };
      return [row.id, facts];
    }),
  );
}

const entrantOf = (facts: EntrantFacts | undefined, registrationId: number): ResultEntrant => ({
  kind: facts?.kind ?? 'person',
  name: facts?.name ?? `Registration ${registrationId}`,
  departmentId: facts?.departmentId ?? null,
  departmentName: facts?.departmentName ?? null,
  userId: facts?.userId ?? null,
  teamId: facts?.teamId ?? null,
});

export async function actorNames(
  db: Kysely<Database>,
  ids: readonly (number | null | undefined)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((u) => [u.id, [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email]));
}

const actorOf = (actors: Map<number, string>, id: number | null | undefined): ResultActor | null =>
  typeof id === 'number' ? { id, name: actors.get(id) ?? `User ${id}` } : null;

// ---------- the result view ----------

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A value (time, outcome, penalties) as the answers show it. */
export function valueDto(value: ResultValue): ResultValueDto {
  const official = officialTimeMs(value);
  return {
    rawTimeMs: value.rawTimeMs,
    rawTime: value.rawTimeMs === null ? null : formatTime(value.rawTimeMs),
    outcome: effectiveOutcome(value),
    penalties: penaltyCounts(value.penalties),
    officialTimeMs: official,
    officialTime: official === null ? null : formatTime(official),
  };
}

function toResultDto(row: ResultRow, facts: EntrantFacts | undefined, actors: Map<number, string>): ResultDto {
  const penalties = penaltiesOf(row);
  return {
    id: row.registration_id,
    registrationId: row.registration_id,
    runId: row.run_id,
    eventId: row.event_id,
    entrant: entrantOf(facts, row.registration_id),
    recorded: row.recorded,
    heat: row.heat,
    position: row.position,
    lane: row.position === null ? null : laneOf(row.position),
    attempt: row.attempt,
    rawTimeMs: row.raw_time_ms,
    rawTime: row.raw_time_ms === null ? null : formatTime(row.raw_time_ms),
    penalties: penaltyCounts(penalties),
    penaltyMs: row.penalty_ms,
    officialTimeMs: row.official_time_ms,
    officialTime: row.official_time_ms === null ? null : formatTime(row.official_time_ms),
    outcome: row.outcome,
    status: row.status,
    source: row.source,
    enteredBy: actorOf(actors, row.entered_by),
    enteredAt: iso(row.entered_at),
    lastChangedBy: actorOf(actors, row.last_changed_by),
    validatedBy: actorOf(actors, row.validated_by),
    validatedAt: iso(row.validated_at),
    returnedReason: row.returned_reason,
    voidedAttempts: voidedOf(row).map((v) => ({
      attempt: v.attempt,
      rawTimeMs: v.rawTimeMs,
      rawTime: v.rawTimeMs === null ? null : formatTime(v.rawTimeMs),
      outcome: effectiveOutcome(v),
      penalties: penaltyCounts(v.penalties),
      reason: v.reason,
      voidedBy: actorOf(actors, v.voidedBy),
    })),
    version: row.version,
  };
}

/** Result rows as answers, names looked up once. */
export async function resultDtos(db: Kysely<Database>, rows: readonly ResultRow[]): Promise<ResultDto[]> {
  if (rows.length === 0) return [];
  const facts = await entrantFacts(db, { registrationIds: rows.map((r) => r.registration_id) });
  const actors = await actorNames(
    db,
    rows.flatMap((r) => [r.entered_by, r.last_changed_by, r.validated_by, ...voidedOf(r).map((v) => v.voidedBy)]),
  );
  return rows.map((row) => toResultDto(row, facts.get(row.registration_id), actors));
}

export async function resultDto(db: Kysely<Database>, row: ResultRow): Promise<ResultDto> {
  return (await resultDtos(db, [row]))[0] as ResultDto;
}

/** One result by its id (= the registration id); 404 when the registration has none. */
export async function resultById(db: Kysely<Database>, id: number): Promise<ResultDto> {
  const row = await db
    .selectFrom('results')
    .selectAll()
    .where('registration_id', '=', id)
    .where('version', '>', 0)
    .executeTakeFirst();
  if (!row) throw resultNotFoundError();
  return resultDto(db, row);
}

export interface ResultFilters {
  eventId?: number;
  runId?: number;
  status?: ResultStatus;
  outcome?: ResultOutcome;
  page: number;
  limit: number;
}

/** GET /results and /results/status/{status}: recorded results, by run, heat and position. */
export async function listResults(db: Kysely<Database>, filters: ResultFilters) {
  let query = db.selectFrom('results').where('version', '>', 0).where('recorded', '=', true);
  if (filters.eventId !== undefined) query = query.where('event_id', '=', filters.eventId);
  if (filters.runId !== undefined) query = query.where('run_id', '=', filters.runId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.outcome !== undefined) query = query.where('outcome', '=', filters.outcome);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('run_id')
    .orderBy(sql`heat nulls last`)
    .orderBy(sql`position nulls last`)
    .orderBy('registration_id')
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit)
    .execute();
  return {
    data: await resultDtos(db, rows),
    meta: { total: Number(total?.n ?? 0), page: filters.page, perPage: filters.limit },
  };
}

// ---------- standings and team scores ----------

async function recordedRowsOfRun(db: Kysely<Database>, runId: number): Promise<ResultRow[]> {
  return db
    .selectFrom('results')
    .selectAll()
    .where('run_id', '=', runId)
    .where('recorded', '=', true)
    .where('version', '>', 0)
    .execute();
}

function scoringEntryOf(row: ResultRow, facts: EntrantFacts | undefined): ScoringEntry {
  return {
    registrationId: row.registration_id,
    name: facts?.name ?? `Registration ${row.registration_id}`,
    departmentId: facts?.departmentId ?? null,
    departmentName: facts?.departmentName ?? null,
    status: row.status,
    runOrderPosition: row.position,
    heat: row.heat,
    rawTimeMs: row.raw_time_ms,
    outcome: row.recorded_outcome,
    penalties: penaltiesOf(row),
    dateOfBirth: facts?.dateOfBirth ?? null,
    gender: facts?.gender ?? null,
  };
}

function standingRowDto(scored: ScoredRow, row: ResultRow | undefined, facts: EntrantFacts | undefined): StandingRow {
  return {
    rank: scored.rank,
    decidedBy: scored.decidedBy,
    resultId: scored.registrationId,
    registrationId: scored.registrationId,
    entrant: entrantOf(facts, scored.registrationId),
    heat: row?.heat ?? null,
    position: scored.runOrderPosition,
    rawTimeMs: scored.rawTimeMs,
    rawTime: scored.rawTimeMs === null ? null : formatTime(scored.rawTimeMs),
    penaltyMs: scored.penaltyMs,
    officialTimeMs: scored.officialTimeMs,
    officialTime: scored.officialTimeMs === null ? null : formatTime(scored.officialTimeMs),
    gapMs: scored.gapMs,
    outcome: scored.outcome,
    status: scored.status,
    penalties: penaltyCounts(scored.penalties),
  };
}

function teamScoreDto(team: TeamScoreRow): TeamScore {
  return {
    teamId: team.teamId,
    teamName: team.name,
    departmentId: team.departmentId,
    departmentName: team.departmentName,
    rank: team.rank,
    decidedBy: team.decidedBy,
    scoreMs: team.scoreMs,
    score: team.scoreMs === null ? null : formatTime(team.scoreMs),
    counted: team.counted,
    members: team.members,
    validTimes: team.validTimes,
    noScoreReason: team.noScoreReason,
  };
}

/** The department teams (individual format) with members registered in this individual run. */
async function departmentTeamsOfRun(db: Kysely<Database>, runId: number): Promise<TeamInput[]> {
  const rows = await db
    .selectFrom('registrations as r')
    .innerJoin('team_members as m', 'm.user_id', 'r.user_id')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .leftJoin('departments as d', 'd.id', 't.department_id')
    .select(['t.id as team_id', 't.name', 't.department_id', 'd.name as department_name', 'r.id as registration_id'])
    .where('r.run_id', '=', runId)
    .where('r.deleted_at', 'is', null)
    .where('r.status', '=', 'confirmed')
    .where('t.run_type', '=', 'individual')
    .where('t.is_active', '=', true)
    .where('t.deleted_at', 'is', null)
    .orderBy('t.id')
    .execute();
  const teams = new Map<number, TeamInput & { registrationIds: number[] }>();
  for (const row of rows) {
    const team = teams.get(row.team_id) ?? {
      teamId: row.team_id,
      name: row.name,
      departmentId: row.department_id,
      departmentName: row.department_name ?? null,
      registrationIds: [],
    };
    team.registrationIds.push(row.registration_id);
    teams.set(row.team_id, team);
  }
  return [...teams.values()];
}

interface ScoredRun {
  run: RunForResults;
  rows: Map<number, ResultRow>;
  facts: Map<number, EntrantFacts>;
  teams: TeamInput[];
  standings: ReturnType<typeof computeRunStandings>;
  /** Recorded results left out of the standings (provisional ones, for the public). */
  leftOut: number;
}

async function scoreRun(
  db: Kysely<Database>,
  run: RunForResults,
  options: { officialOnly?: boolean } = {},
): Promise<ScoredRun> {
  // By run, not by a list of ids: one indexed range instead of a 500-element IN list.
  const [recorded, facts] = await Promise.all([recordedRowsOfRun(db, run.id), entrantFacts(db, { runId: run.id })]);
  // Public standings (docs/decisions/039-public-results.md) leave provisional results out entirely.
  const rows = options.officialOnly ? recorded.filter((r) => r.status === 'official') : recorded;
  const entries = rows.map((row) => scoringEntryOf(row, facts.get(row.registration_id)));
  const teams = run.type === 'individual' ? await departmentTeamsOfRun(db, run.id) : [];
  const standings = computeRunStandings(entries, {
    runType: run.type,
    runCategory: run.category,
    eventStartDate: run.eventStartDate,
    teams,
  });
  return {
    run,
    rows: new Map(rows.map((r) => [r.registration_id, r])),
    facts,
    teams,
    standings,
    leftOut: recorded.length - rows.length,
  };
}

/** GET /results/run/{runId}: the run's standings over every recorded result, per category, and its team scores. */
export async function runStandings(db: Kysely<Database>, run: RunForResults): Promise<RunStandings> {
  return standingsOf(await scoreRun(db, run));
}

/**
 * The public's standings of a run: ranks, categories, gaps and team scores over official results only, so
 * a provisional time neither shows nor moves a place (docs/decisions/039-public-results.md). Every public
 * output (the public pages, the documents of decision 040) reads this one function.
 */
export async function officialRunStandings(
  db: Kysely<Database>,
  run: RunForResults,
): Promise<RunStandings & { provisionalLeftOut: boolean }> {
  const scored = await scoreRun(db, run, { officialOnly: true });
  return { ...standingsOf(scored), provisionalLeftOut: scored.leftOut > 0 };
}

function standingsOf(scored: ScoredRun): RunStandings {
  const { run } = scored;
  const dto = (row: ScoredRow) =>
    standingRowDto(row, scored.rows.get(row.registrationId), scored.facts.get(row.registrationId));
  return {
    runId: run.id,
    runName: run.name,
    runType: run.type,
    runCategory: run.category,
    eventId: run.eventId,
    eventName: run.eventName,
    held: run.held,
    rows: scored.standings.overall.map(dto),
    categories: scored.standings.categories.map((c) => ({
      category: c.category,
      label: c.category,
      rows: c.rows.map(dto),
    })),
    teams: scored.standings.teams.map(teamScoreDto),
  };
}

async function teamRow(db: Kysely<Database>, teamId: number) {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'name', 'run_type', 'department_id'])
    .where('id', '=', teamId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!team) throw teamNotFoundError();
  return team;
}

async function teamInRun(
  db: Kysely<Database>,
  team: { id: number; name: string },
  run: RunForResults,
): Promise<TeamRunResult> {
  const scored = await scoreRun(db, run);
  let score: TeamScore | null = null;
  let registrationIds: number[];
  if (run.type === 'individual') {
    const found = scored.standings.teams.find((t) => t.teamId === team.id);
    score = found ? teamScoreDto(found) : null;
    registrationIds = [...(scored.teams.find((t) => t.teamId === team.id)?.registrationIds ?? [])];
  } else {
    registrationIds = [...scored.facts.values()].filter((f) => f.teamId === team.id).map((f) => f.registrationId);
    const own = scored.standings.overall.find((r) => registrationIds.includes(r.registrationId));
    if (own) {
      score = {
        teamId: team.id,
        teamName: team.name,
        departmentId: own.departmentId,
        departmentName: own.departmentName,
        rank: own.rank,
        decidedBy: own.decidedBy,
        scoreMs: own.officialTimeMs,
        score: own.officialTimeMs === null ? null : formatTime(own.officialTimeMs),
        counted:
          own.officialTimeMs === null
            ? []
            : [{ registrationId: own.registrationId, name: own.name, officialTimeMs: own.officialTimeMs }],
        members: 1,
        validTimes: own.officialTimeMs === null ? 0 : 1,
        noScoreReason: null,
      };
    }
  }
  const rows = registrationIds.map((id) => scored.rows.get(id)).filter((r): r is ResultRow => r !== undefined);
  return {
    teamId: team.id,
    teamName: team.name,
    runId: run.id,
    runName: run.name,
    runType: run.type,
    eventId: run.eventId,
    eventName: run.eventName,
    score,
    results: await resultDtos(db, rows),
  };
}

/** GET /results/team/{teamId}/run/{runId}. */
export async function teamRunResult(db: Kysely<Database>, teamId: number, runId: number): Promise<TeamRunResult> {
  const team = await teamRow(db, teamId);
  return teamInRun(db, team, await existingRun(db, runId));
}

/** GET /results/team/{id}/aggregate: every run the team (or, for a department team, a member) has results in. */
export async function teamAggregate(db: Kysely<Database>, teamId: number): Promise<TeamAggregate> {
  const team = await teamRow(db, teamId);
  const runIds =
    team.run_type === 'individual'
      ? await db
          .selectFrom('results as res')
          .innerJoin('registrations as r', 'r.id', 'res.registration_id')
          .innerJoin('team_members as m', 'm.user_id', 'r.user_id')
          .select('res.run_id')
          .distinct()
          .where('m.team_id', '=', teamId)
          .where('res.recorded', '=', true)
          .execute()
      : await db
          .selectFrom('results as res')
          .innerJoin('registrations as r', 'r.id', 'res.registration_id')
          .select('res.run_id')
          .distinct()
          .where('r.team_id', '=', teamId)
          .where('res.recorded', '=', true)
          .execute();
  const runs: TeamAggregate['runs'] = [];
  for (const { run_id } of runIds) {
    const run = await runForResults(db, run_id);
    if (!run) continue;
    const result = await teamInRun(db, team, run);
    runs.push({
      runId: run.id,
      runName: run.name,
      eventId: run.eventId,
      eventName: run.eventName,
      eventStartDate: run.eventStartDate,
      rank: result.score?.rank ?? null,
      scoreMs: result.score?.scoreMs ?? null,
      score: result.score?.score ?? null,
    });
  }
  runs.sort((a, b) => b.eventStartDate.localeCompare(a.eventStartDate) || a.runId - b.runId);
  const scores = runs.map((r) => r.scoreMs).filter((ms): ms is number => ms !== null);
  const best = scores.length ? Math.min(...scores) : null;
  return {
    teamId: team.id,
    teamName: team.name,
    runs,
    runsWithResults: runs.length,
    runsScored: scores.length,
    bestScoreMs: best,
    bestScore: best === null ? null : formatTime(best),
    wins: runs.filter((r) => r.rank === 1).length,
  };
}

// ---------- the timing table ----------

/**
 * The best official time of each entrant (a person by user, a team by team) in any other run of this
 * format: what the timing table warns a typed time against, and what best-time seeding reads.
 */
export async function bestOfficialTimes(
  db: Kysely<Database>,
  runType: RunType,
  exceptRunId: number,
  entrants: { userIds: readonly number[]; teamIds: readonly number[] },
): Promise<{ byUser: Map<number, number>; byTeam: Map<number, number> }> {
  const byUser = new Map<number, number>();
  const byTeam = new Map<number, number>();
  if (entrants.userIds.length === 0 && entrants.teamIds.length === 0) return { byUser, byTeam };
  const rows = await db
    .selectFrom('results as res')
    .innerJoin('registrations as r', 'r.id', 'res.registration_id')
    .innerJoin('runs', 'runs.id', 'res.run_id')
    .select(['r.user_id', 'r.team_id'])
    .select((eb) => eb.fn.min('res.official_time_ms').as('best'))
    .where('res.status', '=', 'official')
    .where('res.recorded', '=', true)
    .where('res.official_time_ms', 'is not', null)
    .where('res.run_id', '<>', exceptRunId)
    .where('runs.type', '=', runType)
    .where('runs.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(entrants.userIds.length ? [eb('r.user_id', 'in', [...entrants.userIds])] : []),
        ...(entrants.teamIds.length ? [eb('r.team_id', 'in', [...entrants.teamIds])] : []),
      ]),
    )
    .groupBy(['r.user_id', 'r.team_id'])
    .execute();
  for (const row of rows) {
    const best = Number(row.best);
    if (row.team_id !== null) byTeam.set(row.team_id, Math.min(best, byTeam.get(row.team_id) ?? best));
    else if (row.user_id !== null) byUser.set(row.user_id, Math.min(best, byUser.get(row.user_id) ?? best));
  }
  return { byUser, byTeam };
}

/** The fastest official time in any other run of the same format and category (any event). */
async function bestEver(db: Kysely<Database>, run: RunForResults): Promise<number | null> {
  const row = await db
    .selectFrom('results as res')
    .innerJoin('runs', 'runs.id', 'res.run_id')
    .select((eb) => eb.fn.min('res.official_time_ms').as('best'))
    .where('res.status', '=', 'official')
    .where('res.recorded', '=', true)
    .where('res.run_id', '<>', run.id)
    .where('runs.type', '=', run.type)
    .where('runs.category', '=', run.category)
    .where('runs.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.best === null || row?.best === undefined ? null : Number(row.best);
}

/** GET /results/run/{runId}/timing: the run order's heats, pairs and lanes with each entrant's result. */
export async function timingView(db: Kysely<Database>, run: RunForResults): Promise<TimingView> {
  const order = await runOrderState(db, run.id);
  const rows = await db
    .selectFrom('results')
    .selectAll()
    .where('run_id', '=', run.id)
    .where('version', '>', 0)
    .execute();
  const placedIds = order.slots.filter((id): id is number => id !== null);
  const facts = await entrantFacts(db, {
    registrationIds: [...new Set([...placedIds, ...rows.map((r) => r.registration_id)])],
  });
  const dtos = new Map((await resultDtos(db, rows)).map((dto) => [dto.registrationId, dto]));
  const entrants = [...facts.values()];
  const best = await bestOfficialTimes(db, run.type, run.id, {
    userIds: entrants.filter((f) => f.teamId === null && f.userId !== null).map((f) => f.userId as number),
    teamIds: entrants.filter((f) => f.teamId !== null).map((f) => f.teamId as number),
  });
  const ever = await bestEver(db, run);
  const layout = layoutOf(order);
  const lane = (position: number): TimingLane => {
    const registrationId = order.slots[position - 1] ?? null;
    const f = registrationId === null ? undefined : facts.get(registrationId);
    const bestMs =
      f === undefined
        ? null
        : f.teamId !== null
          ? (best.byTeam.get(f.teamId) ?? null)
          : f.userId !== null
            ? (best.byUser.get(f.userId) ?? null)
            : null;
    const result = registrationId === null ? undefined : dtos.get(registrationId);
    return {
      position,
      lane: laneOf(position),
      registrationId,
      entrant: registrationId === null ? null : entrantOf(f, registrationId),
      bestOfficialMs: bestMs,
      bestOfficial: bestMs === null ? null : formatTime(bestMs),
      result: result ?? null,
      resultVersion: result?.version ?? 0,
    };
  };
  const placed = new Set(placedIds);
  return {
    runId: run.id,
    runName: run.name,
    runType: run.type,
    runCategory: run.category,
    eventId: run.eventId,
    eventName: run.eventName,
    held: run.held,
    runOrderVersion: order.version,
    currentHeat: order.currentHeat ?? 1,
    currentHeatStartedAt: order.currentHeatStartedAt ?? null,
    heatSize: order.heatSize,
    bestEverMs: ever,
    bestEver: ever === null ? null : formatTime(ever),
    heats: layout.heats.map((h) => ({
      heat: h.heat,
      pairs: h.pairs.map((pair) => ({
        pair,
        lanes: pairPositions(pair)
          .filter((p) => p <= order.slots.length)
          .map(lane),
      })),
    })),
    unplaced: [...dtos.values()].filter((dto) => !placed.has(dto.registrationId)),
  };
}

// ---------- the venue display ----------

/** GET /results/run/{runId}/display (public): per heat its times and penalties, and the top places. */
export async function resultsDisplay(db: Kysely<Database>, run: RunForResults): Promise<ResultsDisplay> {
  if (run.held) return { runId: run.id, held: true, heats: [], topPlaces: [] };
  const scored = await scoreRun(db, run);
  // Names as the run-order display shows them: a registration cancelled since shows no name.
  const shown = (id: number) => {
    const f = scored.facts.get(id);
    return f && f.status === 'confirmed' ? f : undefined;
  };
  const byHeat = new Map<number, ResultRow[]>();
  for (const row of scored.rows.values()) {
    if (row.heat === null || row.position === null) continue;
    byHeat.set(row.heat, [...(byHeat.get(row.heat) ?? []), row]);
  }
  const heats = [...byHeat]
    .sort(([a], [b]) => a - b)
    .map(([heat, rows]) => ({
      heat,
      lanes: rows
        .sort((a, b) => (a.position as number) - (b.position as number))
        .map((row) => {
          const value = valueDto({
            rawTimeMs: row.raw_time_ms,
            outcome: row.recorded_outcome,
            penalties: penaltiesOf(row),
          });
          return {
            position: row.position as number,
            lane: laneOf(row.position as number),
            name: shown(row.registration_id)?.name ?? null,
            departmentName: shown(row.registration_id)?.departmentName ?? null,
            rawTime: value.rawTime,
            penalties: value.penalties,
            officialTime: value.officialTime,
            outcome: value.outcome,
            status: row.status,
          };
        }),
    }));
  const topPlaces = scored.standings.overall
    .filter((r) => r.rank !== null && r.officialTimeMs !== null && r.rank <= RESULTS_TOP_PLACES)
    .map((r) => ({
      rank: r.rank as number,
      name: shown(r.registrationId)?.name ?? '',
      departmentName: shown(r.registrationId)?.departmentName ?? null,
      officialTime: formatTime(r.officialTimeMs as number),
      status: r.status,
    }))
    .filter((r) => r.name !== '');
  return { runId: run.id, held: false, heats, topPlaces };
}

// ---------- history ----------

const stateValue = (state: ResultState): ResultValue => ({
  rawTimeMs: state.rawTimeMs,
  outcome: state.outcome,
  penalties: state.penalties,
});

type HistoryEntry = ResultHistory['data'][number];

/** Events that change a result's value (time, outcome, penalties): their entries carry before and after. */
const VALUE_EVENTS = new Set(['ResultRecorded', 'PenaltyAdded', 'PenaltyRemoved', 'ResultCorrected', 'ResultVoided']);

/** One event of a result folded onto the state before it: the history's entry and the state after it. */
function historyStep(
  before: ResultState,
  event: RecordedEvent,
  actors: Map<number, string>,
): { entry: HistoryEntry; after: ResultState } {
  const after = evolve(before, event as unknown as ResultEventEnvelope);
  const d = (event.data ?? {}) as Record<string, unknown>;
  const reason =
    typeof d.reason === 'string' ? d.reason : typeof d.ownEntryReason === 'string' ? d.ownEntryReason : null;
  const changesValue = VALUE_EVENTS.has(event.type);
  const entry: HistoryEntry = {
    version: event.version,
    type: event.type,
    summary: describeResultEvent(event),
    at: event.recordedAt.toISOString(),
    actor: actorOf(actors, event.metadata?.actorId ?? null),
    attempt: event.type === 'ResultVoided' ? before.attempt : after.attempt,
    reason,
    before: changesValue && before.exists ? valueDto(stateValue(before)) : null,
    after: changesValue && after.exists ? valueDto(stateValue(after)) : null,
  };
  return { entry, after };
}

/** GET /results/{id}/history: every event, oldest first, with who, when, why and the value before and after. */
export async function resultHistory(db: Kysely<Database>, id: number): Promise<ResultHistory> {
  const events = await readStream(db, resultStreamId(id));
  if (events.length === 0) throw resultNotFoundError();
  const actors = await actorNames(
    db,
    events.map((e) => e.metadata?.actorId),
  );
  let state = initialResultState(id);
  const data: ResultHistory['data'] = [];
  for (const event of events) {
    const step = historyStep(state, event, actors);
    data.push(step.entry);
    state = step.after;
  }
  return { resultId: id, version: state.version, data };
}

/** One event of a run's result log: the result's history entry, whose result it is, and its status before and after. */
export interface RunResultLogEntry extends HistoryEntry {
  /** The event's place in the whole log (commit order). */
  globalPosition: number;
  registrationId: number;
  entrantName: string;
  /** The kind of change in words ("Entered", "Sent back"...: resultEventKind). */
  kind: string;
  /** provisional or official; null when there was no recorded result (before the first entry, after a void). */
  statusBefore: ResultStatus | null;
  statusAfter: ResultStatus | null;
}

/**
 * Every event of every result stream of a run, in the log's order (each result's own order within it),
 * each folded onto its result's state before it: the audit trail (docs/decisions/064-audit-trail-csv.md).
 * The streams are the run's rows of the `results` read model; the names are the registrations' entrants.
 */
export async function runResultLog(db: Kysely<Database>, runId: number): Promise<RunResultLogEntry[]> {
  const streams = await db.selectFrom('results').select('registration_id').where('run_id', '=', runId).execute();
  const events = await readStreams(
    db,
    streams.map((r) => resultStreamId(r.registration_id)),
  );
  const [actors, entrants] = await Promise.all([
    actorNames(
      db,
      events.map((e) => e.metadata?.actorId),
    ),
    entrantFacts(db, { runId }),
  ]);
  const states = new Map<number, ResultState>();
  return events.flatMap((event) => {
    const registrationId = registrationIdOfResultStream(event.streamId);
    if (registrationId === undefined) return [];
    const before = states.get(registrationId) ?? initialResultState(registrationId);
    const { entry, after } = historyStep(before, event, actors);
    states.set(registrationId, after);
    return [
      {
        ...entry,
        globalPosition: event.globalPosition,
        registrationId,
        entrantName: entrantOf(entrants.get(registrationId), registrationId).name,
        kind: resultEventKind(event),
        statusBefore: before.exists ? before.status : null,
        statusAfter: after.exists ? after.status : null,
      },
    ];
  });
}
