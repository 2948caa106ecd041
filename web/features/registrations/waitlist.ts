/**
 * The waitlist board's arithmetic: where a drag or a "Move up" sends an entry, and the list as it
 * will look once the server has renumbered it (positions are always 1..n, docs/decisions/014).
 * Pure, so the optimistic order the board shows is the one the tests check.
 */

export interface WaitlistEntry {
  id: number;
  waitlistPosition: number | null;
}

/** A move the board asks the server for: PATCH waitlist-position {position}. */
export interface WaitlistMove {
  id: number;
  /** 1-based position in the whole waitlist. */
  from: number;
  to: number;
}

/**
 * The move for dropping `activeId` where `overId` is: it takes that entry's place, and the ones in
 * between shift by one. Undefined when either is unknown or nothing moves.
 */
export function dropMove(
  entries: readonly WaitlistEntry[],
  activeId: number,
  overId: number | undefined,
): WaitlistMove | undefined {
  if (overId === undefined || overId === activeId) return undefined;
  const from = entries.findIndex((e) => e.id === activeId);
  const to = entries.findIndex((e) => e.id === overId);
  if (from === -1 || to === -1) return undefined;
  return { id: activeId, from: from + 1, to: to + 1 };
}

/** The move one place up (step -1) or down (step 1); undefined at either end. */
export function stepMove(entries: readonly WaitlistEntry[], id: number, step: -1 | 1): WaitlistMove | undefined {
  const from = entries.findIndex((e) => e.id === id);
  const to = from + step;
  if (from === -1 || to < 0 || to >= entries.length) return undefined;
  return { id, from: from + 1, to: to + 1 };
}

/** The list after a move, renumbered 1..n as the server will answer; the same list when the move does not fit it. */
export function applyMove<T extends WaitlistEntry>(entries: readonly T[], move: Pick<WaitlistMove, 'id' | 'to'>): T[] {
  const from = entries.findIndex((e) => e.id === move.id);
  if (from === -1 || move.to < 1 || move.to > entries.length) return [...entries];
  const order = [...entries];
  const [moved] = order.splice(from, 1);
  order.splice(move.to - 1, 0, moved as T);
  return renumber(order);
}

/** Positions 1..n in list order (only the entries whose position changes are copied). */
export function renumber<T extends WaitlistEntry>(entries: readonly T[]): T[] {
  return entries.map((entry, index) =>
    entry.waitlistPosition === index + 1 ? entry : { ...entry, waitlistPosition: index + 1 },
  );
}

/** Whether the list is in position order 1..n, as the server keeps it. */
export function isInPositionOrder(entries: readonly WaitlistEntry[]): boolean {
  return entries.every((entry, index) => entry.waitlistPosition === index + 1);
}

/** What a screen reader hears while an entry is dragged ('Kamloops A moved to position 2 of 4'). */
export function positionAnnouncement(name: string, index: number, total: number): string {
  return `${name} is at position ${index + 1} of ${total}.`;
}
