import { describe, expect, it } from 'vitest';
import {
  type DisplayHeat,
  type DisplayView,
  deckDensity,
  densityOf,
  displayChanges,
  displayStage,
  EMPTY_LANE,
  heatLabel,
  pairLanes,
  runTitle,
} from './view.ts';

type Entry = [string, string | null] | null;

/** Heats of `heatSize` pairs from a flat list of positions (each a [name, department] or empty). */
function view(entries: Entry[], options: { heatSize?: number; currentHeat?: number } = {}): DisplayView {
  const heatSize = options.heatSize ?? 2;
  const pairCount = Math.ceil(entries.length / 2);
  const heats: DisplayHeat[] = [];
  for (let pair = 1; pair <= pairCount; pair++) {
    const heat = Math.ceil(pair / heatSize);
    if (!heats[heat - 1]) heats[heat - 1] = { heat, estimatedStart: null, pairs: [] };
    const lanes = [pair * 2 - 1, pair * 2]
      .filter((p) => p <= entries.length)
      .map((position) => {
        const entry = entries[position - 1] ?? null;
        return {
          position,
          lane: position % 2 === 1 ? ('left' as const) : ('right' as const),
          name: entry?.[0] ?? null,
          departmentName: entry?.[1] ?? null,
          mark: null,
        };
      });
    heats[heat - 1]?.pairs.push({ pair, lanes });
  }
  return {
    runId: 1,
    runName: 'Individual: Open Men',
    runCategory: 'Open Men',
    eventName: 'Red Deer Classic',
    timeZone: 'America/Edmonton',
    version: 3,
    heatSize,
    currentHeat: options.currentHeat ?? 1,
    currentHeatStartedAt: null,
    heats,
  };
}

const names = (n: number): Entry[] => Array.from({ length: n }, (_, i) => [`Person ${i + 1}`, `Dept ${i + 1}`]);

describe('displayStage', () => {
  it('is "coming soon" while the run has no order', () => {
    expect(displayStage(view([]))).toEqual({ kind: 'coming-soon' });
  });

  it('shows the current heat now, the next on deck and the following three', () => {
    const stage = displayStage(view(names(24), { currentHeat: 2 }));
    if (stage.kind !== 'running') throw new Error(stage.kind);
    expect(stage.now.heat).toBe(2);
    expect(stage.onDeck?.heat).toBe(3);
    expect(stage.later.map((h) => h.heat)).toEqual([4, 5, 6]);
    expect(stage.heatCount).toBe(6);
  });

  it('lists fewer heats near the end of the run', () => {
    const stage = displayStage(view(names(24), { currentHeat: 5 }));
    if (stage.kind !== 'running') throw new Error(stage.kind);
    expect(stage.onDeck?.heat).toBe(6);
    expect(stage.later).toEqual([]);
    const last = displayStage(view(names(24), { currentHeat: 6 }));
    if (last.kind !== 'running') throw new Error(last.kind);
    expect(last.now.heat).toBe(6);
    expect(last.onDeck).toBeNull();
  });

  it('takes as many later heats as asked', () => {
    const stage = displayStage(view(names(24), { currentHeat: 1 }), 2);
    if (stage.kind !== 'running') throw new Error(stage.kind);
    expect(stage.later.map((h) => h.heat)).toEqual([3, 4]);
    const none = displayStage(view(names(24), { currentHeat: 1 }), 0);
    expect(none.kind === 'running' && none.later).toEqual([]);
  });

  it('starts at the first heat when the current one is before it', () => {
    const stage = displayStage(view(names(8), { currentHeat: 0 }));
    expect(stage.kind === 'running' && stage.now.heat).toBe(1);
  });

  it('is finished once the current heat is past the last', () => {
    expect(displayStage(view(names(8), { currentHeat: 3 }))).toEqual({ kind: 'finished', heatCount: 2 });
  });

  it('does not depend on the order the heats are listed in', () => {
    const v = view(names(12), { currentHeat: 1 });
    const stage = displayStage({ ...v, heats: [...v.heats].reverse() });
    if (stage.kind !== 'running') throw new Error(stage.kind);
    expect([stage.now.heat, stage.onDeck?.heat, ...stage.later.map((h) => h.heat)]).toEqual([1, 2, 3]);
  });
});

describe('pairLanes', () => {
  it('splits a pair into its left and right lane', () => {
    const pair = view(names(2)).heats[0]?.pairs[0];
    if (!pair) throw new Error('no pair');
    expect(pairLanes(pair)).toEqual({
      left: { position: 1, name: 'Person 1', departmentName: 'Dept 1', empty: false },
      right: { position: 2, name: 'Person 2', departmentName: 'Dept 2', empty: false },
    });
  });

  it('shows an empty lane as a dash, and a missing one too', () => {
    const empty = view([['Solo', null], null]).heats[0]?.pairs[0];
    const odd = view([['Alone', 'Calgary Fire']]).heats[0]?.pairs[0];
    if (!empty || !odd) throw new Error('no pair');
    expect(pairLanes(empty)).toEqual({
      left: { position: 1, name: 'Solo', departmentName: null, empty: false },
      right: { position: 2, name: EMPTY_LANE, departmentName: null, empty: true },
    });
    expect(pairLanes(odd).right).toEqual({ position: null, name: EMPTY_LANE, departmentName: null, empty: true });
  });

  it('carries a scratch or no-show with the name', () => {
    const pair = view(names(2)).heats[0]?.pairs[0];
    if (!pair) throw new Error('no pair');
    const marked = {
      ...pair,
      lanes: pair.lanes.map((l) => (l.position === 2 ? { ...l, mark: 'no-show' as const } : l)),
    };
    expect(pairLanes(marked).right).toEqual({
      position: 2,
      name: 'Person 2',
      departmentName: 'Dept 2',
      empty: false,
      mark: 'no-show',
    });
    expect(pairLanes(marked).left.mark).toBeUndefined();
  });

  it('treats a blank name as empty', () => {
    const pair = view([
      ['  ', 'Dept'],
      ['B', '  '],
    ]).heats[0]?.pairs[0];
    if (!pair) throw new Error('no pair');
    expect(pairLanes(pair).left.empty).toBe(true);
    expect(pairLanes(pair).right.departmentName).toBeNull();
  });
});

describe('displayChanges', () => {
  it('reports nothing on the first view or when the order first appears', () => {
    expect(displayChanges(undefined, view(names(4))).positions.size).toBe(0);
    expect(displayChanges(view([]), view(names(4))).positions.size).toBe(0);
  });

  it('reports the positions whose occupant changed', () => {
    const before = view(names(6));
    const swapped = names(6);
    [swapped[1], swapped[4]] = [swapped[4] ?? null, swapped[1] ?? null];
    const changes = displayChanges(before, view(swapped));
    expect([...changes.positions].sort()).toEqual([2, 5]);
    expect(changes.currentHeat).toBe(false);
  });

  it('reports a lane emptied, filled or moved to another department', () => {
    const before = view(names(4));
    const after = names(4);
    after[0] = null;
    after[2] = ['Person 3', 'Another Dept'];
    expect([...displayChanges(before, view(after)).positions].sort()).toEqual([1, 3]);
    const filled = displayChanges(view(after), view(names(4)));
    expect([...filled.positions].sort()).toEqual([1, 3]);
  });

  it('reports new positions and a moved current heat', () => {
    const changes = displayChanges(view(names(4), { currentHeat: 1 }), view(names(6), { currentHeat: 2 }));
    expect([...changes.positions]).toEqual([5, 6]);
    expect(changes.currentHeat).toBe(true);
  });

  it('reports nothing when nothing changed', () => {
    const changes = displayChanges(view(names(6)), view(names(6)));
    expect(changes.positions.size).toBe(0);
    expect(changes.currentHeat).toBe(false);
  });
});

describe('labels', () => {
  it('counts heats', () => {
    expect(heatLabel(3, 12)).toBe('Heat 3 of 12');
  });

  it('leaves out a category the run name already says', () => {
    expect(runTitle({ runName: 'Individual: Open Men', runCategory: 'Open Men' })).toEqual({
      name: 'Individual: Open Men',
      category: null,
    });
    expect(runTitle({ runName: 'Relay', runCategory: 'Women' })).toEqual({ name: 'Relay', category: 'Women' });
    expect(runTitle({ runName: 'Tandem', runCategory: '' })).toEqual({ name: 'Tandem', category: null });
  });

  it('never sets the heat on deck bigger than the one on the course', () => {
    expect(deckDensity(3, 3)).toBe('roomy');
    expect(deckDensity(8, 4)).toBe('dense');
    expect(deckDensity(2, 5)).toBe('snug');
  });

  it('sets a small heat in the biggest type', () => {
    expect(densityOf(1)).toBe('roomy');
    expect(densityOf(3)).toBe('roomy');
    expect(densityOf(5)).toBe('snug');
    expect(densityOf(20)).toBe('dense');
  });
});
