import { describe, expect, it } from 'vitest';
import { allowedTransitions } from '../../../api/domain/events/status-machine.ts';
import { EVENT_STATUSES } from '../../../api/domain/events/statuses.ts';
import { finalStatusNote, transitionChoices } from './status.ts';

describe('transitionChoices', () => {
  it('offers exactly the transitions the status machine allows, from every status', () => {
    for (const status of EVENT_STATUSES) {
      expect(
        transitionChoices(status)
          .map((c) => c.to)
          .sort(),
      ).toEqual([...allowedTransitions(status)].sort());
    }
  });

  it('puts the next step of the main line first, then postpone, then cancel', () => {
    expect(transitionChoices('Draft').map((c) => [c.to, c.label, c.tone])).toEqual([
      ['Tentative', 'Publish as Tentative', 'primary'],
      ['To Be Rescheduled', 'Postpone', 'secondary'],
      ['Cancelled', 'Cancel event', 'danger'],
    ]);
    expect(transitionChoices('Firm').map((c) => c.label)).toEqual(['Start (In Progress)', 'Postpone', 'Cancel event']);
    expect(transitionChoices('To Be Rescheduled').map((c) => c.label)).toEqual(['Back to Tentative', 'Cancel event']);
  });

  it('offers nothing from a final status, and says why', () => {
    expect(transitionChoices('Completed')).toEqual([]);
    expect(transitionChoices('Cancelled')).toEqual([]);
    expect(finalStatusNote('Cancelled')).toBe('Cancelled is final: the status cannot change any more.');
    expect(finalStatusNote('Firm')).toBeUndefined();
  });

  it('warns in the confirmation when a change is final', () => {
    const completed = transitionChoices('In Progress').find((c) => c.to === 'Completed');
    expect(completed?.final).toBe(true);
    expect(completed?.consequence).toMatch(/final/);
    expect(completed?.title('Red Deer Firefit')).toBe('Mark Red Deer Firefit as Completed?');
    const cancel = transitionChoices('Tentative').find((c) => c.to === 'Cancelled');
    expect(cancel?.final).toBe(true);
    expect(cancel?.consequence).toMatch(/final/);
    expect(transitionChoices('Confirmed').find((c) => c.to === 'Firm')?.final).toBe(false);
  });
});
