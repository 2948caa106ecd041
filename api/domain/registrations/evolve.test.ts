import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeRegistrationEvent,
  REGISTRATION_EVENT_TYPES,
  registrationIdOf,
  registrationStreamId,
} from './events.ts';
import { evolve, foldRegistration, holdsPlace, initialRegistrationState } from './evolve.ts';

const at = (minute: number) => new Date(Date.UTC(2027, 0, 1, 12, minute)).toISOString();

describe('evolve', () => {
  it('folds a stream into the state its events describe', () => {
    const state = foldRegistration(7, [
      {
        type: 'RegistrationSubmitted',
        data: {
          runId: 3,
          eventId: 2,
          teamId: null,
          userId: 9,
          registeredBy: 9,
          status: 'waitlisted',
          waitlistPosition: 4,
        },
        version: 1,
        recordedAt: at(0),
      },
      { type: 'WaitlistPositionChanged', data: { from: 4, to: 1 }, version: 2, recordedAt: at(1) },
      { type: 'PromotedFromWaitlist', data: { fromPosition: 1 }, version: 3, recordedAt: at(2) },
      { type: 'RegistrationUpdated', data: { notes: 'Bringing my own SCBA mask' }, version: 4, recordedAt: at(3) },
      { type: 'HybridOptedIn', data: {}, version: 5, recordedAt: at(4) },
    ]);
    expect(state).toEqual({
      id: 7,
      exists: true,
      runId: 3,
      eventId: 2,
      teamId: null,
      userId: 9,
      registeredBy: 9,
      status: 'confirmed',
      waitlistPosition: null,
      isHybridOptIn: true,
      isLate: false,
      notes: 'Bringing my own SCBA mask',
      submittedAt: at(0),
      confirmedAt: at(2),
      cancelledAt: null,
      deletedAt: null,
      updatedAt: at(4),
      version: 5,
    });
  });

  it('cancels, soft-deletes and restores', () => {
    const submitted = foldRegistration(1, [
      {
        type: 'RegistrationSubmitted',
        data: { runId: 1, eventId: 1, teamId: 5, userId: null, registeredBy: 2, status: 'confirmed' },
        recordedAt: at(0),
      },
    ]);
    expect(submitted).toMatchObject({ status: 'confirmed', confirmedAt: at(0), version: 1, teamId: 5 });
    const deleted = evolve(submitted, {
      type: 'RegistrationSoftDeleted',
      data: { previousStatus: 'confirmed' },
      recordedAt: at(1),
    });
    expect(deleted).toMatchObject({ deletedAt: at(1), status: 'confirmed' });
    expect(holdsPlace(deleted)).toBe(false);
    const back = evolve(deleted, {
      type: 'RegistrationRestored',
      data: { status: 'waitlisted', waitlistPosition: 3 },
      recordedAt: at(2),
    });
    expect(back).toMatchObject({ deletedAt: null, status: 'waitlisted', waitlistPosition: 3, confirmedAt: null });
    const cancelled = evolve(back, {
      type: 'RegistrationCancelled',
      data: { previousStatus: 'waitlisted' },
      recordedAt: at(3),
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', waitlistPosition: null, cancelledAt: at(3) });
    const reinstated = evolve(cancelled, {
      type: 'RegistrationConfirmed',
      data: { reinstated: true },
      recordedAt: at(4),
    });
    expect(reinstated).toMatchObject({ status: 'confirmed', cancelledAt: null, confirmedAt: at(4), version: 5 });
  });

  it('is total: any event, any data, any state gives a state and never throws', () => {
    const anyEvent = fc.record({
      type: fc.oneof(fc.constantFrom(...REGISTRATION_EVENT_TYPES), fc.string()),
      data: fc.oneof(
        fc.constant(null),
        fc.jsonValue(),
        fc.dictionary(
          fc.constantFrom('status', 'to', 'position', 'runId', 'notes', 'waitlistPosition'),
          fc.jsonValue(),
        ),
      ),
      recordedAt: fc.option(fc.oneof(fc.date({ noInvalidDate: false }), fc.string()), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 12 }), (events) => {
        const state = foldRegistration(1, events);
        expect(state.version).toBe(events.length);
        expect(['confirmed', 'waitlisted', 'cancelled']).toContain(state.status);
      }),
    );
  });

  it('leaves a stream that never started alone, and ignores a second submission', () => {
    const none = evolve(initialRegistrationState(4), {
      type: 'RegistrationCancelled',
      data: { previousStatus: 'confirmed' },
    });
    expect(none).toEqual({ ...initialRegistrationState(4), version: 1 });
    const once = evolve(none, {
      type: 'RegistrationSubmitted',
      data: { runId: 1, eventId: 1, teamId: null, userId: 1, registeredBy: 1, status: 'confirmed' },
    });
    const twice = evolve(once, {
      type: 'RegistrationSubmitted',
      data: {
        runId: 2,
        eventId: 2,
        teamId: null,
        userId: 2,
        registeredBy: 2,
        status: 'waitlisted',
        waitlistPosition: 1,
      },
    });
    expect(twice).toEqual({ ...once, version: 3 });
  });
});

describe('registration events', () => {
  it('names streams and reads them back', () => {
    expect(registrationStreamId(42)).toBe('registration:42');
    expect(registrationIdOf('registration:42')).toBe(42);
    expect(registrationIdOf('run-order:42')).toBeUndefined();
  });

  it('describes every event in words', () => {
    expect(
      describeRegistrationEvent({ type: 'RegistrationSubmitted', data: { status: 'waitlisted', waitlistPosition: 3 } }),
    ).toBe('Registered; the run was full, so it joined the waitlist at position 3');
    expect(
      describeRegistrationEvent(
        { type: 'PromotedFromWaitlist', data: { fromPosition: 1 } },
        { registrationId: 12, command: 'Cancel' },
      ),
    ).toBe('Promoted from waitlist position 1 to a confirmed place (after registration 12 was cancelled)');
    expect(describeRegistrationEvent({ type: 'RegistrationCancelled', data: { reason: 'Injured' } })).toBe(
      'Cancelled: Injured',
    );
    for (const type of REGISTRATION_EVENT_TYPES) expect(describeRegistrationEvent({ type, data: {} })).not.toBe('');
    expect(describeRegistrationEvent({ type: 'SomethingNew', data: null })).toBe('SomethingNew');
  });
});
