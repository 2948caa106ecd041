/**
 * The one shape of every event-sourced aggregate (docs/decisions/020-decider-shape-and-projection-direction.md):
 *
 * - `initialState(id)`: the state of a stream with no events yet;
 * - `evolve(state, event)`: typed and total. It folds one event onto a state; an unknown or out-of-place
 *   event only moves the version. The server's projections and the browser's optimistic screens run it;
 * - `decide(command, state, context)`: the rules. A thin switch over one named function per command
 *   (`decideMovePosition`...), so a rule is found by its command's name. It answers the events to append
 *   (an empty answer: nothing to change) or throws a DomainError.
 *
 * Pure: no I/O. The module's state loader gives decide its state and context, and the command handler of
 * api/event-store/ appends what it answers.
 */

/** What evolve reads besides the event itself when the event comes from the log (all optional). */
export interface EventEnvelope {
  /** The stream version of the event; evolve counts one up from the state's when absent. */
  version?: number;
  recordedAt?: Date | string | null;
  metadata?: { actorId?: number | null };
}

/** An aggregate's event as evolve takes it: the event itself, and what the log recorded about it. */
export type Enveloped<Event> = Event & EventEnvelope;

export interface Decider<Command, State, Event, Context, Decision = Event[]> {
  /** The state of a stream with no events (the id of the stream's subject, where the state names it). */
  initialState: (id: number) => State;
  evolve: (state: State, event: Enveloped<Event>) => State;
  decide: (command: Command, state: State, context: Context) => Decision;
}

/** Folds events onto a state, in order. */
export function fold<State, Event>(
  evolve: (state: State, event: Event) => State,
  events: Iterable<Event>,
  from: State,
): State {
  let state = from;
  for (const event of events) state = evolve(state, event);
  return state;
}
