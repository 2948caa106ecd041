import { describe, expect, it } from 'vitest';
import { boardModel, entryLabel, flagLabel, modelOfPositions, unplacedEntries } from './board-view.ts';
import { ENTRIES, entry, stateWith } from './test-fixtures.ts';

const entries = Object.fromEntries(ENTRIES.map((e) => [String(e.registrationId), e]));

describe('boardModel', () => {
  it('groups positions into heats of pairs with left and right lanes', () => {
    const model = boardModel(stateWith([1, 2, 3, 4, 5, null], { heatSize: 2 }), entries);
    expect(model.heats.map((h) => [h.heat, h.pairs.map((p) => p.pair)])).toEqual([
      [1, [1, 2]],
      [2, [3]],
    ]);
    const [first] = model.heats[0]?.pairs ?? [];
    expect(first?.lanes.map((l) => [l.position, l.lane, l.entry?.name])).toEqual([
      [1, 'left', 'Alex Morgan'],
      [2, 'right', 'Blair Chen'],
    ]);
    expect(model).toMatchObject({ positionCount: 6, placedCount: 5, flaggedCount: 0 });
  });

  it('marks locks by position and by pair, and the heats that hold them', () => {
    const model = boardModel(
      stateWith([1, 2, 3, 4, 5, 6], { heatSize: 1, lockedPositions: [3], lockedPairs: [3] }),
      entries,
    );
    const lanes = model.heats.flatMap((h) => h.pairs.flatMap((p) => p.lanes));
    expect(lanes.filter((l) => l.locked).map((l) => [l.position, l.lockedVia])).toEqual([
      [3, 'position'],
      [5, 'pair'],
      [6, 'pair'],
    ]);
    expect(model.heats.map((h) => h.hasLocks)).toEqual([false, true, true]);
    expect(model.heats[2]?.pairs[0]?.locked).toBe(true);
  });

  it('holds the heats on the course or run, and their lanes; heat 1 only once it has started', () => {
    const held = (extra: Parameters<typeof stateWith>[1]) =>
      boardModel(stateWith([1, 2, 3, 4, 5, 6], { heatSize: 1, ...extra }), entries).heats.map((h) => [
        h.held,
        h.pairs.flatMap((p) => p.lanes.map((l) => l.held)),
      ]);
    expect(held({ currentHeat: 1 })).toEqual([
      [false, [false, false]],
      [false, [false, false]],
      [false, [false, false]],
    ]);
    expect(held({ currentHeat: 1, currentHeatStartedAt: '2027-06-05T15:00:00Z' })[0]).toEqual([true, [true, true]]);
    expect(held({ currentHeat: 2 }).map(([heat]) => heat)).toEqual([true, true, false]);
  });

  it('flags placed entries that are no longer confirmed, or unknown', () => {
    const withCancelled = { ...entries, 2: entry(2, 'Blair Chen', { status: 'cancelled' }) };
    const model = boardModel(stateWith([1, 2, 77, null]), withCancelled);
    const lanes = model.heats.flatMap((h) => h.pairs.flatMap((p) => p.lanes));
    expect(lanes.map((l) => l.flagged)).toEqual([false, true, true, false]);
    expect(model.flaggedCount).toBe(2);
  });

  it('names entries from what the server laid out when the board does not know them', () => {
    const model = modelOfPositions(
      [
        {
          position: 1,
          pair: 1,
          heat: 1,
          lane: 'left',
          registrationId: 90,
          locked: false,
          lockedVia: null,
          entry: entry(90, 'Old Crew'),
        },
      ],
      {},
    );
    expect(model.heats[0]?.pairs[0]?.lanes[0]?.entry?.name).toBe('Old Crew');
  });
});

describe('unplacedEntries', () => {
  it('lists the confirmed entries not placed, by name', () => {
    const withWaitlisted = { ...entries, 9: entry(9, 'Aaron Waitlist', { status: 'waitlisted' }) };
    expect(unplacedEntries(stateWith([1, null, 3, 4]), withWaitlisted).map((e) => e.name)).toEqual([
      'Blair Chen',
      'Eli Fournier',
      'Sasha Kowalski',
    ]);
  });
});

describe('labels', () => {
  it('reads an entry with its department', () => {
    expect(entryLabel(ENTRIES[0] ?? null)).toBe('Alex Morgan, Kamloops Fire Rescue');
    expect(entryLabel(ENTRIES[5] ?? null)).toBe('Sasha Kowalski');
    expect(entryLabel(null)).toBe('an empty position');
  });
  it('names why an entry is flagged', () => {
    expect(flagLabel(entry(1, 'x'))).toBeUndefined();
    expect(flagLabel(entry(1, 'x', { status: 'cancelled' }))).toBe('Cancelled');
    expect(flagLabel(entry(1, 'x', { status: 'deleted' }))).toBe('Deleted');
    expect(flagLabel(null)).toBe('Unknown entry');
  });
});
