/**
 * A run order's state folded from its events. Pure and total: an unknown event leaves the state as it
 * is. Shared by the server (commands, projection, history) and the browser (optimistic board).
 */
import { type Enveloped, fold } from '../decider.ts';
import {
  ARRANGEMENT_EVENTS,
  type EntrantMark,
  type EntrantMarks,
  type RunOrderEvent,
  type SeedingRule,
  type Slots,
} from './events.ts';

/** How many arrangements undo can step back through; older ones stay in the history, not the stack. */
export const UNDO_DEPTH = 50;
/** Pairs per heat when none is chosen: three pairs, six competitors on the two courses in turn. */
export const DEFAULT_HEAT_SIZE = 3;

export interface SavedState {
  name: string;
  slots: Slots;
  savedBy: number | null;
  /** The version of the event that saved it. */
  version: number;
}

export interface LastChange {
  type: string;
  actorId: number | null;
  version: number;
  at: string | null;
}

export interface RunOrderState {
  exists: boolean;
  version: number;
  heatSize: number;
  slots: Slots;
  /** Positions locked one by one (sorted); a locked pair locks both of its positions besides. */
  lockedPositions: number[];
  lockedPairs: number[];
  orderLocked: boolean;
  /** The heat on the course now (1 before the start). */
  currentHeat: number;
  /** When the timing table started the current heat; null before the run starts (or in an optimistic fold). */
  currentHeatStartedAt?: string | null;
  seeding: SeedingRule | null;
  /** Arrangements before each undoable change, most recent last. */
  undo: Slots[];
  /** Arrangements undone, most recent last; a new change clears it. */
  redo: Slots[];
  /** Scratched and no-show entrants, by registration id: they keep their slot, their result is DNS. */
  marks: EntrantMarks;
  /**
   * The marks before each undoable change and of each undone one, beside undo and redo (most recent
   * last; aligned from the end, since an order recorded before marks existed has shorter ones).
   */
  undoMarks: EntrantMarks[];
  redoMarks: EntrantMarks[];
  savedStates: SavedState[];
  lastChange: LastChange | null;
}

export const initialRunOrderState = (): RunOrderState => ({
  exists: false,
  version: 0,
  heatSize: DEFAULT_HEAT_SIZE,
  slots: [],
  lockedPositions: [],
  lockedPairs: [],
  orderLocked: false,
  currentHeat: 1,
  currentHeatStartedAt: null,
  seeding: null,
  undo: [],
  redo: [],
  marks: {},
  undoMarks: [],
  redoMarks: [],
  savedStates: [],
  lastChange: null,
});

/** A run-order event as evolve takes it: its version, actor and time, when it comes from the log. */
export type RunOrderEventEnvelope = Enveloped<RunOrderEvent>;

const sortedUnique = (values: Iterable<number>): number[] => [...new Set(values)].sort((a, b) => a - b);
const pushBounded = <T>(stack: readonly T[] | undefined, top: T): T[] => [...(stack ?? []), top].slice(-UNDO_DEPTH);
const marksOf = (state: Pick<RunOrderState, 'marks'>): EntrantMarks => state.marks ?? {};

/** Typed and total: an unknown event only moves the version. Records who changed the order last. */
export function evolve(state: RunOrderState, event: RunOrderEventEnvelope): RunOrderState {
  const version = event.version ?? state.version + 1;
  const next = applyEvent(state, event, version);
  if (next === state) return { ...state, version };
  const recordedAt = event.recordedAt ?? null;
  const at = recordedAt instanceof Date ? recordedAt.toISOString() : recordedAt;
  return {
    ...next,
    version,
    lastChange: { type: event.type, actorId: event.metadata?.actorId ?? null, version, at },
  };
}

function applyEvent(state: RunOrderState, event: RunOrderEventEnvelope, version: number): RunOrderState {
  if (ARRANGEMENT_EVENTS.has(event.type)) {
    const data = event.data as { slots: Slots; heatSize?: number; seeding?: SeedingRule };
    return {
      ...state,
      exists: true,
      slots: [...data.slots],
      // The order's first arrangement (a generate that creates it) has nothing before it to undo to.
      undo: state.exists ? pushBounded(state.undo, state.slots) : [],
      undoMarks: state.exists ? pushBounded(state.undoMarks, marksOf(state)) : [],
      redo: [],
      redoMarks: [],
      ...(event.type === 'RunOrderGenerated' ? { seeding: event.data.seeding, heatSize: event.data.heatSize } : {}),
    };
  }
  switch (event.type) {
    case 'RunOrderCreated':
      return {
        ...initialRunOrderState(),
        exists: true,
        heatSize: event.data.heatSize,
        slots: [...event.data.slots],
        savedStates: state.savedStates,
      };
    case 'ChangeUndone':
      return {
        ...state,
        slots: [...event.data.slots],
        marks: { ...(event.data.marks ?? {}) },
        undo: state.undo.slice(0, -1),
        undoMarks: (state.undoMarks ?? []).slice(0, -1),
        redo: pushBounded(state.redo, state.slots),
        redoMarks: pushBounded(state.redoMarks, marksOf(state)),
      };
    case 'ChangeRedone':
      return {
        ...state,
        slots: [...event.data.slots],
        marks: { ...(event.data.marks ?? {}) },
        redo: state.redo.slice(0, -1),
        redoMarks: (state.redoMarks ?? []).slice(0, -1),
        undo: pushBounded(state.undo, state.slots),
        undoMarks: pushBounded(state.undoMarks, marksOf(state)),
      };
    case 'EntrantMarked': {
      // Undoable like an arrangement change: the arrangement stays, the marks before it are kept.
      const marks = { ...marksOf(state) };
      const key = String(event.data.registrationId);
      if (event.data.mark === null) delete marks[key];
      else marks[key] = event.data.mark;
      return {
        ...state,
        marks,
        undo: pushBounded(state.undo, state.slots),
        undoMarks: pushBounded(state.undoMarks, marksOf(state)),
        redo: [],
        redoMarks: [],
      };
    }
    case 'PositionsLocked':
      return { ...state, lockedPositions: sortedUnique([...state.lockedPositions, ...event.data.positions]) };
    case 'PositionsUnlocked': {
      const unlocked = new Set(event.data.positions);
      return { ...state, lockedPositions: state.lockedPositions.filter((p) => !unlocked.has(p)) };
    }
    case 'PairLocked':
      return { ...state, lockedPairs: sortedUnique([...state.lockedPairs, event.data.pair]) };
    case 'PairUnlocked':
      return { ...state, lockedPairs: state.lockedPairs.filter((p) => p !== event.data.pair) };
    case 'OrderLocked':
      return { ...state, orderLocked: true };
    case 'OrderUnlocked':
      return { ...state, orderLocked: false };
    case 'CurrentHeatSet': {
      // Folded without a time (the board's optimistic fold): the start stays as known until the answer.
      const at =
        event.recordedAt instanceof Date
          ? event.recordedAt.toISOString()
          : (event.recordedAt ?? state.currentHeatStartedAt ?? null);
      return { ...state, currentHeat: event.data.heat, currentHeatStartedAt: at };
    }
    case 'StateSaved':
      return {
        ...state,
        savedStates: [
          ...state.savedStates.filter((s) => s.name !== event.data.name),
          { name: event.data.name, slots: [...event.data.slots], savedBy: event.data.savedBy, version },
        ],
      };
    default:
      return state;
  }
}

/** Folds recorded events (with their versions and actors) onto a state. */
export function foldRunOrder(
  events: readonly {
    type: string;
    data: unknown;
    version?: number;
    metadata?: { actorId?: number | null };
    recordedAt?: string | Date;
  }[],
  from: RunOrderState = initialRunOrderState(),
): RunOrderState {
  return fold(evolve, events as readonly RunOrderEventEnvelope[], from);
}

// ---------- layout: pairs, heats, locks ----------

/** Pair of a position: positions 1-2 are pair 1 (left and right lane). */
export const pairOf = (position: number): number => Math.ceil(position / 2);
export const laneOf = (position: number): 'left' | 'right' => (position % 2 === 1 ? 'left' : 'right');
export const pairPositions = (pair: number): [number, number] => [pair * 2 - 1, pair * 2];
/** Heat of a position, with heatSize pairs per heat. */
export const heatOf = (position: number, heatSize: number): number => Math.ceil(pairOf(position) / heatSize);
export const heatCount = (positions: number, heatSize: number): number =>
  Math.ceil(Math.ceil(positions / 2) / heatSize);
/** The positions of a heat, clipped to the order's length. */
export function heatPositions(heat: number, heatSize: number, length: number): number[] {
  const first = (heat - 1) * heatSize * 2 + 1;
  const last = Math.min(heat * heatSize * 2, length);
  const positions: number[] = [];
  for (let p = first; p <= last; p += 1) positions.push(p);
  return positions;
}

/** Every locked position, whether locked alone or by its pair (within the order's length). */
export function lockedPositionSet(
  state: Pick<RunOrderState, 'lockedPositions' | 'lockedPairs' | 'slots'>,
): Set<number> {
  const locked = new Set(state.lockedPositions.filter((p) => p <= state.slots.length));
  for (const pair of state.lockedPairs) for (const p of pairPositions(pair)) if (p <= state.slots.length) locked.add(p);
  return locked;
}

/**
 * Every locked position, also past the order's end: the second lane of a locked last pair in an
 * odd-length order, or a lock left behind when an undo or a saved state shortened the order. Nothing
 * may be placed there; decide checks arrangement changes against this set, and generation takes it.
 */
export function allLockedPositions(state: Pick<RunOrderState, 'lockedPositions' | 'lockedPairs'>): Set<number> {
  const locked = new Set(state.lockedPositions);
  for (const pair of state.lockedPairs) for (const p of pairPositions(pair)) locked.add(p);
  return locked;
}

/**
 * How many heats are running or have run: the current heat and those before it, once the timing table
 * has started the run (a current heat past 1 means it has). Nothing in them moves (docs/decisions/045).
 */
export function heatsUnderway(state: Pick<RunOrderState, 'currentHeat' | 'currentHeatStartedAt'>): number {
  return state.currentHeat > 1 || state.currentHeatStartedAt ? state.currentHeat : 0;
}

/**
 * Positions held in place besides the locks (docs/decisions/045, "Entrants who ran"): every position of a
 * heat underway (past the order's end too) and the position of every entrant with a recorded result.
 */
export function fixedPositions(
  state: Pick<RunOrderState, 'currentHeat' | 'currentHeatStartedAt' | 'heatSize' | 'slots'>,
  hasResult: (registrationId: number) => boolean = () => false,
): Set<number> {
  const fixed = new Set<number>();
  const last = heatsUnderway(state) * state.heatSize * 2;
  for (let p = 1; p <= last; p += 1) fixed.add(p);
  state.slots.forEach((id, i) => {
    if (id !== null && hasResult(id)) fixed.add(i + 1);
  });
  return fixed;
}

/** The mark of a registration (scratched, no-show), or null. */
export function markOf(state: Pick<RunOrderState, 'marks'>, registrationId: number): EntrantMark | null {
  return marksOf(state)[String(registrationId)] ?? null;
}

/** The marks the top of the undo (or redo) stack restores. */
export const marksBefore = (stack: readonly EntrantMarks[] | undefined): EntrantMarks => ({ ...(stack?.at(-1) ?? {}) });

/** Where a registration stands, or undefined when it is not placed. */
export function positionOf(slots: Slots, registrationId: number): number | undefined {
  const index = slots.indexOf(registrationId);
  return index === -1 ? undefined : index + 1;
}
