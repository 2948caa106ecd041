/**
 * Properties of the run-order domain under random command sequences (valid and invalid ones): the
 * arrangement stays a well-formed order, locks hold, undo and redo mirror each other, the event log
 * replays to the same state, and generation respects locks and is reproducible.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { type DecideContext, decide, type RunOrderCommand } from './decide.ts';
import type { RunOrderEvent, SeedingRule, Slots } from './events.ts';
import {
  allLockedPositions,
  evolve,
  fixedPositions,
  foldRunOrder,
  heatOf,
  heatsUnderway,
  initialRunOrderState,
  laneOf,
  type RunOrderState,
  UNDO_DEPTH,
} from './evolve.ts';
import { generateArrangement, type SeedEntry } from './generate.ts';

const NUM_RUNS = 200;
const CONFIRMED = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const STATUSES: Record<number, ReturnType<DecideContext['registrationStatus']>> = {
  10: 'waitlisted',
  11: 'cancelled',
  12: 'deleted',
};
const context: DecideContext = {
  actorId: 5,
  registrationStatus: (id) => (CONFIRMED.includes(id) ? 'confirmed' : STATUSES[id]),
};

/** The run's entries as generation sees them: departments, times, and people shared between teams. */
const ENTRIES: SeedEntry[] = CONFIRMED.map((id) => ({
  registrationId: id,
  departmentId: id === 9 ? null : id % 3,
  bestTimeMs: id % 4 === 0 ? null : 90_000 + ((id * 3_137) % 20_000),
  personIds: [id * 10, ...(id <= 4 ? [99] : [])],
}));

// ---------- arbitraries ----------

const position = fc.integer({ min: 0, max: 11 });
const seedingRule: fc.Arbitrary<SeedingRule> = fc.record({
  rule: fc.constantFrom('random' as const, 'best-time' as const),
  seed: fc.integer({ min: -5, max: 1_000_000 }),
  fastest: fc.constantFrom('last' as const, 'first' as const),
  separateDepartments: fc.boolean(),
  minRest: fc.integer({ min: 0, max: 4 }),
});

type Intent =
  | { kind: 'command'; command: RunOrderCommand }
  /** A reorder of the current arrangement by sort keys (a valid reorder unless locks stand in the way). */
  | { kind: 'shuffle'; keys: number[] }
  /** A generation from the current state with generateArrangement, over some of the entries. */
  | { kind: 'generate'; seeding: SeedingRule; heatSize: number; include: boolean[] };

const command = (arbitrary: fc.Arbitrary<RunOrderCommand>): fc.Arbitrary<Intent> =>
  arbitrary.map((c) => ({ kind: 'command' as const, command: c }));

const intent: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 1,
    arbitrary: command(
      fc.record({
        type: fc.constant('CreateEmpty' as const),
        positions: fc.integer({ min: 0, max: 9 }),
        heatSize: fc.integer({ min: 1, max: 3 }),
      }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('generate' as const),
      seeding: seedingRule,
      heatSize: fc.integer({ min: 1, max: 3 }),
      include: fc.array(fc.boolean(), { minLength: CONFIRMED.length, maxLength: CONFIRMED.length }),
    }),
  },
  {
    weight: 1,
    arbitrary: command(
      fc.record({
        type: fc.constant('Generate' as const),
        slots: fc.array(fc.option(fc.constantFrom(...CONFIRMED), { nil: null }), { maxLength: 10 }),
        seeding: seedingRule,
        heatSize: fc.integer({ min: 1, max: 3 }),
      }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('shuffle' as const),
      keys: fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 12 }),
    }),
  },
  {
    weight: 1,
    arbitrary: command(
      fc.record({
        type: fc.constant('Reorder' as const),
        slots: fc.array(fc.option(fc.integer({ min: 1, max: 13 }), { nil: null }), { maxLength: 10 }),
      }),
    ),
  },
  {
    weight: 4,
    arbitrary: command(
      fc.record({ type: fc.constant('MovePosition' as const), sourcePosition: position, targetPosition: position }),
    ),
  },
  {
    weight: 2,
    arbitrary: command(
      fc.record({
        type: fc.constant('MoveHeat' as const),
        sourceHeatNumber: fc.integer({ min: 0, max: 5 }),
        targetHeatNumber: fc.integer({ min: 0, max: 5 }),
      }),
    ),
  },
  {
    weight: 4,
    arbitrary: command(
      fc.record(
        {
          type: fc.constant('Insert' as const),
          registrationId: fc.integer({ min: 1, max: 13 }),
          position: fc.option(position, { nil: undefined }),
        },
        { requiredKeys: ['type', 'registrationId'] },
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: command(
      fc.record({ type: fc.constant('Remove' as const), registrationId: fc.integer({ min: 1, max: 13 }) }),
    ),
  },
  {
    weight: 2,
    arbitrary: command(
      fc.record({ type: fc.constant('LockPositions' as const), positions: fc.array(position, { maxLength: 3 }) }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      fc.record({ type: fc.constant('UnlockPositions' as const), positions: fc.array(position, { maxLength: 3 }) }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(fc.record({ type: fc.constant('LockPair' as const), pair: fc.integer({ min: 0, max: 6 }) })),
  },
  {
    weight: 1,
    arbitrary: command(fc.record({ type: fc.constant('UnlockPair' as const), pair: fc.integer({ min: 0, max: 6 }) })),
  },
  {
    weight: 1,
    arbitrary: command(
      fc.constantFrom<RunOrderCommand>({ type: 'LockOrder' }, { type: 'UnlockOrder' }, { type: 'UnlockOrder' }),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      fc.record({ type: fc.constant('SetCurrentHeat' as const), heat: fc.integer({ min: 0, max: 5 }) }),
    ),
  },
  { weight: 4, arbitrary: command(fc.constantFrom<RunOrderCommand>({ type: 'Undo' }, { type: 'Redo' })) },
  {
    weight: 1,
    arbitrary: command(fc.record({ type: fc.constant('SaveState' as const), name: fc.constantFrom('A', 'B') })),
  },
  {
    weight: 1,
    arbitrary: command(fc.record({ type: fc.constant('ApplyState' as const), name: fc.constantFrom('A', 'B', 'C') })),
  },
  {
    weight: 2,
    arbitrary: command(
      fc.record({
        type: fc.constant('MarkEntrant' as const),
        registrationId: fc.integer({ min: 1, max: 13 }),
        mark: fc.constantFrom('scratched' as const, 'no-show' as const, null),
      }),
    ),
  },
);

/** Most sequences start from an order (created empty or generated), some from none. */
const sequence = fc
  .tuple(
    fc.oneof(
      command(
        fc.record({
          type: fc.constant('CreateEmpty' as const),
          positions: fc.integer({ min: 0, max: 9 }),
          heatSize: fc.integer({ min: 1, max: 3 }),
        }),
      ),
      fc.record({
        kind: fc.constant('generate' as const),
        seeding: seedingRule,
        heatSize: fc.integer({ min: 1, max: 3 }),
        include: fc.array(fc.boolean(), { minLength: CONFIRMED.length, maxLength: CONFIRMED.length }),
      }),
      intent,
    ),
    fc.array(intent, { minLength: 5, maxLength: 40, size: 'medium' }),
  )
  .map(([first, rest]) => [first, ...rest]);

// ---------- the harness ----------

interface Recorded {
  type: string;
  data: unknown;
  version: number;
  metadata: { actorId: number | null };
  recordedAt: string;
}

const recordedAt = (version: number) => new Date(Date.UTC(2027, 6, 1) + version * 1000).toISOString();

function decideOrRefuse(state: RunOrderState, cmd: RunOrderCommand): RunOrderEvent[] | DomainError {
  try {
    return decide(cmd, state, context);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

function apply(state: RunOrderState, events: RunOrderEvent[], log?: Recorded[]): RunOrderState {
  let next = state;
  for (const event of events) {
    const version = next.version + 1;
    next = evolve(next, { ...event, version, metadata: { actorId: context.actorId }, recordedAt: recordedAt(version) });
    log?.push({
      type: event.type,
      data: event.data,
      version,
      metadata: { actorId: context.actorId },
      recordedAt: recordedAt(version),
    });
  }
  return next;
}

const shuffleBy = (slots: Slots, keys: number[]): Slots =>
  slots
    .map((id, i) => ({ id, key: keys[i % keys.length] ?? 0, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((x) => x.id);

/** Checks generateArrangement on the state, and returns the Generate command it gives. */
function generateFor(
  state: RunOrderState,
  seeding: SeedingRule,
  heatSize: number,
  include: boolean[],
): RunOrderCommand {
  const entries = ENTRIES.filter((_, i) => include[i]);
  const locked = allLockedPositions(state);
  for (const p of fixedPositions(state)) locked.add(p);
  const slots = generateArrangement({ entries, current: state.slots, locked, seeding });
  expectGeneratedWell(slots, { entries, current: state.slots, locked, seeding });
  return { type: 'Generate', slots, seeding, heatSize };
}

function expectGeneratedWell(
  slots: Slots,
  input: { entries: SeedEntry[]; current: Slots; locked: ReadonlySet<number>; seeding: SeedingRule },
): void {
  const { entries, current, locked, seeding } = input;
  expectWellFormed(slots);
  expect(slots.length % 2).toBe(0);
  expect(slots.length).toBeGreaterThanOrEqual(current.length);
  const keptByLock = new Set<number>();
  for (const p of locked) {
    const id = current[p - 1] ?? null;
    if ((slots[p - 1] ?? null) !== id)
      expect.fail(`locked position ${p} changed: ${JSON.stringify(current)} -> ${JSON.stringify(slots)}`);
    if (id !== null) keptByLock.add(id);
  }
  // Each entry exactly once (those held by locks where the lock holds them), and nothing else but what locks hold.
  const placed = slots.filter((id): id is number => id !== null);
  const expected = new Set([...entries.map((e) => e.registrationId), ...keptByLock]);
  expect([...placed].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
  // Reproducible, whatever order the entries come in.
  expect(
    generateArrangement({ entries: [...entries].reverse(), current: [...current], locked: new Set(locked), seeding }),
  ).toEqual(slots);
  // Without the rest rule, the unlocked empty positions come after every unlocked entry.
  if (seeding.minRest <= 0) {
    const unlocked = slots.filter((_, i) => !locked.has(i + 1));
    const firstEmpty = unlocked.indexOf(null);
    if (firstEmpty !== -1) expect(unlocked.slice(firstEmpty).every((id) => id === null)).toBe(true);
  }
}

/** Positions 1..n with no holes, each empty or holding a registration id, none twice. */
function wellFormed(slots: Slots): boolean {
  if (!Array.isArray(slots)) return false;
  const seen = new Set<number>();
  for (let i = 0; i < slots.length; i += 1) {
    if (!(i in slots)) return false;
    const id = slots[i];
    if (id === null) continue;
    if (!Number.isInteger(id) || (id as number) <= 0 || seen.has(id as number)) return false;
    seen.add(id as number);
  }
  return true;
}

function expectWellFormed(slots: Slots): void {
  if (!wellFormed(slots)) expect.fail(`not a well-formed order: ${JSON.stringify(slots)}`);
}

function expectInvariants(before: RunOrderState, after: RunOrderState, accepted: boolean): void {
  expectWellFormed(after.slots);
  const strangers = after.slots.filter((id) => id !== null && !CONFIRMED.includes(id));
  if (strangers.length) expect.fail(`unconfirmed registrations placed: ${strangers.join(', ')}`);
  expect(after.undo.length).toBeLessThanOrEqual(UNDO_DEPTH);
  expect(after.redo.length).toBeLessThanOrEqual(UNDO_DEPTH);
  // The marks of the undo and redo stacks travel beside their arrangements.
  expect(after.undoMarks.length).toBeLessThanOrEqual(after.undo.length);
  expect(after.redoMarks.length).toBeLessThanOrEqual(after.redo.length);
  if (![...after.undo, ...after.redo].every(wellFormed)) expect.fail('an undo or redo arrangement is not well formed');
  if (!accepted) {
    expect(after).toBe(before);
    return;
  }
  // Locked positions (also a locked last pair's missing lane, or a lock left past the end) keep their entry.
  const changedLocks = [...allLockedPositions(before)].filter(
    (p) => (after.slots[p - 1] ?? null) !== (before.slots[p - 1] ?? null),
  );
  expect(
    changedLocks,
    `locked positions changed: ${JSON.stringify(before.slots)} -> ${JSON.stringify(after.slots)}`,
  ).toEqual([]);
  if (before.orderLocked) expect(after.slots).toEqual(before.slots);
  // Heats underway keep their entrants (docs/decisions/045).
  if (after.version > before.version && after.currentHeat === before.currentHeat) {
    const moved = [...fixedPositions(before)].filter(
      (p) => (after.slots[p - 1] ?? null) !== (before.slots[p - 1] ?? null),
    );
    expect(moved, `heats underway changed: ${JSON.stringify(before.slots)} -> ${JSON.stringify(after.slots)}`).toEqual(
      [],
    );
  }
  if (before.exists) expect(after.exists).toBe(true);
}

describe('run-order properties', () => {
  it('random command sequences keep the order well formed, the locks held and the log replayable', () => {
    fc.assert(
      fc.property(sequence, (intents) => {
        let state = initialRunOrderState();
        const log: Recorded[] = [];
        for (const step of intents) {
          const cmd =
            step.kind === 'command'
              ? step.command
              : step.kind === 'shuffle'
                ? ({ type: 'Reorder', slots: shuffleBy(state.slots, step.keys) } as const)
                : generateFor(state, step.seeding, step.heatSize, step.include);
          const answer = decideOrRefuse(state, cmd);
          const accepted = !(answer instanceof DomainError);
          const after = accepted ? apply(state, answer, log) : state;
          expectInvariants(state, after, accepted);

          // What generateArrangement gives is always accepted, unless the whole order is locked or a
          // started run would change heat size.
          if (step.kind === 'generate')
            expect(
              accepted ||
                (answer as DomainError).code === 'ORDER_LOCKED' ||
                ((answer as DomainError).code === 'HEAT_UNDERWAY' && step.heatSize !== state.heatSize),
            ).toBe(true);

          // Undo then redo (or redo then undo), with nothing between, returns the same arrangement.
          if (accepted && answer.length > 0 && (cmd.type === 'Undo' || cmd.type === 'Redo')) {
            const back = decideOrRefuse(after, { type: cmd.type === 'Undo' ? 'Redo' : 'Undo' });
            expect(back).not.toBeInstanceOf(DomainError);
            const again = apply(after, back as RunOrderEvent[]);
            expect(again.slots).toEqual(state.slots);
            expect(again.marks).toEqual(state.marks);
          }
          state = after;
        }
        // Folding the whole accepted log from the start gives the state evolved step by step.
        expect(foldRunOrder(log)).toEqual(state);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('generateArrangement keeps locks, places each entry once and is reproducible', () => {
    const entries = fc
      .uniqueArray(
        fc.record({
          registrationId: fc.integer({ min: 1, max: 60 }),
          departmentId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
          bestTimeMs: fc.option(fc.integer({ min: 60_000, max: 70_000 }), { nil: null }),
          personIds: fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 3 }),
        }),
        { selector: (e) => e.registrationId, maxLength: 40 },
      )
      .map((list) => list as SeedEntry[]);
    const current = fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { maxLength: 30 }).chain((ids) =>
      fc
        .array(fc.option(fc.constantFrom(...(ids.length ? ids : [1])), { nil: null, freq: 3 }), { maxLength: 30 })
        .map((slots) => {
          const seen = new Set<number>();
          return slots.map((id) => {
            if (id === null || seen.has(id)) return null;
            seen.add(id);
            return id;
          });
        }),
    );
    fc.assert(
      fc.property(
        entries,
        current,
        fc.uniqueArray(fc.integer({ min: 1, max: 36 }), { maxLength: 10 }),
        seedingRule,
        (list, slots, lockedList, seeding) => {
          const input = { entries: list, current: slots, locked: new Set(lockedList), seeding };
          const result = generateArrangement(input);
          expectGeneratedWell(result, input);
          expect(result.length).toBeGreaterThanOrEqual(Math.max(0, ...lockedList));
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('entrants who ran stay put (docs/decisions/045)', () => {
  const LATE = [21, 22, 23, 24];
  const ids = fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 20 });
  /** A run under way: random entrants in random slots, a random current heat (or none), random results. */
  const runState = ids.chain((placed) =>
    fc.record({
      slots: fc.array(fc.boolean(), { minLength: placed.length, maxLength: placed.length + 6 }).map((holes) => {
        const queue = [...placed];
        const slots: Slots = holes.map((hole) => (hole || queue.length === 0 ? null : (queue.shift() ?? null)));
        return [...slots, ...queue];
      }),
      heatSize: fc.integer({ min: 1, max: 3 }),
      heat: fc.integer({ min: 0, max: 8 }),
      results: fc.subarray([...placed, ...LATE]),
      saved: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 26 }),
      reordered: fc.boolean(),
    }),
  );
  const pos = fc.integer({ min: 1, max: 30 });
  type Step = Intent | { kind: 'regenerate'; seeding: SeedingRule; sameHeatSize: boolean; include: boolean[] };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('regenerate' as const),
      seeding: seedingRule,
      sameHeatSize: fc.boolean(),
      include: fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }),
    }),
    fc.record({
      kind: fc.constant('shuffle' as const),
      keys: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1 }),
    }),
    command(
      fc.record({
        type: fc.constant('Generate' as const),
        slots: fc.shuffledSubarray([...Array(24).keys()].map((i) => i + 1)),
        seeding: seedingRule,
        heatSize: fc.integer({ min: 1, max: 3 }),
      }),
    ),
    command(
      fc.record(
        {
          type: fc.constant('Insert' as const),
          registrationId: fc.constantFrom(...LATE),
          position: fc.option(pos, { nil: undefined }),
        },
        { requiredKeys: ['type', 'registrationId'] },
      ),
    ),
    command(fc.record({ type: fc.constant('MovePosition' as const), sourcePosition: pos, targetPosition: pos })),
    command(
      fc.record({
        type: fc.constant('MoveHeat' as const),
        sourceHeatNumber: fc.integer({ min: 1, max: 8 }),
        targetHeatNumber: fc.integer({ min: 1, max: 8 }),
      }),
    ),
    command(fc.record({ type: fc.constant('Remove' as const), registrationId: fc.integer({ min: 1, max: 24 }) })),
    command(fc.constantFrom<RunOrderCommand>({ type: 'Undo' }, { type: 'Redo' }, { type: 'ApplyState', name: 'S' })),
  );

  it('no command moves an entrant in a heat underway or with a result', () => {
    fc.assert(
      fc.property(runState, fc.array(step, { minLength: 1, maxLength: 8 }), (run, steps) => {
        const all = (id: number) => id >= 1 && id <= 24;
        const ctx: DecideContext = {
          actorId: 5,
          registrationStatus: (id) => (all(id) ? 'confirmed' : undefined),
          hasResult: (id) => run.results.includes(id),
        };
        const events: RunOrderEvent[] = [
          { type: 'RunOrderCreated', data: { heatSize: run.heatSize, slots: run.slots, createdBy: 5 } },
          // A saved arrangement and an undoable change, so ApplyState, Undo and Redo have something to do.
          {
            type: 'StateSaved',
            data: { name: 'S', slots: shuffleBy(run.slots, run.saved.length ? run.saved : [0]), savedBy: 5 },
          },
        ];
        if (run.reordered)
          events.push({ type: 'PositionsReordered', data: { slots: [...run.slots].reverse(), reorderedBy: 5 } });
        let state = events.reduce<RunOrderState>((s, e) => evolve(s, e), initialRunOrderState());
        const heats = Math.max(1, Math.ceil(Math.ceil(state.slots.length / 2) / state.heatSize));
        if (run.heat > 0)
          state = evolve(state, {
            type: 'CurrentHeatSet',
            data: { heat: Math.min(run.heat, heats), setBy: 5 },
            recordedAt: recordedAt(9),
          });
        // Who may not move: everyone in a heat underway, everyone with a result.
        const held = new Map<number, { heat: number; lane: string; position: number }>();
        state.slots.forEach((id, i) => {
          const p = i + 1;
          if (id !== null && (heatOf(p, state.heatSize) <= heatsUnderway(state) || run.results.includes(id)))
            held.set(id, { heat: heatOf(p, state.heatSize), lane: laneOf(p), position: p });
        });
        for (const s of steps) {
          let cmd: RunOrderCommand;
          if (s.kind === 'command') cmd = s.command;
          else if (s.kind === 'shuffle') cmd = { type: 'Reorder', slots: shuffleBy(state.slots, s.keys) };
          else if (s.kind !== 'regenerate') continue;
          else {
            // As the module completes Generate: locks and fixed positions are held (commands.ts).
            const locked = allLockedPositions(state);
            for (const p of fixedPositions(state, ctx.hasResult)) locked.add(p);
            const entries = [...Array(24).keys()]
              .map((i) => i + 1)
              .filter((id) => s.include[id - 1])
              .map((id) => ({ registrationId: id, departmentId: id % 3, bestTimeMs: null, personIds: [id] }));
            const heatSize = s.sameHeatSize ? state.heatSize : (state.heatSize % 3) + 1;
            cmd = {
              type: 'Generate',
              slots: generateArrangement({ entries, current: state.slots, locked, seeding: s.seeding, heatSize }),
              seeding: s.seeding,
              heatSize,
            };
          }
          let answer: RunOrderEvent[];
          try {
            answer = decide(cmd, state, ctx);
          } catch (error) {
            if (error instanceof DomainError) continue;
            throw error;
          }
          state = answer.reduce<RunOrderState>((x, e) => evolve(x, e), state);
          for (const [id, was] of held) {
            const p = state.slots.indexOf(id) + 1;
            const now = { heat: heatOf(p, state.heatSize), lane: laneOf(p), position: p };
            if (p === 0 || now.heat !== was.heat || now.lane !== was.lane || now.position !== was.position)
              expect.fail(
                `${cmd.type} moved ${id} from ${JSON.stringify(was)} to ${p === 0 ? 'nowhere' : JSON.stringify(now)}`,
              );
          }
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
