/**
 * The words of a refused change: who changed the order first and what they did, from the events a
 * 409 VERSION_CONFLICT carries ("Alex Morgan moved position 4 to 7 while you were dragging; your move
 * was not applied."). Pure, so it is tested without a board.
 */
import type { LiveEvent } from '../../../api/contracts/live.ts';
import { summariseRunOrderEvent } from '../../../api/domain/run-orders/diff.ts';
import { actorOf } from '../../../api/domain/run-orders/events.ts';
import { actionNoun, type BoardAction, isDragAction } from './actions.ts';

export interface ConflictContext {
  /** The name of an admin by user id, from presence and the order's own records; undefined when unknown. */
  nameOf: (userId: number) => string | undefined;
  /** The signed-in admin, so a change from their other tab reads as theirs. */
  meId: number | null;
  /** The name of a registration by id. */
  entryName: (registrationId: number) => string;
}

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** What one event did, in lower-case words after a name: 'moved Alex Morgan from position 4 to 7'. */
export function describeChange(
  event: Pick<LiveEvent, 'type' | 'data'>,
  entryName: (registrationId: number) => string,
): string {
  const summary = summariseRunOrderEvent(event, entryName);
  // An event the summary does not know reads as its type name: say it plainly instead.
  return summary === event.type ? 'changed the order' : lowerFirst(summary);
}

function actorLabel(event: LiveEvent, context: ConflictContext): string {
  const id = typeof event.actorId === 'number' ? event.actorId : actorOf(event);
  if (id === null || id === undefined) return 'another admin';
  if (context.meId !== null && id === context.meId) return 'you (in another window)';
  return context.nameOf(id) ?? 'another admin';
}

function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Who did what first, as the start of a sentence: 'Alex Morgan moved ... and made 2 other changes'. */
export function whoChangedWhat(events: readonly LiveEvent[], context: ConflictContext): string {
  const last = events.at(-1);
  if (!last) return 'Another admin changed the order';
  const actors = [...new Set(events.map((e) => actorLabel(e, context)))];
  const what = describeChange(last, context.entryName);
  if (actors.length > 1) return upperFirst(`${joinNames(actors)} changed the order (last: ${what})`);
  const others = events.length - 1;
  const more = others > 0 ? ` and made ${others} other change${others === 1 ? '' : 's'}` : '';
  return upperFirst(`${actors[0]} ${what}${more}`);
}

/** The whole message for a refused action. */
export function conflictMessage(events: readonly LiveEvent[], action: BoardAction, context: ConflictContext): string {
  const when = isDragAction(action) ? 'while you were dragging' : 'just before you';
  return `${whoChangedWhat(events, context)} ${when}; your ${actionNoun(action)} was not applied.`;
}

/** The events of a VERSION_CONFLICT answer's details, when they look like live events. */
export function conflictEvents(details: unknown): LiveEvent[] {
  if (!details || typeof details !== 'object') return [];
  const events = (details as { events?: unknown }).events;
  if (!Array.isArray(events)) return [];
  return events.filter(
    (e): e is LiveEvent =>
      !!e &&
      typeof e === 'object' &&
      typeof (e as LiveEvent).version === 'number' &&
      typeof (e as LiveEvent).type === 'string' &&
      typeof (e as LiveEvent).data === 'object',
  );
}
