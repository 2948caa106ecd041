import { describe, expect, it } from 'vitest';
import {
  type BoardState,
  boardReducer,
  displayedState,
  foldLiveEvents,
  initialBoardState,
  sendVersion,
  stateFromView,
  waitingOnServer,
} from './board-state.ts';
import { ENTRIES, liveMove, stateWith, viewOf } from './test-fixtures.ts';

const loaded = (view = viewOf(stateWith([1, 2, 3, 4, null, null])), meId: number | null = 1): BoardState =>
  boardReducer(initialBoardState(meId), { type: 'server-view', view });

const slotsShown = (board: BoardState) => displayedState(board)?.slots;

describe('stateFromView', () => {
  it('carries the arrangement, locks and flags of the view', () => {
    const state = stateFromView(
      viewOf(
        stateWith([1, 2, null, 3], {
          lockedPositions: [2],
          lockedPairs: [2],
          orderLocked: true,
          currentHeat: 2,
          undo: [[]],
        }),
      ),
    );
    expect(state).toMatchObject({
      version: 3,
      slots: [1, 2, null, 3],
      lockedPositions: [2],
      lockedPairs: [2],
      orderLocked: true,
      currentHeat: 2,
    });
    expect(state.undo).toHaveLength(1);
    expect(state.redo).toHaveLength(0);
  });
});

describe('optimistic actions', () => {
  it('shows a move at once and keeps the confirmed order until the server answers', () => {
    const board = boardReducer(loaded(), {
      type: 'queue',
      id: 'a',
      action: { type: 'move-position', source: 1, target: 3 },
    });
    expect(slotsShown(board)).toEqual([2, 3, 1, 4, null, null]);
    expect(board.confirmed?.slots).toEqual([1, 2, 3, 4, null, null]);
    expect(board.pending.map((p) => p.id)).toEqual(['a']);
  });

  it('moves around a locked position, as the server does', () => {
    const board = boardReducer(loaded(viewOf(stateWith([1, 2, 3, 4, null, null], { lockedPositions: [2] }))), {
      type: 'queue',
      id: 'a',
      action: { type: 'move-position', source: 1, target: 4 },
    });
    expect(slotsShown(board)).toEqual([3, 2, 4, 1, null, null]);
  });

  it('refuses at once what the rules refuse, with their words, and sends nothing', () => {
    const board = boardReducer(loaded(viewOf(stateWith([1, 2, 3, 4, null, null], { lockedPositions: [3] }))), {
      type: 'queue',
      id: 'a',
      action: { type: 'move-position', source: 1, target: 3 },
    });
    expect(board.pending).toEqual([]);
    expect(board.notice).toMatchObject({ tone: 'error', text: 'Position 3 is locked; unlock it first.' });
    // The same refusal again is a new notice, so it is announced again.
    const again = boardReducer(board, {
      type: 'queue',
      id: 'b',
      action: { type: 'move-position', source: 1, target: 3 },
    });
    expect(again.notice?.text).toBe(board.notice?.text);
    expect(again.notice?.key).not.toBe(board.notice?.key);
  });

  it('drops an action that changes nothing', () => {
    const board = boardReducer(loaded(viewOf(stateWith([1, 2], { lockedPairs: [1] }))), {
      type: 'queue',
      id: 'a',
      action: { type: 'lock-pair', pair: 1 },
    });
    expect(board.pending).toEqual([]);
    expect(board.notice).toBeNull();
  });

  it('queues actions that only the server can answer without changing what is shown', () => {
    const board = boardReducer(loaded(viewOf(stateWith([1, 2], { undo: [[2, 1]] }))), {
      type: 'queue',
      id: 'u',
      action: { type: 'undo' },
    });
    expect(slotsShown(board)).toEqual([1, 2]);
    expect(waitingOnServer(board).map((p) => p.id)).toEqual(['u']);
  });

  it('places an unplaced entry and takes one out', () => {
    // Heats of two pairs: the fifth entry alone in heat 2 gets the last runner of heat 1 as partner.
    let board = boardReducer(loaded(), { type: 'queue', id: 'a', action: { type: 'insert', registrationId: 5 } });
    expect(slotsShown(board)).toEqual([1, 2, 3, null, 5, 4]);
    board = boardReducer(board, { type: 'queue', id: 'b', action: { type: 'remove', registrationId: 2 } });
    expect(slotsShown(board)).toEqual([1, null, 3, null, 5, 4]);
  });

  it('replaces the confirmed order with the answer and applies what is still queued on top', () => {
    let board = boardReducer(loaded(), {
      type: 'queue',
      id: 'a',
      action: { type: 'move-position', source: 1, target: 2 },
    });
    board = boardReducer(board, { type: 'queue', id: 'b', action: { type: 'lock-positions', positions: [4] } });
    board = boardReducer(board, { type: 'sent', id: 'a' });
    expect(board.inflight).toBe('a');
    board = boardReducer(board, {
      type: 'succeeded',
      id: 'a',
      view: viewOf(stateWith([2, 1, 3, 4, null, null], { version: 4 })),
    });
    expect(board.inflight).toBeNull();
    expect(board.confirmed?.version).toBe(4);
    expect(board.pending.map((p) => p.id)).toEqual(['b']);
    expect(displayedState(board)?.lockedPositions).toEqual([4]);
    expect(slotsShown(board)).toEqual([2, 1, 3, 4, null, null]);
  });
});

describe('live events', () => {
  it('folds the next version from another admin', () => {
    const board = boardReducer(loaded(), { type: 'live-event', event: liveMove(4, [2, 1, 3, 4, null, null], 1, 2) });
    expect(board.confirmed?.version).toBe(4);
    expect(slotsShown(board)).toEqual([2, 1, 3, 4, null, null]);
    expect(board.needsRefetch).toBe(false);
  });

  it('ignores a version it already has and reads the whole order again after a gap', () => {
    const start = loaded();
    expect(boardReducer(start, { type: 'live-event', event: liveMove(3, [4, 3, 2, 1, null, null], 1, 4) })).toBe(start);
    const gap = boardReducer(start, { type: 'live-event', event: liveMove(6, [4, 3, 2, 1, null, null], 1, 4) });
    expect(gap.confirmed?.version).toBe(3);
    expect(gap.needsRefetch).toBe(true);
  });

  it('reads the order again when an event names an entry it does not know', () => {
    const board = boardReducer(loaded(), { type: 'live-event', event: liveMove(4, [99, 2, 3, 4, null, null], 1, 1) });
    expect(board.needsRefetch).toBe(true);
  });

  it('holds events while an action is on its way, never applying the own change twice', () => {
    let board = boardReducer(loaded(), {
      type: 'queue',
      id: 'a',
      action: { type: 'move-position', source: 1, target: 2 },
    });
    board = boardReducer(board, { type: 'sent', id: 'a' });
    // The socket brings the own event (version 4) and then another admin's (version 5) before the answer.
    board = boardReducer(board, { type: 'live-event', event: liveMove(4, [2, 1, 3, 4, null, null], 1, 2, 1) });
    board = boardReducer(board, { type: 'live-event', event: liveMove(5, [2, 1, 4, 3, null, null], 3, 4) });
    expect(slotsShown(board)).toEqual([2, 1, 3, 4, null, null]);
    board = boardReducer(board, {
      type: 'succeeded',
      id: 'a',
      view: viewOf(stateWith([2, 1, 3, 4, null, null], { version: 4 })),
    });
    expect(board.confirmed?.version).toBe(5);
    expect(slotsShown(board)).toEqual([2, 1, 4, 3, null, null]);
    expect(board.held).toEqual([]);
  });

  it('keeps reading the whole order for later when a read arrives during an action', () => {
    let board = boardReducer(loaded(), { type: 'queue', id: 'a', action: { type: 'lock-order' } });
    board = boardReducer(board, { type: 'sent', id: 'a' });
    board = boardReducer(board, { type: 'server-view', view: viewOf(stateWith([1, 2, 3, 4, null, null])) });
    expect(board.needsRefetch).toBe(true);
    expect(boardReducer(board, { type: 'refetching' }).needsRefetch).toBe(false);
  });

  it('never goes back to an older read', () => {
    const board = boardReducer(loaded(viewOf(stateWith([1, 2], { version: 8 }))), {
      type: 'server-view',
      view: viewOf(stateWith([2, 1], { version: 7 })),
    });
    expect(board.confirmed?.version).toBe(8);
    expect(board.needsRefetch).toBe(true);
  });
});

describe('refusals', () => {
  it('rolls back on a version conflict and names the admin who moved first', () => {
    let board = boardReducer(loaded(), {
      type: 'presence',
      viewers: [{ userId: 7, name: 'Alex Morgan', dragging: null }],
    });
    board = boardReducer(board, {
      type: 'queue',
      id: 'a',
      action: { type: 'move-position', source: 1, target: 3, dragged: true },
    });
    board = boardReducer(board, { type: 'queue', id: 'b', action: { type: 'lock-positions', positions: [1] } });
    board = boardReducer(board, { type: 'sent', id: 'a' });
    board = boardReducer(board, {
      type: 'failed',
      id: 'a',
      error: {
        status: 409,
        code: 'VERSION_CONFLICT',
        message: 'Someone else changed this run order first',
        details: { currentVersion: 4, events: [liveMove(4, [1, 2, 4, 3, null, null], 4, 3)] },
      },
    });
    expect(board.pending).toEqual([]);
    expect(board.inflight).toBeNull();
    expect(board.confirmed?.version).toBe(4);
    expect(slotsShown(board)).toEqual([1, 2, 4, 3, null, null]);
    expect(board.needsRefetch).toBe(true);
    expect(board.notice).toMatchObject({
      tone: 'conflict',
      text: 'Alex Morgan moved Dana Okoye from position 4 to 3 while you were dragging; your move was not applied.',
    });
  });

  it('says "another admin" when it does not know the name', () => {
    let board = boardReducer(loaded(), { type: 'queue', id: 'a', action: { type: 'remove', registrationId: 1 } });
    board = boardReducer(board, { type: 'sent', id: 'a' });
    board = boardReducer(board, {
      type: 'failed',
      id: 'a',
      error: {
        status: 409,
        code: 'VERSION_CONFLICT',
        message: 'x',
        details: { events: [liveMove(4, [1, 2, 4, 3, null, null], 4, 3, 42)] },
      },
    });
    expect(board.notice?.text).toMatch(/^Another admin moved Dana Okoye/);
  });

  it("shows the server's words for a lock refusal and keeps the other queued actions", () => {
    let board = boardReducer(loaded(), {
      type: 'queue',
      id: 'a',
      action: { type: 'move-position', source: 1, target: 2 },
    });
    board = boardReducer(board, { type: 'queue', id: 'b', action: { type: 'lock-positions', positions: [4] } });
    board = boardReducer(board, { type: 'sent', id: 'a' });
    board = boardReducer(board, {
      type: 'failed',
      id: 'a',
      error: { status: 409, code: 'POSITION_LOCKED', message: 'Position 2 is locked; unlock it first.' },
    });
    expect(board.notice).toMatchObject({ tone: 'error', text: 'Position 2 is locked; unlock it first.' });
    expect(board.pending.map((p) => p.id)).toEqual(['b']);
    expect(slotsShown(board)).toEqual([1, 2, 3, 4, null, null]);
  });

  it('shows a refused drop where the drag ended, and sends nothing for a drop on a locked position', () => {
    const board = boardReducer(loaded(viewOf(stateWith([1, 2, 3, 4, null, null], { lockedPositions: [3] }))), {
      type: 'queue',
      id: 'a',
      action: { type: 'move-position', source: 4, target: 3, dragged: true },
    });
    expect(board.pending).toEqual([]);
    expect(board.notice?.anchor).toEqual({ kind: 'position', number: 3 });
    expect(board.notice?.text).toMatch(/Position 3 is locked/);
  });
});

describe('changes made while the server cannot be reached', () => {
  const offline = () => {
    let board = boardReducer(loaded(), {
      type: 'queue',
      id: 'a',
      action: { type: 'move-position', source: 1, target: 3 },
    });
    board = boardReducer(board, { type: 'sent', id: 'a' });
    board = boardReducer(board, { type: 'queue', id: 'b', action: { type: 'lock-positions', positions: [1] } });
    return boardReducer(board, {
      type: 'failed',
      id: 'a',
      error: { message: 'Unable to reach the server. Check your connection.' },
    });
  };

  it('keeps them, in order, on the version they were made on, and says so', () => {
    const board = offline();
    expect(board.pending.map((p) => p.id)).toEqual(['a', 'b']);
    expect(board.paused).toBe(true);
    expect(board.pinnedVersion).toBe(3);
    expect(sendVersion(board)).toBe(3);
    expect(slotsShown(board)).toEqual([2, 3, 1, 4, null, null]);
    expect(board.notice).toMatchObject({ tone: 'offline', text: expect.stringMatching(/2 changes are kept/) });
  });

  it('sends them again when the connection returns; each goes out on the version the one before reached', () => {
    let board = boardReducer(offline(), { type: 'online' });
    expect(board.paused).toBe(false);
    board = boardReducer(board, { type: 'sent', id: 'a' });
    board = boardReducer(board, {
      type: 'succeeded',
      id: 'a',
      view: viewOf(stateWith([2, 3, 1, 4, null, null], { version: 4 })),
    });
    expect(sendVersion(board)).toBe(4);
    expect(board.notice).toBeNull();
    board = boardReducer(board, { type: 'sent', id: 'b' });
    board = boardReducer(board, {
      type: 'succeeded',
      id: 'b',
      view: viewOf(stateWith([2, 3, 1, 4, null, null], { version: 5, lockedPositions: [1] })),
    });
    expect(board.pinnedVersion).toBeNull();
    expect(board.pending).toEqual([]);
  });

  it('holds them for a choice when someone changed the order meanwhile: applied again as new commands, or discarded', () => {
    let board = boardReducer(offline(), { type: 'online' });
    board = boardReducer(board, { type: 'sent', id: 'a' });
    board = boardReducer(board, {
      type: 'failed',
      id: 'a',
      error: {
        status: 409,
        code: 'VERSION_CONFLICT',
        message: 'x',
        details: { events: [liveMove(4, [1, 2, 4, 3, null, null], 4, 3)] },
      },
    });
    expect(board.pending).toEqual([]);
    expect(board.conflict?.actions.map((p) => p.id)).toEqual(['a', 'b']);
    expect(board.conflict?.version).toBe(3);
    expect(board.conflict?.text).toMatch(/^Another admin moved Dana Okoye from position 4 to 3 while you were offline/);
    expect(slotsShown(board)).toEqual([1, 2, 4, 3, null, null]);

    const applied = boardReducer(board, { type: 'resolve-conflict', choice: 'apply' });
    expect(applied.conflict).toBeNull();
    expect(applied.pending.map((p) => p.action)).toEqual(board.conflict?.actions.map((p) => p.action));
    expect(applied.pending.map((p) => p.id)).not.toContain('a');
    expect(sendVersion(applied)).toBe(4);

    const discarded = boardReducer(board, { type: 'resolve-conflict', choice: 'discard' });
    expect(discarded.conflict).toBeNull();
    expect(discarded.pending).toEqual([]);
  });

  it('takes back what an earlier page kept, once, pinned to its version', () => {
    const kept = [{ id: 'k', action: { type: 'move-position', source: 2, target: 1 } as const }];
    let board = boardReducer(loaded(viewOf(stateWith([1, 2, 3, 4, null, null], { version: 5 }))), {
      type: 'restore',
      pending: kept,
      version: 3,
    });
    board = boardReducer(board, { type: 'restore', pending: kept, version: 3 });
    expect(board.pending.map((p) => p.id)).toEqual(['k']);
    expect(sendVersion(board)).toBe(3);
  });
});

describe('foldLiveEvents', () => {
  it('asks for the whole order after an undo, whose stack the board cannot know', () => {
    const entries = Object.fromEntries(ENTRIES.map((e) => [String(e.registrationId), e]));
    const { state, refetch } = foldLiveEvents(
      stateWith([1, 2], { undo: [[2, 1]] }),
      [
        {
          version: 4,
          type: 'ChangeUndone',
          data: { slots: [2, 1], undoneBy: 7 },
          recordedAt: '2026-11-21T15:00:00Z',
          actorId: 7,
        },
      ],
      entries,
    );
    expect(state.slots).toEqual([2, 1]);
    expect(refetch).toBe(true);
  });
});
