import { describe, expect, it } from 'vitest';
import { myHeatText } from './heat-text.ts';

describe('myHeatText', () => {
  const entry = {
    heat: 2,
    pair: 3,
    lane: 'right' as const,
    currentHeat: 1,
    started: false,
    estimatedStart: null,
    mark: null,
  };

  it('names the heat, pair and lane, with the estimated start when known', () => {
    expect(myHeatText(entry)).toBe('Heat 2, pair 3, right lane');
    expect(myHeatText({ ...entry, estimatedStart: '2027-06-05T10:42:00Z' })).toMatch(
      /^Heat 2, pair 3, right lane, estimated at \d\d:\d\d$/,
    );
  });

  it('says when the heat is on the course or already run', () => {
    expect(myHeatText({ ...entry, started: true, currentHeat: 2 })).toBe(
      'Heat 2, pair 3, right lane: on the course now',
    );
    expect(myHeatText({ ...entry, started: true, currentHeat: 3 })).toBe('Heat 2, pair 3, right lane: already run');
  });

  it('says a scratch or a no-show instead of a start, whatever the heat', () => {
    expect(myHeatText({ ...entry, started: true, currentHeat: 2, mark: 'scratched' })).toBe(
      'Heat 2, pair 3, right lane: Scratched, will not run',
    );
    expect(myHeatText({ ...entry, estimatedStart: '2027-06-05T10:42:00Z', mark: 'no-show' })).toBe(
      'Heat 2, pair 3, right lane: No-show, will not run',
    );
  });
});
