/**
 * The validation screen's model, pure: the run's recorded results heat by heat, which heats still
 * hold provisional ones, where to go after a validation, and whether a result is the official's own
 * entry (docs/decisions/033-timing-table-entry.md).
 */
import type { ResultDto, TimingView } from '../../../api/contracts/results.ts';
import { lanesOf, type TableLane } from './table.ts';

export interface ValidationHeat {
  heat: number;
  /** Lanes with a recorded result, in running order. */
  lanes: (TableLane & { result: ResultDto })[];
  provisional: number;
}

/** Every heat with at least one recorded result. */
export function validationHeats(view: Pick<TimingView, 'heats'>): ValidationHeat[] {
  const byHeat = new Map<number, ValidationHeat>();
  for (const lane of lanesOf(view)) {
    if (!lane.result?.recorded) continue;
    const heat = byHeat.get(lane.heat) ?? { heat: lane.heat, lanes: [], provisional: 0 };
    heat.lanes.push(lane as TableLane & { result: ResultDto });
    if (lane.result.status === 'provisional') heat.provisional += 1;
    byHeat.set(lane.heat, heat);
  }
  return [...byHeat.values()].sort((a, b) => a.heat - b.heat);
}

/** The heat to open first: the first one with provisional results, else the first heat with results. */
export function firstHeatToCheck(heats: readonly ValidationHeat[]): number | undefined {
  return (heats.find((h) => h.provisional > 0) ?? heats[0])?.heat;
}

/** The row the cursor waits on when a heat opens: its first provisional result, else its first row. */
export function firstRowToCheck(lanes: readonly { result: ResultDto }[]): number {
  return Math.max(
    0,
    lanes.findIndex((lane) => lane.result.status === 'provisional'),
  );
}

/** After a validation: the next provisional lane of the heat after `from`, else of the heat from its top; -1 when none. */
export function nextProvisional(lanes: readonly { result: ResultDto }[], from: number): number {
  for (let i = from + 1; i < lanes.length; i += 1) if (lanes[i]?.result.status === 'provisional') return i;
  for (let i = 0; i <= from && i < lanes.length; i += 1) if (lanes[i]?.result.status === 'provisional') return i;
  return -1;
}

/** The official entered or last changed it: validating it asks for the reason the rules require. */
export function isOwnEntry(
  result: Pick<ResultDto, 'enteredBy' | 'lastChangedBy'>,
  userId: number | null | undefined,
): boolean {
  if (userId === null || userId === undefined) return false;
  return result.enteredBy?.id === userId || result.lastChangedBy?.id === userId;
}

export type ValidationKey = 'validate' | 'send-back' | 'history' | 'next' | 'previous' | 'next-heat' | 'previous-heat';

/** A key on the validation list; undefined when it is not the screen's. */
export function validationKey(press: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): ValidationKey | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey) return undefined;
  switch (press.key) {
    case 'v':
    case 'Enter':
      return 'validate';
    case 'b':
      return 'send-back';
    case 'h':
      return 'history';
    case 'ArrowDown':
    case 'j':
      return 'next';
    case 'ArrowUp':
    case 'k':
      return 'previous';
    case 'PageDown':
    case '>':
      return 'next-heat';
    case 'PageUp':
    case '<':
      return 'previous-heat';
    default:
      return undefined;
  }
}
