/**
 * The run-order commands decided against the folded state (docs/domain.md, docs/decisions/020). Pure: the module loads the state
 * and the facts about the run's registrations, calls decide, appends what it answers. An empty answer
 * means "nothing to change" (locking a locked position), which the module reports without appending.
 *
 * Lock rules: a locked position (alone or through its pair) never changes what it holds and is never
 * moved; a locked order takes no arrangement change at all. Locks are history, not undoable.
 *
 * The rules of a command are in decide<Command>, by concern: decide-arrangement.ts (what stands where),
 * decide-locks.ts (locks and the heat on the course), decide-history.ts (undo, redo, saved states), over
 * the held-position rules of held-positions.ts and the slot arithmetic of arrange.ts.
 */

import type { Decider } from '../decider.ts';
import { notFound } from '../errors.ts';
import type { DecideContext, RunOrderCommand } from './commands.ts';
import {
  decideCreateEmpty,
  decideGenerate,
  decideInsert,
  decideMarkEntrant,
  decideMoveHeat,
  decideMovePosition,
  decideRemove,
  decideReorder,
} from './decide-arrangement.ts';
import { decideApplyState, decideRedo, decideSaveState, decideUndo } from './decide-history.ts';
import {
  decideLockOrder,
  decideLockPair,
  decideLockPositions,
  decideSetCurrentHeat,
  decideUnlockOrder,
  decideUnlockPair,
  decideUnlockPositions,
} from './decide-locks.ts';
import type { RunOrderEvent } from './events.ts';
import { evolve, initialRunOrderState, type RunOrderState } from './evolve.ts';

export type { DecideContext, RunOrderCommand } from './commands.ts';

export const runOrderNotFound = () => notFound('Run order', 'RUN_ORDER_NOT_FOUND');

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
