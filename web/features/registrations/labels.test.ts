import { describe, expect, it } from 'vitest';
import {
  entrantLabel,
  historyActorLabel,
  historyTime,
  historyTitle,
  historyTone,
  namedSummary,
  placesLeftLabel,
  placesTakenLabel,
  placesTakenPercent,
  runKindLabel,
  runTypeLabel,
  waitlistPositionLabel,
} from './labels.ts';
import { isRegistrationStatus } from './statuses.ts';

describe('statuses and places', () => {
  it('knows the three statuses', () => {
    expect(isRegistrationStatus('waitlisted')).toBe(true);
    expect(isRegistrationStatus('pending')).toBe(false);
  });

  it("names a waitlist position, '#3 on the waitlist'", () => {
    expect(waitlistPositionLabel(3)).toBe('#3 on the waitlist');
    expect(waitlistPositionLabel(null)).toBeUndefined();
    expect(waitlistPositionLabel(0)).toBeUndefined();
  });

  it("says '18 of 20 places taken', and what is left", () => {
    expect(placesTakenLabel(18, 20)).toBe('18 of 20 places taken');
    expect(placesTakenLabel(1, 1)).toBe('1 of 1 place taken');
    expect(placesTakenLabel(22, 20)).toBe('22 of 20 places taken');
    expect(placesLeftLabel(0)).toBe('No places left');
    expect(placesLeftLabel(1)).toBe('1 place left');
    expect(placesLeftLabel(4)).toBe('4 places left');
  });

  it('fills the bar from 0 to 100', () => {
    expect(placesTakenPercent(18, 20)).toBe(90);
    expect(placesTakenPercent(25, 20)).toBe(100);
    expect(placesTakenPercent(0, 20)).toBe(0);
    expect(placesTakenPercent(0, 0)).toBe(100);
  });

  it('names the format and category of a run', () => {
    expect(runTypeLabel('tech2')).toBe('Tech2 Relay');
    expect(runTypeLabel('unknown')).toBe('unknown');
    expect(runKindLabel({ type: 'relay', category: 'Men' })).toBe('Relay · Men');
  });

  it("shows a team as its team, one's own entry as 'Yourself', anyone else by name", () => {
    expect(entrantLabel({ teamName: 'Kamloops A', userId: null, entrantName: 'Kamloops A' }, 3)).toBe(
      'Team Kamloops A',
    );
    expect(entrantLabel({ teamName: null, userId: 3, entrantName: 'Dana Okoye' }, 3)).toBe('Yourself');
    expect(entrantLabel({ teamName: null, userId: 4, entrantName: 'Eli Fournier' }, 3)).toBe('Eli Fournier');
  });
});

describe('history labels', () => {
  const title = (type: string, data: Record<string, unknown> = {}) => historyTitle({ type, data });

  it('reads every event of a registration stream', () => {
    expect(title('RegistrationSubmitted', { status: 'confirmed' })).toBe('Registered');
    expect(title('RegistrationSubmitted', { status: 'waitlisted', waitlistPosition: 3 })).toBe(
      'Registered onto the waitlist at position 3',
    );
    expect(title('RegistrationConfirmed', {})).toBe('Confirmed');
    expect(title('RegistrationConfirmed', { reinstated: true })).toBe('Reinstated');
    expect(title('RegistrationCancelled', { previousStatus: 'confirmed' })).toBe('Cancelled');
    expect(title('RegistrationWaitlisted', { position: 4 })).toBe('Back on the waitlist at position 4');
    expect(title('WaitlistPositionChanged', { from: 3, to: 2 })).toBe('Moved to waitlist position 2');
    expect(title('PromotedFromWaitlist', { fromPosition: 1 })).toBe('Promoted from waitlist');
    expect(title('RegistrationUpdated', { notes: 'Bring a spare' })).toBe('Notes changed');
    expect(title('RegistrationUpdated', { notes: null })).toBe('Notes cleared');
    expect(title('RegistrationSoftDeleted', { previousStatus: 'confirmed' })).toBe('Deleted');
    expect(title('RegistrationRestored', { status: 'confirmed' })).toBe('Restored');
    expect(title('HybridOptedIn')).toBe('Opted in to hybrid');
  });

  it('copes with missing data and unknown events', () => {
    expect(title('WaitlistPositionChanged', { to: 'x' })).toBe('Moved on the waitlist');
    expect(title('RegistrationSubmitted', { status: 'waitlisted' })).toBe('Registered onto the waitlist');
    expect(title('RegistrationTransferredToRun')).toBe('Registration transferred to run');
    expect(historyTitle({ type: 'PromotedFromWaitlist', data: undefined as unknown as Record<string, unknown> })).toBe(
      'Promoted from waitlist',
    );
  });

  it('colours good, waiting and bad news', () => {
    expect(historyTone('PromotedFromWaitlist')).toBe('good');
    expect(historyTone('WaitlistPositionChanged')).toBe('waiting');
    expect(historyTone('RegistrationCancelled')).toBe('bad');
    expect(historyTone('RegistrationSubmitted')).toBe('neutral');
  });

  it('names the actor, else their account number, else the system', () => {
    expect(historyActorLabel({ actorId: 4, actorName: 'Morgan Lessard' })).toBe('by Morgan Lessard');
    expect(historyActorLabel({ actorId: 4, actorName: null })).toBe('by account #4');
    expect(historyActorLabel({ actorId: null, actorName: null })).toBe('by the system');
  });

  it('gives the moment with its time', () => {
    expect(historyTime('2026-06-03T14:14:00.000Z', 'UTC')).toBe('Jun 3, 2026, 2:14 PM');
    expect(historyTime('2026-06-03T14:14:00.000Z', 'America/Vancouver')).toBe('Jun 3, 2026, 7:14 AM');
    expect(historyTime('not a date')).toBe('');
  });

  it('names the registrations a summary mentions, where they are known', () => {
    const names = new Map([[12, 'Kamloops A']]);
    expect(
      namedSummary(
        'Promoted from waitlist position 1 to a confirmed place (after registration 12 was cancelled)',
        names,
      ),
    ).toBe('Promoted from waitlist position 1 to a confirmed place (after Kamloops A was cancelled)');
    expect(namedSummary('Waitlist position changed from 2 to 1 (after registration 7 was deleted)', names)).toContain(
      'registration 7',
    );
  });
});
