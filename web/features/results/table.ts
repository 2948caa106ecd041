/**
 * The timing table's model, pure: the run order's lanes in the order the course runs them (heat by
 * heat, pair by pair, left lane then right), moving between them, a saved result as a value, the
 * provisional rank of a time, and the warnings shown before a save (docs/decisions/033-timing-table-entry.md).
 */
import type { ResultDto, ResultEntrant, TimingView } from '../../../api/contracts/results.ts';
import type { ResultValue } from '../../../api/domain/results/events.ts';
import { officialTimeMs } from '../../../api/domain/results/evolve.ts';
import type { InfractionCode } from '../../../api/domain/results/penalties.ts';
import { type EntryWarning, entryWarnings } from '../../../api/domain/results/scoring.ts';

export interface TableLane {
  heat: number;
  pair: number;
  position: number;
  lane: 'left' | 'right';
  registrationId: number | null;
  entrant: ResultEntrant | null;
  bestOfficialMs: number | null;
  result: ResultDto | null;
  /** The version to send as expectedVersion. */
  resultVersion: number;
}

/** Every lane of the view, in running order. */
export function lanesOf(view: Pick<TimingView, 'heats'>): TableLane[] {
  return view.heats.flatMap((heat) =>
    heat.pairs.flatMap((pair) =>
      pair.lanes.map((lane) => ({
        heat: heat.heat,
        pair: pair.pair,
        position: lane.position,
        lane: lane.lane,
        registrationId: lane.registrationId,
        entrant: lane.entrant,
        bestOfficialMs: lane.bestOfficialMs,
        result: lane.result,
        resultVersion: lane.resultVersion,
      })),
    ),
  );
}

/** The next lane someone runs in after `from` (-1: none), or before it with step -1. */
export function stepLane(lanes: readonly TableLane[], from: number, step: 1 | -1 = 1): number {
  for (let i = from + step; i >= 0 && i < lanes.length; i += step) if (lanes[i]?.registrationId !== null) return i;
  return -1;
}

/** The first lane with somebody in it in the heat (-1 when the heat is empty or missing). */
export function firstLaneOfHeat(lanes: readonly TableLane[], heat: number): number {
  return lanes.findIndex((lane) => lane.heat === heat && lane.registrationId !== null);
}

/** The saved value of a result, with its penalties as one entry per call. */
export function valueOfResult(result: ResultDto | null | undefined): ResultValue | null {
  if (!result?.recorded) return null;
  const penalties = result.penalties.flatMap((p) => Array.from({ length: p.count }, () => p.code as InfractionCode));
  // The outcome on the wire is the one that counts (a disqualifying penalty makes it dq): a time means finished.
  const outcome = result.rawTimeMs !== null ? 'finished' : result.outcome;
  return { rawTimeMs: result.rawTimeMs, outcome, penalties };
}

interface Timed {
  registrationId: number;
  officialMs: number;
  rawMs: number;
}

/** Every recorded result of the view with an official time (provisional ones too). */
export function timedResults(view: Pick<TimingView, 'heats' | 'unplaced'>): Timed[] {
  const results = [...lanesOf(view).map((lane) => lane.result), ...view.unplaced];
  const timed: Timed[] = [];
  for (const result of results) {
    if (!result?.recorded || result.officialTimeMs === null || result.rawTimeMs === null) continue;
    timed.push({ registrationId: result.registrationId, officialMs: result.officialTimeMs, rawMs: result.rawTimeMs });
  }
  return timed;
}

/**
 * The place a value would take in the run now (provisional: every recorded time counts), ranked by
 * official time then raw time; null for DNF, DNS and DQ.
 */
export function provisionalRank(
  timed: readonly Timed[],
  registrationId: number,
  value: ResultValue | null,
): number | null {
  if (!value) return null;
  const official = officialTimeMs(value);
  if (official === null || value.rawTimeMs === null) return null;
  const raw = value.rawTimeMs;
  let ahead = 0;
  for (const other of timed) {
    if (other.registrationId === registrationId) continue;
    if (other.officialMs < official || (other.officialMs === official && other.rawMs < raw)) ahead += 1;
  }
  return ahead + 1;
}

/**
 * The rank shown beside a lane: "Rank 2" for the lane's saved official result, "Rank 2 (provisional)"
 * while it is provisional or being changed (a change makes it provisional again); '' without a rank.
 */
export function rankLabel(
  rank: number | null,
  lane: { result: Pick<ResultDto, 'recorded' | 'status'> | null; dirty: boolean },
): string {
  if (rank === null) return '';
  const official = !lane.dirty && lane.result?.recorded === true && lane.result.status === 'official';
  return official ? `Rank ${rank}` : `Rank ${rank} (provisional)`;
}

export type { EntryWarning };

/**
 * What to check before saving a value in a lane (the shared entryWarnings of
 * api/domain/results/scoring.ts): far from the entrant's best, faster than the run's best ever, the
 * same time as another entry of the heat, a lane with nobody placed in it. None for DNF, DNS or DQ.
 */
export function laneWarnings(
  lane: Pick<TableLane, 'registrationId' | 'bestOfficialMs' | 'heat'>,
  value: ResultValue,
  context: { bestEverMs: number | null; lanes: readonly TableLane[] },
): EntryWarning[] {
  const heat = context.lanes
    .filter((other) => other.heat === lane.heat && other.registrationId !== null && other.result?.recorded)
    .map((other) => ({
      registrationId: other.registrationId as number,
      name: other.entrant?.name ?? 'another entry',
      rawTimeMs: other.result?.rawTimeMs ?? null,
    }));
  return entryWarnings({
    value,
    lanePlaced: lane.registrationId !== null,
    entrantBestMs: lane.bestOfficialMs,
    runBestEverMs: context.bestEverMs,
    heat,
    registrationId: lane.registrationId,
  });
}

/** "Heat 2 · pair 4 · left lane" */
export function laneLabel(lane: Pick<TableLane, 'heat' | 'pair' | 'lane' | 'position'>): string {
  return `Heat ${lane.heat} · pair ${lane.pair} · ${lane.lane} lane`;
}

/** The version of every result the view holds, by registration id: where the live catch-up starts. */
export function resultVersions(view: Pick<TimingView, 'heats' | 'unplaced'>): Record<string, number> {
  const versions: Record<string, number> = {};
  for (const lane of lanesOf(view))
    if (lane.registrationId !== null && lane.resultVersion > 0) versions[lane.registrationId] = lane.resultVersion;
  for (const result of view.unplaced) versions[result.registrationId] = result.version;
  return versions;
}
