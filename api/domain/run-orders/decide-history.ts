/** The commands over the order's past: undo, redo, and named states saved and applied again. */
import { conflict, notFound } from '../errors.ts';
import { withLocksKept } from './arrange.ts';
import type { DecideContext, CommandOf as Of } from './commands.ts';
import type { RunOrderEvent } from './events.ts';
import { marksBefore, type RunOrderState } from './evolve.ts';
import { changed, refuseLockedChanges, refuseWhenOrderLocked } from './held-positions.ts';

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
