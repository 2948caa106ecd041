/**
 * The commands that arrange the order: create, generate, reorder, move a position or a heat, insert and
 * remove an entrant, mark one scratched or no-show. Each passes the held-position rules of held-positions.ts.
 */
import { conflict, notFound, ruleBroken } from '../errors.ts';
import { firstFreePosition, insertAmongUnlocked, moveAmongUnlocked } from './arrange.ts';
import { balanceLastHeat } from './balance.ts';
import type { DecideContext, CommandOf as Of } from './commands.ts';
import { ENTRANT_MARKS, type RunOrderEvent, type Slots } from './events.ts';
import { heatCount, markOf, positionOf, type RunOrderState } from './evolve.ts';
import {
  changed,
  checkPosition,
  entriesOf,
  heldPositions,
  ranAlready,
  refuseLocked,
  refuseWhenOrderLocked,
} from './held-positions.ts';

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
