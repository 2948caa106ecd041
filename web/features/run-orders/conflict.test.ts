import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../api/contracts/live.ts';
import { conflictEvents, conflictMessage, describeChange, whoChangedWhat } from './conflict.ts';

const names: Record<number, string> = { 7: 'Alex Morgan', 8: 'Sam Lee' };
const context = {
  nameOf: (id: number) => names[id],
  meId: 1,
  entryName: (id: number) => ({ 101: 'Kamloops Crew', 102: 'Dana Okoye' })[id] ?? `registration ${id}`,
};

const moved = (version: number, actorId: number | null, source = 4, target = 7): LiveEvent => ({
  version,
  type: 'PositionMoved',
  data: {
    slots: [102, null, null, null, null, null, 101],
    sourcePosition: source,
    targetPosition: target,
    movedBy: actorId,
  },
  recordedAt: '2026-11-21T15:00:00Z',
  actorId,
});

describe('conflictMessage', () => {
  it('names the other admin and what they did while a drag was on', () => {
    expect(
      conflictMessage([moved(5, 7)], { type: 'move-position', source: 2, target: 3, dragged: true }, context),
    ).toBe('Alex Morgan moved Kamloops Crew from position 4 to 7 while you were dragging; your move was not applied.');
  });

  it('says "just before you" for a button action and names the action', () => {
    expect(conflictMessage([moved(5, 8)], { type: 'lock-pair', pair: 2 }, context)).toBe(
      'Sam Lee moved Kamloops Crew from position 4 to 7 just before you; your lock was not applied.',
    );
  });

  it('falls back to "another admin" for an unknown or missing actor', () => {
    expect(conflictMessage([moved(5, 99)], { type: 'remove', registrationId: 101 }, context)).toBe(
      'Another admin moved Kamloops Crew from position 4 to 7 just before you; your removal was not applied.',
    );
    expect(
      whoChangedWhat([{ ...moved(5, null), data: { slots: [], sourcePosition: 1, targetPosition: 2 } }], context),
    ).toMatch(/^Another admin moved/);
  });

  it('uses the actor written in the event data when the live event has no actor id', () => {
    const event = moved(5, 8);
    delete event.actorId;
    expect(whoChangedWhat([event], context)).toMatch(/^Sam Lee moved/);
  });

  it('counts further changes by the same admin and lists several admins', () => {
    expect(whoChangedWhat([moved(5, 7), moved(6, 7), moved(7, 7, 1, 7)], context)).toBe(
      'Alex Morgan moved Kamloops Crew from position 1 to 7 and made 2 other changes',
    );
    expect(whoChangedWhat([moved(5, 7), moved(6, 8)], context)).toBe(
      'Alex Morgan and Sam Lee changed the order (last: moved Kamloops Crew from position 4 to 7)',
    );
  });

  it("recognises the admin's own change from another window", () => {
    expect(whoChangedWhat([moved(5, 1)], context)).toBe(
      'You (in another window) moved Kamloops Crew from position 4 to 7',
    );
  });

  it('has words for an empty list and unknown events', () => {
    expect(whoChangedWhat([], context)).toBe('Another admin changed the order');
    expect(describeChange({ type: 'SomethingNew', data: {} }, context.entryName)).toBe('changed the order');
    expect(describeChange({ type: 'PairLocked', data: { pair: 3 } }, context.entryName)).toBe('locked pair 3');
  });
});

describe('conflictEvents', () => {
  it('reads the events of a conflict answer and drops anything else', () => {
    expect(conflictEvents({ currentVersion: 6, events: [moved(6, 7), { nope: true }, null] })).toEqual([moved(6, 7)]);
    expect(conflictEvents(undefined)).toEqual([]);
    expect(conflictEvents({ events: 'x' })).toEqual([]);
  });
});
