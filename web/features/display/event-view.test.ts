import { describe, expect, it } from 'vitest';
import type { ResultsDisplay } from '../../../api/contracts/results.ts';
import { type EventDisplayRun, eventStage, runOver } from './event-view.ts';
import type { DisplayView } from './view.ts';

const lane = (position: number, name: string | null) => ({
  position,
  lane: position % 2 === 1 ? ('left' as const) : ('right' as const),
  name,
  departmentName: null,
  mark: null,
});
/** Two heats of one pair; the second pair's right lane is empty. */
const view = (currentHeat: number): Pick<DisplayView, 'heats' | 'currentHeat'> => ({
  currentHeat,
  heats: [
    { heat: 1, estimatedStart: null, pairs: [{ pair: 1, lanes: [lane(1, 'Ana'), lane(2, 'Ben')] }] },
    { heat: 2, estimatedStart: null, pairs: [{ pair: 2, lanes: [lane(3, 'Cy'), lane(4, null)] }] },
  ],
});
const result = (position: number, outcome: 'finished' | 'dnf' | null) => ({
  ...lane(position, 'x'),
  rawTime: null,
  penalties: [],
  officialTime: null,
  outcome,
  status: null,
});
const results = (heat: number, lanes: ReturnType<typeof result>[], held = false) =>
  ({ held, heats: [{ heat, lanes }] }) satisfies Pick<ResultsDisplay, 'held' | 'heats'>;

describe('runOver', () => {
  it('is over once every competitor of the last heat on the course has a result', () => {
    expect(runOver(view(2), results(2, [result(3, 'dnf')]))).toBe(true);
    expect(runOver(view(2), results(2, [result(3, null)]))).toBe(false);
    expect(runOver(view(2), results(1, [result(1, 'finished'), result(2, 'finished')]))).toBe(false);
  });

  it('is not over before the last heat, while results are held, or without a view', () => {
    expect(runOver(view(1), results(1, [result(1, 'finished'), result(2, 'finished')]))).toBe(false);
    expect(runOver(view(2), results(2, [result(3, 'finished')], true))).toBe(false);
    expect(runOver(undefined, undefined)).toBe(false);
    expect(runOver(view(2), undefined)).toBe(false);
  });
});

describe('eventStage', () => {
  const run = (runId: number): EventDisplayRun => ({
    runId,
    runName: `Run ${runId}`,
    runCategory: 'Open',
    heatCount: 2,
    currentHeat: 1,
    started: false,
    estimatedStart: null,
    version: 1,
  });
  const event = { runningRunId: 1 as number | null, nextRunId: 2 as number | null, runs: [run(1), run(2)] };

  it('shows the run on the course until it is over, then the next run', () => {
    expect(eventStage(event, false)).toEqual({ kind: 'run', runId: 1 });
    expect(eventStage(event, true)).toEqual({ kind: 'between', lastRunId: 1, next: run(2) });
  });

  it('before the first run and after the last, shows what is next (or nothing)', () => {
    expect(eventStage({ ...event, runningRunId: null }, false)).toEqual({
      kind: 'between',
      lastRunId: null,
      next: run(2),
    });
    expect(eventStage({ ...event, nextRunId: null }, true)).toEqual({ kind: 'between', lastRunId: 1, next: null });
  });
});
