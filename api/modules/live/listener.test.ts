import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './listener.ts';

describe('reconnectDelay of the LISTEN connection', () => {
  it('doubles from 0.25 s up to 10 s, jittered between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 1))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(125);
    expect(reconnectDelay(20, () => 0)).toBe(5000);
  });
});
