import { describe, expect, it } from 'vitest';
import { generateArrangement, seedEntriesOf } from '../../../api/domain/run-orders/generate.ts';
import { choiceOf, initialGenerateValues, parseGenerateForm, previewGenerate, randomSeed } from './generate-form.ts';
import { ENTRIES, entry, stateWith } from './test-fixtures.ts';

const entries = Object.fromEntries(ENTRIES.map((e) => [String(e.registrationId), e]));

describe('initialGenerateValues', () => {
  it("opens with the order's recorded rule", () => {
    const values = initialGenerateValues(
      stateWith([], {
        heatSize: 4,
        seeding: { rule: 'best-time', seed: 42, fastest: 'first', separateDepartments: false, minRest: 2 },
      }),
    );
    expect(values).toEqual({
      choice: 'best-time-first',
      seed: '42',
      separateDepartments: false,
      minRest: '2',
      heatSize: '4',
    });
  });
  it('opens with random, a fresh seed and departments apart for a new order', () => {
    expect(initialGenerateValues(null, 77)).toEqual({
      choice: 'random',
      seed: '77',
      separateDepartments: true,
      minRest: '0',
      heatSize: '3',
    });
  });
});

describe('choiceOf and randomSeed', () => {
  it('maps a rule to the select', () => {
    expect(choiceOf({ rule: 'random', fastest: 'first' })).toBe('random');
    expect(choiceOf({ rule: 'best-time', fastest: 'last' })).toBe('best-time-last');
    expect(choiceOf(null)).toBe('random');
  });
  it('draws a seed the API accepts', () => {
    expect(randomSeed(() => 0)).toBe(1);
    expect(randomSeed(() => 0.999999999999)).toBeLessThanOrEqual(2147483646);
  });
});

describe('parseGenerateForm', () => {
  it('gives the seeding rule and heat size', () => {
    expect(
      parseGenerateForm({
        choice: 'best-time-last',
        seed: ' 12 ',
        separateDepartments: true,
        minRest: '3',
        heatSize: '2',
      }),
    ).toEqual({
      ok: true,
      seeding: { rule: 'best-time', seed: 12, fastest: 'last', separateDepartments: true, minRest: 3 },
      heatSize: 2,
    });
  });
  it('names each field that is out of range', () => {
    expect(
      parseGenerateForm({ choice: 'random', seed: '-1', separateDepartments: false, minRest: '101', heatSize: '0' }),
    ).toEqual({
      ok: false,
      errors: {
        seed: 'Enter a whole number from 0 to 2147483647.',
        minRest: 'Enter a whole number from 0 to 100.',
        heatSize: 'Enter a whole number of pairs from 1 to 20.',
      },
    });
    expect(
      parseGenerateForm({ choice: 'random', seed: '1.5', separateDepartments: false, minRest: '', heatSize: '3' }).ok,
    ).toBe(false);
  });
});

describe('seedEntriesOf', () => {
  it('takes the confirmed entries with their departments and people, as the server seeds them', () => {
    // The board's entries go through the same function the server seeds with.
    const seeds = seedEntriesOf(
      Object.values({
        ...entries,
        8: entry(8, 'Gone', { status: 'cancelled' }),
        9: entry(9, 'Crew', {
          teamId: 3,
          userId: null,
          departmentId: 30,
          departmentName: 'Regina Fire',
          personIds: [],
        }),
      }),
    );
    expect(seeds.map((s) => s.registrationId)).toEqual([1, 2, 3, 4, 5, 6, 9]);
    const dept = new Map(seeds.map((s) => [s.registrationId, s.departmentId]));
    expect(dept.get(1)).toBe(dept.get(3));
    expect(dept.get(2)).toBe(dept.get(4));
    expect(dept.get(1)).not.toBe(dept.get(2));
    expect(dept.get(6)).toBeNull();
    expect(dept.get(9)).toBe(dept.get(5));
    expect(seeds.find((s) => s.registrationId === 1)?.personIds).toEqual([1001]);
    expect(seeds.find((s) => s.registrationId === 9)?.personIds).toEqual([]);
  });
});

describe('previewGenerate', () => {
  const seeding = { rule: 'random' as const, seed: 5, fastest: 'last' as const, separateDepartments: true, minRest: 0 };

  it('gives what the server generates from the same entries and seed', () => {
    const state = stateWith([1, 2, 3, null], { lockedPositions: [1] });
    const preview = previewGenerate(state, entries, seeding);
    const server = generateArrangement({
      entries: ENTRIES.map((e, i) => ({
        registrationId: e.registrationId,
        departmentId: [10, 20, 10, 20, 30, null][i] ?? null,
        bestTimeMs: e.seedTimeMs,
        personIds: [e.registrationId + 1000],
      })),
      current: state.slots,
      locked: new Set([1]),
      seeding,
    });
    expect(preview.slots).toEqual(server);
    expect(preview.slots[0]).toBe(1);
    expect(preview.keptByLocks).toBe(1);
  });

  it('lists what moves and what is added', () => {
    const preview = previewGenerate(stateWith([1, 2, null, null]), entries, { ...seeding, rule: 'best-time' });
    const added = preview.moves.filter((m) => m.from === null).map((m) => m.registrationId);
    expect(added.sort()).toEqual([3, 4, 5, 6]);
    expect(preview.slots.filter((id) => id !== null)).toHaveLength(6);
  });

  it('counts every entry as added for an order that does not exist yet', () => {
    const preview = previewGenerate({ ...stateWith([]), exists: false }, entries, seeding);
    expect(preview.moves.every((m) => m.from === null)).toBe(true);
    expect(preview.moves).toHaveLength(6);
  });
});
