import type { Kysely } from 'kysely';
import type { RunOrderEntry, RunOrderPosition, RunOrderView } from '../../../contracts/run-orders.ts';
import type { Database } from '../../../db/schema.ts';
import { notFound } from '../../../domain/errors.ts';
import { runOrderStreamId } from '../../../domain/run-orders/events.ts';
import { foldRunOrder, type RunOrderState } from '../../../domain/run-orders/evolve.ts';
import { layoutOf, registrationIdsNamed } from '../../../domain/run-orders/layout.ts';
import { readStream } from '../../../event-store/store.ts';
import { runOrderState } from '../state.ts';
import { registrationFacts } from './registration-facts.ts';
import type { RunForOrder } from './run.ts';

/** Who did something, by user id: their name, else their e-mail (admin screens only). */
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
    currentHeatStartedAt: order.currentHeatStartedAt ?? null,
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
    marks: state.marks,
    positions: positionsOf(state, facts),
  };
}
