import { describe, expect, it } from 'vitest';
import {
  EVENT_STATUS_LABELS,
  eventStatusLabel,
  isPhaseBadgeHidden,
  phaseBadgeClass,
  registrationPhaseLabel,
  registrationPhaseOf,
  scopeBadgeClass,
  statusBadgeClass,
} from './labels.ts';

describe('registration phase', () => {
  it.each([
    ['not_open', 'Coming Soon'],
    ['early', 'Early Bird'],
    ['regular', 'Registration Open'],
    ['late', 'Late Registration'],
    ['closed', 'Registration Closed'],
  ])('%s is labelled %s', (phase, label) => {
    expect(registrationPhaseLabel(phase)).toBe(label);
  });

  it.each([undefined, null, '', 'open', 'EARLY', 42])('unknown value %j falls back to not_open', (value) => {
    expect(registrationPhaseOf(value)).toBe('not_open');
    expect(registrationPhaseLabel(value)).toBe('Coming Soon');
    expect(isPhaseBadgeHidden(value)).toBe(true);
    expect(phaseBadgeClass(value)).toBe(phaseBadgeClass('not_open'));
  });

  it('hides the badge only for not_open', () => {
    expect(isPhaseBadgeHidden('not_open')).toBe(true);
    for (const phase of ['early', 'regular', 'late', 'closed']) expect(isPhaseBadgeHidden(phase)).toBe(false);
  });
});

describe('event status', () => {
  it('knows the 8 statuses', () => {
    expect(EVENT_STATUS_LABELS).toEqual([
      'Draft',
      'Tentative',
      'Confirmed',
      'Firm',
      'In Progress',
      'Completed',
      'Cancelled',
      'To Be Rescheduled',
    ]);
    for (const status of EVENT_STATUS_LABELS) expect(eventStatusLabel(status)).toBe(status);
  });

  it('reads other spellings of known statuses', () => {
    expect(eventStatusLabel('in_progress')).toBe('In Progress');
    expect(eventStatusLabel('TO BE RESCHEDULED')).toBe('To Be Rescheduled');
  });

  it('shows unknown statuses as given', () => {
    expect(eventStatusLabel('Postponed Indefinitely')).toBe('Postponed Indefinitely');
    expect(eventStatusLabel(undefined)).toBe('');
    expect(statusBadgeClass('Postponed Indefinitely')).toBe('bg-slate-100 text-slate-800');
  });
});

describe('badge colours', () => {
  const all = [
    ...['not_open', 'early', 'regular', 'late', 'closed'].map(phaseBadgeClass),
    ...EVENT_STATUS_LABELS.map(statusBadgeClass),
    ...['Local', 'Regional', 'Provincial', 'National', 'International', 'Galactic'].map(scopeBadgeClass),
  ];

  it('pair -800 text with -100 backgrounds of one colour', () => {
    for (const classes of all) {
      const bg = /\bbg-([a-z]+)-100\b/.exec(classes);
      const text = /\btext-([a-z]+)-800\b/.exec(classes);
      expect(bg, classes).not.toBeNull();
      expect(text?.[1], classes).toBe(bg?.[1]);
    }
  });

  it('gives cancelled events a red badge and unknown scopes a neutral one', () => {
    expect(statusBadgeClass('Cancelled')).toContain('red');
    expect(scopeBadgeClass('Galactic')).toBe('bg-slate-100 text-slate-800');
    expect(scopeBadgeClass('national')).toBe(scopeBadgeClass('National'));
  });
});
