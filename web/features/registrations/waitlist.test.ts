import { describe, expect, it } from 'vitest';
import { applyMove, dropMove, isInPositionOrder, positionAnnouncement, renumber, stepMove } from './waitlist.ts';

const list = (...ids: number[]) => ids.map((id, i) => ({ id, waitlistPosition: i + 1, name: `Team ${id}` }));

describe('dropMove: the position a drag asks for', () => {
  it('takes the place of the entry it is dropped on, down or up', () => {
    const entries = list(10, 20, 30, 40);
    expect(dropMove(entries, 10, 30)).toEqual({ id: 10, from: 1, to: 3 });
    expect(dropMove(entries, 40, 20)).toEqual({ id: 40, from: 4, to: 2 });
    expect(dropMove(entries, 20, 10)).toEqual({ id: 20, from: 2, to: 1 });
  });

  it('asks for nothing when dropped on itself, outside the list, or for an unknown entry', () => {
    const entries = list(10, 20);
    expect(dropMove(entries, 10, 10)).toBeUndefined();
    expect(dropMove(entries, 10, undefined)).toBeUndefined();
    expect(dropMove(entries, 99, 10)).toBeUndefined();
    expect(dropMove(entries, 10, 99)).toBeUndefined();
  });
});

describe('stepMove: Move up and Move down', () => {
  it('moves one place, and not past either end', () => {
    const entries = list(10, 20, 30);
    expect(stepMove(entries, 20, -1)).toEqual({ id: 20, from: 2, to: 1 });
    expect(stepMove(entries, 20, 1)).toEqual({ id: 20, from: 2, to: 3 });
    expect(stepMove(entries, 10, -1)).toBeUndefined();
    expect(stepMove(entries, 30, 1)).toBeUndefined();
    expect(stepMove(entries, 99, 1)).toBeUndefined();
  });
});

describe('applyMove: the optimistic order', () => {
  it('moves the entry and renumbers 1..n, as the server will', () => {
    const moved = applyMove(list(10, 20, 30, 40), { id: 40, to: 2 });
    expect(moved.map((e) => [e.id, e.waitlistPosition])).toEqual([
      [10, 1],
      [40, 2],
      [20, 3],
      [30, 4],
    ]);
    expect(isInPositionOrder(moved)).toBe(true);
  });

  it('keeps the other fields and copies only what changed', () => {
    const entries = list(10, 20, 30);
    const moved = applyMove(entries, { id: 30, to: 2 });
    expect(moved[0]).toBe(entries[0]);
    expect(moved[1]).toEqual({ id: 30, waitlistPosition: 2, name: 'Team 30' });
  });

  it('leaves the list as it is for a move that does not fit it', () => {
    const entries = list(10, 20);
    expect(applyMove(entries, { id: 10, to: 3 })).toEqual(entries);
    expect(applyMove(entries, { id: 10, to: 0 })).toEqual(entries);
    expect(applyMove(entries, { id: 99, to: 1 })).toEqual(entries);
  });

  it('a drag then the server answer: the same order', () => {
    const entries = list(1, 2, 3, 4, 5);
    const move = dropMove(entries, 2, 5);
    expect(move).toEqual({ id: 2, from: 2, to: 5 });
    expect(applyMove(entries, move as NonNullable<typeof move>).map((e) => e.id)).toEqual([1, 3, 4, 5, 2]);
  });
});

describe('renumber and announcements', () => {
  it('renumbers from 1 in list order', () => {
    expect(
      renumber([
        { id: 5, waitlistPosition: 3 },
        { id: 6, waitlistPosition: null },
      ]).map((e) => e.waitlistPosition),
    ).toEqual([1, 2]);
    expect(isInPositionOrder([{ id: 5, waitlistPosition: 2 }])).toBe(false);
  });

  it('says where the entry is', () => {
    expect(positionAnnouncement('Kamloops A', 1, 4)).toBe('Kamloops A is at position 2 of 4.');
  });
});
