/**
 * The last heat is never left with one runner alone (docs/decisions/045). When the entries end with a
 * single one in the last heat, the last unlocked entry of the heat before moves beside it: the heat
 * before keeps an empty lane, the lone runner gets a partner. Pure: the generator, the server's insert
 * and the board's optimistic insert run the same rule.
 */
import type { Slots } from './events.ts';
import { heatOf, heatPositions } from './evolve.ts';

/** The partner lane of a position in its pair. */
const partnerOf = (position: number): number => (position % 2 === 1 ? position + 1 : position - 1);

/**
 * The arrangement with a lone runner in the last heat given a partner from the heat before, or the same
 * arrangement when there is nothing to balance or no way to (heats of one pair, a heat before with fewer
 * than three entries, which would then leave one alone itself, or locks in the way). Locked positions
 * (also past the end) never change.
 */
export function balanceLastHeat(slots: Slots, heatSize: number, locked: ReadonlySet<number>): Slots {
  if (heatSize < 2) return slots;
  let last = slots.length;
  while (last > 0 && (slots[last - 1] ?? null) === null) last -= 1;
  if (last === 0) return slots;
  const heat = heatOf(last, heatSize);
  if (heat < 2) return slots;
  const length = Math.max(slots.length, heat * heatSize * 2);
  const filled = (heatNumber: number) =>
    heatPositions(heatNumber, heatSize, length).filter((p) => (slots[p - 1] ?? null) !== null);
  const inLastHeat = filled(heat);
  if (inLastHeat.length !== 1) return slots;
  const partner = partnerOf(last);
  if (locked.has(partner)) return slots;
  const before = filled(heat - 1);
  if (before.length < 3) return slots;
  const mover = [...before].reverse().find((p) => !locked.has(p));
  if (mover === undefined) return slots;
  const result: Slots = [...slots];
  while (result.length < partner) result.push(null);
  result[partner - 1] = result[mover - 1] ?? null;
  result[mover - 1] = null;
  return result;
}
