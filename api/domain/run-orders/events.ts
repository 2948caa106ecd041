/**
 * The events of a run-order stream (`run-order:<runId>`). Pure: the browser folds the same events with
 * the same evolve for its optimistic board (decision 019).
 *
 * Every event that changes the arrangement carries the whole resulting arrangement (`slots`), so evolve
 * never re-runs a rule and a replay can never disagree with what was decided; the other fields (source,
 * target, positions) say what was done, for the history and the board's highlights. Actors are named by
 * the settled fields (movedBy, lockedBy...; decision 017), always the signed-in user.
 */

export const RUN_ORDER_STREAM_TYPE = 'run-order';

export const runOrderStreamId = (runId: number): string => `run-order:${runId}`;

/** The run id of a stream id, or undefined for another kind of stream. */
export function runIdOfStream(streamId: string): number | undefined {
  const match = /^run-order:(\d+)$/.exec(streamId);
  return match ? Number(match[1]) : undefined;
}

/** Positions 1..n, index 0 is position 1; each holds a confirmed registration's id or is empty. */
export type Slots = (number | null)[];

export const SEEDING_RULES = ['random', 'best-time'] as const;
export type SeedingRuleName = (typeof SEEDING_RULES)[number];

/** How an order is generated; recorded with the order so a regeneration repeats it. */
export interface SeedingRule {
  rule: SeedingRuleName;
  /** Random: the seed that makes the shuffle reproducible. Best time: breaks ties. */
  seed: number;
  /** Best time: the fastest start last (the usual climax) or first. */
  fastest: 'last' | 'first';
  /** Keep two entries of one department out of the same pair where possible. */
  separateDepartments: boolean;
  /** At least this many positions between two entries sharing a person, where possible. */
  minRest: number;
}

export interface RunOrderCreatedData {
  heatSize: number;
  slots: Slots;
  createdBy: number | null;
}
export interface RunOrderGeneratedData {
  slots: Slots;
  seeding: SeedingRule;
  heatSize: number;
  generatedBy: number | null;
}
export interface PositionsReorderedData {
  slots: Slots;
  reorderedBy: number | null;
}
export interface PositionMovedData {
  slots: Slots;
  sourcePosition: number;
  targetPosition: number;
  movedBy: number | null;
}
export interface HeatMovedData {
  slots: Slots;
  sourceHeatNumber: number;
  targetHeatNumber: number;
  movedBy: number | null;
}
export interface RegistrationInsertedData {
  slots: Slots;
  registrationId: number;
  position: number;
  insertedBy: number | null;
}
export interface RegistrationRemovedData {
  slots: Slots;
  registrationId: number;
  position: number;
  removedBy: number | null;
}
export interface PositionsLockedData {
  positions: number[];
  lockedBy: number | null;
}
export interface PositionsUnlockedData {
  positions: number[];
  unlockedBy: number | null;
}
export interface PairLockedData {
  pair: number;
  lockedBy: number | null;
}
export interface PairUnlockedData {
  pair: number;
  unlockedBy: number | null;
}
export interface OrderLockedData {
  lockedBy: number | null;
}
export interface OrderUnlockedData {
  unlockedBy: number | null;
}
/**
 * Undo and redo carry the arrangement they restore; the change they step over is the top of the stack.
 * `marks`: the scratches and no-shows they restore (absent in events recorded before marks existed).
 */
export interface ChangeUndoneData {
  slots: Slots;
  marks?: EntrantMarks;
  undoneBy: number | null;
}
export interface ChangeRedoneData {
  slots: Slots;
  marks?: EntrantMarks;
  redoneBy: number | null;
}

/** A placed entrant who will not run: withdrew (scratched) or did not turn up (no-show). Both are DNS. */
export const ENTRANT_MARKS = ['scratched', 'no-show'] as const;
export type EntrantMark = (typeof ENTRANT_MARKS)[number];
/** As the board, the venue display and the printed start list say it. */
export const ENTRANT_MARK_LABELS: Record<EntrantMark, string> = { scratched: 'Scratched', 'no-show': 'No-show' };
/** The marked entrants, by registration id (a JSON object's keys are strings). */
export type EntrantMarks = Record<string, EntrantMark>;

/** An entrant marked (or, with mark null, reinstated); the slot keeps them where they stand. */
export interface EntrantMarkedData {
  registrationId: number;
  position: number;
  mark: EntrantMark | null;
  markedBy: number | null;
}
/** The heat on the course now, for the venue display (the ones before it are done). */
export interface CurrentHeatSetData {
  heat: number;
  setBy: number | null;
}
export interface StateSavedData {
  name: string;
  slots: Slots;
  savedBy: number | null;
}
export interface StateAppliedData {
  name: string;
  slots: Slots;
  appliedBy: number | null;
}

export type RunOrderEvent =
  | { type: 'RunOrderCreated'; data: RunOrderCreatedData }
  | { type: 'RunOrderGenerated'; data: RunOrderGeneratedData }
  | { type: 'PositionsReordered'; data: PositionsReorderedData }
  | { type: 'PositionMoved'; data: PositionMovedData }
  | { type: 'HeatMoved'; data: HeatMovedData }
  | { type: 'RegistrationInserted'; data: RegistrationInsertedData }
  | { type: 'RegistrationRemoved'; data: RegistrationRemovedData }
  | { type: 'PositionsLocked'; data: PositionsLockedData }
  | { type: 'PositionsUnlocked'; data: PositionsUnlockedData }
  | { type: 'PairLocked'; data: PairLockedData }
  | { type: 'PairUnlocked'; data: PairUnlockedData }
  | { type: 'OrderLocked'; data: OrderLockedData }
  | { type: 'OrderUnlocked'; data: OrderUnlockedData }
  | { type: 'ChangeUndone'; data: ChangeUndoneData }
  | { type: 'ChangeRedone'; data: ChangeRedoneData }
  | { type: 'CurrentHeatSet'; data: CurrentHeatSetData }
  | { type: 'StateSaved'; data: StateSavedData }
  | { type: 'StateApplied'; data: StateAppliedData }
  | { type: 'EntrantMarked'; data: EntrantMarkedData };

export type RunOrderEventType = RunOrderEvent['type'];

/** The events that change the arrangement and so can be undone (locks are history, not undoable). */
export const ARRANGEMENT_EVENTS: ReadonlySet<string> = new Set<RunOrderEventType>([
  'RunOrderGenerated',
  'PositionsReordered',
  'PositionMoved',
  'HeatMoved',
  'RegistrationInserted',
  'RegistrationRemoved',
  'StateApplied',
]);

/** The actor of an event, whichever of the settled actor fields names it. */
export function actorOf(event: { data: unknown }): number | null {
  const data = (event.data ?? {}) as Record<string, unknown>;
  for (const key of [
    'movedBy',
    'reorderedBy',
    'lockedBy',
    'unlockedBy',
    'appliedBy',
    'generatedBy',
    'createdBy',
    'insertedBy',
    'removedBy',
    'undoneBy',
    'redoneBy',
    'savedBy',
    'setBy',
    'markedBy',
  ]) {
    const value = data[key];
    if (typeof value === 'number') return value;
  }
  return null;
}
