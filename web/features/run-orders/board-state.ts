/**
 * The optimistic board as a reducer (decision 019). Pure, so every path is
 * unit-tested without a browser.
 *
 * - `confirmed` is the order as the server has it: the last full view, then each live event folded
 *   with the same evolve the server uses, when its version is the next one.
 * - `pending` are the admin's actions in order; the first is on its way (`inflight`) and the others
 *   wait their turn, each sent with the version the board then holds. What the board shows is
 *   `confirmed` with every pending action applied through decide and evolve (see displayedState), so
 *   a move shows at once and a refused one disappears by itself.
 * - While an action is on its way the live events are held back: the server's answer (the whole new
 *   view) is the truth, and the held events after its version are folded onto it. That way the admin's
 *   own event, which also comes over the socket, is never applied twice.
 * - A 409 VERSION_CONFLICT drops the action (and those queued after it: they were aimed at a board that
 *   no longer exists), folds the events it carries and says who changed what first.
 * - An action that cannot reach the server stays queued (`paused`), sent again when the connection
 *   returns with the version it was made on (`pinnedVersion`); the hook keeps the queue on the device
 *   (docs/decisions/044). If the order changed meanwhile, the kept actions wait in `conflict` for the
 *   admin to apply them on the new order or discard them: nothing is applied silently or lost.
 */
import type { LiveEvent, PresenceViewer } from '../../../api/contracts/live.ts';
import type { RunOrderEntry, RunOrderView } from '../../../api/contracts/run-orders.ts';
import { DomainError } from '../../../api/domain/errors.ts';
import { decide } from '../../../api/domain/run-orders/decide.ts';
import type { RunOrderEvent } from '../../../api/domain/run-orders/events.ts';
import { evolve, type RunOrderState } from '../../../api/domain/run-orders/evolve.ts';
import { type BoardAction, isDragAction, newCommandId, optimisticCommand } from './actions.ts';
import { conflictEvents, conflictMessage, whoChangedWhat } from './conflict.ts';

export interface PendingAction {
  id: string;
  action: BoardAction;
}

/** Where a dragged action was dropped: a refusal is shown there, next to the card. */
export type NoticeAnchor = { kind: 'position' | 'heat'; number: number };

export interface BoardNotice {
  tone: 'conflict' | 'error' | 'offline';
  text: string;
  /** Changes with every notice, so the same words said twice are announced twice. */
  key: number;
  anchor?: NoticeAnchor;
}

/** Actions kept while offline that met an order someone else had changed: the admin chooses. */
export interface OfflineConflict {
  actions: PendingAction[];
  /** The version they were made on (kept with them, so a reload shows the same conflict again). */
  version: number;
  text: string;
}

export interface BoardState {
  /** The last whole view from the server (names, saved states' authors, the run). */
  view: RunOrderView | null;
  confirmed: RunOrderState | null;
  /** Every entry any view named, by registration id: names survive moves made by live events. */
  entries: Record<string, RunOrderEntry>;
  pending: PendingAction[];
  inflight: string | null;
  held: LiveEvent[];
  /** Ask the server for the whole view again (as soon as nothing is on its way). */
  needsRefetch: boolean;
  notice: BoardNotice | null;
  /** Notices shown so far: each new one gets a new key. */
  noticeCount: number;
  viewers: PresenceViewer[];
  /** Admin names seen (presence, views), by user id, for conflict messages. */
  names: Record<string, string>;
  meId: number | null;
  /** The first pending action could not reach the server: wait for the connection. */
  paused: boolean;
  /** The version the kept (offline) actions were made on: the next one is sent with it. */
  pinnedVersion: number | null;
  conflict: OfflineConflict | null;
}

export type BoardEvent =
  | { type: 'server-view'; view: RunOrderView }
  | { type: 'live-event'; event: LiveEvent }
  | { type: 'presence'; viewers: PresenceViewer[] }
  | { type: 'queue'; id: string; action: BoardAction }
  | { type: 'sent'; id: string }
  | { type: 'succeeded'; id: string; view: RunOrderView }
  | { type: 'failed'; id: string; error: { status?: number; code?: string; message: string; details?: unknown } }
  | { type: 'refetching' }
  | { type: 'dismiss-notice' }
  /** Something outside the order changed (a registration of the run): read the view again. */
  | { type: 'stale' }
  /** The connection is back: send the kept actions again. */
  | { type: 'online' }
  /** Actions kept on the device by an earlier page, made on `version`. */
  | { type: 'restore'; pending: PendingAction[]; version: number }
  | { type: 'resolve-conflict'; choice: 'apply' | 'discard' };

export const initialBoardState = (meId: number | null = null): BoardState => ({
  view: null,
  confirmed: null,
  entries: {},
  pending: [],
  inflight: null,
  held: [],
  needsRefetch: false,
  notice: null,
  noticeCount: 0,
  viewers: [],
  names: {},
  meId,
  paused: false,
  pinnedVersion: null,
  conflict: null,
});

/**
 * The domain state a view stands for. The undo and redo stacks are not sent, only whether they are
 * empty, so they hold a stand-in arrangement; undo and redo themselves are never applied locally.
 */
export function stateFromView(view: RunOrderView): RunOrderState {
  return {
    exists: view.exists,
    version: view.version,
    heatSize: view.heatSize,
    slots: [...view.slots],
    lockedPositions: [...view.lockedPositions],
    lockedPairs: [...view.lockedPairs],
    orderLocked: view.orderLocked,
    currentHeat: view.currentHeat,
    currentHeatStartedAt: view.currentHeatStartedAt,
    seeding: view.seeding ? { ...view.seeding } : null,
    undo: view.canUndo ? [[...view.slots]] : [],
    redo: view.canRedo ? [[...view.slots]] : [],
    marks: { ...view.marks },
    undoMarks: [],
    redoMarks: [],
    savedStates: view.savedStates.map((s) => ({
      name: s.name,
      slots: [],
      savedBy: s.savedBy?.id ?? null,
      version: s.version,
    })),
    lastChange: view.lastChange
      ? {
          type: view.lastChange.type,
          version: view.lastChange.version,
          at: view.lastChange.at,
          actorId: view.lastChange.actor?.id ?? null,
        }
      : null,
  };
}

function entriesOfView(view: RunOrderView): Record<string, RunOrderEntry> {
  const entries: Record<string, RunOrderEntry> = { ...view.entries };
  for (const entry of view.unplaced) entries[String(entry.registrationId)] = entry;
  for (const p of view.positions) if (p.entry) entries[String(p.registrationId)] = p.entry;
  return entries;
}

function namesOfView(view: RunOrderView): Record<string, string> {
  const names: Record<string, string> = {};
  if (view.lastChange?.actor) names[String(view.lastChange.actor.id)] = view.lastChange.actor.name;
  for (const s of view.savedStates) if (s.savedBy) names[String(s.savedBy.id)] = s.savedBy.name;
  return names;
}

/** The registration ids an event's data names (its slots and its registration). */
function registrationIdsOf(event: LiveEvent): number[] {
  const ids: number[] = [];
  const { slots, registrationId } = event.data as { slots?: unknown; registrationId?: unknown };
  if (Array.isArray(slots)) for (const id of slots) if (typeof id === 'number') ids.push(id);
  if (typeof registrationId === 'number') ids.push(registrationId);
  return ids;
}

/**
 * Folds the events that follow the state's version, in order. Returns the state reached and whether
 * the whole view should be asked again: a gap, an entry the board cannot name, or an undo/redo (whose
 * stacks the board only knows by their emptiness).
 */
export function foldLiveEvents(
  state: RunOrderState,
  events: readonly LiveEvent[],
  entries: Record<string, RunOrderEntry>,
): { state: RunOrderState; refetch: boolean } {
  let next = state;
  let refetch = false;
  for (const event of [...events].sort((a, b) => a.version - b.version)) {
    if (event.version <= next.version) continue;
    if (event.version !== next.version + 1) return { state: next, refetch: true };
    next = evolve(next, {
      ...(event as unknown as RunOrderEvent),
      version: event.version,
      metadata: { actorId: event.actorId ?? null },
      recordedAt: event.recordedAt,
    });
    if (event.type === 'ChangeUndone' || event.type === 'ChangeRedone' || event.type === 'RunOrderCreated')
      refetch = true;
    if (registrationIdsOf(event).some((id) => !(String(id) in entries))) refetch = true;
  }
  return { state: next, refetch };
}

/** Decide and evolve one action on a state; the state unchanged when the action is refused or changes nothing. */
export function applyAction(
  state: RunOrderState,
  action: BoardAction,
  entries: Record<string, RunOrderEntry>,
): { state: RunOrderState; error?: DomainError; changed: boolean } {
  const command = optimisticCommand(action);
  if (!command) return { state, changed: true };
  try {
    const events = decide(command, state, {
      actorId: null,
      registrationStatus: (id) => entries[String(id)]?.status,
    });
    let next = state;
    for (const event of events) next = evolve(next, event);
    return { state: next, changed: events.length > 0 };
  } catch (error) {
    if (error instanceof DomainError) return { state, error, changed: false };
    throw error;
  }
}

/** What the board shows: the confirmed order with the pending actions applied; refused ones fall away. */
export function displayedState(board: BoardState): RunOrderState | null {
  if (!board.confirmed) return null;
  let state = board.confirmed;
  for (const pending of board.pending) state = applyAction(state, pending.action, board.entries).state;
  return state;
}

/** The actions still to be answered whose outcome only the server knows (undo, redo, apply-state...). */
export const waitingOnServer = (board: BoardState): PendingAction[] =>
  board.pending.filter((p) => optimisticCommand(p.action) === null);

const notice = (board: BoardState, tone: BoardNotice['tone'], text: string, action?: BoardAction): BoardNotice => {
  const anchor = action ? anchorOf(action) : undefined;
  return { tone, text, key: board.noticeCount + 1, ...(anchor ? { anchor } : {}) };
};

/** Where a dragged action ended: its target position or heat. Buttons have no anchor (the top banner). */
export function anchorOf(action: BoardAction): NoticeAnchor | undefined {
  if (!isDragAction(action)) return undefined;
  if (action.type === 'move-position') return { kind: 'position', number: action.target };
  if (action.type === 'move-heat') return { kind: 'heat', number: action.target };
  if (action.type === 'insert' && action.position !== undefined) return { kind: 'position', number: action.position };
  return undefined;
}

/** The version the next action goes out with: the one kept actions were made on, else the confirmed one. */
export const sendVersion = (board: BoardState): number | undefined => board.pinnedVersion ?? board.confirmed?.version;

const offlineText = (count: number) =>
  `You are offline: ${count === 1 ? 'your change is' : `${count} changes are`} kept on this device and will be sent when the connection returns.`;

function withView(board: BoardState, view: RunOrderView): BoardState {
  const entries = { ...board.entries, ...entriesOfView(view) };
  const base = stateFromView(view);
  const { state, refetch } = foldLiveEvents(base, board.held, entries);
  return {
    ...board,
    view,
    confirmed: state,
    entries,
    held: [],
    names: { ...board.names, ...namesOfView(view) },
    needsRefetch: refetch,
  };
}

export function boardReducer(board: BoardState, event: BoardEvent): BoardState {
  switch (event.type) {
    case 'server-view': {
      // An answer is on its way and will be the truth; this read may predate it, so read again after.
      if (board.inflight) return { ...board, needsRefetch: true };
      if (board.confirmed && event.view.version < board.confirmed.version) return { ...board, needsRefetch: true };
      return withView(board, event.view);
    }
    case 'live-event': {
      if (!board.confirmed || board.inflight) return { ...board, held: [...board.held, event.event] };
      if (event.event.version <= board.confirmed.version) return board;
      const { state, refetch } = foldLiveEvents(board.confirmed, [event.event], board.entries);
      return { ...board, confirmed: state, needsRefetch: board.needsRefetch || refetch };
    }
    case 'presence': {
      const names = { ...board.names };
      for (const viewer of event.viewers) names[String(viewer.userId)] = viewer.name;
      return { ...board, viewers: event.viewers, names };
    }
    case 'queue': {
      const shown = displayedState(board);
      if (!shown) return board;
      const outcome = applyAction(shown, event.action, board.entries);
      if (outcome.error)
        return {
          ...board,
          notice: notice(board, 'error', outcome.error.message, event.action),
          noticeCount: board.noticeCount + 1,
        };
      if (!outcome.changed) return board;
      return { ...board, pending: [...board.pending, { id: event.id, action: event.action }] };
    }
    case 'sent':
      return board.pending[0]?.id === event.id ? { ...board, inflight: event.id } : board;
    case 'succeeded': {
      const pending = board.pending.filter((p) => p.id !== event.id);
      const settled = {
        ...board,
        pending,
        inflight: board.inflight === event.id ? null : board.inflight,
        // The next kept action follows this one: it goes out on the version this answer reached.
        pinnedVersion: board.pinnedVersion === null || pending.length === 0 ? null : event.view.version,
        notice: board.notice?.tone === 'offline' ? null : board.notice,
      };
      if (board.confirmed && event.view.version < board.confirmed.version) return { ...settled, needsRefetch: true };
      return withView(settled, event.view);
    }
    case 'failed': {
      const failed = board.pending.find((p) => p.id === event.id);
      const inflight = board.inflight === event.id ? null : board.inflight;
      if (!failed) return { ...board, inflight };
      if (event.error.status === undefined) {
        // Not sent: keep it (and what follows) for when the connection returns, on the version it was made on.
        return {
          ...board,
          inflight,
          paused: true,
          pinnedVersion: board.pinnedVersion ?? board.confirmed?.version ?? null,
          notice: notice(board, 'offline', offlineText(board.pending.length)),
          noticeCount: board.noticeCount + 1,
        };
      }
      const isConflict = event.error.code === 'VERSION_CONFLICT';
      if (isConflict && board.pinnedVersion !== null) {
        // Kept actions met an order someone changed meanwhile: show what, and let the admin choose.
        const since = conflictEvents(event.error.details);
        const confirmed = board.confirmed
          ? foldLiveEvents(board.confirmed, [...since, ...board.held], board.entries).state
          : null;
        const who = whoChangedWhat(since, {
          nameOf: (id) => board.names[String(id)],
          meId: board.meId,
          entryName: (id) => board.entries[String(id)]?.name ?? `registration ${id}`,
        });
        return {
          ...board,
          confirmed,
          pending: [],
          inflight,
          held: [],
          needsRefetch: true,
          pinnedVersion: null,
          paused: false,
          conflict: {
            actions: board.pending,
            version: board.pinnedVersion,
            text: `${who} while you were offline. What you changed offline was not applied.`,
          },
          notice: null,
        };
      }
      // After a conflict the queued actions aimed at a board that is gone; after another refusal they still stand.
      const pending = isConflict ? [] : board.pending.filter((p) => p.id !== event.id);
      const since = isConflict ? conflictEvents(event.error.details) : [];
      let confirmed = board.confirmed;
      let entries = board.entries;
      if (confirmed) {
        const folded = foldLiveEvents(confirmed, [...since, ...board.held], entries);
        confirmed = folded.state;
      }
      entries = { ...entries };
      const text = isConflict
        ? conflictMessage(since, failed.action, {
            nameOf: (id) => board.names[String(id)],
            meId: board.meId,
            entryName: (id) => entries[String(id)]?.name ?? `registration ${id}`,
          })
        : event.error.message;
      return {
        ...board,
        confirmed,
        entries,
        pending,
        inflight,
        held: [],
        // Roll back to the server's state: read it whole again, whatever the events said.
        needsRefetch: true,
        pinnedVersion: pending.length > 0 ? board.pinnedVersion : null,
        notice: notice(board, isConflict ? 'conflict' : 'error', text, failed.action),
        noticeCount: board.noticeCount + 1,
      };
    }
    case 'refetching':
      return { ...board, needsRefetch: false };
    case 'dismiss-notice':
      return { ...board, notice: null };
    case 'stale':
      return { ...board, needsRefetch: true };
    case 'online':
      return board.paused ? { ...board, paused: false } : board;
    case 'restore': {
      const known = new Set(board.pending.map((p) => p.id));
      const pending = event.pending.filter((p) => !known.has(p.id));
      if (pending.length === 0) return board;
      return { ...board, pending: [...board.pending, ...pending], pinnedVersion: board.pinnedVersion ?? event.version };
    }
    case 'resolve-conflict': {
      if (!board.conflict) return board;
      // Applied on the new order as new commands (the refused ids stay refused); nothing else changes.
      const again =
        event.choice === 'apply' ? board.conflict.actions.map((p) => ({ id: newCommandId(), action: p.action })) : [];
      return { ...board, conflict: null, pending: [...board.pending, ...again] };
    }
  }
}
