/**
 * Given/when/then for deciders (api/domain/decider.ts), for the aggregates' unit tests:
 *
 *   const spec = deciderSpec(runOrderDecider, { context: () => ctx });
 *   const state = spec.given(created, locked);          // given: events folded from the initial state
 *   spec.when(state, { type: 'MovePosition', ... });     // when: the events decided
 *   spec.play(state, moveA, moveB).slots;               // then: the state after deciding and folding
 *   spec.refusal(state, command).code;                   // or the DomainError the command is refused with
 *
 * An aggregate whose decisions span several streams (registrations) says which of its decision's events
 * belong to the state's own stream (`ownEvents`). No test framework here: a command that is not refused
 * makes refusal throw a plain Error, which fails any test.
 */
import type { Decider, Enveloped } from '../decider.ts';
import { DomainError } from '../errors.ts';

export interface DeciderSpecOptions<State, Event, Context, Decision> {
  /** The context a command is decided in when a step gives none. */
  context: () => Context;
  /** The id given to initialState (registrations name their state by it); 1 when absent. */
  id?: number;
  /** The events of the decision that fold onto the state decided on; the whole decision when absent. */
  ownEvents?: (decision: Decision, state: State) => readonly Event[];
}

export interface DeciderSpec<Command, State, Event, Context, Decision> {
  /** The state these events lead to, folded from `from` (the initial state by default). */
  given(events: readonly Enveloped<Event>[], from?: State): State;
  /** What the command decides on this state. */
  when(state: State, command: Command, context?: Context): Decision;
  /** Decides each command in turn and folds its events: the state after them all. */
  play(state: State, ...commands: Command[]): State;
  /** The same as play, in a context of its own. */
  playIn(context: Context, state: State, ...commands: Command[]): State;
  /** The DomainError the command is refused with. */
  refusal(state: State, command: Command, context?: Context): DomainError;
}

export function deciderSpec<Command, State, Event, Context, Decision = Event[]>(
  decider: Decider<Command, State, Event, Context, Decision>,
  options: DeciderSpecOptions<State, Event, Context, Decision>,
): DeciderSpec<Command, State, Event, Context, Decision> {
  const ownEvents = options.ownEvents ?? ((decision: Decision) => decision as unknown as readonly Event[]);
  const when = (state: State, command: Command, context: Context = options.context()) =>
    decider.decide(command, state, context);
  const playIn = (context: Context, state: State, ...commands: Command[]): State =>
    commands.reduce(
      (s, command) =>
        ownEvents(decider.decide(command, s, context), s).reduce<State>(
          (next, event) => decider.evolve(next, event as Enveloped<Event>),
          s,
        ),
      state,
    );
  return {
    given: (events, from = decider.initialState(options.id ?? 1)) => events.reduce(decider.evolve, from),
    when,
    play: (state, ...commands) => playIn(options.context(), state, ...commands),
    playIn,
    refusal(state, command, context) {
      try {
        when(state, command, context);
      } catch (error) {
        if (error instanceof DomainError) return error;
        throw error;
      }
      throw new Error(`${String((command as { type?: unknown }).type ?? 'The command')} was not refused`);
    },
  };
}
