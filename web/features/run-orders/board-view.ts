/** What the board draws, derived from a run-order state (or a past arrangement): heats of pairs of lanes. */
import type { RunOrderEntry } from '../../../api/contracts/run-orders.ts';
import type { EntrantMark, EntrantMarks } from '../../../api/domain/run-orders/events.ts';
import { heatsUnderway, type RunOrderState } from '../../../api/domain/run-orders/evolve.ts';
import { layoutOf } from '../../../api/domain/run-orders/layout.ts';

export interface BoardLane {
  position: number;
  pair: number;
  heat: number;
  lane: 'left' | 'right';
  registrationId: number | null;
  entry: RunOrderEntry | null;
  locked: boolean;
  lockedVia: 'position' | 'pair' | null;
  /** Placed but no longer confirmed (cancelled or deleted since): the admins should take it out. */
  flagged: boolean;
  /** Scratched or no-show: keeps the slot, shown as such. */
  mark: EntrantMark | null;
  /** In a heat on the course or run: nothing moves it (docs/decisions/045, "Entrants who ran"). */
  held: boolean;
}

export interface BoardPair {
  pair: number;
  heat: number;
  locked: boolean;
  lanes: BoardLane[];
}

export interface BoardHeat {
  heat: number;
  pairs: BoardPair[];
  /** Holds a locked position, so it cannot be moved as a whole. */
  hasLocks: boolean;
  /** On the course or run: it stays where it is, and so does everybody in it. */
  held: boolean;
}

export interface BoardModel {
  heats: BoardHeat[];
  positionCount: number;
  placedCount: number;
  flaggedCount: number;
}

/** A laid-out position as the server or layoutOf gives it, with or without its entry. */
export interface PositionLike {
  position: number;
  pair: number;
  heat: number;
  lane: 'left' | 'right';
  registrationId: number | null;
  locked: boolean;
  lockedVia: 'position' | 'pair' | null;
  entry?: RunOrderEntry | null;
}

/** Groups laid-out positions into heats and pairs, naming each entry from the known entries. */
export function modelOfPositions(
  positions: readonly PositionLike[],
  entries: Record<string, RunOrderEntry>,
  lockedPairs: readonly number[] = [],
  marks: EntrantMarks = {},
  heatsRun = 0,
): BoardModel {
  const heats = new Map<number, BoardHeat>();
  const pairsLocked = new Set(lockedPairs);
  let placedCount = 0;
  let flaggedCount = 0;
  for (const p of [...positions].sort((a, b) => a.position - b.position)) {
    const entry = p.registrationId === null ? null : (entries[String(p.registrationId)] ?? p.entry ?? null);
    const flagged = p.registrationId !== null && (entry === null || entry.status !== 'confirmed');
    if (p.registrationId !== null) placedCount += 1;
    if (flagged) flaggedCount += 1;
    let heat = heats.get(p.heat);
    if (!heat) {
      heat = { heat: p.heat, pairs: [], hasLocks: false, held: p.heat <= heatsRun };
      heats.set(p.heat, heat);
    }
    let pair = heat.pairs.find((candidate) => candidate.pair === p.pair);
    if (!pair) {
      pair = { pair: p.pair, heat: p.heat, locked: pairsLocked.has(p.pair) || p.lockedVia === 'pair', lanes: [] };
      heat.pairs.push(pair);
    }
    if (p.locked) heat.hasLocks = true;
    pair.lanes.push({
      position: p.position,
      pair: p.pair,
      heat: p.heat,
      lane: p.lane,
      registrationId: p.registrationId,
      entry,
      locked: p.locked,
      lockedVia: p.lockedVia,
      flagged,
      mark: p.registrationId === null ? null : (marks[String(p.registrationId)] ?? null),
      held: heat.held,
    });
  }
  return {
    heats: [...heats.values()].sort((a, b) => a.heat - b.heat),
    positionCount: positions.length,
    placedCount,
    flaggedCount,
  };
}

/** The model of a live state. */
export function boardModel(state: RunOrderState, entries: Record<string, RunOrderEntry>): BoardModel {
  return modelOfPositions(layoutOf(state).positions, entries, state.lockedPairs, state.marks, heatsUnderway(state));
}

/** Confirmed registrations not placed in the arrangement, by name: what "Not placed" offers. */
export function unplacedEntries(state: RunOrderState, entries: Record<string, RunOrderEntry>): RunOrderEntry[] {
  const placed = new Set(state.slots.filter((id): id is number => id !== null));
  return Object.values(entries)
    .filter((entry) => entry.status === 'confirmed' && !placed.has(entry.registrationId))
    .sort((a, b) => a.name.localeCompare(b.name) || a.registrationId - b.registrationId);
}

/** An entry in a few words for a screen reader: 'Kamloops Crew, Kamloops Fire Rescue'. */
export function entryLabel(entry: RunOrderEntry | null, fallback = 'an empty position'): string {
  if (!entry) return fallback;
  return entry.departmentName ? `${entry.name}, ${entry.departmentName}` : entry.name;
}

/** 'Cancelled' or 'Deleted' for a flagged entry; undefined for a confirmed one. */
export function flagLabel(entry: RunOrderEntry | null): string | undefined {
  if (!entry) return 'Unknown entry';
  switch (entry.status) {
    case 'confirmed':
      return undefined;
    case 'waitlisted':
      return 'Waitlisted';
    case 'cancelled':
      return 'Cancelled';
    case 'deleted':
      return 'Deleted';
  }
}
