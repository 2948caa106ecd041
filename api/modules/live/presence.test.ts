import { describe, expect, it } from 'vitest';
import { mergeViewers, PresenceBoard, parsePresenceMessage } from './presence.ts';

const ada = { userId: 1, name: 'Ada Lovelace' };
const bob = { userId: 2, name: 'Bob Brown' };

describe('PresenceBoard', () => {
  it('tracks local joins, drags and leaves, one viewer per user', () => {
    const board = new PresenceBoard<string>(1000);
    expect(board.join(5, 'tab-1', ada)).toBe(true);
    expect(board.join(5, 'tab-1', ada)).toBe(false);
    expect(board.join(5, 'tab-2', ada)).toBe(true);
    expect(board.drag(5, 'tab-2', { kind: 'heat', number: 2 })).toBe(true);
    expect(board.drag(5, 'tab-2', { kind: 'heat', number: 2 })).toBe(false);
    expect(board.drag(5, 'nobody', null)).toBeUndefined();
    expect(board.viewers(5)).toEqual([{ ...ada, dragging: { kind: 'heat', number: 2 } }]);
    expect(board.leave(5, 'tab-2')).toBe(true);
    expect(board.viewers(5)).toEqual([{ ...ada, dragging: null }]);
    expect(board.leave(5, 'tab-1')).toBe(true);
    expect(board.localRuns()).toEqual([]);
  });

  it('merges other instances, ignores stale announcements and expires silent instances', () => {
    let now = 0;
    const board = new PresenceBoard<string>(1000, () => now);
    board.join(5, 'tab', ada);
    expect(
      board.apply({
        instanceId: 'b',
        runId: 5,
        seq: 2,
        viewers: [{ ...bob, dragging: { kind: 'position', number: 4 } }],
      }),
    ).toBe(true);
    expect(board.apply({ instanceId: 'b', runId: 5, seq: 1, viewers: [] })).toBe(false);
    expect(board.viewers(5).map((v) => v.name)).toEqual(['Ada Lovelace', 'Bob Brown']);
    now = 999;
    expect(board.expire()).toEqual([]);
    now = 1000;
    expect(board.expire()).toEqual([5]);
    expect(board.viewers(5).map((v) => v.name)).toEqual(['Ada Lovelace']);
    expect(board.apply({ instanceId: 'b', runId: 5, seq: 3, viewers: [{ ...bob, dragging: null }] })).toBe(true);
    expect(board.apply({ instanceId: 'b', runId: 5, seq: 4, viewers: [] })).toBe(true);
    expect(board.viewers(5).map((v) => v.name)).toEqual(['Ada Lovelace']);
  });

  it('sorts by name and prefers the entry that drags', () => {
    expect(
      mergeViewers([
        [{ ...bob, dragging: null }],
        [
          { ...ada, dragging: null },
          { ...bob, dragging: { kind: 'heat', number: 1 } },
        ],
      ]),
    ).toEqual([
      { ...ada, dragging: null },
      { ...bob, dragging: { kind: 'heat', number: 1 } },
    ]);
  });

  it('parses only well-formed announcements', () => {
    expect(parsePresenceMessage('nope')).toBeUndefined();
    expect(parsePresenceMessage('{"runId":1}')).toBeUndefined();
    expect(parsePresenceMessage('{"instanceId":"a","sync":true}')).toEqual({ instanceId: 'a', sync: true });
    expect(
      parsePresenceMessage(
        JSON.stringify({
          instanceId: 'a',
          runId: 1,
          seq: 1,
          viewers: [{ userId: 1, name: 'A', dragging: { kind: 'x', number: 1 } }, { bad: true }],
        }),
      ),
    ).toEqual({
      instanceId: 'a',
      runId: 1,
      seq: 1,
      viewers: [{ userId: 1, name: 'A', dragging: null }],
    });
  });
});
