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
    timeZone: 'America/Toronto',
  };

  it('names the heat, pair and lane, with the estimated start at the venue when known', () => {
    expect(myHeatText(entry)).toBe('Heat 2, pair 3, right lane');
    // 10:42Z is 6:42 in Toronto in June; labelled unless the viewer is on Toronto's clock too.
    const here = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).resolvedOptions().timeZone;
    const label = ['America/Toronto', 'America/New_York', 'America/Montreal'].includes(here) ? '' : ' EDT';
    expect(myHeatText({ ...entry, estimatedStart: '2027-06-05T10:42:00Z' })).toBe(
      `Heat 2, pair 3, right lane, estimated at 06:42${label}`,
    );
    expect(myHeatText({ ...entry, estimatedStart: '2027-06-05T10:42:00Z', timeZone: here })).toBe(
      'Heat 2, pair 3, right lane, estimated at ' +
        new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
          new Date('2027-06-05T10:42:00Z'),
        ),
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
