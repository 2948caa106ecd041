/**
 * The timing table's screen state as a reducer, and the rules of its entry flow as pure functions, so
 * every path is unit-tested without a browser (docs/decisions/033-timing-table-entry.md). The hook
 * (use-timing-table.ts) reads and sends; the components only show.
 */
import type { ImportApply, ResultDto, TimingView } from '../../../api/contracts/results.ts';
import type { ResultValue } from '../../../api/domain/results/events.ts';
import { formatTime } from '../../../api/domain/times.ts';
import type { LiveStatus } from '../../lib/live-socket.ts';
import type { ReasonRequest } from './components/reason-dialog.tsx';
import { draftOf, draftValue, type EntryDraft, OUTCOME_LABELS, sameValue } from './entry.ts';
import { type EntryWarning, firstLaneOfHeat, laneWarnings, type TableLane, valueOfResult } from './table.ts';

export interface LaneStatus {
  saving?: boolean;
  /** A refusal, or the draft's own problem. */
  error?: string;
  /** A 409: who changed it meanwhile and what it is now. */
  conflict?: string;
  /** Not sent: kept on this device until the connection returns (docs/decisions/044). */
  kept?: string;
  warnings?: EntryWarning[];
}

/** An entry as typed, with the version it was typed on: what is kept while the server cannot be reached. */
export interface KeptResult {
  registrationId: number;
  /** Set when it corrects a recorded result. */
  resultId: number | null;
  expectedVersion: number;
  value: ResultValue;
  reason: string | null;
  commandId: string;
  heat: number;
  position: number;
}

/** A command waiting for its reason in the dialog: a correction of an official result, or a void. */
export type ReasonAsk =
  | { kind: 'correct'; request: ReasonRequest; lane: TableLane; draft: EntryDraft }
  | { kind: 'void'; request: ReasonRequest; result: ResultDto; name: string };

export interface TimingState {
  /** What is typed in a lane and not saved yet, by registration id. */
  drafts: Record<number, EntryDraft>;
  statuses: Record<number, LaneStatus>;
  /** The value a lane's warnings were shown for: the same value again saves despite them. */
  warnedFor: Record<number, string>;
  /** The registration whose lane has the cursor. */
  active: number | null;
  /** The polite live region's words, and the alert's: one of them speaks at a time. */
  announcement: string;
  alert: string;
  historyOf: { id: number; name: string } | null;
  reason: ReasonAsk | null;
  importOpen: boolean;
  heatBusy: boolean;
  /** The hold switch's new setting until the server answers. */
  holdPending: boolean | null;
}

export const initialTimingState: TimingState = {
  drafts: {},
  statuses: {},
  warnedFor: {},
  active: null,
  announcement: '',
  alert: '',
  historyOf: null,
  reason: null,
  importOpen: false,
  heatBusy: false,
  holdPending: null,
};

export type TimingEvent =
  | { type: 'say'; text: string }
  | { type: 'refuse'; text: string }
  /** Typing in a lane: a problem or warnings shown for the old value go. */
  | { type: 'typed'; registrationId: number; draft: EntryDraft }
  | { type: 'drop-draft'; registrationId: number }
  | { type: 'status'; registrationId: number; status: LaneStatus | undefined }
  | { type: 'warned'; registrationId: number; key: string; warnings: EntryWarning[] }
  | { type: 'focus'; registrationId: number | null }
  | { type: 'history'; of: { id: number; name: string } | null }
  | { type: 'ask-reason'; ask: ReasonAsk | null }
  | { type: 'import'; open: boolean }
  | { type: 'heat-busy'; busy: boolean }
  | { type: 'hold-pending'; held: boolean | null };

function without<T>(all: Record<number, T>, key: number): Record<number, T> {
  const next = { ...all };
  delete next[key];
  return next;
}

export function timingReducer(state: TimingState, event: TimingEvent): TimingState {
  switch (event.type) {
    case 'say':
      return { ...state, alert: '', announcement: event.text };
    case 'refuse':
      return { ...state, announcement: '', alert: event.text };
    case 'typed': {
      const { registrationId, draft } = event;
      const shown = state.statuses[registrationId];
      const statuses = shown?.error || shown?.warnings ? without(state.statuses, registrationId) : state.statuses;
      return { ...state, drafts: { ...state.drafts, [registrationId]: draft }, statuses };
    }
    case 'drop-draft':
      return {
        ...state,
        drafts: without(state.drafts, event.registrationId),
        warnedFor: without(state.warnedFor, event.registrationId),
      };
    case 'status':
      return {
        ...state,
        statuses: event.status
          ? { ...state.statuses, [event.registrationId]: event.status }
          : without(state.statuses, event.registrationId),
      };
    case 'warned':
      return {
        ...state,
        warnedFor: { ...state.warnedFor, [event.registrationId]: event.key },
        statuses: { ...state.statuses, [event.registrationId]: { warnings: event.warnings } },
      };
    case 'focus':
      return { ...state, active: event.registrationId };
    case 'history':
      return { ...state, historyOf: event.of };
    case 'ask-reason':
      return { ...state, reason: event.ask };
    case 'import':
      return { ...state, importOpen: event.open };
    case 'heat-busy':
      return { ...state, heatBusy: event.busy };
    case 'hold-pending':
      return { ...state, holdPending: event.held };
  }
}

/** While entries are kept, they are tried again this often (besides the socket and the browser's `online`). */
export const RETRY_OFFLINE_MS = 5_000;

/** The value in words, for the live region: "1:47.32 + 2 s", "DNF". */
export function spoken(result: Pick<ResultDto, 'outcome' | 'officialTime' | 'rawTime'>): string {
  if (result.outcome !== 'finished') return OUTCOME_LABELS[result.outcome];
  return result.officialTime ?? result.rawTime ?? '';
}

/** A value as typed, in words (it has no official time until the server adds the penalties). */
export const spokenValue = (value: ResultValue): string =>
  spoken({ ...value, officialTime: null, rawTime: formatTime(value.rawTimeMs) });

export const failure = (error: unknown): string => (error instanceof Error ? error.message : 'It could not be saved.');

/** A draft's value as one key: warnings are shown once per value. */
export const valueKey = (draft: EntryDraft) =>
  JSON.stringify([draft.digits, draft.outcome, [...draft.penalties].sort()]);

/** Puts an answered result in the cached timing view at once (the refetch that follows confirms it). */
export function withResult(view: TimingView, result: ResultDto): TimingView {
  return {
    ...view,
    heats: view.heats.map((heat) => ({
      ...heat,
      pairs: heat.pairs.map((pair) => ({
        ...pair,
        lanes: pair.lanes.map((lane) =>
          lane.registrationId === result.registrationId ? { ...lane, result, resultVersion: result.version } : lane,
        ),
      })),
    })),
  };
}

/** The entrants' names by registration id: those placed, and those with results no longer placed. */
export function namesOf(lanes: readonly TableLane[], unplaced: TimingView['unplaced']): Map<number, string> {
  const byId = new Map<number, string>();
  for (const lane of lanes)
    if (lane.registrationId !== null && lane.entrant) byId.set(lane.registrationId, lane.entrant.name);
  for (const result of unplaced) byId.set(result.registrationId, result.entrant.name);
  return byId;
}

/** Where the cursor waits on opening: the current heat's first lane without a result, else the heat's first lane. */
export function openingLane(lanes: readonly TableLane[], currentHeat: number): number {
  const waiting = lanes.findIndex(
    (lane) => lane.heat === currentHeat && lane.registrationId !== null && !lane.result?.recorded,
  );
  return waiting >= 0 ? waiting : firstLaneOfHeat(lanes, currentHeat);
}

/** What a lane shows: what is typed there, else its saved value. */
export const draftFor = (drafts: TimingState['drafts'], lane: TableLane): EntryDraft =>
  (lane.registrationId !== null ? drafts[lane.registrationId] : undefined) ?? draftOf(valueOfResult(lane.result));

/** Whether a lane's draft differs from its saved value. */
export const isDirty = (drafts: TimingState['drafts'], lane: TableLane, draft: EntryDraft): boolean =>
  lane.registrationId !== null && lane.registrationId in drafts && !sameValue(draft, valueOfResult(lane.result));

/** The entry a lane's value makes, on the version the lane holds; null when it is not a value. */
export function entryOf(
  lane: TableLane,
  draft: EntryDraft,
  reason: string | null,
  commandId: string,
): KeptResult | null {
  const check = draftValue(draft);
  if (!check.ok || lane.registrationId === null) return null;
  return {
    registrationId: lane.registrationId,
    resultId: lane.result?.recorded === true ? lane.result.id : null,
    expectedVersion: lane.resultVersion,
    value: check.value,
    reason,
    commandId,
    heat: lane.heat,
    position: lane.position,
  };
}

/** Whether a command is among the kept entries (the same command is kept once). */
export const isKept = (kept: readonly KeptResult[], commandId: string): boolean =>
  kept.some((k) => k.commandId === commandId);

export const keptWithout = (kept: readonly KeptResult[], commandId: string): KeptResult[] =>
  kept.filter((k) => k.commandId !== commandId);

/** The entries an earlier page kept go first, then this page's that are not among them. */
export const keptAfterLoad = (stored: readonly KeptResult[], current: readonly KeptResult[]): KeptResult[] => [
  ...stored,
  ...current.filter((k) => !stored.some((s) => s.commandId === k.commandId)),
];

/** What Enter on a lane does with its draft. */
export type SaveStep =
  /** The saved value again: the draft goes, the cursor moves on. */
  | { kind: 'unchanged' }
  | { kind: 'invalid'; message: string; alert: string }
  /** Shown once per value; Enter again saves. */
  | { kind: 'warn'; warnings: EntryWarning[]; key: string; alert: string }
  /** An official result is corrected with a reason. */
  | { kind: 'ask-reason'; request: ReasonRequest }
  | { kind: 'send' };

export function saveStep(
  lane: TableLane,
  draft: EntryDraft,
  context: { name: string; bestEverMs: number | null; lanes: readonly TableLane[]; warnedKey: string | undefined },
): SaveStep {
  const { name } = context;
  const check = draftValue(draft);
  if (sameValue(draft, valueOfResult(lane.result))) return { kind: 'unchanged' };
  if (!check.ok) return { kind: 'invalid', message: check.message, alert: `${name}: ${check.message}` };
  const warnings = laneWarnings(lane, check.value, { bestEverMs: context.bestEverMs, lanes: context.lanes });
  const key = valueKey(draft);
  if (warnings.length > 0 && context.warnedKey !== key) {
    return {
      kind: 'warn',
      warnings,
      key,
      alert: `Check before saving: ${warnings.map((w) => w.message).join(' ')} Press Enter again to save.`,
    };
  }
  if (lane.result?.recorded && lane.result.status === 'official') {
    return {
      kind: 'ask-reason',
      request: {
        title: `Correct ${name}'s official result`,
        description: `It becomes provisional again until a second official validates it. ${lane.result.officialTime ?? spoken(lane.result)} → ${formatTime(check.value.rawTimeMs) || OUTCOME_LABELS[check.value.outcome]}`,
        label: 'Reason for the correction',
        confirmLabel: 'Save the correction',
      },
    };
  }
  return { kind: 'send' };
}

/** The dialog that voids an attempt for a rerun. */
export const voidRequest = (name: string, result: Pick<ResultDto, 'attempt'>): ReasonRequest => ({
  title: `Void ${name}'s attempt ${result.attempt} for a rerun`,
  description: 'The attempt stays on record in the history; the lane waits for the rerun\u2019s time.',
  label: 'Reason (equipment failure, interference…)',
  confirmLabel: 'Void the attempt',
  tone: 'danger',
});

/** A 409 on a result: who changed it first, what it is now, and that ours was not saved. */
export function conflictText(
  entry: Pick<KeptResult, 'heat' | 'position' | 'value'>,
  name: string,
  fresh: TableLane | undefined,
): string {
  const current = fresh?.result?.recorded ? spoken(fresh.result) : 'no result';
  const who = fresh?.result?.lastChangedBy?.name ?? 'another official';
  return `${who} changed ${name}'s result first (heat ${entry.heat}, position ${entry.position}): it is now ${current}. Yours (${spokenValue(entry.value)}) was not saved; type it again if it is right.`;
}

/** The line above the table: where the run stands. */
export function heatLine(view: Pick<TimingView, 'heats' | 'currentHeat' | 'currentHeatStartedAt'>): string {
  const heatCount = view.heats.length;
  if (heatCount === 0) return 'No heats yet';
  return view.currentHeatStartedAt
    ? `Heat ${view.currentHeat} of ${heatCount} on the course`
    : `Not started: ${heatCount} ${heatCount === 1 ? 'heat' : 'heats'}`;
}

export const liveLabel = (live: LiveStatus): string =>
  live === 'open' ? 'Live' : live === 'connecting' ? 'Connecting…' : 'Reconnecting…';

/** The provisional results waiting for a second official. */
export const provisionalCount = (lanes: readonly TableLane[]): number =>
  lanes.filter((l) => l.result?.recorded && l.result.status === 'provisional').length;

export const importedText = (applied: ImportApply): string =>
  `${applied.outcomes.filter((o) => o.outcome === 'recorded').length} imported results recorded as provisional.`;

/** The heat the import dialog opens on: the current one, within the order's heats. */
export const importHeat = (currentHeat: number, heatCount: number): number =>
  Math.min(Math.max(currentHeat, 1), Math.max(heatCount, 1));
