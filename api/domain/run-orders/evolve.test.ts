import { describe, expect, it } from 'vitest';
import type { RunOrderEvent, SeedingRule, Slots } from './events.ts';
import {
  allLockedPositions,
  DEFAULT_HEAT_SIZE,
  evolve,
  foldRunOrder,
  heatCount,
  heatOf,
  heatPositions,
  initialRunOrderState,
  laneOf,
  lockedPositionSet,
  pairOf,
  pairPositions,
  positionOf,
  type RunOrderState,
  UNDO_DEPTH,
} from './evolve.ts';

const seeding: SeedingRule = { rule: 'best-time', seed: 9, fastest: 'last', separateDepartments: true, minRest: 2 };

const created = (slots: Slots, heatSize = 3): RunOrderEvent => ({
  type: 'RunOrderCreated',
  data: { heatSize, slots, createdBy: 1 },
});
const reordered = (slots: Slots): RunOrderEvent => ({ type: 'PositionsReordered', data: { slots, reorderedBy: 1 } });
const fold = (...events: RunOrderEvent[]): RunOrderState =>
  events.reduce((state, event) => evolve(state, event), initialRunOrderState());

/** One event of each arrangement-changing type, each ending in the given slots. */
const arrangementEvents = (slots: Slots): RunOrderEvent[] => [
  { type: 'RunOrderGenerated', data: { slots, seeding, heatSize: 2, generatedBy: 1 } },
  reordered(slots),
  { type: 'PositionMoved', data: { slots, sourcePosition: 1, targetPosition: 2, movedBy: 1 } },
  { type: 'HeatMoved', data: { slots, sourceHeatNumber: 1, targetHeatNumber: 2, movedBy: 1 } },
  { type: 'RegistrationInserted', data: { slots, registrationId: 5, position: 3, insertedBy: 1 } },
  { type: 'RegistrationRemoved', data: { slots, registrationId: 5, position: 3, removedBy: 1 } },
  { type: 'StateApplied', data: { name: 'Final', slots, appliedBy: 1 } },
];

describe('evolve', () => {
  it('starts from no order', () => {
    expect(initialRunOrderState()).toEqual({
      exists: false,
      version: 0,
      heatSize: DEFAULT_HEAT_SIZE,
      slots: [],
      lockedPositions: [],
      lockedPairs: [],
      orderLocked: false,
      currentHeat: 1,
      currentHeatStartedAt: null,
      seeding: null,
      undo: [],
      redo: [],
      marks: {},
      undoMarks: [],
      redoMarks: [],
      savedStates: [],
      lastChange: null,
    });
  });

  it('RunOrderCreated: an order of the given slots and heat size, with nothing to undo', () => {
    const state = fold(created([null, null, null, null], 2));
    expect(state).toMatchObject({
      exists: true,
      version: 1,
      heatSize: 2,
      slots: [null, null, null, null],
      undo: [],
      redo: [],
    });
  });

  it('RunOrderCreated again starts over but keeps the saved states', () => {
    const state = fold(
      created([1, 2]),
      { type: 'PositionsLocked', data: { positions: [1], lockedBy: 1 } },
      { type: 'StateSaved', data: { name: 'A', slots: [1, 2], savedBy: 1 } },
      reordered([2, 1]),
      created([null, null], 4),
    );
    expect(state).toMatchObject({
      slots: [null, null],
      heatSize: 4,
      lockedPositions: [],
      undo: [],
      redo: [],
      version: 5,
    });
    expect(state.savedStates.map((s) => s.name)).toEqual(['A']);
  });

  it.each(arrangementEvents([3, 1, 2, null]).map((event) => [event.type, event] as const))(
    '%s: takes the slots it carries, puts the previous arrangement on the undo stack and clears redo',
    (_, event) => {
      const base = fold(created([1, 2, 3, null]), reordered([2, 1, 3, null]), {
        type: 'ChangeUndone',
        data: { slots: [1, 2, 3, null], undoneBy: 1 },
      });
      expect(base.redo).toEqual([[2, 1, 3, null]]);
      const state = evolve(base, event);
      expect(state.slots).toEqual([3, 1, 2, null]);
      expect(state.undo).toEqual([[1, 2, 3, null]]);
      expect(state.redo).toEqual([]);
      expect(state.exists).toBe(true);
    },
  );

  it('RunOrderGenerated records the seeding rule and the heat size', () => {
    const state = fold({ type: 'RunOrderGenerated', data: { slots: [2, 1], seeding, heatSize: 2, generatedBy: 1 } });
    expect(state).toMatchObject({ exists: true, slots: [2, 1], seeding, heatSize: 2 });
  });

  it('copies the slots it is given', () => {
    const slots: Slots = [1, 2];
    const state = fold(created(slots));
    slots[0] = 99;
    expect(state.slots).toEqual([1, 2]);
  });

  it('PositionsLocked and PositionsUnlocked keep a sorted set of positions', () => {
    let state = fold(created([1, 2, 3, 4]), { type: 'PositionsLocked', data: { positions: [3, 1], lockedBy: 1 } });
    state = evolve(state, { type: 'PositionsLocked', data: { positions: [2, 3], lockedBy: 1 } });
    expect(state.lockedPositions).toEqual([1, 2, 3]);
    state = evolve(state, { type: 'PositionsUnlocked', data: { positions: [1, 3, 4], unlockedBy: 1 } });
    expect(state.lockedPositions).toEqual([2]);
    expect(state.undo).toEqual([]);
  });

  it('PairLocked and PairUnlocked keep a sorted set of pairs', () => {
    let state = fold(
      created([1, 2, 3, 4, 5, 6]),
      { type: 'PairLocked', data: { pair: 3, lockedBy: 1 } },
      { type: 'PairLocked', data: { pair: 1, lockedBy: 1 } },
    );
    state = evolve(state, { type: 'PairLocked', data: { pair: 3, lockedBy: 1 } });
    expect(state.lockedPairs).toEqual([1, 3]);
    state = evolve(state, { type: 'PairUnlocked', data: { pair: 1, unlockedBy: 1 } });
    expect(state.lockedPairs).toEqual([3]);
  });

  it('OrderLocked and OrderUnlocked', () => {
    const locked = fold(created([1]), { type: 'OrderLocked', data: { lockedBy: 1 } });
    expect(locked.orderLocked).toBe(true);
    expect(evolve(locked, { type: 'OrderUnlocked', data: { unlockedBy: 1 } }).orderLocked).toBe(false);
  });

  it('CurrentHeatSet', () => {
    const state = fold(created([1, 2, 3, 4], 1), { type: 'CurrentHeatSet', data: { heat: 2, setBy: 1 } });
    expect(state).toMatchObject({ currentHeat: 2, undo: [], lastChange: { type: 'CurrentHeatSet' } });
  });

  it('ChangeUndone and ChangeRedone move arrangements between the stacks', () => {
    const changed = fold(created([1, 2]), reordered([2, 1]), reordered([null, 1]));
    expect(changed.undo).toEqual([
      [1, 2],
      [2, 1],
    ]);
    const undone = evolve(changed, { type: 'ChangeUndone', data: { slots: [2, 1], undoneBy: 1 } });
    expect(undone).toMatchObject({ slots: [2, 1], undo: [[1, 2]], redo: [[null, 1]] });
    const twice = evolve(undone, { type: 'ChangeUndone', data: { slots: [1, 2], undoneBy: 1 } });
    expect(twice).toMatchObject({
      slots: [1, 2],
      undo: [],
      redo: [
        [null, 1],
        [2, 1],
      ],
    });
    const redone = evolve(twice, { type: 'ChangeRedone', data: { slots: [2, 1], redoneBy: 1 } });
    expect(redone).toMatchObject({ slots: [2, 1], undo: [[1, 2]], redo: [[null, 1]] });
  });

  it('a new change after an undo clears the redo stack', () => {
    const state = fold(
      created([1, 2]),
      reordered([2, 1]),
      { type: 'ChangeUndone', data: { slots: [1, 2], undoneBy: 1 } },
      reordered([2, 1]),
    );
    expect(state.redo).toEqual([]);
    expect(state.undo).toEqual([[1, 2]]);
  });

  it(`bounds the undo and redo stacks at UNDO_DEPTH (${UNDO_DEPTH})`, () => {
    const changes = UNDO_DEPTH + 10;
    let state = fold(created([0]));
    for (let i = 1; i <= changes; i += 1) state = evolve(state, reordered([i]));
    expect(state.undo).toHaveLength(UNDO_DEPTH);
    expect(state.undo[0]).toEqual([changes - UNDO_DEPTH]);
    expect(state.undo.at(-1)).toEqual([changes - 1]);
    for (let i = 0; i < UNDO_DEPTH; i += 1) {
      state = evolve(state, { type: 'ChangeUndone', data: { slots: state.undo.at(-1) as Slots, undoneBy: 1 } });
    }
    expect(state.undo).toEqual([]);
    expect(state.slots).toEqual([changes - UNDO_DEPTH]);
    expect(state.redo).toHaveLength(UNDO_DEPTH);
    expect(state.redo[0]).toEqual([changes]);
  });

  it('StateSaved adds a saved state, replacing one of the same name, stamped with its version', () => {
    let state = fold(created([1, 2]), { type: 'StateSaved', data: { name: 'A', slots: [1, 2], savedBy: 4 } });
    expect(state.savedStates).toEqual([{ name: 'A', slots: [1, 2], savedBy: 4, version: 2 }]);
    state = evolve(state, { type: 'StateSaved', data: { name: 'B', slots: [2, 1], savedBy: 4 }, version: 10 });
    state = evolve(state, { type: 'StateSaved', data: { name: 'A', slots: [null, 1], savedBy: 5 }, version: 12 });
    expect(state.savedStates).toEqual([
      { name: 'B', slots: [2, 1], savedBy: 4, version: 10 },
      { name: 'A', slots: [null, 1], savedBy: 5, version: 12 },
    ]);
    expect(state.undo).toEqual([]);
  });

  it('records the last change with its actor, version and time', () => {
    const state = evolve(fold(created([1, 2])), {
      ...reordered([2, 1]),
      version: 8,
      metadata: { actorId: 3 },
      recordedAt: new Date(Date.UTC(2027, 5, 1, 12)),
    });
    expect(state.version).toBe(8);
    expect(state.lastChange).toEqual({
      type: 'PositionsReordered',
      actorId: 3,
      version: 8,
      at: '2027-06-01T12:00:00.000Z',
    });
    expect(
      evolve(state, { type: 'OrderLocked', data: { lockedBy: 2 }, recordedAt: '2027-06-01T13:00:00.000Z' }).lastChange,
    ).toEqual({
      type: 'OrderLocked',
      actorId: null,
      version: 9,
      at: '2027-06-01T13:00:00.000Z',
    });
  });

  it('an unknown event leaves the state as it is, but for the version', () => {
    const state = fold(created([1, 2]), reordered([2, 1]));
    const after = evolve(state, { type: 'SomethingElse', data: { slots: [9] } } as unknown as RunOrderEvent);
    expect(after).toEqual({ ...state, version: state.version + 1 });
    expect(evolve(state, { type: 'SomethingElse', data: null, version: 40 } as unknown as RunOrderEvent)).toEqual({
      ...state,
      version: 40,
    });
  });

  it('foldRunOrder folds recorded events with their versions and actors', () => {
    const state = foldRunOrder([
      {
        type: 'RunOrderCreated',
        data: { heatSize: 3, slots: [1, 2], createdBy: 1 },
        version: 1,
        metadata: { actorId: 1 },
      },
      {
        type: 'PositionsReordered',
        data: { slots: [2, 1], reorderedBy: 2 },
        version: 2,
        metadata: { actorId: 2 },
        recordedAt: '2027-01-01T00:00:00.000Z',
      },
    ]);
    expect(state).toMatchObject({
      version: 2,
      slots: [2, 1],
      lastChange: { type: 'PositionsReordered', actorId: 2, version: 2, at: '2027-01-01T00:00:00.000Z' },
    });
    const more = foldRunOrder([{ type: 'OrderLocked', data: { lockedBy: 2 }, version: 3 }], state);
    expect(more).toMatchObject({ version: 3, orderLocked: true, slots: [2, 1] });
  });
});

describe('layout', () => {
  it('pairs, lanes and heats of positions', () => {
    expect([1, 2, 3, 4, 5].map(pairOf)).toEqual([1, 1, 2, 2, 3]);
    expect([1, 2, 3].map(laneOf)).toEqual(['left', 'right', 'left']);
    expect(pairPositions(3)).toEqual([5, 6]);
    expect([1, 6, 7, 12, 13].map((p) => heatOf(p, 3))).toEqual([1, 1, 2, 2, 3]);
    expect([0, 1, 6, 7, 12, 13].map((n) => heatCount(n, 3))).toEqual([0, 1, 1, 2, 2, 3]);
    expect(heatPositions(2, 2, 7)).toEqual([5, 6, 7]);
    expect(heatPositions(1, 2, 7)).toEqual([1, 2, 3, 4]);
  });

  it('locked positions, clipped to the order or not', () => {
    const state = { lockedPositions: [2, 9], lockedPairs: [3], slots: [1, 2, 3, 4, 5] };
    expect([...lockedPositionSet(state)].sort((a, b) => a - b)).toEqual([2, 5]);
    expect([...allLockedPositions(state)].sort((a, b) => a - b)).toEqual([2, 5, 6, 9]);
  });

  it('positionOf', () => {
    expect(positionOf([null, 4, 5], 5)).toBe(3);
    expect(positionOf([null, 4, 5], 6)).toBeUndefined();
  });
});
