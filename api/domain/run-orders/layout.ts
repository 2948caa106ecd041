/**
 * The arrangement seen as the course runs it: positions with their pair, lane and heat; pairs; heats.
 * Pure, so the board lays out an optimistic state exactly as the server lays out the real one.
 */
import type { Slots } from './events.ts';
import { heatCount, heatOf, laneOf, lockedPositionSet, pairOf, type RunOrderState } from './evolve.ts';

export interface LaidOutPosition {
  position: number;
  pair: number;
  heat: number;
  lane: 'left' | 'right';
  registrationId: number | null;
  locked: boolean;
  lockedVia: 'position' | 'pair' | null;
}

export interface RunOrderLayout {
  positions: LaidOutPosition[];
  pairs: { pair: number; heat: number; positions: number[]; locked: boolean }[];
  heats: { heat: number; pairs: number[]; positions: number[] }[];
}

export function layoutOf(
  state: Pick<RunOrderState, 'slots' | 'heatSize' | 'lockedPositions' | 'lockedPairs'>,
): RunOrderLayout {
  const locked = lockedPositionSet(state);
  const pairsLocked = new Set(state.lockedPairs);
  const positions = state.slots.map((registrationId, index): LaidOutPosition => {
    const position = index + 1;
    const pair = pairOf(position);
    return {
      position,
      pair,
      heat: heatOf(position, state.heatSize),
      lane: laneOf(position),
      registrationId,
      locked: locked.has(position),
      lockedVia: pairsLocked.has(pair) ? 'pair' : locked.has(position) ? 'position' : null,
    };
  });
  const pairCount = Math.ceil(state.slots.length / 2);
  const pairs = Array.from({ length: pairCount }, (_, i) => {
    const pair = i + 1;
    const members = [pair * 2 - 1, pair * 2].filter((p) => p <= state.slots.length);
    return { pair, heat: Math.ceil(pair / state.heatSize), positions: members, locked: pairsLocked.has(pair) };
  });
  const heats = Array.from({ length: heatCount(state.slots.length, state.heatSize) }, (_, i) => {
    const heat = i + 1;
    const inHeat = pairs.filter((p) => p.heat === heat);
    return { heat, pairs: inHeat.map((p) => p.pair), positions: inHeat.flatMap((p) => p.positions) };
  });
  return { positions, pairs, heats };
}

/** Every registration id an arrangement, a stack or a saved state names (to look their names up once). */
export function registrationIdsNamed(state: Pick<RunOrderState, 'slots' | 'undo' | 'redo' | 'savedStates'>): number[] {
  const ids = new Set<number>();
  const add = (slots: Slots) => {
    for (const id of slots) if (id !== null) ids.add(id);
  };
  add(state.slots);
  for (const slots of state.undo) add(slots);
  for (const slots of state.redo) add(slots);
  for (const saved of state.savedStates) add(saved.slots);
  return [...ids];
}
