/**
 * Properties of a result stream under random command sequences (valid and invalid ones), by several
 * officials: an official result always names its validator and was not validated by its own enterer
 * without a recorded reason; penalties stay calls of the catalogue and never cost negative time; voided
 * attempts only grow; a refused command changes nothing; the decided log replays to the played state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import type { ResultCommand, ResultDecideContext } from './commands.ts';
import { decide, rawTimeInRange } from './decide.ts';
import { RESULT_OUTCOMES, type ResultEvent } from './events.ts';
import { evolve, initialResultState, officialTimeMs, type ResultEventEnvelope, type ResultState } from './evolve.ts';
import { INFRACTION_CODES, infractionOf, penaltyMs } from './penalties.ts';

const NUM_RUNS = 300;
const REGISTRATION = 5;
const ACTORS = [1, 2, 3] as const;

const reason = fc.constantFrom('', '  ', 'Mistyped', ' Appeal upheld ', 'x'.repeat(501));
const infraction = fc.constantFrom(...INFRACTION_CODES, 'not-an-infraction' as never);
const value = fc.record({
  outcome: fc.constantFrom(...RESULT_OUTCOMES),
  rawTimeMs: fc.option(
    fc.oneof(
      fc.integer({ min: 1, max: 12_000 }).map((h) => h * 10),
      fc.integer({ min: -5, max: 5 }),
    ),
    {
      nil: null,
      freq: 4,
    },
  ),
  penalties: fc.array(fc.constantFrom(...INFRACTION_CODES), { maxLength: 4 }),
});

const command: fc.Arbitrary<ResultCommand> = fc.oneof(
  { weight: 4, arbitrary: value.map((v) => ({ type: 'RecordResult' as const, source: 'manual' as const, ...v })) },
  { weight: 3, arbitrary: infraction.map((i) => ({ type: 'AddPenalty' as const, infraction: i })) },
  { weight: 2, arbitrary: infraction.map((i) => ({ type: 'RemovePenalty' as const, infraction: i })) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(value, fc.option(reason, { nil: null }))
      .map(([v, r]) => ({ type: 'CorrectResult' as const, reason: r, ...v })),
  },
  {
    weight: 4,
    arbitrary: fc
      .option(reason, { nil: undefined })
      .map((r) =>
        r === undefined ? { type: 'ValidateResult' as const } : { type: 'ValidateResult' as const, ownEntryReason: r },
      ),
  },
  { weight: 1, arbitrary: reason.map((r) => ({ type: 'WithdrawValidation' as const, reason: r })) },
  { weight: 1, arbitrary: reason.map((r) => ({ type: 'VoidResult' as const, reason: r })) },
);

const step = fc.record({
  command,
  actorId: fc.constantFrom(...ACTORS),
  actorIsAdmin: fc.boolean(),
  status: fc.constantFrom('confirmed', 'confirmed', 'confirmed', 'cancelled' as const),
});

const contextOf = (s: { actorId: number; actorIsAdmin: boolean; status: string }): ResultDecideContext => ({
  actorId: s.actorId,
  actorIsAdmin: s.actorIsAdmin,
  registration: {
    id: REGISTRATION,
    runId: 9,
    eventId: 4,
    status: s.status as ResultDecideContext['registration']['status'],
  },
  placement: { heat: 1, position: 2 },
});

function decideOrRefuse(state: ResultState, cmd: ResultCommand, ctx: ResultDecideContext): ResultEvent[] | DomainError {
  try {
    return decide(cmd, state, ctx);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

function expectConsistent(state: ResultState): void {
  if (state.status === 'official') {
    expect(state.exists).toBe(true);
    expect(state.validatedBy).not.toBeNull();
  }
  if (state.status === 'provisional') expect(state.validatedBy).toBeNull();
  expect(state.penalties.every((code) => infractionOf(code) !== undefined)).toBe(true);
  expect(penaltyMs(state.penalties)).toBeGreaterThanOrEqual(0);
  if (state.exists) {
    expect(state.attempt).toBe(state.voided.length + 1);
    if (state.outcome === 'finished') expect(rawTimeInRange(state.rawTimeMs ?? -1)).toBe(true);
    else expect(state.rawTimeMs).toBeNull();
    const official = officialTimeMs(state);
    if (official !== null) expect(official).toBeGreaterThanOrEqual(state.rawTimeMs ?? 0);
  } else {
    expect(state.attempt).toBe(state.voided.length);
  }
  expect(state.voided.map((v) => v.attempt)).toEqual(state.voided.map((_, i) => i + 1));
}

describe('result properties', () => {
  it('random command sequences by several officials keep the result consistent and the log replayable', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        let state = initialResultState(REGISTRATION);
        const log: ResultEventEnvelope[] = [];
        for (const s of steps) {
          const ctx = contextOf(s);
          const answer = decideOrRefuse(state, s.command, ctx);
          if (answer instanceof DomainError) {
            expect([403, 404, 409, 422]).toContain(answer.statusCode);
            continue;
          }
          let next = state;
          for (const event of answer) {
            const enveloped = { ...event, version: next.version + 1, metadata: { actorId: ctx.actorId } };
            log.push(enveloped);
            next = evolve(next, enveloped);
          }
          // Voided attempts only grow, and keep what they were.
          expect(next.voided.slice(0, state.voided.length)).toEqual(state.voided);
          if (s.command.type === 'ValidateResult' && answer.length > 0) {
            const ownEntry = ctx.actorId === state.enteredBy || ctx.actorId === state.lastChangedBy;
            const validatedEvent = answer[0] as Extract<ResultEvent, { type: 'ResultValidated' }>;
            // An own entry is validated only by an admin, and only with the reason recorded.
            if (ownEntry) {
              expect(ctx.actorIsAdmin).toBe(true);
              expect(validatedEvent.data.ownEntryReason?.length ?? 0).toBeGreaterThan(0);
            } else expect(validatedEvent.data.ownEntryReason).toBeUndefined();
          }
          // Any change of value of an official result goes through a correction with a reason.
          if (state.status === 'official' && next.status === 'provisional' && next.exists) {
            const first = answer[0] as ResultEvent;
            expect(['ResultCorrected', 'ValidationWithdrawn']).toContain(first.type);
            if (first.type === 'ResultCorrected') expect(first.data.reason?.trim().length ?? 0).toBeGreaterThan(0);
          }
          expectConsistent(next);
          state = next;
        }
        const replayed = log.reduce(evolve, initialResultState(REGISTRATION));
        expect(replayed).toEqual(state);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
