/** Run-order views for the unit tests of the board, built from a domain state the way the server builds them. */
import type { LiveEvent } from '../../../api/contracts/live.ts';
import type { RunOrderEntry, RunOrderView } from '../../../api/contracts/run-orders.ts';
import type { Slots } from '../../../api/domain/run-orders/events.ts';
import { initialRunOrderState, type RunOrderState } from '../../../api/domain/run-orders/evolve.ts';
import { layoutOf } from '../../../api/domain/run-orders/layout.ts';

export const entry = (registrationId: number, name: string, extra: Partial<RunOrderEntry> = {}): RunOrderEntry => ({
  registrationId,
  name,
  teamId: null,
  userId: registrationId + 1000,
  departmentId: null,
  departmentName: null,
  category: 'Open',
  seedTimeMs: null,
  personIds: [registrationId + 1000],
  status: 'confirmed',
  ...extra,
});

export const ENTRIES: RunOrderEntry[] = [
  entry(1, 'Alex Morgan', { departmentId: 10, departmentName: 'Kamloops Fire Rescue', seedTimeMs: 107_320 }),
  entry(2, 'Blair Chen', { departmentId: 20, departmentName: 'Halifax Regional Fire', seedTimeMs: 98_100 }),
  entry(3, 'Casey Roy', { departmentId: 10, departmentName: 'Kamloops Fire Rescue', seedTimeMs: 120_000 }),
  entry(4, 'Dana Okoye', { departmentId: 20, departmentName: 'Halifax Regional Fire' }),
  entry(5, 'Eli Fournier', { departmentId: 30, departmentName: 'Regina Fire', seedTimeMs: 101_000 }),
  entry(6, 'Sasha Kowalski', { departmentName: null, seedTimeMs: 110_000 }),
];

export function stateWith(slots: Slots, extra: Partial<RunOrderState> = {}): RunOrderState {
  return { ...initialRunOrderState(), exists: true, version: 3, heatSize: 2, slots, ...extra };
}

/** The view the server would answer for a state, with the given registrations of the run. */
export function viewOf(state: RunOrderState, entries: RunOrderEntry[] = ENTRIES): RunOrderView {
  const byId = new Map(entries.map((e) => [e.registrationId, e]));
  const layout = layoutOf(state);
  const placed = new Set(state.slots.filter((id): id is number => id !== null));
  return {
    runId: 9,
    runName: 'Individual open',
    runType: 'individual',
    runCategory: 'Open',
    eventId: 4,
    eventName: 'Kamloops Classic',
    exists: state.exists,
    version: state.version,
    heatSize: state.heatSize,
    currentHeat: state.currentHeat,
    currentHeatStartedAt: state.currentHeatStartedAt ?? null,
    orderLocked: state.orderLocked,
    lockedPositions: state.lockedPositions,
    lockedPairs: state.lockedPairs,
    seeding: state.seeding,
    slots: state.slots,
    marks: state.marks,
    positions: layout.positions.map((p) => ({
      ...p,
      entry: p.registrationId === null ? null : (byId.get(p.registrationId) ?? null),
    })),
    pairs: layout.pairs,
    heats: layout.heats,
    unplaced: entries.filter((e) => e.status === 'confirmed' && !placed.has(e.registrationId)),
    entries: Object.fromEntries(
      entries.filter((e) => placed.has(e.registrationId)).map((e) => [String(e.registrationId), e]),
    ),
    canUndo: state.undo.length > 0,
    canRedo: state.redo.length > 0,
    savedStates: state.savedStates.map((s) => ({ name: s.name, version: s.version, savedBy: null })),
    lastChange: null,
  };
}

export const liveMove = (
  version: number,
  slots: Slots,
  source: number,
  target: number,
  actorId: number | null = 7,
): LiveEvent => ({
  version,
  type: 'PositionMoved',
  data: { slots, sourcePosition: source, targetPosition: target, movedBy: actorId },
  recordedAt: '2026-11-21T15:00:00.000Z',
  actorId,
});
