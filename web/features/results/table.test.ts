import { describe, expect, it } from 'vitest';
import {
  firstLaneOfHeat,
  lanesOf,
  laneWarnings,
  provisionalRank,
  rankLabel,
  stepLane,
  timedResults,
  valueOfResult,
} from './table.ts';
import { resultOf, timingView } from './test-fixtures.ts';

describe('lanes in running order', () => {
  const view = timingView([11, 12, null, 14, 15, null]);
  const lanes = lanesOf(view);

  it('walks heat by heat, pair by pair, left lane then right', () => {
    expect(lanes.map((l) => [l.heat, l.pair, l.lane, l.registrationId])).toEqual([
      [1, 1, 'left', 11],
      [1, 1, 'right', 12],
      [1, 2, 'left', null],
      [1, 2, 'right', 14],
      [2, 3, 'left', 15],
      [2, 3, 'right', null],
    ]);
  });

  it('skips lanes with nobody in them, both ways, and stops at the ends', () => {
    expect(stepLane(lanes, 1)).toBe(3);
    expect(stepLane(lanes, 3, -1)).toBe(1);
    expect(stepLane(lanes, 4)).toBe(-1);
    expect(stepLane(lanes, 0, -1)).toBe(-1);
  });

  it('finds the first lane of a heat', () => {
    expect(firstLaneOfHeat(lanes, 2)).toBe(4);
    expect(firstLaneOfHeat(lanes, 3)).toBe(-1);
  });
});

describe('saved values', () => {
  it('spells penalties out one entry per call and keeps a disqualified time finished', () => {
    const result = resultOf(1, {
      penalties: [
        { code: 'missed-step', label: 'Missed step on the descent', count: 2 },
        { code: 'roll-dropped', label: 'Roll dropped off the platform', count: 1 },
      ],
      outcome: 'dq',
    });
    expect(valueOfResult(result)).toEqual({
      rawTimeMs: 100_000,
      outcome: 'finished',
      penalties: ['missed-step', 'missed-step', 'roll-dropped'],
    });
    expect(valueOfResult(resultOf(2, { rawTimeMs: null, outcome: 'dns' }))).toMatchObject({ outcome: 'dns' });
    expect(valueOfResult(resultOf(3, { recorded: false }))).toBeNull();
    expect(valueOfResult(null)).toBeNull();
  });
});

describe('provisional rank', () => {
  const view = timingView([1, 2, 3, 4], {
    1: resultOf(1, { rawTimeMs: 100_000, officialTimeMs: 102_000 }),
    2: resultOf(2, { rawTimeMs: 101_000, officialTimeMs: 101_000 }),
    3: resultOf(3, { rawTimeMs: null, officialTimeMs: null, outcome: 'dnf' }),
  });
  const timed = timedResults(view);

  it('ranks by official time, then raw time, every recorded time counting', () => {
    expect(provisionalRank(timed, 4, { rawTimeMs: 99_000, outcome: 'finished', penalties: [] })).toBe(1);
    expect(provisionalRank(timed, 4, { rawTimeMs: 101_500, outcome: 'finished', penalties: [] })).toBe(2);
    // 1:40.00 + 2 s = 1:42.00: runner 1's official and raw times, so the place is shared.
    expect(provisionalRank(timed, 4, { rawTimeMs: 100_000, outcome: 'finished', penalties: ['false-start'] })).toBe(2);
    // 1:42.00 clean: runner 1's official time, but a slower raw time.
    expect(provisionalRank(timed, 4, { rawTimeMs: 102_000, outcome: 'finished', penalties: [] })).toBe(3);
  });

  it('leaves the entrant itself out, and ranks nothing for DNF, DNS, DQ', () => {
    expect(provisionalRank(timed, 2, { rawTimeMs: 101_000, outcome: 'finished', penalties: [] })).toBe(1);
    expect(provisionalRank(timed, 4, { rawTimeMs: null, outcome: 'dns', penalties: [] })).toBeNull();
    expect(
      provisionalRank(timed, 4, { rawTimeMs: 90_000, outcome: 'finished', penalties: ['roll-dropped'] }),
    ).toBeNull();
    expect(provisionalRank(timed, 4, null)).toBeNull();
  });
});

describe('warnings before saving', () => {
  const view = timingView([1, 2], { 1: resultOf(1, { rawTimeMs: 100_000 }) });
  const lanes = lanesOf(view);

  it('flags the same time as another entry of the heat, and a time faster than the best ever', () => {
    const codes = laneWarnings(
      lanes[1] as (typeof lanes)[number],
      { rawTimeMs: 100_000, outcome: 'finished', penalties: [] },
      {
        bestEverMs: 100_500,
        lanes,
      },
    ).map((w) => w.code);
    expect(codes).toEqual(['faster-than-run-best', 'same-time']);
  });

  it('says nothing for an ordinary time or a DNF', () => {
    const lane = lanes[1] as (typeof lanes)[number];
    expect(
      laneWarnings(lane, { rawTimeMs: 110_000, outcome: 'finished', penalties: [] }, { bestEverMs: 90_000, lanes }),
    ).toEqual([]);
    expect(
      laneWarnings(lane, { rawTimeMs: null, outcome: 'dnf', penalties: [] }, { bestEverMs: 90_000, lanes }),
    ).toEqual([]);
  });
});

describe('rank label', () => {
  const official = resultOf(1, { status: 'official' });
  const provisional = resultOf(1, { status: 'provisional' });

  it('reads "Rank N" for a saved official result, marked provisional otherwise', () => {
    expect(rankLabel(1, { result: official, dirty: false })).toBe('Rank 1');
    expect(rankLabel(2, { result: provisional, dirty: false })).toBe('Rank 2 (provisional)');
    // Being changed: the change makes it provisional again; not saved yet: provisional.
    expect(rankLabel(1, { result: official, dirty: true })).toBe('Rank 1 (provisional)');
    expect(rankLabel(3, { result: null, dirty: true })).toBe('Rank 3 (provisional)');
    expect(rankLabel(3, { result: { ...official, recorded: false }, dirty: false })).toBe('Rank 3 (provisional)');
  });

  it('is empty without a rank', () => {
    expect(rankLabel(null, { result: official, dirty: false })).toBe('');
  });
});
