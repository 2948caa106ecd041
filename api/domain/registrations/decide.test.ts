import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { type AdmissionFacts, admissionRefusal } from './admission.ts';
import { type DecideContext, decide, type RegistrationCommand, registrationDecider } from './decide.ts';
import type { RegistrationEvent } from './events.ts';
import {
  evolve,
  foldRegistration,
  holdsPlace,
  initialRegistrationState,
  type RegistrationEventEnvelope,
  type RegistrationState,
} from './evolve.ts';
import { fillFreePlaces, type RunPlaces, type StreamChange } from './places.ts';

/** An in-memory run: the states of its registrations and their logs, as the read model and event log hold them. */
interface World {
  limit: number;
  states: Map<number, RegistrationState>;
  logs: Map<number, RegistrationEventEnvelope[]>;
  nextId: number;
  clock: number;
}

const newWorld = (limit: number): World => ({ limit, states: new Map(), logs: new Map(), nextId: 1, clock: 0 });

function placesOf(world: World): RunPlaces {
  const live = [...world.states.values()].filter(holdsPlace);
  return {
    limit: world.limit,
    confirmed: live.filter((s) => s.status === 'confirmed').length,
    waitlist: live
      .filter((s) => s.status === 'waitlisted')
      .map((s) => ({ id: s.id, position: s.waitlistPosition ?? 0 }))
      .sort((a, b) => a.position - b.position),
  };
}

function apply(world: World, changes: StreamChange[]): void {
  world.clock += 1;
  const recordedAt = new Date(Date.UTC(2027, 0, 1) + world.clock * 1000);
  for (const change of changes) {
    let state = world.states.get(change.id) ?? initialRegistrationState(change.id);
    const log = world.logs.get(change.id) ?? [];
    for (const event of change.events) {
      const envelope = { ...event, version: state.version + 1, recordedAt };
      log.push(envelope);
      state = evolve(state, envelope);
    }
    world.states.set(change.id, state);
    world.logs.set(change.id, log);
  }
}

const entrantKey = (s: Pick<RegistrationState, 'teamId' | 'userId'>) =>
  s.teamId !== null ? `t${s.teamId}` : `u${s.userId}`;

function otherActive(world: World, state: RegistrationState): boolean {
  return [...world.states.values()].some(
    (s) => s.id !== state.id && holdsPlace(s) && entrantKey(s) === entrantKey(state),
  );
}

function admission(world: World, userId: number): AdmissionFacts {
  return {
    now: '2027-05-01T12:00:00.000Z',
    today: '2027-05-01',
    run: {
      type: 'individual',
      category: 'Open Men',
      isActive: true,
      allowsHybrid: true,
      registrationOpensAt: null,
      registrationClosesAt: null,
    },
    event: {
      isActive: true,
      isDeleted: false,
      status: 'Confirmed',
      startDate: '2027-06-01',
      endDate: '2027-06-01',
      registrationOpensOn: '2027-01-01',
      registrationClosesOn: '2027-05-31',
    },
    entrant: {
      kind: 'user',
      person: {
        userId,
        dateOfBirth: '1990-03-04',
        gender: 'male',
        isActive: true,
        isVerified: true,
        medicalClearanceUntil: null,
        isPreService: false,
      },
    },
    alreadyRegistered: [...world.states.values()].some((s) => holdsPlace(s) && s.userId === userId),
  };
}

type Step =
  | { kind: 'submit'; userId: number }
  | { kind: 'cancel' | 'confirm' | 'softDelete' | 'restore' | 'optIn'; pick: number }
  | { kind: 'move'; pick: number; position: number }
  | { kind: 'update'; pick: number; notes: string | null }
  | { kind: 'limit'; limit: number };

/** Runs one step against the world; a DomainError is a refusal (the world stays as it was). */
function step(world: World, s: Step): { refused?: DomainError } {
  if (s.kind === 'limit') {
    world.limit = s.limit;
    apply(world, fillFreePlaces(placesOf(world)));
    return {};
  }
  let command: RegistrationCommand;
  let state: RegistrationState;
  if (s.kind === 'submit') {
    state = initialRegistrationState(world.nextId);
    command = {
      type: 'Submit',
      id: world.nextId,
      runId: 1,
      eventId: 1,
      teamId: null,
      userId: s.userId,
      registeredBy: s.userId,
    };
  } else {
    const ids = [...world.states.keys()];
    if (ids.length === 0) return {};
    state = world.states.get(ids[s.pick % ids.length] as number) as RegistrationState;
    const simple = {
      cancel: { type: 'Cancel', reason: 'changed plans' },
      confirm: { type: 'Confirm' },
      softDelete: { type: 'SoftDelete' },
      restore: { type: 'Restore' },
      optIn: { type: 'OptInHybrid' },
    } as const;
    command =
      s.kind === 'move'
        ? { type: 'MoveOnWaitlist', position: s.position }
        : s.kind === 'update'
          ? { type: 'Update', notes: s.notes }
          : simple[s.kind];
  }
  try {
    const changes = decide(command, state, {
      places: placesOf(world),
      allowsHybrid: true,
      admission: s.kind === 'submit' ? admission(world, s.userId) : undefined,
      entrantHasOtherActive: state.exists ? otherActive(world, state) : false,
    });
    if (s.kind === 'submit') world.nextId += 1;
    apply(world, changes);
    return {};
  } catch (error) {
    if (error instanceof DomainError) return { refused: error };
    throw error;
  }
}

function checkInvariants(world: World, confirmedBefore: number, limitBefore: number): void {
  const places = placesOf(world);
  // Never above the limit; a lowered limit removes nobody, and nobody moves up until below it again.
  if (confirmedBefore <= Math.min(world.limit, limitBefore)) expect(places.confirmed).toBeLessThanOrEqual(world.limit);
  else expect(places.confirmed).toBeLessThanOrEqual(Math.max(confirmedBefore, world.limit));
  // Positions 1..n without gaps, and nobody waits while a place is free.
  expect(places.waitlist.map((e) => e.position)).toEqual(places.waitlist.map((_, i) => i + 1));
  if (places.confirmed < world.limit) expect(places.waitlist).toEqual([]);
  for (const state of world.states.values()) {
    if (!holdsPlace(state) || state.status !== 'waitlisted') expect(state.waitlistPosition).toBeNull();
    // Replay equals live: folding the log from scratch gives the state kept along the way.
    expect(foldRegistration(state.id, world.logs.get(state.id) ?? [])).toEqual(state);
  }
  // One place per person per run.
  const holders = [...world.states.values()].filter(holdsPlace).map(entrantKey);
  expect(new Set(holders).size).toBe(holders.length);
}

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('submit' as const), userId: fc.integer({ min: 1, max: 12 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      position: fc.integer({ min: 0, max: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('softDelete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('optIn' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      notes: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('limit' as const), limit: fc.integer({ min: 0, max: 6 }) }) },
);

describe('decide: properties over random command sequences', () => {
  it('never exceeds the limit, keeps positions 1..n, promotes into free places, and replay equals live', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.array(stepArb, { minLength: 10, maxLength: 80, size: 'max' }),
        (limit, steps) => {
          const world = newWorld(limit);
          for (const s of steps) {
            const confirmedBefore = placesOf(world).confirmed;
            const limitBefore = world.limit;
            step(world, s);
            checkInvariants(world, confirmedBefore, limitBefore);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers a refused command with a DomainError and no change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(stepArb, { minLength: 10, maxLength: 60, size: 'max' }),
        (limit, steps) => {
          const world = newWorld(limit);
          for (const s of steps) {
            const before = JSON.stringify([...world.states]);
            const { refused } = step(world, s);
            if (refused) {
              expect([404, 409, 422]).toContain(refused.statusCode);
              expect(JSON.stringify([...world.states])).toBe(before);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('decide: rules', () => {
  const spec = deciderSpec(registrationDecider, {
    context: (): DecideContext => ({ places: { limit: 0, confirmed: 0, waitlist: [] } }),
    ownEvents: (changes, state) => changes.find((c) => c.id === state.id)?.events ?? [],
  });
  const stateOf = (world: World, id: number) => world.states.get(id) as RegistrationState;
  const types = (changes: StreamChange[]) => changes.map((c) => [c.id, c.events.map((e: RegistrationEvent) => e.type)]);

  function filled(limit: number, count: number): World {
    const world = newWorld(limit);
    for (let userId = 1; userId <= count; userId++) step(world, { kind: 'submit', userId });
    return world;
  }

  it('confirms until the limit, then waitlists in arrival order', () => {
    const world = filled(2, 5);
    expect([...world.states.values()].map((s) => [s.id, s.status, s.waitlistPosition])).toEqual([
      [1, 'confirmed', null],
      [2, 'confirmed', null],
      [3, 'waitlisted', 1],
      [4, 'waitlisted', 2],
      [5, 'waitlisted', 3],
    ]);
  });

  it('promotes the first waitlisted when a confirmed one cancels, and renumbers the rest', () => {
    const world = filled(2, 5);
    const changes = spec.when(stateOf(world, 1), { type: 'Cancel' }, { places: placesOf(world) });
    expect(types(changes)).toEqual([
      [1, ['RegistrationCancelled']],
      [3, ['PromotedFromWaitlist']],
      [4, ['WaitlistPositionChanged']],
      [5, ['WaitlistPositionChanged']],
    ]);
    expect(changes[2]?.events[0]?.data).toEqual({ from: 2, to: 1 });
  });

  it('closes the gap when a waitlisted one cancels, without promoting anyone', () => {
    const world = filled(2, 5);
    const changes = spec.when(stateOf(world, 3), { type: 'Cancel' }, { places: placesOf(world) });
    expect(types(changes)).toEqual([
      [3, ['RegistrationCancelled']],
      [4, ['WaitlistPositionChanged']],
      [5, ['WaitlistPositionChanged']],
    ]);
  });

  it('moves a waitlist position and shifts only the ones in between', () => {
    const world = filled(1, 5);
    const changes = spec.when(stateOf(world, 4), { type: 'MoveOnWaitlist', position: 1 }, { places: placesOf(world) });
    expect(changes.map((c) => [c.id, c.events[0]?.data])).toEqual([
      [4, { from: 3, to: 1 }],
      [2, { from: 1, to: 2 }],
      [3, { from: 2, to: 3 }],
    ]);
    expect(
      spec.refusal(stateOf(world, 4), { type: 'MoveOnWaitlist', position: 5 }, { places: placesOf(world) }),
    ).toMatchObject({ code: 'INVALID_WAITLIST_POSITION', statusCode: 422 });
    expect(
      spec.refusal(stateOf(world, 1), { type: 'MoveOnWaitlist', position: 1 }, { places: placesOf(world) }),
    ).toMatchObject({ code: 'NOT_WAITLISTED', statusCode: 409 });
    expect(spec.when(stateOf(world, 2), { type: 'MoveOnWaitlist', position: 1 }, { places: placesOf(world) })).toEqual(
      [],
    );
  });

  it('lowering the limit keeps every confirmed place, and nobody moves up until below it', () => {
    const world = filled(4, 6);
    step(world, { kind: 'limit', limit: 2 });
    expect(placesOf(world)).toMatchObject({
      confirmed: 4,
      waitlist: [
        { id: 5, position: 1 },
        { id: 6, position: 2 },
      ],
    });
    step(world, { kind: 'cancel', pick: 0 });
    expect(placesOf(world).confirmed).toBe(3);
    expect(world.states.get(5)?.status).toBe('waitlisted');
    step(world, { kind: 'limit', limit: 4 });
    expect(placesOf(world)).toMatchObject({ confirmed: 4, waitlist: [{ id: 6, position: 1 }] });
    expect(world.states.get(5)?.status).toBe('confirmed');
  });

  it('confirm: promotes a waitlisted one only into a free place, reinstates a cancelled one, and is idempotent', () => {
    const world = filled(2, 3);
    expect(spec.refusal(stateOf(world, 3), { type: 'Confirm' }, { places: placesOf(world) })).toMatchObject({
      code: 'RUN_FULL',
      statusCode: 409,
    });
    expect(spec.when(stateOf(world, 1), { type: 'Confirm' }, { places: placesOf(world) })).toEqual([]);
    step(world, { kind: 'cancel', pick: 0 }); // 1 cancelled, 3 promoted
    const back = spec.when(stateOf(world, 1), { type: 'Confirm' }, { places: placesOf(world) });
    expect(back).toEqual([{ id: 1, events: [{ type: 'RegistrationWaitlisted', data: { position: 1 } }] }]);
    world.limit = 3;
    const reinstated = spec.when(stateOf(world, 1), { type: 'Confirm' }, { places: placesOf(world) });
    expect(reinstated).toEqual([{ id: 1, events: [{ type: 'RegistrationConfirmed', data: { reinstated: true } }] }]);
    expect(
      spec.refusal(
        stateOf(world, 1),
        { type: 'Confirm' },
        {
          places: placesOf(world),
          entrantHasOtherActive: true,
        },
      ),
    ).toMatchObject({ code: 'ALREADY_REGISTERED' });
  });

  it('a soft-deleted confirmed one frees its place; restoring it joins the end of the waitlist when full', () => {
    const world = filled(1, 3);
    const deleted = spec.when(stateOf(world, 1), { type: 'SoftDelete' }, { places: placesOf(world) });
    expect(types(deleted)).toEqual([
      [1, ['RegistrationSoftDeleted']],
      [2, ['PromotedFromWaitlist']],
      [3, ['WaitlistPositionChanged']],
    ]);
    apply(world, deleted);
    expect(spec.refusal(stateOf(world, 1), { type: 'Cancel' }, { places: placesOf(world) })).toMatchObject({
      code: 'REGISTRATION_DELETED',
    });
    const restored = spec.when(stateOf(world, 1), { type: 'Restore' }, { places: placesOf(world) });
    expect(restored).toEqual([
      { id: 1, events: [{ type: 'RegistrationRestored', data: { status: 'waitlisted', waitlistPosition: 2 } }] },
    ]);
  });

  it('hybrid opt-in only where the run allows it', () => {
    const world = filled(1, 1);
    const state = stateOf(world, 1);
    expect(
      spec.refusal(state, { type: 'OptInHybrid' }, { places: placesOf(world), allowsHybrid: false }),
    ).toMatchObject({ code: 'HYBRID_NOT_ALLOWED', statusCode: 422 });
    expect(types(spec.when(state, { type: 'OptInHybrid' }, { places: placesOf(world), allowsHybrid: true }))).toEqual([
      [1, ['HybridOptedIn']],
    ]);
  });
});

describe('admission', () => {
  const base = admission(newWorld(1), 1);
  const code = (facts: AdmissionFacts) => admissionRefusal(facts)?.code;

  it('admits an eligible person into an open individual run', () => {
    expect(admissionRefusal(base)).toBeUndefined();
  });

  it('names the rule that refuses', () => {
    expect(code({ ...base, run: { ...base.run, isActive: false } })).toBe('RUN_INACTIVE');
    expect(code({ ...base, event: { ...base.event, isActive: false } })).toBe('EVENT_INACTIVE');
    expect(code({ ...base, event: { ...base.event, status: 'Cancelled' } })).toBe('REGISTRATION_CLOSED');
    expect(code({ ...base, today: '2027-06-02' })).toBe('REGISTRATION_CLOSED');
    expect(code({ ...base, event: { ...base.event, registrationOpensOn: null } })).toBe('REGISTRATION_CLOSED');
    expect(code({ ...base, run: { ...base.run, registrationClosesAt: '2027-05-01T11:59:59.000Z' } })).toBe(
      'REGISTRATION_CLOSED',
    );
    // The run's own window wins over the event's dates, bound by bound.
    expect(
      code({
        ...base,
        today: '2026-12-01',
        now: '2026-12-01T12:00:00.000Z',
        run: { ...base.run, registrationOpensAt: '2026-11-01T00:00:00.000Z' },
      }),
    ).toBeUndefined();
    expect(code({ ...base, run: { ...base.run, type: 'relay' } })).toBe('TEAM_REQUIRED');
    expect(code({ ...base, alreadyRegistered: true })).toBe('ALREADY_REGISTERED');
    const person = base.entrant.kind === 'user' ? base.entrant.person : undefined;
    expect(
      code({
        ...base,
        entrant: { kind: 'user', person: { ...(person as NonNullable<typeof person>), dateOfBirth: '2010-01-01' } },
      }),
    ).toBe('TOO_YOUNG');
    expect(
      code({
        ...base,
        entrant: { kind: 'user', person: { ...(person as NonNullable<typeof person>), isVerified: false } },
      }),
    ).toBe('ACCOUNT_UNVERIFIED');
  });

  it('checks a team: format, hybrid, once per run, size and members', () => {
    const member = (userId: number) => ({
      userId,
      departmentId: 1,
      dateOfBirth: '1990-01-01',
      gender: 'male' as const,
      isActive: true,
      isVerified: true,
      medicalClearanceUntil: null,
      isPreService: false,
    });
    const team: AdmissionFacts = {
      ...base,
      run: { ...base.run, type: 'relay', category: 'Men' },
      entrant: {
        kind: 'team',
        team: {
          id: 1,
          name: 'Engine 7',
          runType: 'relay',
          departmentId: 1,
          isHybrid: false,
          isActive: true,
          isDeleted: false,
        },
        members: [member(1), member(2), member(3)],
      },
    };
    expect(admissionRefusal(team)).toBeUndefined();
    const entrant = team.entrant as Extract<AdmissionFacts['entrant'], { kind: 'team' }>;
    expect(code({ ...team, entrant: { ...entrant, team: { ...entrant.team, runType: 'tech2' } } })).toBe(
      'TEAM_TYPE_MISMATCH',
    );
    const mixed = {
      ...entrant,
      team: { ...entrant.team, isHybrid: true },
      members: [member(1), member(2), { ...member(3), departmentId: 2 }],
    };
    expect(code({ ...team, run: { ...team.run, allowsHybrid: false }, entrant: mixed })).toBe('HYBRID_NOT_ALLOWED');
    // Flagged hybrid but all from one department: nothing mixes, so the run's hybrid rule does not apply.
    expect(
      admissionRefusal({
        ...team,
        run: { ...team.run, allowsHybrid: false },
        entrant: { ...entrant, team: { ...entrant.team, isHybrid: true } },
      }),
    ).toBeUndefined();
    expect(admissionRefusal({ ...team, run: { ...team.run, allowsHybrid: true }, entrant: mixed })).toBeUndefined();
    expect(code({ ...team, alreadyRegistered: true })).toBe('ALREADY_REGISTERED');
    expect(code({ ...team, entrant: { ...entrant, members: [member(1), member(2)] } })).toBe('TEAM_TOO_SMALL');
    expect(
      code({ ...team, entrant: { ...entrant, members: [member(1), member(2), { ...member(3), dateOfBirth: null }] } }),
    ).toBe('DATE_OF_BIRTH_MISSING');
  });
});
