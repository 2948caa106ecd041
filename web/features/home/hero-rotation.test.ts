import { describe, expect, it } from 'vitest';
import { HERO_FADE_MS, HERO_FALLBACK_MS, HERO_PLAYBACK_RATE, nextSlide } from './hero-rotation.ts';

describe('hero rotation', () => {
  it('moves to the next of three clips and wraps round', () => {
    expect([0, 1, 2].map((i) => nextSlide(i, 3))).toEqual([1, 2, 0]);
    expect(nextSlide(0, 0)).toBe(0);
  });

  it('uses the specified timings', () => {
    expect(HERO_FALLBACK_MS).toBe(7000);
    expect(HERO_FADE_MS).toBe(2000);
    expect(HERO_PLAYBACK_RATE).toBe(0.85);
  });
});
