import { describe, expect, it } from 'vitest';
import { nextHeatStep } from './current-heat.ts';

const STARTED = '2027-06-05T10:00:00.000Z';

describe('nextHeatStep', () => {
  it('starts the heat shown as current before the run starts', () => {
    expect(nextHeatStep({ currentHeat: 1, heatCount: 4, currentHeatStartedAt: null })).toEqual({
      heat: 1,
      label: 'Start heat 1',
    });
    expect(nextHeatStep({ currentHeat: 3, heatCount: 4, currentHeatStartedAt: undefined })?.heat).toBe(3);
  });

  it('moves to the heat after the one on the course, and stops after the last', () => {
    expect(nextHeatStep({ currentHeat: 2, heatCount: 4, currentHeatStartedAt: STARTED })).toEqual({
      heat: 3,
      label: 'Next heat',
    });
    expect(nextHeatStep({ currentHeat: 4, heatCount: 4, currentHeatStartedAt: STARTED })).toBeNull();
  });

  it('has nothing to do without heats', () => {
    expect(nextHeatStep({ currentHeat: 1, heatCount: 0, currentHeatStartedAt: null })).toBeNull();
  });
});
