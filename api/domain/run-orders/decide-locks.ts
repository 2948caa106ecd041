/**
 * The commands that hold positions in place: locks on positions, pairs and the whole order (history, not
 * undoable), and the heat on the course (the heats underway are held like locks, docs/decisions/045).
 */
import { conflict, ruleBroken } from '../errors.ts';
import type { DecideContext, CommandOf as Of } from './commands.ts';
import type { RunOrderEvent } from './events.ts';
import { heatCount, pairOf, type RunOrderState } from './evolve.ts';
import { checkPosition } from './held-positions.ts';

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
