import { describe, expect, it } from 'vitest';
import { arrangementMoves, summariseRunOrderEvent, summariseSubstitution } from './diff.ts';
import type { RunOrderEvent } from './events.ts';

const names: Record<number, string> = { 1: 'Kamloops A', 2: 'Surrey B', 3: 'Red Deer', 9: 'Halifax C' };
const nameOf = (id: number) => names[id] ?? `#${id}`;
const summary = (event: RunOrderEvent) => summariseRunOrderEvent(event, nameOf);

describe('arrangementMoves', () => {
  it('lists the entries that moved, were added or were removed', () => {
    expect(arrangementMoves([1, 2, 3, null], [2, 1, null, 9])).toEqual([
      { registrationId: 2, from: 2, to: 1 },
      { registrationId: 1, from: 1, to: 2 },
      { registrationId: 9, from: null, to: 4 },
      { registrationId: 3, from: 3, to: null },
    ]);
  });

  it('is empty when nothing moves, even if empty positions are added', () => {
    expect(arrangementMoves([1, null, 2], [1, null, 2])).toEqual([]);
    expect(arrangementMoves([1, 2], [1, 2, null, null])).toEqual([]);
    expect(arrangementMoves([], [])).toEqual([]);
  });

  it('sees a whole order generated from nothing as additions', () => {
    expect(arrangementMoves([], [3, 1])).toEqual([
      { registrationId: 3, from: null, to: 1 },
      { registrationId: 1, from: null, to: 2 },
    ]);
  });

  it('shows the entries a move shifts', () => {
    expect(arrangementMoves([1, 2, 3, 4], [2, 3, 1, 4])).toEqual([
      { registrationId: 2, from: 2, to: 1 },
      { registrationId: 3, from: 3, to: 2 },
      { registrationId: 1, from: 1, to: 3 },
    ]);
  });
});

describe('summariseRunOrderEvent', () => {
  const cases: [RunOrderEvent, string][] = [
    [
      { type: 'RunOrderCreated', data: { heatSize: 3, slots: Array(12).fill(null), createdBy: 1 } },
      'Created an empty order of 12 positions',
    ],
    [
      { type: 'RunOrderCreated', data: { heatSize: 3, slots: [null], createdBy: 1 } },
      'Created an empty order of 1 position',
    ],
    [
      {
        type: 'RunOrderGenerated',
        data: {
          slots: [],
          seeding: { rule: 'random', seed: 42, fastest: 'last', separateDepartments: true, minRest: 0 },
          heatSize: 3,
          generatedBy: 1,
        },
      },
      'Generated (random, seed 42)',
    ],
    [
      {
        type: 'RunOrderGenerated',
        data: {
          slots: [],
          seeding: { rule: 'best-time', seed: 7, fastest: 'first', separateDepartments: false, minRest: 2 },
          heatSize: 3,
          generatedBy: 1,
        },
      },
      'Generated (best time, fastest first, seed 7)',
    ],
    [{ type: 'PositionsReordered', data: { slots: [], reorderedBy: 1 } }, 'Reordered the positions'],
    [
      {
        type: 'PositionMoved',
        data: { slots: [2, 3, 4, 5, 6, 7, 1], sourcePosition: 3, targetPosition: 7, movedBy: 1 },
      },
      'Moved Kamloops A from position 3 to 7',
    ],
    [
      {
        type: 'PositionMoved',
        data: { slots: [2, 3, 4, 5, 6, 7, 1], sourcePosition: 7, targetPosition: 1, movedBy: 1 },
      },
      'Moved Surrey B from position 7 to 1',
    ],
    [
      { type: 'PositionMoved', data: { slots: [null, 1], sourcePosition: 2, targetPosition: 1, movedBy: 1 } },
      'Moved an empty position from position 2 to 1',
    ],
    [
      { type: 'HeatMoved', data: { slots: [], sourceHeatNumber: 2, targetHeatNumber: 4, movedBy: 1 } },
      'Moved heat 2 to heat 4',
    ],
    [
      { type: 'RegistrationInserted', data: { slots: [], registrationId: 9, position: 5, insertedBy: 1 } },
      'Inserted Halifax C at position 5',
    ],
    [
      { type: 'RegistrationRemoved', data: { slots: [], registrationId: 3, position: 5, removedBy: 1 } },
      'Removed Red Deer from position 5',
    ],
    [{ type: 'PositionsLocked', data: { positions: [1, 2], lockedBy: 1 } }, 'Locked positions 1, 2'],
    [{ type: 'PositionsLocked', data: { positions: [4], lockedBy: 1 } }, 'Locked position 4'],
    [{ type: 'PositionsUnlocked', data: { positions: [3, 8], unlockedBy: 1 } }, 'Unlocked positions 3, 8'],
    [{ type: 'PairLocked', data: { pair: 3, lockedBy: 1 } }, 'Locked pair 3'],
    [{ type: 'PairUnlocked', data: { pair: 3, unlockedBy: 1 } }, 'Unlocked pair 3'],
    [{ type: 'OrderLocked', data: { lockedBy: 1 } }, 'Locked the whole order'],
    [{ type: 'OrderUnlocked', data: { unlockedBy: 1 } }, 'Unlocked the whole order'],
    [{ type: 'CurrentHeatSet', data: { heat: 3, setBy: 1 } }, 'Put heat 3 on the course'],
    [{ type: 'ChangeUndone', data: { slots: [], undoneBy: 1 } }, 'Undid the last change'],
    [{ type: 'ChangeRedone', data: { slots: [], redoneBy: 1 } }, 'Redid the change undone last'],
    [{ type: 'StateSaved', data: { name: 'Final', slots: [], savedBy: 1 } }, 'Saved state “Final”'],
    [{ type: 'StateApplied', data: { name: 'Final', slots: [], appliedBy: 1 } }, 'Applied saved state “Final”'],
  ];

  it.each(cases.map(([event, text]) => [text, event] as const))('%s', (text, event) => {
    expect(summary(event)).toBe(text);
  });

  it('reads an unknown event, or one without the data it needs, as its type name', () => {
    expect(summariseRunOrderEvent({ type: 'SomethingNew', data: { pair: 1 } }, nameOf)).toBe('SomethingNew');
    expect(summariseRunOrderEvent({ type: 'PairLocked', data: null }, nameOf)).toBe('PairLocked');
    expect(summariseRunOrderEvent({ type: 'PositionMoved', data: { sourcePosition: '3' } }, nameOf)).toBe(
      'PositionMoved',
    );
    expect(summariseRunOrderEvent({ type: 'RunOrderGenerated', data: {} }, nameOf)).toBe('Generated');
  });
});

describe('summariseRunOrderEvent: marks', () => {
  const nameOf = (id: number) => `Entrant ${id}`;
  it('names a scratch, a no-show and a reinstatement', () => {
    const marked = (mark: 'scratched' | 'no-show' | null) => ({
      type: 'EntrantMarked',
      data: { registrationId: 4, position: 3, mark, markedBy: 1 },
    });
    expect(summariseRunOrderEvent(marked('scratched'), nameOf)).toBe('Scratched Entrant 4 at position 3');
    expect(summariseRunOrderEvent(marked('no-show'), nameOf)).toBe('Marked Entrant 4 a no-show at position 3');
    expect(summariseRunOrderEvent(marked(null), nameOf)).toBe('Reinstated Entrant 4 at position 3');
  });
});

describe('summariseSubstitution', () => {
  const people: Record<number, string> = { 10: 'Jordan Okafor', 11: 'Avery Thompson' };
  const person = (id: number) => people[id] ?? `User ${id}`;

  it('says who came in for whom, in one line', () => {
    expect(
      summariseSubstitution({ type: 'EntrantSubstituted', data: { previousUserId: 11, userId: 10 } }, person),
    ).toBe('Jordan Okafor substituted for Avery Thompson');
    expect(
      summariseSubstitution(
        { type: 'TeamMemberSubstituted', data: { teamId: 3, replacedUserId: 11, userId: 10 } },
        person,
        'Kamloops Relay',
      ),
    ).toBe('Jordan Okafor substituted for Avery Thompson in Kamloops Relay');
  });

  it('answers nothing for another event or data not as expected', () => {
    expect(summariseSubstitution({ type: 'RegistrationCancelled', data: {} }, person)).toBeUndefined();
    expect(summariseSubstitution({ type: 'EntrantSubstituted', data: { userId: 10 } }, person)).toBeUndefined();
  });
});
