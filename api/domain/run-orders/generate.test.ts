import { describe, expect, it } from 'vitest';
import type { SeedingRule, Slots } from './events.ts';
import {
  DEFAULT_SEEDING,
  generateArrangement,
  type SeedEntry,
  seededRandom,
  seededShuffle,
  seedOrder,
} from './generate.ts';

const entry = (registrationId: number, extra: Partial<SeedEntry> = {}): SeedEntry => ({
  registrationId,
  departmentId: null,
  bestTimeMs: null,
  personIds: [registrationId * 100],
  ...extra,
});
const entriesOf = (count: number, extra: (id: number) => Partial<SeedEntry> = () => ({})): SeedEntry[] =>
  Array.from({ length: count }, (_, i) => entry(i + 1, extra(i + 1)));

const plain: SeedingRule = { ...DEFAULT_SEEDING, separateDepartments: false };
const generate = (entries: SeedEntry[], seeding: SeedingRule = plain, current: Slots = [], locked: number[] = []) =>
  generateArrangement({ entries, current, locked: new Set(locked), seeding });

const placed = (slots: Slots): number[] => slots.filter((id): id is number => id !== null);
const sorted = (ids: number[]): number[] => [...ids].sort((a, b) => a - b);

/** Pairs holding two entries of one department. */
function departmentClashes(slots: Slots, entries: SeedEntry[]): number[] {
  const department = new Map(entries.map((e) => [e.registrationId, e.departmentId]));
  const clashes: number[] = [];
  for (let pair = 1; pair * 2 <= slots.length; pair += 1) {
    const a = slots[pair * 2 - 2] ?? null;
    const b = slots[pair * 2 - 1] ?? null;
    if (a === null || b === null) continue;
    const d = department.get(a) ?? null;
    if (d !== null && d === department.get(b)) clashes.push(pair);
  }
  return clashes;
}

/** Entries sharing a person with minRest or fewer positions between... i.e. at most minRest apart. */
function restBreaches(slots: Slots, entries: SeedEntry[], minRest: number): [number, number][] {
  const where = new Map<number, number>();
  slots.forEach((id, i) => {
    if (id !== null) where.set(id, i + 1);
  });
  const breaches: [number, number][] = [];
  for (const a of entries) {
    for (const b of entries) {
      if (a.registrationId >= b.registrationId || !a.personIds.some((p) => b.personIds.includes(p))) continue;
      const pa = where.get(a.registrationId);
      const pb = where.get(b.registrationId);
      if (pa !== undefined && pb !== undefined && Math.abs(pa - pb) <= minRest)
        breaches.push([a.registrationId, b.registrationId]);
    }
  }
  return breaches;
}

describe('seeded randomness', () => {
  it('repeats its sequence for a seed, stays in [0, 1) and differs between seeds', () => {
    const take = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 100 }, () => random());
    };
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
    for (const value of take(7)) expect(value >= 0 && value < 1).toBe(true);
    expect(take(Number.NaN)).toEqual(take(0));
  });

  it('shuffles into a permutation', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = seededShuffle(items, seededRandom(3));
    expect(sorted(shuffled)).toEqual(items);
    expect(shuffled).not.toEqual(items);
    expect(items[0]).toBe(0);
  });
});

describe('DEFAULT_SEEDING', () => {
  it('is random with seed 1, fastest last, departments kept apart, no rest rule', () => {
    expect(DEFAULT_SEEDING).toEqual({
      rule: 'random',
      seed: 1,
      fastest: 'last',
      separateDepartments: true,
      minRest: 0,
    });
  });
});

describe('generateArrangement: random', () => {
  it('places every entry once, in whole pairs', () => {
    const slots = generate(entriesOf(7));
    expect(slots).toHaveLength(8);
    expect(sorted(placed(slots))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(slots[7]).toBeNull();
  });

  it('is reproducible: the same entries and seed give the same order, whatever order the entries come in', () => {
    const entries = entriesOf(30);
    const seeding = { ...plain, seed: 42 };
    expect(generate(entries, seeding)).toEqual(generate(entries, seeding));
    expect(generate([...entries].reverse(), seeding)).toEqual(generate(entries, seeding));
    expect(generate(entries, { ...seeding, seed: 43 })).not.toEqual(generate(entries, seeding));
  });

  it('places an entry given twice only once', () => {
    expect(sorted(placed(generate([entry(1), entry(2), entry(1)])))).toEqual([1, 2]);
  });

  it('keeps the current length, rounded up to whole pairs, and leaves the empty positions at the end', () => {
    const slots = generate(entriesOf(3), plain, [null, null, null, null, null, null, null]);
    expect(slots).toHaveLength(8);
    expect(slots.slice(3)).toEqual([null, null, null, null, null]);
  });

  it('gives an empty order for no entries', () => {
    expect(generate([])).toEqual([]);
    expect(generate([], plain, [null, null, null])).toEqual([null, null, null, null]);
  });
});

describe('generateArrangement: locks', () => {
  it('keeps what locked positions hold and places the others once around them', () => {
    const current: Slots = [1, 2, 3, 4, 5, 6];
    const slots = generate(entriesOf(8), { ...plain, seed: 5 }, current, [2, 5, 6]);
    expect(slots).toHaveLength(8);
    expect([slots[1], slots[4], slots[5]]).toEqual([2, 5, 6]);
    expect(sorted(placed(slots))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps a locked empty position empty, and a locked entry the run no longer lists', () => {
    const slots = generate(entriesOf(4), plain, [99, null, 1, 2], [1, 2]);
    expect(slots.slice(0, 2)).toEqual([99, null]);
    expect(sorted(placed(slots))).toEqual([1, 2, 3, 4, 99]);
    expect(slots).toHaveLength(6);
  });

  it('reaches past the end to a locked position (left empty)', () => {
    const slots = generate(entriesOf(2), plain, [1, 2], [5]);
    expect(slots).toHaveLength(6);
    expect(slots[4]).toBeNull();
    expect(sorted(placed(slots))).toEqual([1, 2]);
  });

  it('adds positions after the locked ones when the unlocked ones are too few', () => {
    const slots = generate(entriesOf(5), plain, [1, 2, 3], [1, 2, 3]);
    expect(slots.slice(0, 3)).toEqual([1, 2, 3]);
    expect(sorted(placed(slots.slice(3)))).toEqual([4, 5]);
    expect(slots).toHaveLength(6);
    expect(slots[5]).toBeNull();
  });
});

describe('generateArrangement: best time', () => {
  const timed = [
    entry(1, { bestTimeMs: 120_000 }),
    entry(2, { bestTimeMs: 95_000 }),
    entry(3),
    entry(4, { bestTimeMs: 150_000 }),
    entry(5),
    entry(6, { bestTimeMs: 101_000 }),
  ];

  it('fastest last: entries without a time first, then slowest to fastest', () => {
    const slots = generate(timed, { ...plain, rule: 'best-time', fastest: 'last' });
    expect(sorted(slots.slice(0, 2) as number[])).toEqual([3, 5]);
    expect(slots.slice(2)).toEqual([4, 1, 6, 2]);
  });

  it('fastest first: fastest to slowest, then entries without a time', () => {
    const slots = generate(timed, { ...plain, rule: 'best-time', fastest: 'first' });
    expect(slots.slice(0, 4)).toEqual([2, 6, 1, 4]);
    expect(sorted(slots.slice(4) as number[])).toEqual([3, 5]);
  });

  it('breaks ties by the seed, reproducibly', () => {
    const tied = [
      entry(1, { bestTimeMs: 100_000 }),
      entry(2, { bestTimeMs: 100_000 }),
      entry(3, { bestTimeMs: 100_000 }),
      entry(4, { bestTimeMs: 90_000 }),
    ];
    const orders = new Set<string>();
    for (let seed = 1; seed <= 30; seed += 1) {
      const seeding: SeedingRule = { ...plain, rule: 'best-time', fastest: 'last', seed };
      const slots = generate(tied, seeding);
      expect(slots).toEqual(generate(tied, seeding));
      expect(slots[3]).toBe(4);
      orders.add(JSON.stringify(slots));
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('seedOrder orders entries regardless of the order they come in', () => {
    const seeding: SeedingRule = { ...plain, rule: 'best-time', seed: 3 };
    expect(seedOrder([...timed].reverse(), seeding)).toEqual(seedOrder(timed, seeding));
  });
});

describe('generateArrangement: departments apart', () => {
  it('keeps two entries of one department out of a pair when that is possible', () => {
    // 10 departments of 2 entries each, then 3 departments of 6: always possible.
    const pairs = entriesOf(20, (id) => ({ departmentId: Math.ceil(id / 2) }));
    const threes = entriesOf(18, (id) => ({ departmentId: id % 3 }));
    for (let seed = 1; seed <= 50; seed += 1) {
      const seeding = { ...DEFAULT_SEEDING, seed };
      expect(departmentClashes(generate(pairs, seeding), pairs)).toEqual([]);
      expect(departmentClashes(generate(threes, seeding), threes)).toEqual([]);
      expect(generate(threes, seeding)).toEqual(generate(threes, seeding));
    }
  });

  it('leaves clashes it cannot avoid, and still places everyone once', () => {
    const one = entriesOf(9, (id) => ({ departmentId: id <= 7 ? 1 : 2 }));
    const slots = generate(one, DEFAULT_SEEDING);
    expect(sorted(placed(slots))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(departmentClashes(slots, one).length).toBeLessThanOrEqual(3);
  });

  it('never touches locked positions to fix a clash', () => {
    const entries = entriesOf(8, (id) => ({ departmentId: id <= 2 ? 1 : id }));
    const slots = generate(entries, DEFAULT_SEEDING, [1, 2, 3, 4, 5, 6, 7, 8], [1, 2]);
    expect(slots.slice(0, 2)).toEqual([1, 2]);
  });

  it('ignores entries without a department', () => {
    const entries = entriesOf(6);
    expect(generate(entries, { ...DEFAULT_SEEDING, seed: 9 })).toEqual(generate(entries, { ...plain, seed: 9 }));
  });
});

describe('generateArrangement: rest between runs of one person', () => {
  it('keeps entries sharing a person more than minRest positions apart when possible', () => {
    // 40 team entries; person 1000+k is in teams k and k+1 for k = 1, 3, 5 ... 19.
    const entries = entriesOf(40, (id) => ({
      departmentId: id % 8,
      personIds: [id * 100, ...(id <= 20 ? [1000 + (id % 2 === 1 ? id : id - 1)] : [])],
    }));
    for (let seed = 1; seed <= 40; seed += 1) {
      const seeding: SeedingRule = { ...DEFAULT_SEEDING, seed, minRest: 4 };
      const slots = generate(entries, seeding);
      expect(sorted(placed(slots))).toEqual(entries.map((e) => e.registrationId));
      expect(restBreaches(slots, entries, 4)).toEqual([]);
      expect(departmentClashes(slots, entries)).toEqual([]);
    }
  });

  it('also applies to best-time seeding, and never moves locked entries', () => {
    const entries = entriesOf(12, (id) => ({ bestTimeMs: 100_000 + id * 1000, personIds: id <= 4 ? [7] : [id * 100] }));
    const slots = generate(entries, { ...plain, rule: 'best-time', minRest: 2 }, [], []);
    expect(restBreaches(slots, entries, 2)).toEqual([]);
    const locked = generate(entries, { ...plain, minRest: 2 }, [1, 2, null, null], [1, 2]);
    expect(locked.slice(0, 2)).toEqual([1, 2]);
    expect(sorted(placed(locked))).toEqual(entries.map((e) => e.registrationId));
  });

  it('never fails when the rest cannot be kept', () => {
    const entries = entriesOf(6, () => ({ personIds: [1], departmentId: 1 }));
    const slots = generate(entries, { ...DEFAULT_SEEDING, minRest: 10 });
    expect(sorted(placed(slots))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(generate(entries, { ...DEFAULT_SEEDING, minRest: Number.POSITIVE_INFINITY })).toHaveLength(6);
  });
});

describe('generateArrangement: a large run', () => {
  it('arranges 1,000 entries with every rule at once', () => {
    const entries = entriesOf(1000, (id) => ({
      departmentId: id % 40,
      bestTimeMs: id % 9 === 0 ? null : 90_000 + ((id * 7919) % 60_000),
      personIds: [id * 10, ...(id % 5 === 0 ? [500_000 + Math.floor(id / 10)] : [])],
    }));
    const current: Slots = Array.from({ length: 1000 }, (_, i) => i + 1);
    const locked = [1, 2, 3, 500, 999, 1000];
    for (const rule of ['random', 'best-time'] as const) {
      const seeding: SeedingRule = { rule, seed: 2027, fastest: 'last', separateDepartments: true, minRest: 6 };
      const slots = generate(entries, seeding, current, locked);
      expect(slots).toHaveLength(1000);
      expect(sorted(placed(slots))).toEqual(current);
      for (const p of locked) expect(slots[p - 1]).toBe(p);
      expect(departmentClashes(slots, entries)).toEqual([]);
      expect(restBreaches(slots, entries, 6)).toEqual([]);
    }
  });
});
