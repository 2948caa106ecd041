import type { Kysely } from 'kysely';
import type {
  PublicEventResults,
  PublicResult,
  PublicRunStandings,
  PublicStandingRow,
} from '../../../contracts/public-results.ts';
import type { StandingRow } from '../../../contracts/results.ts';
import type { Database } from '../../../db/schema.ts';
import { isPublicEventSql } from '../../events/queries.ts';
import { type RunForResults, runForResults } from '../../results/queries/run.ts';
import { officialRunStandings } from '../../results/queries/standings.ts';
import { flagsOf } from './flags.ts';
import { dateText } from './public-official.ts';

/**
 * Each result's place in its run ("7th of 11"), read from the run's public standings, the one ranking
 * every public output uses; the standings of each run are read once, and kept for the caller.
 */
export async function withPlaces(
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
