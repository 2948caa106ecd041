import type { Kysely } from 'kysely';
import type { RunStandings, StandingRow, TeamScore } from '../../../contracts/results.ts';
import { penaltiesOf, type ResultRow } from '../../../db/read-models.ts';
import type { Database } from '../../../db/schema.ts';
import { penaltyCounts } from '../../../domain/results/penalties.ts';
import {
  runStandings as computeRunStandings,
  type StandingRow as ScoredRow,
  type ScoringEntry,
  type TeamInput,
  type TeamScoreRow,
} from '../../../domain/results/scoring.ts';
import { formatTime } from '../../../domain/times.ts';
import { type EntrantFacts, entrantFacts, entrantOf } from './entrants.ts';
import type { RunForResults } from './run.ts';

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

export function teamScoreDto(team: TeamScoreRow): TeamScore {
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

export interface ScoredRun {
  run: RunForResults;
  rows: Map<number, ResultRow>;
  facts: Map<number, EntrantFacts>;
  teams: TeamInput[];
  standings: ReturnType<typeof computeRunStandings>;
  /** Recorded results left out of the standings (provisional ones, for the public). */
  leftOut: number;
}

export async function scoreRun(
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
