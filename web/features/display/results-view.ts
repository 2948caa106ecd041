/**
 * The venue display's results part, pure: the last heat that has results (its times and penalties,
 * official or marked provisional) and the run's current top places (docs/decisions/033).
 */
import type { ResultsDisplay } from '../../../api/contracts/results.ts';
import { infractionOf, PENALTY_SECONDS } from '../../../api/domain/results/penalties.ts';

export type DisplayResultHeat = ResultsDisplay['heats'][number];
export type DisplayTopPlace = ResultsDisplay['topPlaces'][number];
type DisplayResultLane = DisplayResultHeat['lanes'][number];

export interface ResultsPanel {
  heat: DisplayResultHeat | null;
  top: DisplayTopPlace[];
}

/** What the panel shows; null when there is nothing (no results yet, or the run's results are held). */
export function resultsPanel(display: ResultsDisplay | undefined, maxTop = 5): ResultsPanel | null {
  if (!display || display.held) return null;
  const withResults = display.heats.filter((h) => h.lanes.some((l) => l.outcome !== null));
  const heat = withResults.reduce<DisplayResultHeat | null>(
    (last, h) => (!last || h.heat > last.heat ? h : last),
    null,
  );
  const top = display.topPlaces.slice(0, maxTop);
  if (!heat && top.length === 0) return null;
  return { heat: heat ? { ...heat, lanes: heat.lanes.filter((l) => l.name !== null) } : null, top };
}

/** A lane's result as the screen says it: "1:49.32", "DNF"; '' before its result is in. */
export function laneResultText(lane: DisplayResultLane): string {
  if (lane.outcome === null) return '';
  if (lane.outcome === 'finished') return lane.officialTime ?? lane.rawTime ?? '';
  return lane.outcome.toUpperCase();
}

/** "+4 s: 2× Missed step" for the penalties called ("DQ: Roll dropped..." for a disqualifying one), '' for none. */
export function penaltyText(lane: Pick<DisplayResultLane, 'penalties'>): string {
  if (lane.penalties.length === 0) return '';
  const seconds = lane.penalties.reduce(
    (sum, p) => sum + (infractionOf(p.code)?.disqualifies ? 0 : p.count * PENALTY_SECONDS),
    0,
  );
  const names = lane.penalties.map((p) => (p.count > 1 ? `${p.count}× ${p.label}` : p.label)).join(', ');
  return seconds > 0 ? `+${seconds} s: ${names}` : names;
}
