/**
 * The run-order commands decided against the folded state (docs/domain.md, docs/decisions/020). Pure: the module loads the state
 * and the facts about the run's registrations, calls decide, appends what it answers. An empty answer
 * means "nothing to change" (locking a locked position), which the module reports without appending.
 *
 * Lock rules: a locked position (alone or through its pair) never changes what it holds and is never
 * moved; a locked order takes no arrangement change at all. Locks are history, not undoable.
 */

import type { Decider } from '../decider.ts';
import { conflict, type DomainError, notFound, ruleBroken } from '../errors.ts';
import { balanceLastHeat } from './balance.ts';
import { ENTRANT_MARKS, type EntrantMark, type RunOrderEvent, type SeedingRule, type Slots } from './events.ts';
import {
  allLockedPositions,
  evolve,
  fixedPositions,
  heatCount,
  heatOf,
  heatsUnderway,
  initialRunOrderState,
  lockedPositionSet,
  markOf,
  marksBefore,
  pairOf,
  pairPositions,
  positionOf,
  type RunOrderState,
} from './evolve.ts';

export type RunOrderCommand =
  | { type: 'CreateEmpty'; positions: number; heatSize: number }
  | { type: 'Generate'; slots: Slots; seeding: SeedingRule; heatSize: number }
  | { type: 'Reorder'; slots: Slots }
  | { type: 'MovePosition'; sourcePosition: number; targetPosition: number }
  | { type: 'MoveHeat'; sourceHeatNumber: number; targetHeatNumber: number }
  | { type: 'Insert'; registrationId: number; position?: number }
  | { type: 'Remove'; registrationId: number }
  | { type: 'LockPositions'; positions: number[] }
  | { type: 'UnlockPositions'; positions: number[] }
  | { type: 'LockPair'; pair: number }
  | { type: 'UnlockPair'; pair: number }
  | { type: 'LockOrder' }
  | { type: 'UnlockOrder' }
  | { type: 'SetCurrentHeat'; heat: number }
  | { type: 'Undo' }
  | { type: 'Redo' }
  | { type: 'SaveState'; name: string }
  | { type: 'ApplyState'; name: string }
  /** Scratch or no-show a placed entrant; mark null reinstates them. */
  | { type: 'MarkEntrant'; registrationId: number; mark: EntrantMark | null };

export interface DecideContext {
  actorId: number | null;
  /** The run's registrations as the order sees them: confirmed ones may be placed. */
  registrationStatus: (registrationId: number) => 'confirmed' | 'waitlisted' | 'cancelled' | 'deleted' | undefined;
  /** Whether a registration has a recorded result: it has run and stays where it ran (decision 045). None when absent. */
  hasResult?: (registrationId: number) => boolean;
}

export const runOrderNotFound = () => notFound('Run order', 'RUN_ORDER_NOT_FOUND');

type Of<T extends RunOrderCommand['type']> = Extract<RunOrderCommand, { type: T }>;

/**
 * The events a command appends, or a DomainError; an empty answer means nothing to change. One named
 * function per command: the rule of a command is in decide<Command>.
 */
export function decide(command: RunOrderCommand, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  switch (command.type) {
    case 'CreateEmpty':
      return decideCreateEmpty(command, state, context);
    case 'Generate':
      return decideGenerate(command, state, context);
  }
  if (!state.exists) throw runOrderNotFound();
  switch (command.type) {
    case 'Reorder':
      return decideReorder(command, state, context);
    case 'MovePosition':
      return decideMovePosition(command, state, context);
    case 'MoveHeat':
      return decideMoveHeat(command, state, context);
    case 'Insert':
      return decideInsert(command, state, context);
    case 'Remove':
      return decideRemove(command, state, context);
    case 'LockPositions':
      return decideLockPositions(command, state, context);
    case 'UnlockPositions':
      return decideUnlockPositions(command, state, context);
    case 'LockPair':
      return decideLockPair(command, state, context);
    case 'UnlockPair':
      return decideUnlockPair(command, state, context);
    case 'LockOrder':
      return decideLockOrder(command, state, context);
    case 'UnlockOrder':
      return decideUnlockOrder(command, state, context);
    case 'SetCurrentHeat':
      return decideSetCurrentHeat(command, state, context);
    case 'Undo':
      return decideUndo(command, state, context);
    case 'Redo':
      return decideRedo(command, state, context);
    case 'SaveState':
      return decideSaveState(command, state, context);
    case 'ApplyState':
      return decideApplyState(command, state, context);
    case 'MarkEntrant':
      return decideMarkEntrant(command, state, context);
  }
}

/** The run-order aggregate in the shape of api/domain/decider.ts. */
export const runOrderDecider: Decider<RunOrderCommand, RunOrderState, RunOrderEvent, DecideContext> = {
  initialState: initialRunOrderState,
  evolve,
  decide,
};

export function decideCreateEmpty(
  command: Of<'CreateEmpty'>,
  state: RunOrderState,
  context: DecideContext,
): RunOrderEvent[] {
  if (state.exists)
    throw conflict('RUN_ORDER_EXISTS', 'This run already has a run order; generate it again or edit it instead.');
  return [
    {
      type: 'RunOrderCreated',
      data: { heatSize: command.heatSize, slots: Array(command.positions).fill(null), createdBy: context.actorId },
    },
  ];
}

export function decideGenerate(command: Of<'Generate'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  // Another heat size would put those who ran in other heats (docs/decisions/045).
  if (state.exists && command.heatSize !== state.heatSize && ranAlready(state, context)) {
    throw conflict(
      'HEAT_UNDERWAY',
      'The run has started or has results; its heat size stays as it is. Generate again with the same heat size.',
      { heatSize: state.heatSize },
    );
  }
  return changed(
    context,
    state,
    command.slots,
    () => ({
      type: 'RunOrderGenerated',
      data: {
        slots: command.slots,
        seeding: command.seeding,
        heatSize: command.heatSize,
        generatedBy: context.actorId,
      },
    }),
    true,
  );
}

export function decideReorder(command: Of<'Reorder'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  if (command.slots.length !== state.slots.length) {
    throw ruleBroken(
      'REORDER_MISMATCH',
      `Reorder rule: the order has ${state.slots.length} positions; send all ${state.slots.length}, in their new order.`,
    );
  }
  const before = entriesOf(state.slots).sort((a, b) => a - b);
  const after = entriesOf(command.slots).sort((a, b) => a - b);
  if (before.length !== after.length || before.some((id, i) => id !== after[i])) {
    throw ruleBroken(
      'REORDER_MISMATCH',
      'Reorder rule: a reorder moves the placed registrations only; insert or remove them with their own actions.',
    );
  }
  return changed(context, state, command.slots, () => ({
    type: 'PositionsReordered',
    data: { slots: command.slots, reorderedBy: context.actorId },
  }));
}

export function decideMovePosition(
  command: Of<'MovePosition'>,
  state: RunOrderState,
  context: DecideContext,
): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  const { sourcePosition: source, targetPosition: target } = command;
  checkPosition(state, source, 'sourcePosition');
  checkPosition(state, target, 'targetPosition');
  const locked = heldPositions(state, context, true);
  refuseLocked(state, context, locked, source);
  refuseLocked(state, context, locked, target);
  if (source === target) return [];
  const slots = moveAmongUnlocked(state.slots, locked, source, target);
  return changed(context, state, slots, () => ({
    type: 'PositionMoved',
    data: { slots, sourcePosition: source, targetPosition: target, movedBy: context.actorId },
  }));
}

export function decideMoveHeat(command: Of<'MoveHeat'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  const heats = heatCount(state.slots.length, state.heatSize);
  const { sourceHeatNumber: source, targetHeatNumber: target } = command;
  for (const [field, heat] of [
    ['sourceHeatNumber', source],
    ['targetHeatNumber', target],
  ] as const) {
    if (!Number.isInteger(heat) || heat < 1 || heat > heats)
      throw ruleBroken('HEAT_OUT_OF_RANGE', `Heat rule: ${field} ${heat} is not a heat of this order (1 to ${heats}).`);
  }
  if (source === target) return [];
  const size = state.heatSize * 2;
  const padded = [...state.slots, ...Array(heats * size - state.slots.length).fill(null)] as Slots;
  const locked = heldPositions(state, context, false);
  const first = (Math.min(source, target) - 1) * size + 1;
  const last = Math.max(source, target) * size;
  for (let p = first; p <= last; p += 1) refuseLocked(state, context, locked, p);
  const blocks = Array.from({ length: heats }, (_, h) => padded.slice(h * size, (h + 1) * size));
  const [moving] = blocks.splice(source - 1, 1);
  blocks.splice(target - 1, 0, moving as Slots);
  const slots = blocks.flat();
  // The last heat was padded to a whole heat; padding left at the end is not a new position.
  while (slots.length > state.slots.length && slots.at(-1) === null) slots.pop();
  return changed(context, state, slots, () => ({
    type: 'HeatMoved',
    data: { slots, sourceHeatNumber: source, targetHeatNumber: target, movedBy: context.actorId },
  }));
}

export function decideInsert(command: Of<'Insert'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  const { registrationId } = command;
  const status = context.registrationStatus(registrationId);
  if (status === undefined || status === 'deleted')
    throw notFound('Registration of this run', 'REGISTRATION_NOT_FOUND');
  if (status !== 'confirmed') {
    throw ruleBroken(
      'REGISTRATION_NOT_CONFIRMED',
      `Run order rule: only confirmed registrations are placed; this one is ${status}.`,
    );
  }
  const placed = positionOf(state.slots, registrationId);
  if (placed !== undefined)
    throw conflict('ALREADY_PLACED', `This registration already stands at position ${placed}; move it instead.`, {
      position: placed,
    });
  // Locks past the end count too: a locked last pair of an odd-length order takes no partner. Heats
  // underway and entrants with results are held like locks, so balancing never moves who ran (045).
  const locked = heldPositions(state, context, false);
  if (command.position !== undefined) {
    const asked = command.position;
    if (!Number.isInteger(asked) || asked < 1 || asked > state.slots.length + 1) {
      throw ruleBroken(
        'POSITION_OUT_OF_RANGE',
        `Position rule: position ${asked} is outside the order (1 to ${state.slots.length + 1}).`,
      );
    }
    refuseLocked(state, context, locked, asked);
  }
  const wanted = command.position ?? firstFreePosition(state.slots, locked);
  const inserted = insertAmongUnlocked(state.slots, locked, wanted, registrationId);
  // Placed where the board chose, it stays there; placed "anywhere", it never runs alone in the last heat.
  const slots = command.position === undefined ? balanceLastHeat(inserted, state.heatSize, locked) : inserted;
  const position = positionOf(slots, registrationId) ?? wanted;
  return [{ type: 'RegistrationInserted', data: { slots, registrationId, position, insertedBy: context.actorId } }];
}

export function decideRemove(command: Of<'Remove'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  const position = positionOf(state.slots, command.registrationId);
  if (position === undefined) throw conflict('NOT_PLACED', 'This registration is not in the run order.');
  refuseLocked(state, context, heldPositions(state, context, true), position);
  const slots = state.slots.map((id) => (id === command.registrationId ? null : id));
  return [
    {
      type: 'RegistrationRemoved',
      data: { slots, registrationId: command.registrationId, position, removedBy: context.actorId },
    },
  ];
}

export function decideLockPositions(
  command: Of<'LockPositions'>,
  state: RunOrderState,
  context: DecideContext,
): RunOrderEvent[] {
  for (const p of command.positions) checkPosition(state, p, 'positions');
  const fresh = [...new Set(command.positions)].filter((p) => !state.lockedPositions.includes(p)).sort((a, b) => a - b);
  return fresh.length === 0 ? [] : [{ type: 'PositionsLocked', data: { positions: fresh, lockedBy: context.actorId } }];
}

export function decideUnlockPositions(
  command: Of<'UnlockPositions'>,
  state: RunOrderState,
  context: DecideContext,
): RunOrderEvent[] {
  // A lock left past the end (the order got shorter) can still be lifted.
  for (const p of command.positions) if (!state.lockedPositions.includes(p)) checkPosition(state, p, 'positions');
  const viaPair = command.positions.find((p) => state.lockedPairs.includes(pairOf(p)));
  if (viaPair !== undefined) {
    throw conflict(
      'PAIR_LOCKED',
      `Position ${viaPair} is locked through pair ${pairOf(viaPair)}; unlock the pair instead.`,
      { pair: pairOf(viaPair) },
    );
  }
  const held = [...new Set(command.positions)].filter((p) => state.lockedPositions.includes(p)).sort((a, b) => a - b);
  return held.length === 0
    ? []
    : [{ type: 'PositionsUnlocked', data: { positions: held, unlockedBy: context.actorId } }];
}

/** The pair a lock or unlock names, checked against the order's pairs. */
function checkPair(state: RunOrderState, pair: number): boolean {
  const pairs = Math.ceil(state.slots.length / 2);
  if (!Number.isInteger(pair) || pair < 1 || pair > pairs)
    throw ruleBroken('PAIR_OUT_OF_RANGE', `Pair rule: pair ${pair} is not a pair of this order (1 to ${pairs}).`);
  return state.lockedPairs.includes(pair);
}

export function decideLockPair(command: Of<'LockPair'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  return checkPair(state, command.pair)
    ? []
    : [{ type: 'PairLocked', data: { pair: command.pair, lockedBy: context.actorId } }];
}

export function decideUnlockPair(
  command: Of<'UnlockPair'>,
  state: RunOrderState,
  context: DecideContext,
): RunOrderEvent[] {
  return checkPair(state, command.pair)
    ? [{ type: 'PairUnlocked', data: { pair: command.pair, unlockedBy: context.actorId } }]
    : [];
}

export function decideLockOrder(_: Of<'LockOrder'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  return state.orderLocked ? [] : [{ type: 'OrderLocked', data: { lockedBy: context.actorId } }];
}

export function decideUnlockOrder(_: Of<'UnlockOrder'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  return state.orderLocked ? [{ type: 'OrderUnlocked', data: { unlockedBy: context.actorId } }] : [];
}

export function decideSetCurrentHeat(
  command: Of<'SetCurrentHeat'>,
  state: RunOrderState,
  context: DecideContext,
): RunOrderEvent[] {
  const heats = Math.max(1, heatCount(state.slots.length, state.heatSize));
  if (command.heat < 1 || command.heat > heats)
    throw ruleBroken(
      'HEAT_OUT_OF_RANGE',
      `Heat rule: heat ${command.heat} is not a heat of this order (1 to ${heats}).`,
    );
  // Setting the heat already on the course starts it when the run has not started yet (heat 1).
  return command.heat === state.currentHeat && (state.currentHeatStartedAt != null || state.slots.length === 0)
    ? []
    : [{ type: 'CurrentHeatSet', data: { heat: command.heat, setBy: context.actorId } }];
}

export function decideUndo(_: Of<'Undo'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  const target = state.undo.at(-1);
  if (!target) throw conflict('NOTHING_TO_UNDO', 'There is nothing to undo.');
  refuseLockedChanges(state, context, target);
  return [
    { type: 'ChangeUndone', data: { slots: target, marks: marksBefore(state.undoMarks), undoneBy: context.actorId } },
  ];
}

export function decideRedo(_: Of<'Redo'>, state: RunOrderState, context: DecideContext): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  const target = state.redo.at(-1);
  if (!target) throw conflict('NOTHING_TO_REDO', 'There is nothing to redo.');
  refuseLockedChanges(state, context, target);
  return [
    { type: 'ChangeRedone', data: { slots: target, marks: marksBefore(state.redoMarks), redoneBy: context.actorId } },
  ];
}

export function decideSaveState(
  command: Of<'SaveState'>,
  state: RunOrderState,
  context: DecideContext,
): RunOrderEvent[] {
  return [{ type: 'StateSaved', data: { name: command.name, slots: [...state.slots], savedBy: context.actorId } }];
}

export function decideApplyState(
  command: Of<'ApplyState'>,
  state: RunOrderState,
  context: DecideContext,
): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  const saved = state.savedStates.find((s) => s.name === command.name);
  if (!saved) throw notFound(`Saved state "${command.name}"`, 'SAVED_STATE_NOT_FOUND');
  const slots = withLocksKept(state, context, saved.slots);
  return changed(
    context,
    state,
    slots,
    () => ({ type: 'StateApplied', data: { name: saved.name, slots, appliedBy: context.actorId } }),
    true,
  );
}

/**
 * Scratch or no-show a placed entrant, or reinstate one (mark null). The slot keeps them, so the board
 * and the display show the slot as such; the module records their DNS result in the same transaction.
 * Not an arrangement change, but undoable like one, so a locked order refuses it as it refuses undo.
 */
export function decideMarkEntrant(
  command: Of<'MarkEntrant'>,
  state: RunOrderState,
  context: DecideContext,
): RunOrderEvent[] {
  refuseWhenOrderLocked(state);
  const { registrationId, mark } = command;
  if (mark !== null && !(ENTRANT_MARKS as readonly unknown[]).includes(mark))
    throw ruleBroken('INVALID_MARK', 'Run order rule: an entrant is marked scratched or no-show (or reinstated).');
  const position = positionOf(state.slots, registrationId);
  if (position === undefined)
    throw conflict('NOT_PLACED', 'This registration is not in the run order; only a placed entrant is marked.');
  if (markOf(state, registrationId) === mark) return [];
  return [{ type: 'EntrantMarked', data: { registrationId, position, mark, markedBy: context.actorId } }];
}

/** The registration ids placed, in position order. */
export const entriesOf = (slots: Slots): number[] => slots.filter((id): id is number => id !== null);

/** An arrangement change, or nothing when it changes nothing (unless it must be recorded anyway). */
function changed(
  context: DecideContext,
  state: RunOrderState,
  slots: Slots,
  event: () => RunOrderEvent,
  recordEvenIfSame = false,
): RunOrderEvent[] {
  refuseLockedChanges(state, context, slots);
  const duplicate = firstDuplicate(slots);
  if (duplicate !== undefined)
    throw ruleBroken(
      'DUPLICATE_REGISTRATION',
      `Run order rule: registration ${duplicate} would stand twice in the order.`,
    );
  const same = state.exists && slots.length === state.slots.length && slots.every((id, i) => id === state.slots[i]);
  return same && !recordEvenIfSame ? [] : [event()];
}

function firstDuplicate(slots: Slots): number | undefined {
  const seen = new Set<number>();
  for (const id of slots) {
    if (id === null) continue;
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

function refuseWhenOrderLocked(state: RunOrderState): void {
  if (state.orderLocked)
    throw conflict('ORDER_LOCKED', 'The whole run order is locked; unlock it to change the arrangement.');
}

/** Whether anybody has run: a heat underway, or a placed entrant with a result. */
function ranAlready(state: RunOrderState, context: DecideContext): boolean {
  return heatsUnderway(state) > 0 || state.slots.some((id) => id !== null && (context.hasResult?.(id) ?? false));
}

/**
 * Positions no arrangement change may touch: the locks, and those held because their heat is underway
 * or their entrant has a result (docs/decisions/045). Within the order's length, or past its end too.
 */
function heldPositions(state: RunOrderState, context: DecideContext, withinOrder: boolean): Set<number> {
  const held = withinOrder ? lockedPositionSet(state) : allLockedPositions(state);
  for (const p of fixedPositions(state, context.hasResult)) if (!withinOrder || p <= state.slots.length) held.add(p);
  return held;
}

function lockError(state: RunOrderState, context: DecideContext, position: number): DomainError {
  const pair = pairOf(position);
  const lockedByHand = state.lockedPositions.includes(position) || state.lockedPairs.includes(pair);
  if (!lockedByHand) {
    const heat = heatOf(position, state.heatSize);
    if (heat <= heatsUnderway(state)) {
      return conflict(
        'HEAT_UNDERWAY',
        `Position ${position} is in heat ${heat}, which is on the course or has run; nobody there moves.`,
        { position, heat },
      );
    }
    const registrationId = state.slots[position - 1] ?? null;
    if (registrationId !== null && context.hasResult?.(registrationId)) {
      return conflict(
        'RESULT_RECORDED',
        `Position ${position} holds registration ${registrationId}, which has a recorded result; it stays where it ran.`,
        { position, registrationId },
      );
    }
  }
  if (state.lockedPairs.includes(pair)) {
    return conflict(
      'PAIR_LOCKED',
      `Pair ${pair} (positions ${pairPositions(pair).join(' and ')}) is locked; unlock it first.`,
      { pair, position },
    );
  }
  return conflict('POSITION_LOCKED', `Position ${position} is locked; unlock it first.`, { position });
}

function refuseLocked(
  state: RunOrderState,
  context: DecideContext,
  locked: ReadonlySet<number>,
  position: number,
): void {
  if (locked.has(position)) throw lockError(state, context, position);
}

/** A new arrangement must leave every locked position (past the end too) holding what it holds now. */
function refuseLockedChanges(state: RunOrderState, context: DecideContext, slots: Slots): void {
  for (const position of [...heldPositions(state, context, false)].sort((a, b) => a - b)) {
    if ((slots[position - 1] ?? null) !== (state.slots[position - 1] ?? null))
      throw lockError(state, context, position);
  }
}

function checkPosition(state: RunOrderState, position: number, field: string): void {
  if (!Number.isInteger(position) || position < 1 || position > state.slots.length) {
    throw ruleBroken(
      'POSITION_OUT_OF_RANGE',
      `Position rule: ${field} ${position} is outside the order (1 to ${state.slots.length}).`,
    );
  }
}

/** The unlocked positions, in order. */
function unlockedPositions(length: number, locked: ReadonlySet<number>): number[] {
  const positions: number[] = [];
  for (let p = 1; p <= length; p += 1) if (!locked.has(p)) positions.push(p);
  return positions;
}

/**
 * Moves an entry from source to target; the entries in between shift by one among the unlocked
 * positions, so a locked position keeps its entry while the others flow around it.
 */
export function moveAmongUnlocked(slots: Slots, locked: ReadonlySet<number>, source: number, target: number): Slots {
  const free = unlockedPositions(slots.length, locked);
  const sequence = free.map((p) => slots[p - 1] ?? null);
  const from = free.indexOf(source);
  const to = free.indexOf(target);
  const [moving] = sequence.splice(from, 1);
  sequence.splice(to, 0, moving ?? null);
  const result = [...slots];
  free.forEach((p, i) => {
    result[p - 1] = sequence[i] ?? null;
  });
  return result;
}

/**
 * Puts an entry at a position: an empty one takes it; an occupied one pushes the entries after it,
 * among the unlocked positions, down to the next empty one (or to a new unlocked position at the end).
 * Positions past the end are added as empty ones, never as holes.
 */
export function insertAmongUnlocked(
  slots: Slots,
  locked: ReadonlySet<number>,
  position: number,
  registrationId: number,
): Slots {
  const result = [...slots];
  const put = (p: number, id: number | null) => {
    while (result.length < p) result.push(null);
    result[p - 1] = id;
  };
  if ((result[position - 1] ?? null) === null) {
    put(position, registrationId);
    return result;
  }
  const free = unlockedPositions(result.length, locked).filter((p) => p >= position);
  const emptyAt = free.findIndex((p) => result[p - 1] === null);
  const chain = emptyAt === -1 ? [...free, firstUnlockedFrom(result.length + 1, locked)] : free.slice(0, emptyAt + 1);
  let carried: number | null = registrationId;
  for (const p of chain) {
    const held: number | null = result[p - 1] ?? null;
    put(p, carried);
    carried = held;
  }
  return result;
}

function firstUnlockedFrom(position: number, locked: ReadonlySet<number>): number {
  let p = position;
  while (locked.has(p)) p += 1;
  return p;
}

/** The first empty unlocked position, or the first unlocked position after the end. */
function firstFreePosition(slots: Slots, locked: ReadonlySet<number>): number {
  const index = slots.findIndex((id, i) => id === null && !locked.has(i + 1));
  return index === -1 ? firstUnlockedFrom(slots.length + 1, locked) : index + 1;
}

/**
 * A saved arrangement applied over the current locks: locked positions keep what they hold now. An
 * entry the saved state had at a locked position takes the place the locked entry had in the saved
 * state (or the first free one), so applying a state never drops anybody.
 */
function withLocksKept(state: RunOrderState, context: DecideContext, saved: Slots): Slots {
  const locked = heldPositions(state, context, true);
  const length = Math.max(saved.length, ...[...locked]);
  const result: Slots = Array.from({ length }, (_, i) => saved[i] ?? null);
  const kept = new Set<number>();
  const displaced: number[] = [];
  for (const p of [...locked].sort((a, b) => a - b)) {
    const id = state.slots[p - 1] ?? null;
    const before = result[p - 1] ?? null;
    if (before !== null && before !== id) displaced.push(before);
    result[p - 1] = id;
    if (id !== null) kept.add(id);
  }
  const stillDisplaced = displaced.filter((id) => !kept.has(id));
  for (let i = 0; i < result.length; i += 1) {
    const id = result[i] ?? null;
    if (id !== null && kept.has(id) && !locked.has(i + 1)) result[i] = stillDisplaced.shift() ?? null;
  }
  const lockedAnywhere = heldPositions(state, context, false);
  for (const id of stillDisplaced) {
    const free = result.findIndex((slot, i) => slot === null && !lockedAnywhere.has(i + 1));
    if (free !== -1) {
      result[free] = id;
      continue;
    }
    // Past the end, skipping a locked position there (a locked last pair of an odd-length order).
    while (lockedAnywhere.has(result.length + 1)) result.push(null);
    result.push(id);
  }
  return result;
}
