import { describe, expect, it } from 'vitest';
import { balanceLastHeat } from './balance.ts';
import type { Slots } from './events.ts';
import { heatOf } from './evolve.ts';
import { DEFAULT_SEEDING, generateArrangement, type SeedEntry } from './generate.ts';

const none = new Set<number>();
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
/** How many entries each heat holds. */
const perHeat = (slots: Slots, heatSize: number): number[] => {
  const counts: number[] = [];
  slots.forEach((id, i) => {
    if (id === null) return;
    const heat = heatOf(i + 1, heatSize);
    counts[heat - 1] = (counts[heat - 1] ?? 0) + 1;
  });
  return counts;
};

describe('balanceLastHeat', () => {
  it('gives a lone runner in the last heat the last runner of the heat before', () => {
    // Heats of 3 pairs (6 positions): 13 entries would be 6, 6 and 1.
    const slots: Slots = [...range(13), null];
    const balanced = balanceLastHeat(slots, 3, none);
    expect(perHeat(balanced, 3)).toEqual([6, 5, 2]);
    expect(balanced.slice(11)).toEqual([null, 13, 12]);
    expect(balanced.slice(0, 11)).toEqual(range(11));
  });

  it('adds the partner lane when the order ends on the lone runner', () => {
    const balanced = balanceLastHeat(range(5), 2, none);
    expect(balanced).toEqual([1, 2, 3, null, 5, 4]);
    expect(perHeat(balanced, 2)).toEqual([3, 2]);
  });

  it('leaves an order alone when the last heat holds two or more, or none past the first', () => {
    expect(balanceLastHeat(range(14), 3, none)).toEqual(range(14));
    expect(balanceLastHeat(range(5), 3, none)).toEqual(range(5));
    expect(balanceLastHeat([], 3, none)).toEqual([]);
    expect(balanceLastHeat([null, null], 3, none)).toEqual([null, null]);
  });

  it('does nothing with heats of one pair: someone runs alone whatever the order', () => {
    expect(balanceLastHeat(range(3), 1, none)).toEqual(range(3));
  });

  it('does not leave the heat before with one alone instead', () => {
    // Heat 1 holds only 2: taking one would leave one alone there.
    const slots: Slots = [1, null, 2, null, 3, null];
    expect(balanceLastHeat(slots, 2, none)).toEqual(slots);
  });

  it('never moves a locked entry nor fills a locked lane: it takes the last unlocked one', () => {
    expect(balanceLastHeat(range(5), 2, new Set([4]))).toEqual([1, 2, null, 4, 5, 3]);
    expect(balanceLastHeat(range(5), 2, new Set([6]))).toEqual(range(5));
    expect(balanceLastHeat(range(5), 2, new Set([1, 2, 3, 4]))).toEqual(range(5));
  });

  it('the generator balances the last heat it fills', () => {
    const entries: SeedEntry[] = range(13).map((id) => ({
      registrationId: id,
      departmentId: null,
      bestTimeMs: null,
      personIds: [id],
    }));
    const slots = generateArrangement({ entries, current: [], locked: none, seeding: DEFAULT_SEEDING, heatSize: 3 });
    expect(perHeat(slots, 3)).toEqual([6, 5, 2]);
    expect(new Set(slots.filter((id) => id !== null))).toEqual(new Set(range(13)));
  });
});
