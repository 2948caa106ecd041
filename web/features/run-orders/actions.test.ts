import { describe, expect, it } from 'vitest';
import { actionNoun, isDragAction, newCommandId, optimisticCommand, requestOf } from './actions.ts';

describe('requestOf', () => {
  it('sends every command with the version held and the command id', () => {
    expect(requestOf(9, { type: 'move-position', source: 4, target: 7, dragged: true }, 12, 'c1')).toEqual({
      method: 'PATCH',
      path: '/run-orders/run/9/positions/move',
      body: { expectedVersion: 12, commandId: 'c1', sourcePosition: 4, targetPosition: 7 },
    });
    expect(requestOf(9, { type: 'move-heat', source: 2, target: 1 }, 3, 'c2')).toEqual({
      method: 'PATCH',
      path: '/run-orders/run/9/heats/move',
      body: { expectedVersion: 3, commandId: 'c2', sourceHeatNumber: 2, targetHeatNumber: 1 },
    });
  });

  it('knows each route of the run-order API', () => {
    const call = (action: Parameters<typeof requestOf>[1]) => {
      const r = requestOf(9, action, 1, 'id');
      return `${r.method} ${r.path} ${JSON.stringify({ ...r.body, expectedVersion: undefined, commandId: undefined })}`;
    };
    expect(call({ type: 'insert', registrationId: 5 })).toBe('POST /run-orders/run/9/registrations/5/insert {}');
    expect(call({ type: 'insert', registrationId: 5, position: 3 })).toBe(
      'POST /run-orders/run/9/registrations/5/insert {"position":3}',
    );
    expect(call({ type: 'remove', registrationId: 5 })).toBe('POST /run-orders/run/9/registrations/5/remove {}');
    expect(call({ type: 'lock-positions', positions: [2] })).toBe(
      'PATCH /run-orders/run/9/positions/lock {"positions":[2]}',
    );
    expect(call({ type: 'unlock-positions', positions: [2] })).toBe(
      'PATCH /run-orders/run/9/positions/unlock {"positions":[2]}',
    );
    expect(call({ type: 'lock-pair', pair: 3 })).toBe('PATCH /run-orders/run/9/pairs/3/lock {}');
    expect(call({ type: 'unlock-pair', pair: 3 })).toBe('PATCH /run-orders/run/9/pairs/3/unlock {}');
    expect(call({ type: 'lock-order' })).toBe('PATCH /run-orders/run/9/lock {}');
    expect(call({ type: 'unlock-order' })).toBe('PATCH /run-orders/run/9/unlock {}');
    expect(call({ type: 'current-heat', heat: 2 })).toBe('PATCH /run-orders/run/9/current-heat {"heat":2}');
    expect(call({ type: 'undo' })).toBe('POST /run-orders/run/9/undo {}');
    expect(call({ type: 'redo' })).toBe('POST /run-orders/run/9/redo {}');
    expect(call({ type: 'create-empty' })).toBe('POST /run-orders/run/9/create-empty {}');
    expect(call({ type: 'create-empty', heatSize: 2 })).toBe('POST /run-orders/run/9/create-empty {"heatSize":2}');
    expect(call({ type: 'save-state', name: 'Final' })).toBe('POST /run-orders/run/9/states {"name":"Final"}');
    expect(call({ type: 'apply-state', name: 'Final' })).toBe('PATCH /run-orders/run/9/apply-state {"name":"Final"}');
    const seeding = {
      rule: 'random' as const,
      seed: 4,
      fastest: 'last' as const,
      separateDepartments: true,
      minRest: 1,
    };
    expect(call({ type: 'generate', seeding, heatSize: 3, slots: [1, 2] })).toBe(
      `POST /run-orders/run/9/generate ${JSON.stringify({ seeding, heatSize: 3 })}`,
    );
  });
});

describe('optimisticCommand', () => {
  it('is the domain command for what the board can foresee', () => {
    expect(optimisticCommand({ type: 'move-position', source: 1, target: 2 })).toEqual({
      type: 'MovePosition',
      sourcePosition: 1,
      targetPosition: 2,
    });
    expect(optimisticCommand({ type: 'insert', registrationId: 5 })).toEqual({ type: 'Insert', registrationId: 5 });
    expect(optimisticCommand({ type: 'current-heat', heat: 2 })).toEqual({ type: 'SetCurrentHeat', heat: 2 });
  });
  it('is null for what only the server knows', () => {
    for (const action of [
      { type: 'undo' },
      { type: 'redo' },
      { type: 'create-empty' },
      { type: 'apply-state', name: 'x' },
    ] as const) {
      expect(optimisticCommand(action)).toBeNull();
    }
  });
});

describe('words and ids', () => {
  it('names the action and whether it was dragged', () => {
    expect(actionNoun({ type: 'move-heat', source: 1, target: 2 })).toBe('move');
    expect(actionNoun({ type: 'unlock-pair', pair: 1 })).toBe('unlock');
    expect(isDragAction({ type: 'move-heat', source: 1, target: 2, dragged: true })).toBe(true);
    expect(isDragAction({ type: 'lock-order' })).toBe(false);
  });
  it('makes ids the API accepts, different each time', () => {
    const a = newCommandId();
    expect(a).toMatch(/^[A-Za-z0-9._:-]{1,100}$/);
    expect(newCommandId()).not.toBe(a);
  });
});

describe('mark actions', () => {
  it('sends a scratch, a no-show and a reinstatement to the mark route, and applies them at once', () => {
    expect(requestOf(9, { type: 'mark', registrationId: 4, mark: 'scratched' }, 3, 'c1')).toEqual({
      method: 'PATCH',
      path: '/run-orders/run/9/registrations/4/mark',
      body: { expectedVersion: 3, commandId: 'c1', mark: 'scratched' },
    });
    expect(requestOf(9, { type: 'mark', registrationId: 4, mark: null }, 3, 'c1').body).toMatchObject({ mark: null });
    expect(optimisticCommand({ type: 'mark', registrationId: 4, mark: 'no-show' })).toEqual({
      type: 'MarkEntrant',
      registrationId: 4,
      mark: 'no-show',
    });
    expect(actionNoun({ type: 'mark', registrationId: 4, mark: null })).toBe('reinstatement');
  });
});
