/**
 * What holds a position in place, and the checks every arrangement change passes (docs/decisions/045):
 * the locks, the heats underway and the entrants with a result are held; a locked order takes no
 * arrangement change at all; a new arrangement never stands a registration twice.
 */
import { conflict, type DomainError, ruleBroken } from '../errors.ts';
import type { DecideContext } from './commands.ts';
import type { RunOrderEvent, Slots } from './events.ts';
import {
  allLockedPositions,
  fixedPositions,
  heatOf,
  heatsUnderway,
  lockedPositionSet,
  pairOf,
  pairPositions,
  type RunOrderState,
} from './evolve.ts';

/** The registration ids placed, in position order. */
export const entriesOf = (slots: Slots): number[] => slots.filter((id): id is number => id !== null);

/** An arrangement change, or nothing when it changes nothing (unless it must be recorded anyway). */
export function changed(
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

export function refuseWhenOrderLocked(state: RunOrderState): void {
  if (state.orderLocked)
    throw conflict('ORDER_LOCKED', 'The whole run order is locked; unlock it to change the arrangement.');
}

/** Whether anybody has run: a heat underway, or a placed entrant with a result. */
export function ranAlready(state: RunOrderState, context: DecideContext): boolean {
  return heatsUnderway(state) > 0 || state.slots.some((id) => id !== null && (context.hasResult?.(id) ?? false));
}

/**
 * Positions no arrangement change may touch: the locks, and those held because their heat is underway
 * or their entrant has a result (docs/decisions/045). Within the order's length, or past its end too.
 */
export function heldPositions(state: RunOrderState, context: DecideContext, withinOrder: boolean): Set<number> {
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

export function refuseLocked(
  state: RunOrderState,
  context: DecideContext,
  locked: ReadonlySet<number>,
  position: number,
): void {
  if (locked.has(position)) throw lockError(state, context, position);
}

/** A new arrangement must leave every locked position (past the end too) holding what it holds now. */
export function refuseLockedChanges(state: RunOrderState, context: DecideContext, slots: Slots): void {
  for (const position of [...heldPositions(state, context, false)].sort((a, b) => a - b)) {
    if ((slots[position - 1] ?? null) !== (state.slots[position - 1] ?? null))
      throw lockError(state, context, position);
  }
}

export function checkPosition(state: RunOrderState, position: number, field: string): void {
  if (!Number.isInteger(position) || position < 1 || position > state.slots.length) {
    throw ruleBroken(
      'POSITION_OUT_OF_RANGE',
      `Position rule: ${field} ${position} is outside the order (1 to ${state.slots.length}).`,
    );
  }
}
