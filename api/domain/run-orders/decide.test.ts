import { describe, expect, it } from 'vitest';
import type { DomainError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { type DecideContext, type RunOrderCommand, runOrderDecider } from './decide.ts';
import type { RunOrderEvent, SeedingRule, Slots } from './events.ts';
import { allLockedPositions, evolve, initialRunOrderState, type RunOrderState } from './evolve.ts';
import { DEFAULT_SEEDING, generateArrangement } from './generate.ts';

const ACTOR = 7;
type Status = ReturnType<DecideContext['registrationStatus']>;

/** Registrations 1..999 are confirmed unless told otherwise; others are unknown to the run. */
const context = (statuses: Record<number, Status> = {}): DecideContext => ({
  actorId: ACTOR,
  registrationStatus: (id) => (id in statuses ? statuses[id] : id >= 1 && id < 1000 ? 'confirmed' : undefined),
});

interface Given {
  heatSize?: number;
  lockedPositions?: number[];
  lockedPairs?: number[];
  orderLocked?: boolean;
}

const spec = deciderSpec(runOrderDecider, { context: () => context() });

/** An existing order holding these slots, with these locks (and nothing to undo). */
function given(slots: Slots, locks: Given = {}): RunOrderState {
  const events: RunOrderEvent[] = [
    { type: 'RunOrderCreated', data: { heatSize: locks.heatSize ?? 3, slots, createdBy: ACTOR } },
  ];
  if (locks.lockedPositions?.length)
    events.push({ type: 'PositionsLocked', data: { positions: locks.lockedPositions, lockedBy: ACTOR } });
  for (const pair of locks.lockedPairs ?? []) events.push({ type: 'PairLocked', data: { pair, lockedBy: ACTOR } });
  if (locks.orderLocked) events.push({ type: 'OrderLocked', data: { lockedBy: ACTOR } });
  return spec.given(events);
}

const decide = (state: RunOrderState, command: RunOrderCommand, ctx: DecideContext = context()) =>
  spec.when(state, command, ctx);

/** Decides and folds; the state after the command. */
const play = (state: RunOrderState, ...commands: RunOrderCommand[]): RunOrderState => spec.play(state, ...commands);

/** The error a command is refused with. */
const refusal = (state: RunOrderState, command: RunOrderCommand, ctx: DecideContext = context()): DomainError =>
  spec.refusal(state, command, ctx);

const only = (events: RunOrderEvent[]): RunOrderEvent => {
  expect(events).toHaveLength(1);
  return events[0] as RunOrderEvent;
};

const slotsAfter = (state: RunOrderState, command: RunOrderCommand): Slots => play(state, command).slots;

const seeding: SeedingRule = { ...DEFAULT_SEEDING, seed: 42 };

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe('CreateEmpty', () => {
  it('creates an order of empty positions with the heat size, by the actor', () => {
    const event = only(decide(initialRunOrderState(), { type: 'CreateEmpty', positions: 4, heatSize: 2 }));
    expect(event).toEqual({
      type: 'RunOrderCreated',
      data: { heatSize: 2, slots: [null, null, null, null], createdBy: ACTOR },
    });
    const state = evolve(initialRunOrderState(), event);
    expect(state).toMatchObject({ exists: true, heatSize: 2, slots: [null, null, null, null], undo: [], redo: [] });
  });

  it('refuses a second order for the run (RUN_ORDER_EXISTS)', () => {
    const error = refusal(given([1, 2]), { type: 'CreateEmpty', positions: 4, heatSize: 3 });
    expect(error).toMatchObject({ code: 'RUN_ORDER_EXISTS', statusCode: 409 });
  });
});

describe('RUN_ORDER_NOT_FOUND', () => {
  const commands: RunOrderCommand[] = [
    { type: 'Reorder', slots: [] },
    { type: 'MovePosition', sourcePosition: 1, targetPosition: 2 },
    { type: 'MoveHeat', sourceHeatNumber: 1, targetHeatNumber: 2 },
    { type: 'Insert', registrationId: 1 },
    { type: 'Remove', registrationId: 1 },
    { type: 'LockPositions', positions: [1] },
    { type: 'UnlockPositions', positions: [1] },
    { type: 'LockPair', pair: 1 },
    { type: 'UnlockPair', pair: 1 },
    { type: 'LockOrder' },
    { type: 'UnlockOrder' },
    { type: 'SetCurrentHeat', heat: 1 },
    { type: 'Undo' },
    { type: 'Redo' },
    { type: 'SaveState', name: 'Final' },
    { type: 'ApplyState', name: 'Final' },
  ];
  it.each(commands.map((command) => [command.type, command] as const))('%s needs an order', (_, command) => {
    expect(refusal(initialRunOrderState(), command)).toMatchObject({ code: 'RUN_ORDER_NOT_FOUND', statusCode: 404 });
  });
});

describe('Generate', () => {
  it('creates the order when there is none, recording the rule and heat size', () => {
    const event = only(
      decide(initialRunOrderState(), { type: 'Generate', slots: [3, 1, 2, null], seeding, heatSize: 2 }),
    );
    expect(event).toEqual({
      type: 'RunOrderGenerated',
      data: { slots: [3, 1, 2, null], seeding, heatSize: 2, generatedBy: ACTOR },
    });
    expect(evolve(initialRunOrderState(), event)).toMatchObject({
      exists: true,
      slots: [3, 1, 2, null],
      seeding,
      heatSize: 2,
    });
  });

  it('records a regeneration even when it gives the same arrangement', () => {
    expect(decide(given([1, 2]), { type: 'Generate', slots: [1, 2], seeding, heatSize: 3 })).toHaveLength(1);
  });

  it('keeps locked positions: a generated arrangement from generateArrangement is accepted', () => {
    const state = given([1, 2, 3, 4, 5, 6], { lockedPositions: [2], lockedPairs: [3] });
    const entries = [1, 2, 3, 4, 5, 6, 7].map((registrationId) => ({
      registrationId,
      departmentId: null,
      bestTimeMs: null,
      personIds: [registrationId],
    }));
    const slots = generateArrangement({ entries, current: state.slots, locked: allLockedPositions(state), seeding });
    const after = slotsAfter(state, { type: 'Generate', slots, seeding, heatSize: 3 });
    expect(after[1]).toBe(2);
    expect(after.slice(4, 6)).toEqual([5, 6]);
    expect([...after].filter((id) => id !== null).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses to change a locked position (POSITION_LOCKED) or a locked pair (PAIR_LOCKED)', () => {
    expect(
      refusal(given([1, 2, 3, 4], { lockedPositions: [2] }), {
        type: 'Generate',
        slots: [2, 1, 3, 4],
        seeding,
        heatSize: 3,
      }),
    ).toMatchObject({
      code: 'POSITION_LOCKED',
      details: { position: 2 },
    });
    expect(
      refusal(given([1, 2, 3, 4], { lockedPairs: [2] }), {
        type: 'Generate',
        slots: [1, 2, 4, 3],
        seeding,
        heatSize: 3,
      }),
    ).toMatchObject({
      code: 'PAIR_LOCKED',
      details: { pair: 2, position: 3 },
    });
  });

  it('refuses an entry placed twice (DUPLICATE_REGISTRATION)', () => {
    expect(refusal(given([]), { type: 'Generate', slots: [1, 2, 1, null], seeding, heatSize: 3 })).toMatchObject({
      code: 'DUPLICATE_REGISTRATION',
      statusCode: 422,
    });
  });

  it('refuses a locked order (ORDER_LOCKED)', () => {
    expect(
      refusal(given([1, 2], { orderLocked: true }), { type: 'Generate', slots: [2, 1], seeding, heatSize: 3 }),
    ).toMatchObject({ code: 'ORDER_LOCKED', statusCode: 409 });
  });
});

describe('Reorder', () => {
  it('takes the same entries in a new order', () => {
    const event = only(decide(given([1, 2, null, 3]), { type: 'Reorder', slots: [3, null, 2, 1] }));
    expect(event).toEqual({ type: 'PositionsReordered', data: { slots: [3, null, 2, 1], reorderedBy: ACTOR } });
  });

  it('answers nothing when nothing changes', () => {
    expect(decide(given([1, 2, null]), { type: 'Reorder', slots: [1, 2, null] })).toEqual([]);
  });

  it('refuses another length or other entries (REORDER_MISMATCH)', () => {
    const state = given([1, 2, null, 3]);
    expect(refusal(state, { type: 'Reorder', slots: [1, 2, 3] })).toMatchObject({
      code: 'REORDER_MISMATCH',
      statusCode: 422,
    });
    expect(refusal(state, { type: 'Reorder', slots: [1, 2, 4, 3] })).toMatchObject({ code: 'REORDER_MISMATCH' });
    expect(refusal(state, { type: 'Reorder', slots: [1, 2, 2, 3] })).toMatchObject({ code: 'REORDER_MISMATCH' });
    expect(refusal(state, { type: 'Reorder', slots: [1, 2, null, null] })).toMatchObject({ code: 'REORDER_MISMATCH' });
  });

  it('refuses to move a locked entry', () => {
    expect(
      refusal(given([1, 2, 3, 4], { lockedPositions: [4] }), { type: 'Reorder', slots: [1, 2, 4, 3] }),
    ).toMatchObject({ code: 'POSITION_LOCKED', details: { position: 4 } });
    expect(refusal(given([1, 2, 3, 4], { lockedPairs: [1] }), { type: 'Reorder', slots: [2, 1, 3, 4] })).toMatchObject({
      code: 'PAIR_LOCKED',
    });
  });

  it('refuses a locked order', () => {
    expect(refusal(given([1, 2], { orderLocked: true }), { type: 'Reorder', slots: [2, 1] }).code).toBe('ORDER_LOCKED');
  });
});

describe('MovePosition', () => {
  const six = [1, 2, 3, 4, 5, 6];

  it('moves an entry later or earlier, the ones between shifting by one', () => {
    const state = given(six);
    const event = only(decide(state, { type: 'MovePosition', sourcePosition: 1, targetPosition: 4 }));
    expect(event).toEqual({
      type: 'PositionMoved',
      data: { slots: [2, 3, 4, 1, 5, 6], sourcePosition: 1, targetPosition: 4, movedBy: ACTOR },
    });
    expect(slotsAfter(state, { type: 'MovePosition', sourcePosition: 5, targetPosition: 2 })).toEqual([
      1, 5, 2, 3, 4, 6,
    ]);
  });

  it('flows the others around a locked position, which keeps its entry', () => {
    expect(
      slotsAfter(given(six, { lockedPositions: [3] }), { type: 'MovePosition', sourcePosition: 1, targetPosition: 5 }),
    ).toEqual([2, 4, 3, 5, 1, 6]);
    expect(
      slotsAfter(given(six, { lockedPairs: [2] }), { type: 'MovePosition', sourcePosition: 6, targetPosition: 1 }),
    ).toEqual([6, 1, 3, 4, 2, 5]);
  });

  it('answers nothing for a move onto itself or among empty positions', () => {
    expect(decide(given(six), { type: 'MovePosition', sourcePosition: 2, targetPosition: 2 })).toEqual([]);
    expect(
      decide(given([1, null, null, null]), { type: 'MovePosition', sourcePosition: 2, targetPosition: 4 }),
    ).toEqual([]);
  });

  it('moves an empty position too', () => {
    expect(slotsAfter(given([1, null, 2, 3]), { type: 'MovePosition', sourcePosition: 2, targetPosition: 4 })).toEqual([
      1,
      2,
      3,
      null,
    ]);
  });

  it('refuses positions outside the order (POSITION_OUT_OF_RANGE)', () => {
    const state = given(six);
    for (const [sourcePosition, targetPosition] of [
      [0, 2],
      [2, 7],
      [1.5, 2],
      [Number.NaN, 1],
    ] as const) {
      expect(refusal(state, { type: 'MovePosition', sourcePosition, targetPosition })).toMatchObject({
        code: 'POSITION_OUT_OF_RANGE',
        statusCode: 422,
      });
    }
  });

  it('refuses to move a locked position or onto one', () => {
    const state = given(six, { lockedPositions: [2], lockedPairs: [3] });
    expect(refusal(state, { type: 'MovePosition', sourcePosition: 2, targetPosition: 4 })).toMatchObject({
      code: 'POSITION_LOCKED',
      details: { position: 2 },
    });
    expect(refusal(state, { type: 'MovePosition', sourcePosition: 1, targetPosition: 2 })).toMatchObject({
      code: 'POSITION_LOCKED',
    });
    expect(refusal(state, { type: 'MovePosition', sourcePosition: 6, targetPosition: 1 })).toMatchObject({
      code: 'PAIR_LOCKED',
      details: { pair: 3, position: 6 },
    });
  });

  it('refuses a locked order', () => {
    expect(
      refusal(given(six, { orderLocked: true }), { type: 'MovePosition', sourcePosition: 1, targetPosition: 2 }).code,
    ).toBe('ORDER_LOCKED');
  });
});

describe('MoveHeat', () => {
  it('moves a whole heat, the heats between shifting by one', () => {
    const state = given([1, 2, 3, 4, 5, 6], { heatSize: 1 });
    const event = only(decide(state, { type: 'MoveHeat', sourceHeatNumber: 1, targetHeatNumber: 3 }));
    expect(event).toEqual({
      type: 'HeatMoved',
      data: { slots: [3, 4, 5, 6, 1, 2], sourceHeatNumber: 1, targetHeatNumber: 3, movedBy: ACTOR },
    });
    expect(
      slotsAfter(given([1, 2, 3, 4, 5, 6, 7, 8], { heatSize: 2 }), {
        type: 'MoveHeat',
        sourceHeatNumber: 2,
        targetHeatNumber: 1,
      }),
    ).toEqual([5, 6, 7, 8, 1, 2, 3, 4]);
  });

  it('keeps a short last heat whole when it moves, and adds no position otherwise', () => {
    const state = given([1, 2, 3, 4, 5], { heatSize: 1 });
    expect(slotsAfter(state, { type: 'MoveHeat', sourceHeatNumber: 3, targetHeatNumber: 1 })).toEqual([
      5,
      null,
      1,
      2,
      3,
      4,
    ]);
    expect(slotsAfter(state, { type: 'MoveHeat', sourceHeatNumber: 1, targetHeatNumber: 2 })).toEqual([3, 4, 1, 2, 5]);
  });

  it('answers nothing for a move onto itself', () => {
    expect(
      decide(given([1, 2, 3, 4], { heatSize: 1 }), { type: 'MoveHeat', sourceHeatNumber: 2, targetHeatNumber: 2 }),
    ).toEqual([]);
  });

  it('refuses heats outside the order (HEAT_OUT_OF_RANGE)', () => {
    const state = given([1, 2, 3, 4, 5, 6], { heatSize: 1 });
    for (const [sourceHeatNumber, targetHeatNumber] of [
      [0, 1],
      [1, 4],
      [1.5, 2],
    ] as const) {
      expect(refusal(state, { type: 'MoveHeat', sourceHeatNumber, targetHeatNumber })).toMatchObject({
        code: 'HEAT_OUT_OF_RANGE',
        statusCode: 422,
      });
    }
  });

  it('refuses when a heat it shifts holds a locked position; heats outside the move may be locked', () => {
    const state = given([1, 2, 3, 4, 5, 6, 7, 8], { heatSize: 1, lockedPositions: [4], lockedPairs: [4] });
    expect(refusal(state, { type: 'MoveHeat', sourceHeatNumber: 1, targetHeatNumber: 3 })).toMatchObject({
      code: 'POSITION_LOCKED',
      details: { position: 4 },
    });
    expect(refusal(state, { type: 'MoveHeat', sourceHeatNumber: 3, targetHeatNumber: 4 })).toMatchObject({
      code: 'PAIR_LOCKED',
      details: { pair: 4 },
    });
    expect(
      slotsAfter(given([1, 2, 3, 4, 5, 6, 7, 8], { heatSize: 1, lockedPositions: [8] }), {
        type: 'MoveHeat',
        sourceHeatNumber: 1,
        targetHeatNumber: 2,
      }),
    ).toEqual([3, 4, 1, 2, 5, 6, 7, 8]);
  });

  it('refuses a locked order', () => {
    expect(
      refusal(given([1, 2, 3, 4], { heatSize: 1, orderLocked: true }), {
        type: 'MoveHeat',
        sourceHeatNumber: 1,
        targetHeatNumber: 2,
      }).code,
    ).toBe('ORDER_LOCKED');
  });
});

describe('Insert', () => {
  it('places into the first empty unlocked position when no position is given', () => {
    const event = only(
      decide(given([1, null, 2, null], { lockedPositions: [2] }), { type: 'Insert', registrationId: 9 }),
    );
    expect(event).toEqual({
      type: 'RegistrationInserted',
      data: { slots: [1, null, 2, 9], registrationId: 9, position: 4, insertedBy: ACTOR },
    });
  });

  it('adds a position at the end when the order is full', () => {
    expect(slotsAfter(given([1, 2]), { type: 'Insert', registrationId: 9 })).toEqual([1, 2, 9]);
    expect(slotsAfter(given([1, 2]), { type: 'Insert', registrationId: 9, position: 3 })).toEqual([1, 2, 9]);
  });

  it('takes an empty position as it is', () => {
    expect(slotsAfter(given([1, null, 2, null]), { type: 'Insert', registrationId: 9, position: 4 })).toEqual([
      1,
      null,
      2,
      9,
    ]);
  });

  it('shifts the entries from an occupied position down to the next empty one, skipping locked positions', () => {
    expect(slotsAfter(given([1, 2, null, 4]), { type: 'Insert', registrationId: 9, position: 1 })).toEqual([
      9, 1, 2, 4,
    ]);
    expect(slotsAfter(given([1, 2, 3, null]), { type: 'Insert', registrationId: 9, position: 1 }).slice(0, 4)).toEqual([
      9, 1, 2, 3,
    ]);
    expect(
      slotsAfter(given([1, 2, 3, null], { lockedPositions: [2] }), { type: 'Insert', registrationId: 9, position: 1 }),
    ).toEqual([9, 2, 1, 3]);
    expect(slotsAfter(given([1, 2, 3]), { type: 'Insert', registrationId: 9, position: 2 })).toEqual([1, 9, 2, 3]);
  });

  it('never puts a partner into a locked last pair of an odd-length order', () => {
    const state = given([1, 2, 3], { lockedPairs: [2] });
    const event = only(decide(state, { type: 'Insert', registrationId: 9 }));
    expect(event.data).toMatchObject({ slots: [1, 2, 3, null, 9], position: 5 });
    expect(slotsAfter(state, { type: 'Insert', registrationId: 9, position: 1 })).toEqual([9, 1, 3, null, 2]);
    expect(refusal(state, { type: 'Insert', registrationId: 9, position: 4 })).toMatchObject({
      code: 'PAIR_LOCKED',
      details: { pair: 2, position: 4 },
    });
  });

  it('refuses a registration the run does not have (REGISTRATION_NOT_FOUND)', () => {
    const state = given([1, null]);
    expect(refusal(state, { type: 'Insert', registrationId: 5000 })).toMatchObject({
      code: 'REGISTRATION_NOT_FOUND',
      statusCode: 404,
    });
    expect(refusal(state, { type: 'Insert', registrationId: 5 }, context({ 5: 'deleted' }))).toMatchObject({
      code: 'REGISTRATION_NOT_FOUND',
    });
  });

  it('refuses a registration that is not confirmed (REGISTRATION_NOT_CONFIRMED)', () => {
    const state = given([1, null]);
    expect(refusal(state, { type: 'Insert', registrationId: 5 }, context({ 5: 'waitlisted' }))).toMatchObject({
      code: 'REGISTRATION_NOT_CONFIRMED',
      statusCode: 422,
    });
    expect(refusal(state, { type: 'Insert', registrationId: 5 }, context({ 5: 'cancelled' }))).toMatchObject({
      code: 'REGISTRATION_NOT_CONFIRMED',
    });
  });

  it('refuses an entry already placed (ALREADY_PLACED)', () => {
    expect(refusal(given([1, 2]), { type: 'Insert', registrationId: 2 })).toMatchObject({
      code: 'ALREADY_PLACED',
      statusCode: 409,
      details: { position: 2 },
    });
  });

  it('refuses a position outside the order or past the position after it (POSITION_OUT_OF_RANGE)', () => {
    const state = given([1, 2]);
    for (const position of [0, 4, 1.5, -1]) {
      expect(refusal(state, { type: 'Insert', registrationId: 9, position })).toMatchObject({
        code: 'POSITION_OUT_OF_RANGE',
      });
    }
  });

  it('refuses a locked position', () => {
    expect(
      refusal(given([1, 2, 3, 4], { lockedPositions: [1] }), { type: 'Insert', registrationId: 9, position: 1 }),
    ).toMatchObject({ code: 'POSITION_LOCKED' });
    expect(
      refusal(given([1, null, 3, 4], { lockedPairs: [1] }), { type: 'Insert', registrationId: 9, position: 2 }),
    ).toMatchObject({ code: 'PAIR_LOCKED' });
  });

  it('refuses a locked order', () => {
    expect(refusal(given([1, null], { orderLocked: true }), { type: 'Insert', registrationId: 9 }).code).toBe(
      'ORDER_LOCKED',
    );
  });
});

describe('Remove', () => {
  it('empties the position of the entry', () => {
    const event = only(decide(given([1, 2, 3]), { type: 'Remove', registrationId: 2 }));
    expect(event).toEqual({
      type: 'RegistrationRemoved',
      data: { slots: [1, null, 3], registrationId: 2, position: 2, removedBy: ACTOR },
    });
  });

  it('refuses an entry not in the order (NOT_PLACED)', () => {
    expect(refusal(given([1, 2]), { type: 'Remove', registrationId: 3 })).toMatchObject({
      code: 'NOT_PLACED',
      statusCode: 409,
    });
  });

  it('refuses an entry at a locked position', () => {
    expect(refusal(given([1, 2], { lockedPositions: [2] }), { type: 'Remove', registrationId: 2 }).code).toBe(
      'POSITION_LOCKED',
    );
    expect(refusal(given([1, 2], { lockedPairs: [1] }), { type: 'Remove', registrationId: 1 }).code).toBe(
      'PAIR_LOCKED',
    );
  });

  it('refuses a locked order', () => {
    expect(refusal(given([1, 2], { orderLocked: true }), { type: 'Remove', registrationId: 1 }).code).toBe(
      'ORDER_LOCKED',
    );
  });
});

describe('position locks', () => {
  it('locks the positions not yet locked, sorted, once each', () => {
    const event = only(
      decide(given([1, 2, 3, 4], { lockedPositions: [2] }), { type: 'LockPositions', positions: [4, 2, 1, 4] }),
    );
    expect(event).toEqual({ type: 'PositionsLocked', data: { positions: [1, 4], lockedBy: ACTOR } });
  });

  it('answers nothing when they are all locked already', () => {
    expect(decide(given([1, 2], { lockedPositions: [1, 2] }), { type: 'LockPositions', positions: [2, 1] })).toEqual(
      [],
    );
  });

  it('locks and unlocks in a locked order (locks are not arrangement changes)', () => {
    const state = play(given([1, 2], { orderLocked: true }), { type: 'LockPositions', positions: [1] });
    expect(state.lockedPositions).toEqual([1]);
    expect(play(state, { type: 'UnlockPositions', positions: [1] }).lockedPositions).toEqual([]);
  });

  it('refuses positions outside the order (POSITION_OUT_OF_RANGE)', () => {
    expect(refusal(given([1, 2]), { type: 'LockPositions', positions: [1, 3] })).toMatchObject({
      code: 'POSITION_OUT_OF_RANGE',
    });
    expect(refusal(given([1, 2]), { type: 'UnlockPositions', positions: [0] })).toMatchObject({
      code: 'POSITION_OUT_OF_RANGE',
    });
  });

  it('unlocks the locked ones among those asked', () => {
    const event = only(
      decide(given([1, 2, 3, 4], { lockedPositions: [1, 3] }), { type: 'UnlockPositions', positions: [3, 2, 1] }),
    );
    expect(event).toEqual({ type: 'PositionsUnlocked', data: { positions: [1, 3], unlockedBy: ACTOR } });
    expect(decide(given([1, 2]), { type: 'UnlockPositions', positions: [1] })).toEqual([]);
  });

  it('refuses to unlock a position locked through its pair (PAIR_LOCKED)', () => {
    expect(
      refusal(given([1, 2, 3, 4], { lockedPositions: [3], lockedPairs: [2] }), {
        type: 'UnlockPositions',
        positions: [3],
      }),
    ).toMatchObject({
      code: 'PAIR_LOCKED',
      details: { pair: 2 },
    });
  });

  it('keeps a lock left past the end when the order got shorter: nothing lands there, and it can be lifted', () => {
    const state = play(given([1, 2, null, null], { lockedPositions: [4] }), {
      type: 'Generate',
      slots: [2, 1],
      seeding,
      heatSize: 3,
    });
    expect(state.slots).toEqual([2, 1]);
    expect(state.lockedPositions).toEqual([4]);
    expect(play(state, { type: 'Insert', registrationId: 3 }, { type: 'Insert', registrationId: 4 }).slots).toEqual([
      2,
      1,
      3,
      null,
      4,
    ]);
    expect(refusal(state, { type: 'Generate', slots: [2, 1, null, 3], seeding, heatSize: 3 })).toMatchObject({
      code: 'POSITION_LOCKED',
      details: { position: 4 },
    });
    expect(play(state, { type: 'UnlockPositions', positions: [4] }).lockedPositions).toEqual([]);
  });
});

describe('pair locks', () => {
  it('locks and unlocks a pair', () => {
    const state = given([1, 2, 3]);
    expect(only(decide(state, { type: 'LockPair', pair: 2 }))).toEqual({
      type: 'PairLocked',
      data: { pair: 2, lockedBy: ACTOR },
    });
    const locked = play(state, { type: 'LockPair', pair: 2 });
    expect(decide(locked, { type: 'LockPair', pair: 2 })).toEqual([]);
    expect(only(decide(locked, { type: 'UnlockPair', pair: 2 }))).toEqual({
      type: 'PairUnlocked',
      data: { pair: 2, unlockedBy: ACTOR },
    });
    expect(decide(state, { type: 'UnlockPair', pair: 1 })).toEqual([]);
  });

  it('refuses a pair outside the order (PAIR_OUT_OF_RANGE)', () => {
    const state = given([1, 2, 3]);
    for (const pair of [0, 3, 1.5]) {
      expect(refusal(state, { type: 'LockPair', pair })).toMatchObject({ code: 'PAIR_OUT_OF_RANGE', statusCode: 422 });
      expect(refusal(state, { type: 'UnlockPair', pair })).toMatchObject({ code: 'PAIR_OUT_OF_RANGE' });
    }
  });
});

describe('order lock', () => {
  it('locks and unlocks the whole order, idempotently', () => {
    const state = given([1, 2]);
    expect(only(decide(state, { type: 'LockOrder' }))).toEqual({ type: 'OrderLocked', data: { lockedBy: ACTOR } });
    expect(decide(state, { type: 'UnlockOrder' })).toEqual([]);
    const locked = play(state, { type: 'LockOrder' });
    expect(decide(locked, { type: 'LockOrder' })).toEqual([]);
    expect(only(decide(locked, { type: 'UnlockOrder' }))).toEqual({
      type: 'OrderUnlocked',
      data: { unlockedBy: ACTOR },
    });
  });
});

describe('SetCurrentHeat', () => {
  it('sets the heat on the course, in a locked order too', () => {
    const state = given([1, 2, 3, 4, 5, 6, 7], { heatSize: 1, orderLocked: true });
    expect(only(decide(state, { type: 'SetCurrentHeat', heat: 3 }))).toEqual({
      type: 'CurrentHeatSet',
      data: { heat: 3, setBy: ACTOR },
    });
    expect(play(state, { type: 'SetCurrentHeat', heat: 4 }).currentHeat).toBe(4);
    expect(decide(given([]), { type: 'SetCurrentHeat', heat: 1 })).toEqual([]);
  });

  it('starts heat 1 once, and records when each heat started', () => {
    const state = given([1, 2, 3, 4], { heatSize: 1 });
    expect(only(decide(state, { type: 'SetCurrentHeat', heat: 1 }))).toMatchObject({ data: { heat: 1 } });
    const started = evolve(state, {
      type: 'CurrentHeatSet',
      data: { heat: 1, setBy: ACTOR },
      recordedAt: new Date('2027-06-05T10:00:00Z'),
    });
    expect(started.currentHeatStartedAt).toBe('2027-06-05T10:00:00.000Z');
    expect(decide(started, { type: 'SetCurrentHeat', heat: 1 })).toEqual([]);
  });

  it('refuses a heat outside the order (HEAT_OUT_OF_RANGE)', () => {
    const state = given([1, 2, 3, 4], { heatSize: 1 });
    for (const heat of [0, 3])
      expect(refusal(state, { type: 'SetCurrentHeat', heat })).toMatchObject({ code: 'HEAT_OUT_OF_RANGE' });
  });
});

describe('Undo and Redo', () => {
  it('steps back and forward through arrangement changes', () => {
    const start = given([1, 2, 3, 4]);
    const moved = play(
      start,
      { type: 'MovePosition', sourcePosition: 1, targetPosition: 4 },
      { type: 'Remove', registrationId: 3 },
    );
    expect(moved.slots).toEqual([2, null, 4, 1]);
    const undone = only(decide(moved, { type: 'Undo' }));
    expect(undone).toEqual({ type: 'ChangeUndone', data: { slots: [2, 3, 4, 1], marks: {}, undoneBy: ACTOR } });
    const back = play(moved, { type: 'Undo' }, { type: 'Undo' });
    expect(back.slots).toEqual([1, 2, 3, 4]);
    expect(only(decide(back, { type: 'Redo' }))).toEqual({
      type: 'ChangeRedone',
      data: { slots: [2, 3, 4, 1], marks: {}, redoneBy: ACTOR },
    });
    expect(play(back, { type: 'Redo' }, { type: 'Redo' }).slots).toEqual([2, null, 4, 1]);
  });

  it('has nothing to undo or redo on a fresh order (NOTHING_TO_UNDO, NOTHING_TO_REDO)', () => {
    expect(refusal(given([1, 2]), { type: 'Undo' })).toMatchObject({ code: 'NOTHING_TO_UNDO', statusCode: 409 });
    expect(refusal(given([1, 2]), { type: 'Redo' })).toMatchObject({ code: 'NOTHING_TO_REDO', statusCode: 409 });
  });

  it('does not undo locks', () => {
    const state = play(given([1, 2]), { type: 'LockPositions', positions: [1] });
    expect(refusal(state, { type: 'Undo' }).code).toBe('NOTHING_TO_UNDO');
  });

  it('refuses an undo or redo that would change a locked position', () => {
    const moved = play(given([1, 2, 3, 4]), { type: 'MovePosition', sourcePosition: 1, targetPosition: 2 });
    expect(moved.slots).toEqual([2, 1, 3, 4]);
    expect(refusal(play(moved, { type: 'LockPositions', positions: [1] }), { type: 'Undo' })).toMatchObject({
      code: 'POSITION_LOCKED',
      details: { position: 1 },
    });
    expect(refusal(play(moved, { type: 'LockPair', pair: 1 }), { type: 'Undo' })).toMatchObject({
      code: 'PAIR_LOCKED',
      details: { pair: 1 },
    });
    // A lock elsewhere does not stand in the way.
    expect(play(moved, { type: 'LockPair', pair: 2 }, { type: 'Undo' }).slots).toEqual([1, 2, 3, 4]);

    const undone = play(moved, { type: 'Undo' }, { type: 'LockPositions', positions: [2] });
    expect(refusal(undone, { type: 'Redo' })).toMatchObject({ code: 'POSITION_LOCKED', details: { position: 2 } });
  });

  it('refuses in a locked order', () => {
    const moved = play(given([1, 2]), { type: 'MovePosition', sourcePosition: 1, targetPosition: 2 });
    expect(refusal(play(moved, { type: 'LockOrder' }), { type: 'Undo' }).code).toBe('ORDER_LOCKED');
    expect(refusal(play(moved, { type: 'Undo' }, { type: 'LockOrder' }), { type: 'Redo' }).code).toBe('ORDER_LOCKED');
  });
});

describe('saved states', () => {
  it('saves the arrangement under a name and applies it again', () => {
    const state = given([1, 2, 3, 4]);
    expect(only(decide(state, { type: 'SaveState', name: 'Final' }))).toEqual({
      type: 'StateSaved',
      data: { name: 'Final', slots: [1, 2, 3, 4], savedBy: ACTOR },
    });
    const changed = play(state, { type: 'SaveState', name: 'Final' }, { type: 'Reorder', slots: [4, 3, 2, 1] });
    const applied = only(decide(changed, { type: 'ApplyState', name: 'Final' }));
    expect(applied).toEqual({ type: 'StateApplied', data: { name: 'Final', slots: [1, 2, 3, 4], appliedBy: ACTOR } });
  });

  it('records an apply even when it changes nothing', () => {
    expect(
      decide(play(given([1, 2]), { type: 'SaveState', name: 'A' }), { type: 'ApplyState', name: 'A' }),
    ).toHaveLength(1);
  });

  it('keeps the locks when applying: a locked position keeps its entry, and nobody is dropped', () => {
    let state = play(
      given([1, 2, 3, 4, 5, 6]),
      { type: 'SaveState', name: 'Plan' },
      { type: 'Reorder', slots: [6, 5, 4, 3, 2, 1] },
    );
    state = play(state, { type: 'LockPositions', positions: [1] }, { type: 'LockPair', pair: 3 });
    // Saved [1..6]; position 1 keeps 6, positions 5-6 keep 2 and 1; 5, displaced from position 5, takes 2's saved place.
    expect(slotsAfter(state, { type: 'ApplyState', name: 'Plan' })).toEqual([6, 5, 3, 4, 2, 1]);
    // An entry the saved state lacks stays where a lock holds it.
    const later = play(
      given([1, 2, null, null]),
      { type: 'SaveState', name: 'Early' },
      { type: 'Insert', registrationId: 3, position: 4 },
      { type: 'LockPositions', positions: [4] },
    );
    expect(slotsAfter(later, { type: 'ApplyState', name: 'Early' })).toEqual([1, 2, null, 3]);
  });

  it('saves in a locked order but does not apply there', () => {
    const state = given([1, 2], { orderLocked: true });
    expect(play(state, { type: 'SaveState', name: 'Locked' }).savedStates.map((s) => s.name)).toEqual(['Locked']);
    expect(
      refusal(play(state, { type: 'SaveState', name: 'Locked' }), { type: 'ApplyState', name: 'Locked' }).code,
    ).toBe('ORDER_LOCKED');
  });

  it('refuses an unknown name (SAVED_STATE_NOT_FOUND)', () => {
    expect(refusal(given([1, 2]), { type: 'ApplyState', name: 'Nope' })).toMatchObject({
      code: 'SAVED_STATE_NOT_FOUND',
      statusCode: 404,
    });
  });
});

describe('late entries placed anywhere', () => {
  it('an insert without a position never leaves the entry alone in the last heat', () => {
    const state = given(range(12), { heatSize: 3 });
    const slots = slotsAfter(state, { type: 'Insert', registrationId: 13 });
    expect(slots).toEqual([...range(11), null, 13, 12]);
  });

  it('an insert at a chosen position stays where the board put it', () => {
    const state = given(range(12), { heatSize: 3 });
    expect(slotsAfter(state, { type: 'Insert', registrationId: 13, position: 13 })).toEqual(range(13));
  });

  it('the entry it records is where the new entry stands', () => {
    const event = only(decide(given(range(12), { heatSize: 3 }), { type: 'Insert', registrationId: 13 }));
    expect(event).toMatchObject({ type: 'RegistrationInserted', data: { registrationId: 13, position: 13 } });
  });
});

describe('MarkEntrant (scratches and no-shows)', () => {
  it('marks a placed entrant; the slot keeps them', () => {
    const state = given([1, 2, 3, 4]);
    const event = only(decide(state, { type: 'MarkEntrant', registrationId: 3, mark: 'scratched' }));
    expect(event).toEqual({
      type: 'EntrantMarked',
      data: { registrationId: 3, position: 3, mark: 'scratched', markedBy: ACTOR },
    });
    const after = play(state, { type: 'MarkEntrant', registrationId: 3, mark: 'scratched' });
    expect(after.slots).toEqual([1, 2, 3, 4]);
    expect(after.marks).toEqual({ '3': 'scratched' });
  });

  it('changes a mark, reinstates with null, and answers nothing for the same mark', () => {
    let state = play(given([1, 2]), { type: 'MarkEntrant', registrationId: 1, mark: 'no-show' });
    expect(decide(state, { type: 'MarkEntrant', registrationId: 1, mark: 'no-show' })).toEqual([]);
    state = play(state, { type: 'MarkEntrant', registrationId: 1, mark: 'scratched' });
    expect(state.marks).toEqual({ '1': 'scratched' });
    state = play(state, { type: 'MarkEntrant', registrationId: 1, mark: null });
    expect(state.marks).toEqual({});
    expect(decide(state, { type: 'MarkEntrant', registrationId: 1, mark: null })).toEqual([]);
  });

  it('refuses an entrant who is not placed, an unknown mark and a locked order', () => {
    expect(refusal(given([1, 2]), { type: 'MarkEntrant', registrationId: 5, mark: 'scratched' }).code).toBe(
      'NOT_PLACED',
    );
    const bad = { type: 'MarkEntrant', registrationId: 1, mark: 'gone' } as unknown as RunOrderCommand;
    expect(refusal(given([1, 2]), bad).code).toBe('INVALID_MARK');
    expect(
      refusal(given([1, 2], { orderLocked: true }), { type: 'MarkEntrant', registrationId: 1, mark: 'no-show' }).code,
    ).toBe('ORDER_LOCKED');
  });

  it('marks a locked position: the arrangement does not change', () => {
    const state = given([1, 2], { lockedPositions: [1] });
    expect(play(state, { type: 'MarkEntrant', registrationId: 1, mark: 'no-show' }).marks).toEqual({ '1': 'no-show' });
  });

  it('is undone and redone like an arrangement change, in order with moves', () => {
    let state = given([1, 2, 3, 4]);
    state = play(state, { type: 'MovePosition', sourcePosition: 1, targetPosition: 4 });
    state = play(state, { type: 'MarkEntrant', registrationId: 3, mark: 'scratched' });
    expect(state.undo).toHaveLength(2);
    const undone = play(state, { type: 'Undo' });
    expect(undone.marks).toEqual({});
    expect(undone.slots).toEqual([2, 3, 4, 1]);
    const twice = play(undone, { type: 'Undo' });
    expect(twice.slots).toEqual([1, 2, 3, 4]);
    const redone = play(twice, { type: 'Redo' }, { type: 'Redo' });
    expect(redone.slots).toEqual([2, 3, 4, 1]);
    expect(redone.marks).toEqual({ '3': 'scratched' });
  });

  it('a marked entrant moves with their mark', () => {
    let state = play(given([1, 2, 3, 4]), { type: 'MarkEntrant', registrationId: 1, mark: 'no-show' });
    state = play(state, { type: 'MovePosition', sourcePosition: 1, targetPosition: 3 });
    expect(state.slots).toEqual([2, 3, 1, 4]);
    expect(state.marks).toEqual({ '1': 'no-show' });
    expect(play(state, { type: 'Undo' }).marks).toEqual({ '1': 'no-show' });
  });
});

describe('entrants who ran stay put (docs/decisions/045)', () => {
  // Heats of 3 pairs: heat 3 is positions 13 to 18. Registration 18 is Liam Tremblay, lane 18.
  const running = (heat: number, slots: Slots = range(18)): RunOrderState =>
    spec.given([{ type: 'CurrentHeatSet', data: { heat, setBy: ACTOR } }], given(slots));
  const withResults = (...ids: number[]): DecideContext => ({ ...context(), hasResult: (id) => ids.includes(id) });

  it('a late entry placed while heat 3 runs leaves heat 3 as it is', () => {
    const slots = slotsAfter(running(3), { type: 'Insert', registrationId: 19 });
    expect(slots.slice(0, 18)).toEqual(range(18));
    expect(slots.indexOf(19) + 1).toBeGreaterThan(18);
  });

  it('a late entry never moves an entrant with a recorded result, wherever they stand', () => {
    const state = running(2);
    const events = decide(state, { type: 'Insert', registrationId: 19 }, withResults(18));
    const slots = spec.given(events, state).slots;
    expect(slots[17]).toBe(18);
    // Before the start, a result alone holds its entrant too.
    const before = spec.given(
      decide(given(range(18)), { type: 'Insert', registrationId: 19 }, withResults(18)),
      given(range(18)),
    );
    expect(before.slots[17]).toBe(18);
  });

  it('before the start, the last heat is still balanced as before', () => {
    expect(slotsAfter(given(range(18)), { type: 'Insert', registrationId: 19 }).slice(17)).toEqual([null, 19, 18]);
  });

  it('refuses moves into, out of and through heats underway, and inserts at their positions', () => {
    const state = running(3, [...range(18), 19, 20]);
    expect(refusal(state, { type: 'MovePosition', sourcePosition: 18, targetPosition: 19 })).toMatchObject({
      code: 'HEAT_UNDERWAY',
      details: { position: 18, heat: 3 },
    });
    expect(refusal(state, { type: 'MoveHeat', sourceHeatNumber: 4, targetHeatNumber: 3 }).code).toBe('HEAT_UNDERWAY');
    expect(refusal(state, { type: 'Insert', registrationId: 30, position: 5 }).code).toBe('HEAT_UNDERWAY');
    expect(refusal(state, { type: 'Remove', registrationId: 2 }).code).toBe('HEAT_UNDERWAY');
    expect(
      refusal(
        given([...range(18), 19, 20]),
        { type: 'MovePosition', sourcePosition: 20, targetPosition: 19 },
        withResults(20),
      ),
    ).toMatchObject({ code: 'RESULT_RECORDED', details: { position: 20, registrationId: 20 } });
  });

  it('generation keeps heats underway and entrants with results, and their heat size', () => {
    const state = running(2, range(24));
    const shuffled = [...range(24)].reverse();
    expect(refusal(state, { type: 'Generate', slots: shuffled, seeding, heatSize: 3 }).code).toBe('HEAT_UNDERWAY');
    expect(refusal(state, { type: 'Generate', slots: range(24), seeding, heatSize: 2 }).code).toBe('HEAT_UNDERWAY');
    const kept = [...range(12), ...range(12).map((i) => 25 - i)];
    expect(refusal(state, { type: 'Generate', slots: kept, seeding, heatSize: 3 }, withResults(24)).code).toBe(
      'RESULT_RECORDED',
    );
    expect(slotsAfter(state, { type: 'Generate', slots: kept, seeding, heatSize: 3 })).toEqual(kept);
  });
});
