import { describe, expect, it } from 'vitest';
import type { ResultsDisplay } from '../../../api/contracts/results.ts';
import { laneResultText, penaltyText, resultsPanel } from './results-view.ts';

const lane = (position: number, over: Partial<ResultsDisplay['heats'][number]['lanes'][number]> = {}) => ({
  position,
  lane: position % 2 === 1 ? ('left' as const) : ('right' as const),
  name: `Runner ${position}`,
  departmentName: 'Regina Fire',
  rawTime: '1:47.32',
  penalties: [],
  officialTime: '1:47.32',
  outcome: 'finished' as const,
  status: 'provisional' as const,
  ...over,
});

const display = (over: Partial<ResultsDisplay> = {}): ResultsDisplay => ({
  runId: 1,
  held: false,
  heats: [
    { heat: 1, lanes: [lane(1), lane(2, { status: 'official' })] },
    {
      heat: 2,
      lanes: [
        lane(3),
        lane(4, { outcome: null, rawTime: null, officialTime: null, status: null }),
        lane(5, { name: null }),
      ],
    },
  ],
  topPlaces: [
    { rank: 1, name: 'Runner 1', departmentName: null, officialTime: '1:47.32', status: 'provisional' },
    { rank: 2, name: 'Runner 2', departmentName: null, officialTime: '1:48.00', status: 'official' },
  ],
  ...over,
});

describe('resultsPanel', () => {
  it('shows the last heat with results and the top places', () => {
    const panel = resultsPanel(display());
    expect(panel?.heat?.heat).toBe(2);
    expect(panel?.heat?.lanes.map((l) => l.position)).toEqual([3, 4]);
    expect(panel?.top).toHaveLength(2);
  });

  it('shows nothing while the results are held or before any result', () => {
    expect(resultsPanel(display({ held: true }))).toBeNull();
    expect(resultsPanel(display({ heats: [], topPlaces: [] }))).toBeNull();
    expect(resultsPanel(undefined)).toBeNull();
  });

  it('keeps only as many top places as asked', () => {
    expect(resultsPanel(display(), 1)?.top).toHaveLength(1);
  });
});

describe('lane texts', () => {
  it('says the official time, or the outcome', () => {
    expect(laneResultText(lane(1, { officialTime: '1:49.32' }))).toBe('1:49.32');
    expect(laneResultText(lane(1, { outcome: 'dnf', rawTime: null, officialTime: null }))).toBe('DNF');
    expect(laneResultText(lane(1, { outcome: null }))).toBe('');
  });

  it('adds the seconds of the 2-second penalties and names every call', () => {
    expect(penaltyText(lane(1))).toBe('');
    expect(
      penaltyText(
        lane(1, {
          penalties: [
            { code: 'missed-step', label: 'Missed step on the descent', count: 2 },
            { code: 'false-start', label: 'False start', count: 1 },
          ],
        }),
      ),
    ).toBe('+6 s: 2× Missed step on the descent, False start');
    expect(
      penaltyText(lane(1, { penalties: [{ code: 'roll-dropped', label: 'Roll dropped off the platform', count: 1 }] })),
    ).toBe('Roll dropped off the platform');
  });
});
