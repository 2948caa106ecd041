/**
 * The arithmetic of slots around held positions: a move, an insertion, the first free place, and a
 * saved arrangement laid over the current locks. Held positions keep their entry; the others flow around them.
 */
import type { DecideContext } from './commands.ts';
import type { Slots } from './events.ts';
import type { RunOrderState } from './evolve.ts';
import { heldPositions } from './held-positions.ts';

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
export function firstFreePosition(slots: Slots, locked: ReadonlySet<number>): number {
  const index = slots.findIndex((id, i) => id === null && !locked.has(i + 1));
  return index === -1 ? firstUnlockedFrom(slots.length + 1, locked) : index + 1;
}

/**
 * A saved arrangement applied over the current locks: locked positions keep what they hold now. An
 * entry the saved state had at a locked position takes the place the locked entry had in the saved
 * state (or the first free one), so applying a state never drops anybody.
 */
export function withLocksKept(state: RunOrderState, context: DecideContext, saved: Slots): Slots {
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
