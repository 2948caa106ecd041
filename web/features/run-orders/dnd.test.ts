import { describe, expect, it } from 'vitest';
import { announcements, dragId, dropAction, parseDragId, presenceOf } from './dnd.ts';

const names = {
  atPosition: (p: number) => (p === 4 ? 'Alex Morgan' : 'an empty position'),
  entry: (id: number) => (id === 12 ? 'Kamloops Crew' : `registration ${id}`),
};

describe('drag ids', () => {
  it('round-trips positions, heats and unplaced entries', () => {
    for (const item of [
      { kind: 'position', position: 4 },
      { kind: 'heat', heat: 2 },
      { kind: 'unplaced', registrationId: 12 },
    ] as const) {
      expect(parseDragId(dragId(item))).toEqual(item);
    }
  });
  it('rejects anything else', () => {
    expect(parseDragId('position-0')).toBeUndefined();
    expect(parseDragId('lane-3')).toBeUndefined();
    expect(parseDragId(null)).toBeUndefined();
    expect(parseDragId(7)).toBeUndefined();
  });
});

describe('dropAction', () => {
  it('moves a position onto another', () => {
    expect(dropAction({ kind: 'position', position: 4 }, { kind: 'position', position: 7 })).toEqual({
      type: 'move-position',
      source: 4,
      target: 7,
      dragged: true,
    });
  });
  it('moves a heat onto another', () => {
    expect(dropAction({ kind: 'heat', heat: 3 }, { kind: 'heat', heat: 1 })).toEqual({
      type: 'move-heat',
      source: 3,
      target: 1,
      dragged: true,
    });
  });
  it('inserts an unplaced entry where it is dropped', () => {
    expect(dropAction({ kind: 'unplaced', registrationId: 12 }, { kind: 'position', position: 5 })).toEqual({
      type: 'insert',
      registrationId: 12,
      position: 5,
      dragged: true,
    });
  });
  it('does nothing for a drop in place or across kinds', () => {
    expect(dropAction({ kind: 'position', position: 4 }, { kind: 'position', position: 4 })).toBeUndefined();
    expect(dropAction({ kind: 'heat', heat: 1 }, { kind: 'position', position: 4 })).toBeUndefined();
    expect(dropAction({ kind: 'position', position: 4 }, { kind: 'heat', heat: 1 })).toBeUndefined();
    expect(dropAction({ kind: 'position', position: 4 }, undefined)).toBeUndefined();
  });
});

describe('presenceOf', () => {
  it('tells the others what is being dragged on the board', () => {
    expect(presenceOf({ kind: 'position', position: 4 })).toEqual({ kind: 'position', number: 4 });
    expect(presenceOf({ kind: 'heat', heat: 2 })).toEqual({ kind: 'heat', number: 2 });
    expect(presenceOf({ kind: 'unplaced', registrationId: 12 })).toBeNull();
    expect(presenceOf(undefined)).toBeNull();
  });
});

describe('announcements', () => {
  const say = announcements(names);
  it('speaks in plain words', () => {
    expect(say.onDragStart({ active: { id: 'position-4' } })).toMatch(
      /^Picked up Alex Morgan from position 4\. Use the arrow keys/,
    );
    expect(say.onDragOver({ active: { id: 'position-4' }, over: { id: 'position-7' } })).toBe(
      'Alex Morgan from position 4 is over position 7.',
    );
    expect(say.onDragOver({ active: { id: 'heat-2' }, over: null })).toBe('Heat 2 is not over a place it can go.');
    expect(say.onDragEnd({ active: { id: 'unplaced-12' }, over: { id: 'position-3' } })).toBe(
      'Kamloops Crew was dropped on position 3.',
    );
    expect(say.onDragEnd({ active: { id: 'position-4' }, over: { id: 'position-4' } })).toBe(
      'Alex Morgan from position 4 was dropped where it was; nothing moved.',
    );
    expect(say.onDragCancel({ active: { id: 'position-4' } })).toBe(
      'Moving was cancelled. Alex Morgan stays at position 4.',
    );
    expect(say.onDragCancel({ active: { id: 'heat-2' } })).toBe('Moving was cancelled. Heat 2 stays where it was.');
    expect(say.onDragCancel({ active: { id: 'unplaced-12' } })).toBe(
      'Moving was cancelled. Kamloops Crew is still not placed.',
    );
  });
});
