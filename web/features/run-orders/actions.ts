/**
 * What an admin does on the board, as one value: how it is sent (method, path, body of
 * /api/run-orders/run/{runId}/...) and, when the board can tell the outcome before the server answers,
 * the domain command that the optimistic board applies through decide and evolve.
 */
import type { RunOrderCommand } from '../../../api/domain/run-orders/decide.ts';
import type { EntrantMark, SeedingRule, Slots } from '../../../api/domain/run-orders/events.ts';

export type BoardAction =
  | { type: 'move-position'; source: number; target: number; dragged?: boolean }
  | { type: 'move-heat'; source: number; target: number; dragged?: boolean }
  | { type: 'insert'; registrationId: number; position?: number; dragged?: boolean }
  | { type: 'remove'; registrationId: number }
  | { type: 'lock-positions'; positions: number[] }
  | { type: 'unlock-positions'; positions: number[] }
  | { type: 'lock-pair'; pair: number }
  | { type: 'unlock-pair'; pair: number }
  | { type: 'lock-order' }
  | { type: 'unlock-order' }
  | { type: 'current-heat'; heat: number }
  | { type: 'undo' }
  | { type: 'redo' }
  /** The slots are the board's preview; the server computes the same ones from the same seed. */
  | { type: 'generate'; seeding: SeedingRule; heatSize: number; slots: Slots }
  | { type: 'create-empty'; heatSize?: number; positions?: number }
  | { type: 'save-state'; name: string }
  | { type: 'apply-state'; name: string }
  /** Scratch or no-show a placed entrant; null reinstates them. */
  | { type: 'mark'; registrationId: number; mark: EntrantMark | null };

export interface BoardRequest {
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
}

/** The API call of an action, carrying the version the board holds and the action's command id. */
export function requestOf(
  runId: number,
  action: BoardAction,
  expectedVersion: number,
  commandId: string,
): BoardRequest {
  const base = `/run-orders/run/${runId}`;
  const body = (extra: Record<string, unknown> = {}) => ({ expectedVersion, commandId, ...extra });
  switch (action.type) {
    case 'move-position':
      return {
        method: 'PATCH',
        path: `${base}/positions/move`,
        body: body({ sourcePosition: action.source, targetPosition: action.target }),
      };
    case 'move-heat':
      return {
        method: 'PATCH',
        path: `${base}/heats/move`,
        body: body({ sourceHeatNumber: action.source, targetHeatNumber: action.target }),
      };
    case 'insert':
      return {
        method: 'POST',
        path: `${base}/registrations/${action.registrationId}/insert`,
        body: body(action.position === undefined ? {} : { position: action.position }),
      };
    case 'remove':
      return { method: 'POST', path: `${base}/registrations/${action.registrationId}/remove`, body: body() };
    case 'lock-positions':
      return { method: 'PATCH', path: `${base}/positions/lock`, body: body({ positions: action.positions }) };
    case 'unlock-positions':
      return { method: 'PATCH', path: `${base}/positions/unlock`, body: body({ positions: action.positions }) };
    case 'lock-pair':
      return { method: 'PATCH', path: `${base}/pairs/${action.pair}/lock`, body: body() };
    case 'unlock-pair':
      return { method: 'PATCH', path: `${base}/pairs/${action.pair}/unlock`, body: body() };
    case 'lock-order':
      return { method: 'PATCH', path: `${base}/lock`, body: body() };
    case 'unlock-order':
      return { method: 'PATCH', path: `${base}/unlock`, body: body() };
    case 'current-heat':
      return { method: 'PATCH', path: `${base}/current-heat`, body: body({ heat: action.heat }) };
    case 'undo':
      return { method: 'POST', path: `${base}/undo`, body: body() };
    case 'redo':
      return { method: 'POST', path: `${base}/redo`, body: body() };
    case 'generate':
      return {
        method: 'POST',
        path: `${base}/generate`,
        body: body({ seeding: { ...action.seeding }, heatSize: action.heatSize }),
      };
    case 'create-empty':
      return {
        method: 'POST',
        path: `${base}/create-empty`,
        body: body({
          ...(action.heatSize === undefined ? {} : { heatSize: action.heatSize }),
          ...(action.positions === undefined ? {} : { positions: action.positions }),
        }),
      };
    case 'save-state':
      return { method: 'POST', path: `${base}/states`, body: body({ name: action.name }) };
    case 'apply-state':
      return { method: 'PATCH', path: `${base}/apply-state`, body: body({ name: action.name }) };
    case 'mark':
      return {
        method: 'PATCH',
        path: `${base}/registrations/${action.registrationId}/mark`,
        body: body({ mark: action.mark }),
      };
  }
}

/**
 * The domain command the board applies at once, or null for the actions whose outcome only the server
 * knows (undo and redo need the stacks, apply-state the saved slots, create-empty the confirmed count).
 */
export function optimisticCommand(action: BoardAction): RunOrderCommand | null {
  switch (action.type) {
    case 'move-position':
      return { type: 'MovePosition', sourcePosition: action.source, targetPosition: action.target };
    case 'move-heat':
      return { type: 'MoveHeat', sourceHeatNumber: action.source, targetHeatNumber: action.target };
    case 'insert':
      return {
        type: 'Insert',
        registrationId: action.registrationId,
        ...(action.position === undefined ? {} : { position: action.position }),
      };
    case 'remove':
      return { type: 'Remove', registrationId: action.registrationId };
    case 'lock-positions':
      return { type: 'LockPositions', positions: action.positions };
    case 'unlock-positions':
      return { type: 'UnlockPositions', positions: action.positions };
    case 'lock-pair':
      return { type: 'LockPair', pair: action.pair };
    case 'unlock-pair':
      return { type: 'UnlockPair', pair: action.pair };
    case 'lock-order':
      return { type: 'LockOrder' };
    case 'unlock-order':
      return { type: 'UnlockOrder' };
    case 'current-heat':
      return { type: 'SetCurrentHeat', heat: action.heat };
    case 'generate':
      return { type: 'Generate', slots: action.slots, seeding: action.seeding, heatSize: action.heatSize };
    case 'save-state':
      return { type: 'SaveState', name: action.name };
    case 'mark':
      return { type: 'MarkEntrant', registrationId: action.registrationId, mark: action.mark };
    case 'undo':
    case 'redo':
    case 'create-empty':
    case 'apply-state':
      return null;
  }
}

/** The action in a few words, for "your move was not applied". */
export function actionNoun(action: BoardAction): string {
  switch (action.type) {
    case 'move-position':
    case 'move-heat':
      return 'move';
    case 'insert':
      return 'placement';
    case 'remove':
      return 'removal';
    case 'lock-positions':
    case 'lock-pair':
    case 'lock-order':
      return 'lock';
    case 'unlock-positions':
    case 'unlock-pair':
    case 'unlock-order':
      return 'unlock';
    case 'current-heat':
      return 'heat change';
    case 'undo':
      return 'undo';
    case 'redo':
      return 'redo';
    case 'generate':
      return 'new order';
    case 'create-empty':
      return 'new empty order';
    case 'save-state':
      return 'save';
    case 'apply-state':
      return 'saved state';
    case 'mark':
      return action.mark === null ? 'reinstatement' : action.mark === 'scratched' ? 'scratch' : 'no-show';
  }
}

/** Whether the action came from a drag (the conflict message then says "while you were dragging"). */
export const isDragAction = (action: BoardAction): boolean => 'dragged' in action && action.dragged === true;

/** A fresh command id per user action, so a retried request is harmless. */
export function newCommandId(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  // randomUUID is missing outside secure contexts (plain http on a LAN address).
  const random = () => Math.random().toString(36).slice(2, 10);
  return `cmd-${Date.now().toString(36)}-${random()}-${random()}`;
}

/** What an action did, in a few words, for the list of changes kept offline: 'move from position 4 to 1'. */
export function describeAction(action: BoardAction): string {
  switch (action.type) {
    case 'move-position':
      return `move from position ${action.source} to ${action.target}`;
    case 'move-heat':
      return `move of heat ${action.source} to heat ${action.target}`;
    case 'insert':
      return action.position === undefined
        ? `placement of registration ${action.registrationId}`
        : `placement of registration ${action.registrationId} at position ${action.position}`;
    case 'remove':
      return `removal of registration ${action.registrationId}`;
    case 'lock-positions':
    case 'unlock-positions':
      return `${actionNoun(action)} of position ${action.positions.join(', ')}`;
    case 'lock-pair':
    case 'unlock-pair':
      return `${actionNoun(action)} of pair ${action.pair}`;
    case 'current-heat':
      return `heat ${action.heat} now running`;
    case 'save-state':
    case 'apply-state':
      return `${actionNoun(action)} "${action.name}"`;
    default:
      return actionNoun(action);
  }
}
