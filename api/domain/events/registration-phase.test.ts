import { describe, expect, it } from 'vitest';
import { registrationPhaseOn } from './registration-phase.ts';

const dates = {
  opensOn: '2026-01-10',
  earlyBirdEndsOn: '2026-02-01',
  lateStartsOn: '2026-03-01',
  closesOn: '2026-03-15',
};

describe('registration phase', () => {
  it.each([
    ['2026-01-09', 'not_open'],
    ['2026-01-10', 'early'],
    ['2026-02-01', 'early'],
    ['2026-02-02', 'regular'],
    ['2026-02-28', 'regular'],
    ['2026-03-01', 'late'],
    ['2026-03-15', 'late'],
    ['2026-03-16', 'closed'],
  ])('on %s is %s', (today, phase) => {
    expect(registrationPhaseOn(dates, today)).toBe(phase);
  });

  it('is not_open when no opening day is set', () => {
    expect(
      registrationPhaseOn({ opensOn: null, earlyBirdEndsOn: null, lateStartsOn: null, closesOn: null }, '2026-05-01'),
    ).toBe('not_open');
  });

  it('goes straight from open to closed without the optional deadlines', () => {
    const plain = { opensOn: '2026-01-01', earlyBirdEndsOn: null, lateStartsOn: null, closesOn: '2026-01-31' };
    expect(registrationPhaseOn(plain, '2026-01-15')).toBe('regular');
    expect(registrationPhaseOn(plain, '2026-02-01')).toBe('closed');
  });
});
