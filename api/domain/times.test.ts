import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsToTimeMs, formatTime, parseTime, SEED_TIME_MAX_MS, TIME_MESSAGES, timeMsToDigits } from './times.ts';

describe('formatTime', () => {
  it('shows minutes, seconds and hundredths as m:ss.hh', () => {
    expect(formatTime(107_320)).toBe('1:47.32');
    expect(formatTime(59_990)).toBe('0:59.99');
    expect(formatTime(5_000)).toBe('0:05.00');
    expect(formatTime(3_725_010)).toBe('62:05.01');
  });

  it('rounds to the hundredth and carries into the next second and minute', () => {
    expect(formatTime(107_324)).toBe('1:47.32');
    expect(formatTime(107_325)).toBe('1:47.33');
    expect(formatTime(59_996)).toBe('1:00.00');
  });

  it('is empty for a missing or impossible time', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime(-1)).toBe('');
    expect(formatTime(Number.NaN)).toBe('');
  });
});

describe('parseTime', () => {
  it('reads m:ss.hh, m:ss.h and m:ss', () => {
    expect(parseTime('1:47.32')).toEqual({ ok: true, ms: 107_320 });
    expect(parseTime('1:47.3')).toEqual({ ok: true, ms: 107_300 });
    expect(parseTime('1:47')).toEqual({ ok: true, ms: 107_000 });
    expect(parseTime(' 12:05.01 ')).toEqual({ ok: true, ms: 725_010 });
  });

  it('reads seconds alone under a minute', () => {
    expect(parseTime('47.32')).toEqual({ ok: true, ms: 47_320 });
    expect(parseTime('5')).toEqual({ ok: true, ms: 5_000 });
  });

  it('gives no time for blank text', () => {
    expect(parseTime('')).toEqual({ ok: true, ms: null });
    expect(parseTime('   ')).toEqual({ ok: true, ms: null });
  });

  it('refuses anything that is not a time to the hundredth', () => {
    for (const text of [
      'abc',
      '1:60.00',
      '1:7.32',
      '1:47.325',
      '107.32',
      '1:47:32',
      '-1:47.32',
      '1,47.32',
      ':47',
      '1:47.',
    ]) {
      expect(parseTime(text), text).toEqual({ ok: false, message: TIME_MESSAGES.format });
    }
  });

  it('keeps to 0:00.01..60:00.00', () => {
    expect(parseTime('0:00.00')).toEqual({ ok: false, message: TIME_MESSAGES.range });
    expect(parseTime('60:00.01')).toEqual({ ok: false, message: TIME_MESSAGES.range });
    expect(parseTime('60:00.00')).toEqual({ ok: true, ms: SEED_TIME_MAX_MS });
    expect(parseTime('0:00.01')).toEqual({ ok: true, ms: 10 });
  });

  it('round-trips with formatTime', () => {
    for (const ms of [10, 47_320, 107_320, 599_990, SEED_TIME_MAX_MS]) {
      const parsed = parseTime(formatTime(ms));
      expect(parsed).toEqual({ ok: true, ms });
    }
  });
});

describe('digitsToTimeMs', () => {
  it('fills from the right: hundredths, seconds, minutes', () => {
    expect(digitsToTimeMs('14732')).toBe(107_320);
    expect(digitsToTimeMs('5')).toBe(50);
    expect(digitsToTimeMs('4732')).toBe(47_320);
    expect(digitsToTimeMs('104732')).toBe(647_320);
    expect(digitsToTimeMs('0014732')).toBe(107_320);
    expect(digitsToTimeMs('600000')).toBe(SEED_TIME_MAX_MS);
  });

  it('is null for no time, anything but digits, 60 seconds or more, or out of range', () => {
    for (const digits of ['', '0', '000', '6000', '16000', '600001', '1:47.32', ' 14732', '-5', '1e3', '123456789']) {
      expect(digitsToTimeMs(digits), digits).toBeNull();
    }
  });

  it('round-trips with timeMsToDigits and agrees with parseTime', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 360_000 }), (hundredths) => {
        const ms = hundredths * 10;
        const digits = timeMsToDigits(ms);
        expect(digitsToTimeMs(digits)).toBe(ms);
        expect(parseTime(formatTime(ms))).toEqual({ ok: true, ms });
      }),
    );
    expect(timeMsToDigits(107_320)).toBe('14732');
    expect(timeMsToDigits(50)).toBe('5');
    expect(timeMsToDigits(null)).toBe('');
  });
});
