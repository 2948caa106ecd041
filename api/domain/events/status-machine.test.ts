import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import {
  allowedTransitions,
  assertTransition,
  canTransition,
  FINAL_STATUSES,
  isEventStatus,
  isFinalStatus,
  STATUS_TRANSITIONS,
} from './status-machine.ts';
import { EVENT_STATUSES, type EventStatus } from './statuses.ts';

const status = fc.constantFrom(...EVENT_STATUSES);

function refusal(from: EventStatus, to: EventStatus): DomainError {
  try {
    assertTransition(from, to);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`${from} -> ${to} was allowed`);
}

describe('the event status machine', () => {
  it('walks the main line one step at a time, Draft to Completed', () => {
    const line: EventStatus[] = ['Draft', 'Tentative', 'Confirmed', 'Firm', 'In Progress', 'Completed'];
    for (let i = 0; i < line.length - 1; i++) {
      expect(canTransition(line[i] as EventStatus, line[i + 1] as EventStatus)).toBe(true);
      // No skipping ahead, no going back along the line.
      for (let j = i + 2; j < line.length; j++)
        expect(canTransition(line[i] as EventStatus, line[j] as EventStatus)).toBe(false);
      for (let j = 0; j < i; j++) expect(canTransition(line[i] as EventStatus, line[j] as EventStatus)).toBe(false);
    }
  });

  it('lets every status that is not final become Cancelled or To Be Rescheduled', () => {
    for (const from of EVENT_STATUSES) {
      if (isFinalStatus(from)) continue;
      expect(canTransition(from, 'Cancelled'), from).toBe(true);
      if (from !== 'To Be Rescheduled') expect(canTransition(from, 'To Be Rescheduled'), from).toBe(true);
    }
  });

  it('brings a To Be Rescheduled event back as Tentative only (or cancels it)', () => {
    expect(allowedTransitions('To Be Rescheduled')).toEqual(['Tentative', 'Cancelled']);
  });

  it('has exactly Completed and Cancelled as final statuses', () => {
    expect([...FINAL_STATUSES].sort()).toEqual(['Cancelled', 'Completed']);
    expect(allowedTransitions('Completed')).toEqual([]);
    expect(allowedTransitions('Cancelled')).toEqual([]);
  });

  it('lists the allowed targets of each status in the order of the status list', () => {
    expect(allowedTransitions('Draft')).toEqual(['Tentative', 'Cancelled', 'To Be Rescheduled']);
    expect(allowedTransitions('Firm')).toEqual(['In Progress', 'Cancelled', 'To Be Rescheduled']);
    expect(allowedTransitions('In Progress')).toEqual(['Completed', 'Cancelled', 'To Be Rescheduled']);
  });

  it('never treats the current status as a transition, and knows only the eight statuses', () => {
    fc.assert(fc.property(status, (s) => !canTransition(s, s)));
    expect(Object.keys(STATUS_TRANSITIONS).sort()).toEqual([...EVENT_STATUSES].sort());
    expect(isEventStatus('In Progress')).toBe(true);
    expect(isEventStatus('in progress')).toBe(false);
  });

  it('reaches Completed from every status that is not final (no dead ends)', () => {
    const reachable = (from: EventStatus, seen = new Set<EventStatus>()): Set<EventStatus> => {
      for (const to of STATUS_TRANSITIONS[from]) {
        if (!seen.has(to)) {
          seen.add(to);
          reachable(to, seen);
        }
      }
      return seen;
    };
    for (const from of EVENT_STATUSES) {
      if (!isFinalStatus(from)) expect(reachable(from).has('Completed'), from).toBe(true);
    }
  });

  it('refuses an illegal transition with 409 INVALID_STATUS_TRANSITION naming the allowed targets', () => {
    const error = refusal('Draft', 'Completed');
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('INVALID_STATUS_TRANSITION');
    expect(error.details).toEqual({
      from: 'Draft',
      to: 'Completed',
      allowed: ['Tentative', 'Cancelled', 'To Be Rescheduled'],
    });
    expect(error.message).toBe(
      'An event that is Draft cannot become Completed; from Draft it can become: Tentative, Cancelled, To Be Rescheduled.',
    );
  });

  it('says that a final status is final', () => {
    const error = refusal('Completed', 'In Progress');
    expect(error.details).toEqual({ from: 'Completed', to: 'In Progress', allowed: [] });
    expect(error.message).toContain('Completed is final');
  });

  it('agrees with canTransition for every pair', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        let threw = false;
        try {
          assertTransition(from, to);
        } catch {
          threw = true;
        }
        return threw === !canTransition(from, to);
      }),
    );
  });
});
