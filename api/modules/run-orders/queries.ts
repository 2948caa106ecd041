import { type Kysely, sql } from 'kysely';
import type { RunOrderDisplay, RunOrderEntry, RunOrderPosition, RunOrderView } from '../../contracts/run-orders.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import { runOrderStreamId } from '../../domain/run-orders/events.ts';
import { foldRunOrder, laneOf, markOf, pairPositions, type RunOrderState } from '../../domain/run-orders/evolve.ts';
import { layoutOf, registrationIdsNamed } from '../../domain/run-orders/layout.ts';
import { readStream } from '../../event-store/store.ts';
import { isPublicEventSql } from '../events/queries.ts';
import { runOrderState } from './state.ts';

export const runNotFound = () => notFound('Run', 'RUN_NOT_FOUND');

export interface RunForOrder {
  id: number;
  name: string;
  type: string;
  category: string;
  eventId: number;
  eventName: string;
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
    ])
    .where('runs.id', '=', runId)
    .where('runs.deleted_at', 'is', null)
    .where('events.deleted_at', 'is', null);
  if (options.forUpdate) query = query.forUpdate(['runs']);
  // What the public may see of a run (api/domain/events/visibility.ts): an active run of a public event.
  if (options.publicOnly) query = query.where(isPublicEventSql).where('runs.is_active', '=', true);
  return query.executeTakeFirst();
}

/** Every registration of the run (any status) as the order sees it, by id. */
export async function registrationFacts(
  db: Kysely<Database>,
  runId: number,
  onlyIds?: readonly number[],
): Promise<Map<number, RunOrderEntry>> {
  let query = db
    .selectFrom('registrations as r')
    .innerJoin('runs', 'runs.id', 'r.run_id')
    .leftJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('departments as d', (join) =>
      join.on((eb) => eb('d.id', '=', eb.fn.coalesce('t.department_id', 'u.department_id'))),
    )
    .select([
      'r.id',
      'r.status',
      'r.deleted_at',
      'r.is_late',
      'r.team_id',
      'r.user_id',
      'runs.category',
      't.name as team_name',
      't.captain_id',
      't.seed_time_ms as team_seed',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.seed_time_ms as user_seed',
      'd.id as department_id',
      'd.name as department_name',
    ])
    // The entrant's best official time in another run of this format (the results read model): what
    // best-time seeding reads first, the entered seed time being the fallback (docs/decisions/031).
    .select(
      sql<number | null>`(select min(res.official_time_ms) from results res
        join registrations r2 on r2.id = res.registration_id
        join runs run2 on run2.id = res.run_id
        where res.status = 'official' and res.recorded and res.official_time_ms is not null
          and res.run_id <> r.run_id and run2.type = runs.type and run2.deleted_at is null
          and case when r.team_id is not null then r2.team_id = r.team_id else r2.user_id = r.user_id end)`.as(
        'best_official',
      ),
    )
    .where('r.run_id', '=', runId);
  if (onlyIds) {
    if (onlyIds.length === 0) return new Map();
    query = query.where('r.id', 'in', [...onlyIds]);
  }
  const rows = await query.execute();
  const teamIds = [...new Set(rows.map((r) => r.team_id).filter((id): id is number => id !== null))];
  const members = teamIds.length
    ? await db.selectFrom('team_members').select(['team_id', 'user_id']).where('team_id', 'in', teamIds).execute()
    : [];
  const membersOf = new Map<number, number[]>();
  for (const m of members) membersOf.set(m.team_id, [...(membersOf.get(m.team_id) ?? []), m.user_id]);

  return new Map(
    rows.map((row) => {
      const personName =
        [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || `Registration ${row.id}`;
      const personIds =
        row.team_id !== null
          ? [
              ...new Set(
                [row.captain_id, ...(membersOf.get(row.team_id) ?? [])].filter((id): id is number => id != null),
              ),
            ]
          : row.user_id !== null
            ? [row.user_id]
            : [];
      const facts: RunOrderEntry = {
        registrationId: row.id,
        name: row.team_id !== null ? (row.team_name ?? `Team ${row.team_id}`) : personName,
        teamId: row.team_id,
        userId: row.user_id,
        departmentName: row.department_name ?? null,
        category: row.category,
        seedTimeMs:
          (row.best_official === null ? null : Number(row.best_official)) ??
          (row.team_id !== null ? row.team_seed : row.user_seed) ??
          null,
        seedTimeSource:
          row.best_official !== null
            ? 'result'
            : (row.team_id !== null ? row.team_seed : row.user_seed) !== null
              ? 'entered'
              : null,
        status: row.deleted_at ? 'deleted' : row.status,
        isLate: row.is_late,
        departmentId: row.department_id ?? null,
        personIds,
      };
      return [row.id, facts];
    }),
  );
}

async function actorNames(
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

function positionsOf(
  state: Pick<RunOrderState, 'slots' | 'heatSize' | 'lockedPositions' | 'lockedPairs'>,
  facts: Map<number, RunOrderEntry>,
): RunOrderPosition[] {
  return layoutOf(state).positions.map((p) => {
    const f = p.registrationId === null ? undefined : facts.get(p.registrationId);
    return { ...p, entry: f ?? null };
  });
}

/** GET full: the order, its layout, locks, what can be inserted, undo/redo, saved states, last change. */
export async function runOrderView(
  db: Kysely<Database>,
  run: RunForOrder,
  state?: RunOrderState,
  known?: Map<number, RunOrderEntry>,
): Promise<RunOrderView> {
  const order = state ?? (await runOrderState(db, run.id));
  // A command has just read the run's registrations (its commands never change them): no second read.
  const facts = known ?? (await registrationFacts(db, run.id));
  const layout = layoutOf(order);
  const actors = await actorNames(db, [order.lastChange?.actorId, ...order.savedStates.map((s) => s.savedBy)]);
  const actor = (id: number | null | undefined) =>
    typeof id === 'number' ? { id, name: actors.get(id) ?? `User ${id}` } : null;
  const placed = new Set(order.slots.filter((id): id is number => id !== null));
  const named = registrationIdsNamed(order);
  return {
    runId: run.id,
    runName: run.name,
    runType: run.type,
    runCategory: run.category,
    eventId: run.eventId,
    eventName: run.eventName,
    exists: order.exists,
    version: order.version,
    heatSize: order.heatSize,
    currentHeat: order.currentHeat ?? 1,
    orderLocked: order.orderLocked,
    lockedPositions: order.lockedPositions,
    lockedPairs: order.lockedPairs,
    seeding: order.seeding,
    slots: order.slots,
    positions: positionsOf(order, facts),
    pairs: layout.pairs,
    heats: layout.heats,
    unplaced: [...facts.values()].filter((f) => f.status === 'confirmed' && !placed.has(f.registrationId)),
    entries: Object.fromEntries(
      named.flatMap((id) => {
        const entry = facts.get(id);
        return entry ? [[String(id), entry]] : [];
      }),
    ),
    marks: order.marks,
    canUndo: order.undo.length > 0,
    canRedo: order.redo.length > 0,
    savedStates: order.savedStates.map((s) => ({ name: s.name, version: s.version, savedBy: actor(s.savedBy) })),
    lastChange: order.lastChange
      ? {
          type: order.lastChange.type,
          version: order.lastChange.version,
          at: order.lastChange.at,
          actor: actor(order.lastChange.actorId),
        }
      : null,
  };
}

/** GET positions. */
export async function runOrderPositions(db: Kysely<Database>, runId: number) {
  const state = await runOrderState(db, runId);
  return {
    runId,
    version: state.version,
    data: positionsOf(
      state,
      await registrationFacts(
        db,
        runId,
        state.slots.filter((id): id is number => id !== null),
      ),
    ),
  };
}

/** The arrangement at a past version: the stream folded up to it (history is read, not kept in the row). */
export async function runOrderAtVersion(db: Kysely<Database>, runId: number, version: number) {
  const events = await readStream(db, runOrderStreamId(runId), 0, version);
  const state = foldRunOrder(events);
  if (version > state.version) throw notFound(`Version ${version} of this run order`, 'VERSION_NOT_FOUND');
  const facts = await registrationFacts(
    db,
    runId,
    state.slots.filter((id): id is number => id !== null),
  );
  return {
    runId,
    version: state.version,
    slots: state.slots,
    heatSize: state.heatSize,
    positions: positionsOf(state, facts),
  };
}

/** The venue display: heats of pairs with names and departments; nothing private. */
export async function runOrderDisplay(db: Kysely<Database>, run: RunForOrder): Promise<RunOrderDisplay> {
  const state = await runOrderState(db, run.id);
  const facts = await registrationFacts(
    db,
    run.id,
    state.slots.filter((id): id is number => id !== null),
  );
  const layout = layoutOf(state);
  const lane = (position: number) => {
    const id = state.slots[position - 1] ?? null;
    const f = id === null ? undefined : facts.get(id);
    const shown = f && f.status === 'confirmed' ? f : undefined;
    return {
      position,
      lane: laneOf(position),
      name: shown?.name ?? null,
      departmentName: shown?.departmentName ?? null,
      mark: shown ? markOf(state, shown.registrationId) : null,
    };
  };
  return {
    runId: run.id,
    runName: run.name,
    runCategory: run.category,
    eventName: run.eventName,
    version: state.version,
    heatSize: state.heatSize,
    currentHeat: state.currentHeat ?? 1,
    heats: layout.heats.map((h) => ({
      heat: h.heat,
      pairs: h.pairs.map((pair) => ({
        pair,
        lanes: pairPositions(pair)
          .filter((p) => p <= state.slots.length)
          .map(lane),
      })),
    })),
  };
}

/** A run's order in brief, for GET /runs/{id}/run-orders: nothing when the run has none yet. */
export async function runOrderSummaries(db: Kysely<Database>, runId: number) {
  const state = await runOrderState(db, runId);
  if (!state.exists) return [];
  const placed = state.slots.filter((id) => id !== null).length;
  return [
    {
      runId,
      version: state.version,
      positions: state.slots.length,
      placed,
      heatSize: state.heatSize,
      currentHeat: state.currentHeat ?? 1,
      orderLocked: state.orderLocked,
      seedingRule: state.seeding?.rule ?? null,
      lastChangeAt: state.lastChange?.at ?? null,
    },
  ];
}
