/**
 * Generates a run order's arrangement from the run's confirmed entries and a seeding rule. Pure and
 * deterministic: the same entries, arrangement, locks and rule always give the same slots, so a
 * regeneration with the recorded rule repeats it. The module passes the result to the Generate command.
 *
 * 1. Locked positions keep what they hold; their entries are not placed again.
 * 2. The other entries are ordered by the rule (a seeded shuffle, or best time with seeded ties) and
 *    fill the unlocked positions from the start; empty unlocked positions are left at the end, except
 *    that a lone runner in the last heat gets a partner from the heat before (balance.ts).
 * 3. Repairs, greedy and "where possible" (they never fail): two entries of one department are kept out
 *    of the same pair, then entries sharing a person are kept minRest positions apart. Each repair swaps
 *    an unlocked entry with a nearby unlocked one, never creating a new clash, so it ends.
 */
import { balanceLastHeat } from './balance.ts';
import type { SeedingRule, Slots } from './events.ts';
import { pairPositions } from './evolve.ts';

export interface SeedEntry {
  registrationId: number;
  departmentId: number | null;
  /** The entry's best time on record, for best-time seeding; null when it has none. */
  bestTimeMs: number | null;
  /** The people of the entry: the competitor, or a team's members. */
  personIds: number[];
}

/** What generation needs to know of an entry the board or the server holds. */
export interface KnownEntry {
  registrationId: number;
  status: string;
  departmentId: number | null;
  seedTimeMs: number | null;
  personIds: number[];
}

/**
 * The confirmed entries as the generator sees them, in id order: one function for the server and for
 * the board's preview, so the preview is what the server will generate.
 */
export function seedEntriesOf(entries: Iterable<KnownEntry>): SeedEntry[] {
  return [...entries]
    .filter((entry) => entry.status === 'confirmed')
    .sort((a, b) => a.registrationId - b.registrationId)
    .map((entry) => ({
      registrationId: entry.registrationId,
      departmentId: entry.departmentId,
      bestTimeMs: entry.seedTimeMs,
      personIds: entry.personIds,
    }));
}

export interface GenerateInput {
  entries: SeedEntry[];
  current: Slots;
  /** Locked positions (alone or through their pair), also past the end: see allLockedPositions. */
  locked: ReadonlySet<number>;
  seeding: SeedingRule;
  /** Pairs per heat: the last heat is balanced so nobody runs alone in it (balance.ts). */
  heatSize?: number;
}

export const DEFAULT_SEEDING: SeedingRule = {
  rule: 'random',
  seed: 1,
  fastest: 'last',
  separateDepartments: true,
  minRest: 0,
};

/** How far (in positions) a repair looks for an entry to swap with, besides what minRest needs. */
const SEARCH_WINDOW = 16;
/** The farthest a rest repair looks, however long the rest: beyond it a swap would upset the seeding. */
const MAX_REST_WINDOW = 128;

/** A small seeded PRNG (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = (Number.isFinite(seed) ? Math.trunc(seed) : 0) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates with the given PRNG; returns a new array. */
export function seededShuffle<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const held = result[i] as T;
    result[i] = result[j] as T;
    result[j] = held;
  }
  return result;
}

const hasTime = (entry: SeedEntry): entry is SeedEntry & { bestTimeMs: number } =>
  typeof entry.bestTimeMs === 'number' && Number.isFinite(entry.bestTimeMs);

/** The entries in the order the rule seeds them (before repairs). Input order does not matter. */
export function seedOrder(entries: readonly SeedEntry[], seeding: SeedingRule): SeedEntry[] {
  const byId = [...entries].sort((a, b) => a.registrationId - b.registrationId);
  const shuffled = seededShuffle(byId, seededRandom(seeding.seed));
  if (seeding.rule !== 'best-time') return shuffled;
  // Array sort is stable, so equal times keep their seeded (shuffled) order.
  const timed = shuffled.filter(hasTime);
  const untimed = shuffled.filter((entry) => !hasTime(entry));
  if (seeding.fastest === 'first') return [...timed.sort((a, b) => a.bestTimeMs - b.bestTimeMs), ...untimed];
  return [...untimed, ...timed.sort((a, b) => b.bestTimeMs - a.bestTimeMs)];
}

const partnerOf = (position: number): number => (position % 2 === 1 ? position + 1 : position - 1);

export function generateArrangement(input: GenerateInput): Slots {
  const { entries, current, seeding } = input;
  const lockedList = [...input.locked].filter((p) => Number.isInteger(p) && p >= 1).sort((a, b) => a - b);
  const locked = new Set(lockedList);
  const heldAt = (position: number): number | null => current[position - 1] ?? null;

  const keptByLock = new Set<number>();
  for (const p of lockedList) {
    const id = heldAt(p);
    if (id !== null) keptByLock.add(id);
  }
  const info = new Map<number, SeedEntry>();
  for (const entry of entries) if (!info.has(entry.registrationId)) info.set(entry.registrationId, entry);
  const ordered = seedOrder(
    [...info.values()].filter((entry) => !keptByLock.has(entry.registrationId)),
    seeding,
  );

  let length = Math.max(current.length, lockedList.at(-1) ?? 0);
  const free = length - lockedList.length;
  if (free < ordered.length) length += ordered.length - free;
  if (length % 2 === 1) length += 1;

  let slots: Slots = Array.from({ length }, () => null);
  for (const p of lockedList) slots[p - 1] = heldAt(p);
  let next = 0;
  for (let p = 1; p <= length && next < ordered.length; p += 1) {
    if (locked.has(p)) continue;
    slots[p - 1] = (ordered[next] as SeedEntry).registrationId;
    next += 1;
  }
  if (input.heatSize !== undefined) slots = balanceLastHeat(slots, input.heatSize, locked);

  const departmentOf = (id: number | null): number | null =>
    id === null ? null : (info.get(id)?.departmentId ?? null);
  const clash = (a: number | null, b: number | null): boolean => {
    const department = departmentOf(a);
    return department !== null && b !== null && a !== b && department === departmentOf(b);
  };
  if (seeding.separateDepartments) separateDepartments(slots, locked, clash);
  const minRest = Number.isFinite(seeding.minRest) ? Math.floor(seeding.minRest) : seeding.minRest > 0 ? length : 0;
  if (minRest > 0) keepRest(slots, locked, info, minRest, seeding.separateDepartments ? clash : () => false);
  return slots;
}

type Clash = (a: number | null, b: number | null) => boolean;

/** Candidate positions around a position, nearest first, later before earlier at equal distance. */
function* around(position: number, length: number, window: number): Generator<number> {
  for (let d = 1; d <= window; d += 1) {
    if (position + d <= length) yield position + d;
    if (position - d >= 1) yield position - d;
  }
}

/** Where a pair holds two entries of one department, swaps one of them (an unlocked one) with a nearby entry. */
function separateDepartments(slots: Slots, locked: ReadonlySet<number>, clash: Clash): void {
  const length = slots.length;
  const at = (p: number): number | null => slots[p - 1] ?? null;
  const window = Math.min(length, SEARCH_WINDOW);
  for (let pair = 1; pair * 2 <= length; pair += 1) {
    const [left, right] = pairPositions(pair);
    if (!clash(at(left), at(right))) continue;
    for (const mover of [right, left]) {
      if (locked.has(mover)) continue;
      const moving = at(mover);
      const stays = at(partnerOf(mover));
      let swapped = false;
      for (const q of around(mover, length, window)) {
        if (locked.has(q) || q === partnerOf(mover)) continue;
        const other = at(q);
        if (other === null) continue;
        if (clash(other, stays) || clash(moving, at(partnerOf(q)))) continue;
        slots[mover - 1] = other;
        slots[q - 1] = moving;
        swapped = true;
        break;
      }
      if (swapped) break;
    }
  }
}

/**
 * Keeps entries that share a person more than minRest positions apart (at least minRest positions
 * between them): an entry too close to another of its people swaps with a nearby unlocked position
 * (an entry, else an empty one) where both end up far enough from theirs, without a department clash.
 */
function keepRest(
  slots: Slots,
  locked: ReadonlySet<number>,
  info: ReadonlyMap<number, SeedEntry>,
  minRest: number,
  clash: Clash,
): void {
  const position = new Map<number, number>();
  slots.forEach((id, i) => {
    if (id !== null) position.set(id, i + 1);
  });
  const byPerson = new Map<number, number[]>();
  for (const id of position.keys()) {
    for (const person of new Set(info.get(id)?.personIds ?? [])) {
      const ids = byPerson.get(person);
      if (ids) ids.push(id);
      else byPerson.set(person, [id]);
    }
  }
  /** The people each entry shares with another entry, and how many entries those people hold. */
  const shared = new Map<number, { persons: number[]; load: number }>();
  for (const [person, ids] of byPerson) {
    if (ids.length < 2) continue;
    for (const id of ids) {
      const entry = shared.get(id) ?? { persons: [], load: 0 };
      entry.persons.push(person);
      entry.load += ids.length;
      shared.set(id, entry);
    }
  }
  if (shared.size === 0) return;
  const sharePerson = (a: number, b: number): boolean => {
    const theirs = shared.get(b)?.persons;
    return theirs !== undefined && (shared.get(a)?.persons ?? []).some((person) => theirs.includes(person));
  };

  const length = slots.length;
  const at = (p: number): number | null => slots[p - 1] ?? null;
  /**
   * Whether an entry standing at a place is far enough from its people, once the entries at positions
   * a and b have swapped (a = b = 0: no swap). Looks at its people's entries when they are few, else
   * at the positions around the place (crowded people are found close by).
   */
  const rested = (id: number | null, place: number, a: number, b: number): boolean => {
    const mine = id === null ? undefined : shared.get(id);
    if (id === null || !mine) return true;
    if (mine.load <= 2 * minRest && mine.load <= 64) {
      for (const person of mine.persons) {
        for (const other of byPerson.get(person) ?? []) {
          if (other === id) continue;
          const was = position.get(other);
          const where = was === a ? b : was === b ? a : was;
          if (where !== undefined && Math.abs(where - place) <= minRest) return false;
        }
      }
      return true;
    }
    for (let q = Math.max(1, place - minRest); q <= Math.min(length, place + minRest); q += 1) {
      if (q === place) continue;
      const there = q === a ? at(b) : q === b ? at(a) : at(q);
      if (there !== null && there !== id && sharePerson(id, there)) return false;
    }
    return true;
  };
  const window = Math.min(length, 2 * minRest + SEARCH_WINDOW, MAX_REST_WINDOW);

  for (let pass = 0; pass < 2; pass += 1) {
    let repaired = false;
    for (let p = 1; p <= length; p += 1) {
      const moving = at(p);
      if (moving === null || locked.has(p) || !shared.has(moving)) continue;
      if (rested(moving, p, 0, 0)) continue;
      const target = findRestSwap(p, moving);
      if (target === undefined) continue;
      const other = at(target);
      slots[p - 1] = other;
      slots[target - 1] = moving;
      position.set(moving, target);
      if (other !== null) position.set(other, p);
      repaired = true;
    }
    if (!repaired) break;
  }

  function findRestSwap(p: number, moving: number): number | undefined {
    // Entries first, so empty positions stay at the end; an empty position only as the last resort.
    for (const takeEmpty of [false, true]) {
      for (const q of around(p, length, window)) {
        const other = at(q);
        if (locked.has(q) || (other === null) !== takeEmpty) continue;
        if (!rested(moving, q, p, q) || !rested(other, p, p, q)) continue;
        if (q !== partnerOf(p) && (clash(other, at(partnerOf(p))) || clash(moving, at(partnerOf(q))))) continue;
        return q;
      }
    }
    return undefined;
  }
}
