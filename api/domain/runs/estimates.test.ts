import { describe, expect, it } from 'vitest';
import { estimateHeatStarts, type HeatEstimateInput } from './estimates.ts';

const at = (hhmm: string) => new Date(`2027-06-05T${hhmm}:00Z`);
const hhmm = (d: Date | null) => (d ? d.toISOString().slice(11, 16) : null);
const MIN = 60_000;

const plan = (over: Partial<HeatEstimateInput> = {}): HeatEstimateInput => ({
  heatCount: 4,
  scheduledStart: at('10:00'),
  heatDurationMs: 6 * MIN,
  started: null,
  now: at('08:00'),
  ...over,
});

const estimate = (over: Partial<HeatEstimateInput> = {}) => {
  const result = estimateHeatStarts(plan(over));
  return { starts: result.starts.map(hhmm), end: hhmm(result.end) };
};

describe('estimateHeatStarts', () => {
  it('spaces the heats one duration apart from the scheduled start before the run starts', () => {
    expect(estimate()).toEqual({ starts: ['10:00', '10:06', '10:12', '10:18'], end: '10:24' });
  });

  it('starts from now when the scheduled start has passed and the run has not started', () => {
    expect(estimate({ now: at('10:05') })).toEqual({ starts: ['10:05', '10:11', '10:17', '10:23'], end: '10:29' });
  });

  it('waits for the run before it to end', () => {
    expect(estimate({ notBefore: at('10:20') }).starts).toEqual(['10:20', '10:26', '10:32', '10:38']);
    expect(estimate({ notBefore: at('09:00') }).starts[0]).toBe('10:00');
  });

  it('follows the run before it when the run has no scheduled start', () => {
    expect(estimate({ scheduledStart: null, notBefore: at('11:00') }).starts[0]).toBe('11:00');
    expect(estimate({ scheduledStart: null })).toEqual({ starts: [null, null, null, null], end: null });
  });

  it('counts from the heat actually started: running early moves the next heats earlier', () => {
    const early = estimate({ started: { heat: 2, at: at('10:03') }, now: at('10:04') });
    expect(early).toEqual({ starts: [null, '10:03', '10:09', '10:15'], end: '10:21' });
  });

  it('a late start moves every heat after it later', () => {
    const late = estimate({ started: { heat: 2, at: at('10:15') }, now: at('10:16') });
    expect(late.starts).toEqual([null, '10:15', '10:21', '10:27']);
  });

  it('a heat running over its duration pushes the next one to now', () => {
    const over = estimate({ started: { heat: 2, at: at('10:15') }, now: at('10:25') });
    expect(over).toEqual({ starts: [null, '10:15', '10:25', '10:31'], end: '10:37' });
  });

  it('the last heat on the course ends a duration after it started, or now when it runs over', () => {
    expect(estimate({ started: { heat: 4, at: at('10:30') }, now: at('10:31') }).end).toBe('10:36');
    expect(estimate({ started: { heat: 4, at: at('10:30') }, now: at('10:40') }).end).toBe('10:40');
  });

  it('without a duration only the start of heat 1 or the heat on the course is known', () => {
    expect(estimate({ heatDurationMs: null })).toEqual({ starts: ['10:00', null, null, null], end: null });
    expect(estimate({ heatDurationMs: null, started: { heat: 3, at: at('10:20') } })).toEqual({
      starts: [null, null, '10:20', null],
      end: null,
    });
  });

  it('ignores a started heat outside the order and an order without heats', () => {
    expect(estimate({ started: { heat: 9, at: at('10:20') } }).starts[0]).toBe('10:00');
    expect(estimate({ heatCount: 0 })).toEqual({ starts: [], end: null });
  });
});
