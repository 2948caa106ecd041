/**
 * What the venue display shows, derived from GET /api/run-orders/run/{runId}/display: the heat on the
 * course now, the one on deck and the few after it; each pair as its left and right lane; and which
 * lanes changed since the last view (to highlight them). Pure, so it is tested without a browser.
 */
import type { RunOrderDisplay } from '../../../api/contracts/run-orders.ts';
import type { EntrantMark } from '../../../api/domain/run-orders/events.ts';

export type DisplayView = RunOrderDisplay;
export type DisplayHeat = RunOrderDisplay['heats'][number];
export type DisplayPair = DisplayHeat['pairs'][number];
export type DisplayLane = DisplayPair['lanes'][number];

/** How many heats after the one on deck the display lists, smaller. */
export const LATER_HEATS = 3;

/** Shown in a lane with nobody in it. */
export const EMPTY_LANE = '—';

export type DisplayStage =
  /** No run order yet (or one with no positions): "coming soon". */
  | { kind: 'coming-soon' }
  /** The current heat is past the last one: every heat has run. */
  | { kind: 'finished'; heatCount: number }
  | { kind: 'running'; now: DisplayHeat; onDeck: DisplayHeat | null; later: DisplayHeat[]; heatCount: number };

/**
 * The heats to show given the current heat. A current heat before the first one shows the first; one
 * past the last means the run is over. Heats are taken in their listed order after the current one.
 */
export function displayStage(view: Pick<DisplayView, 'heats' | 'currentHeat'>, laterCount = LATER_HEATS): DisplayStage {
  const heats = [...view.heats].sort((a, b) => a.heat - b.heat);
  const last = heats.at(-1);
  if (!last) return { kind: 'coming-soon' };
  if (view.currentHeat > last.heat) return { kind: 'finished', heatCount: heats.length };
  const index = Math.max(
    0,
    heats.findIndex((h) => h.heat >= view.currentHeat),
  );
  const now = heats[index] as DisplayHeat;
  return {
    kind: 'running',
    now,
    onDeck: heats[index + 1] ?? null,
    later: heats.slice(index + 2, index + 2 + Math.max(0, laterCount)),
    heatCount: heats.length,
  };
}

export interface LaneCell {
  position: number | null;
  /** The name to show: the entry's, or the empty-lane dash. */
  name: string;
  departmentName: string | null;
  empty: boolean;
  /** Scratched or no-show: the lane shows the name with the mark (docs/decisions/046). */
  mark?: EntrantMark | null;
}

/** A pair as its two lanes, left then right; a lane the pair lacks (an odd last position) shows empty. */
export function pairLanes(pair: DisplayPair): { left: LaneCell; right: LaneCell } {
  const cell = (side: 'left' | 'right'): LaneCell => {
    const lane = pair.lanes.find((l) => l.lane === side);
    const name = lane?.name?.trim() || null;
    return name
      ? {
          position: lane?.position ?? null,
          name,
          departmentName: lane?.departmentName?.trim() || null,
          empty: false,
          ...(lane?.mark ? { mark: lane.mark } : {}),
        }
      : { position: lane?.position ?? null, name: EMPTY_LANE, departmentName: null, empty: true };
  };
  return { left: cell('left'), right: cell('right') };
}

/** "Heat 3 of 12". */
export const heatLabel = (heat: number, heatCount: number) => `Heat ${heat} of ${heatCount}`;

/** The run's title line: "Individual: Open Men · Open Men" shortened when the name already says the category. */
export function runTitle(view: Pick<DisplayView, 'runName' | 'runCategory'>): {
  name: string;
  category: string | null;
} {
  const name = view.runName.trim();
  const category = view.runCategory.trim();
  if (!category || name.toLowerCase().includes(category.toLowerCase())) return { name, category: null };
  return { name, category };
}

export interface DisplayChanges {
  /** Positions whose name or department differs from the previous view. */
  positions: ReadonlySet<number>;
  /** The heat on the course moved. */
  currentHeat: boolean;
}

export const NO_CHANGES: DisplayChanges = { positions: new Set(), currentHeat: false };

function lanesByPosition(view: Pick<DisplayView, 'heats'>): Map<number, DisplayLane> {
  const lanes = new Map<number, DisplayLane>();
  for (const heat of view.heats)
    for (const pair of heat.pairs) for (const lane of pair.lanes) lanes.set(lane.position, lane);
  return lanes;
}

/**
 * What changed between two views of the same run: positions whose occupant (name or department) is
 * different, and whether the current heat moved. Nothing is "changed" on the first view (no previous
 * one), nor when the previous view had no order at all (everything would flash at once).
 */
export function displayChanges(
  previous: Pick<DisplayView, 'heats' | 'currentHeat'> | undefined,
  next: Pick<DisplayView, 'heats' | 'currentHeat'>,
): DisplayChanges {
  if (!previous || previous.heats.length === 0) return NO_CHANGES;
  const before = lanesByPosition(previous);
  const positions = new Set<number>();
  for (const [position, lane] of lanesByPosition(next)) {
    const old = before.get(position);
    if ((old?.name ?? null) !== lane.name || (old?.departmentName ?? null) !== lane.departmentName)
      positions.add(position);
  }
  return { positions, currentHeat: previous.currentHeat !== next.currentHeat };
}

/**
 * How tightly the heat on the course is set: a few pairs get the biggest type; a large heat (up to 20
 * pairs) shrinks and flows into columns so nothing is cut off.
 */
export type Density = 'roomy' | 'snug' | 'dense';

export function densityOf(pairCount: number): Density {
  if (pairCount <= 3) return 'roomy';
  if (pairCount <= 5) return 'snug';
  return 'dense';
}

const DENSITY_ORDER: readonly Density[] = ['roomy', 'snug', 'dense'];

/** The heat on deck is never set bigger than the one on the course: the denser of the two. */
export function deckDensity(nowPairs: number, deckPairs: number): Density {
  const a = DENSITY_ORDER.indexOf(densityOf(nowPairs));
  const b = DENSITY_ORDER.indexOf(densityOf(deckPairs));
  return DENSITY_ORDER[Math.max(a, b)] ?? 'dense';
}
