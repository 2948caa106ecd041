import type { Kysely } from 'kysely';
import type { TimingLane, TimingView } from '../../../contracts/results.ts';
import type { Database } from '../../../db/schema.ts';
import { laneOf, pairPositions } from '../../../domain/run-orders/evolve.ts';
import { layoutOf } from '../../../domain/run-orders/layout.ts';
import type { RunType } from '../../../domain/runs/categories.ts';
import { formatTime } from '../../../domain/times.ts';
import { runOrderState } from '../../run-orders/state.ts';
import { entrantFacts, entrantOf } from './entrants.ts';
import { resultDtos } from './result-dto.ts';
import type { RunForResults } from './run.ts';

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
