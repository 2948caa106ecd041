import { describe, expect, it } from 'vitest';
import { fitScale, MIN_FIT } from './fit.ts';

describe('fitScale', () => {
  it('keeps the scale when the content fits', () => {
    expect(fitScale(1, 900, 900)).toBe(1);
    expect(fitScale(1, 900, 400)).toBe(1);
    expect(fitScale(0.8, 900, 900.4)).toBe(0.8);
  });

  it('shrinks in proportion, a little more than exactly', () => {
    const next = fitScale(1, 900, 1200);
    expect(next).toBeLessThan(0.75);
    expect(next).toBeGreaterThan(0.7);
    expect(fitScale(0.5, 900, 1000)).toBeLessThan(0.45);
  });

  it('never goes below the floor', () => {
    expect(fitScale(1, 100, 5000)).toBe(MIN_FIT);
    expect(fitScale(MIN_FIT, 100, 5000)).toBe(MIN_FIT);
  });

  it('ignores a box not laid out yet', () => {
    expect(fitScale(1, 0, 500)).toBe(1);
    expect(fitScale(1, 500, 0)).toBe(1);
    expect(fitScale(1, Number.NaN, 500)).toBe(1);
  });
});
