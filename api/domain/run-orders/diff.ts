/**
 * What an arrangement change moves, and a one-line summary of a run-order event: for the board's
 * "what moves" preview and for the history timeline. Pure, shared by the server and the browser.
 */
import type { SeedingRule, Slots } from './events.ts';

export interface ArrangementMove {
  registrationId: number;
  /** The position before, or null when the entry was added. */
  from: number | null;
  /** The position after, or null when the entry was removed. */
  to: number | null;
}

const positionsOf = (slots: Slots): Map<number, number> => {
  const positions = new Map<number, number>();
  slots.forEach((id, i) => {
    if (id !== null && !positions.has(id)) positions.set(id, i + 1);
  });
  return positions;
};

/**
 * The entries whose position changed, were added (from null) or removed (to null): those standing
 * after the change in their new position order, then the removed ones in their old position order.
 */
export function arrangementMoves(before: Slots, after: Slots): ArrangementMove[] {
  const was = positionsOf(before);
  const is = positionsOf(after);
  const moves: ArrangementMove[] = [];
  for (const [registrationId, to] of is) {
    const from = was.get(registrationId) ?? null;
    if (from !== to) moves.push({ registrationId, from, to });
  }
  for (const [registrationId, from] of was) if (!is.has(registrationId)) moves.push({ registrationId, from, to: null });
  return moves;
}

const quoted = (name: unknown): string => `“${String(name)}”`;
const list = (values: unknown): string => (Array.isArray(values) ? values.join(', ') : '');
const plural = (values: unknown, one: string, many: string): string =>
  Array.isArray(values) && values.length === 1 ? one : many;

function seedingLabel(seeding: Partial<SeedingRule> | undefined): string {
  if (!seeding || typeof seeding !== 'object') return '';
  const seed = seeding.seed !== undefined ? `seed ${seeding.seed}` : '';
  if (seeding.rule === 'best-time')
    return [`best time, fastest ${seeding.fastest === 'first' ? 'first' : 'last'}`, seed].filter(Boolean).join(', ');
  return [seeding.rule ?? 'random', seed].filter(Boolean).join(', ');
}

/** The data fields a summary reads, by event type; an event without them reads as its type name. */
const REQUIRED_FIELDS: Record<string, [string, 'number' | 'string' | 'array'][]> = {
  PositionMoved: [
    ['sourcePosition', 'number'],
    ['targetPosition', 'number'],
  ],
  HeatMoved: [
    ['sourceHeatNumber', 'number'],
    ['targetHeatNumber', 'number'],
  ],
  RegistrationInserted: [
    ['registrationId', 'number'],
    ['position', 'number'],
  ],
  RegistrationRemoved: [
    ['registrationId', 'number'],
    ['position', 'number'],
  ],
  PositionsLocked: [['positions', 'array']],
  PositionsUnlocked: [['positions', 'array']],
  PairLocked: [['pair', 'number']],
  PairUnlocked: [['pair', 'number']],
  CurrentHeatSet: [['heat', 'number']],
  StateSaved: [['name', 'string']],
  StateApplied: [['name', 'string']],
  EntrantMarked: [
    ['registrationId', 'number'],
    ['position', 'number'],
  ],
};

/**
 * A readable one-line summary of a run-order event for the history timeline. Entries are named by
 * nameOf; an unknown event type (or one whose data is not as expected) reads as its type name.
 */
export function summariseRunOrderEvent(
  event: { type: string; data: unknown },
  nameOf: (registrationId: number) => string,
): string {
  const data = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
  const name = (id: unknown): string => (typeof id === 'number' ? nameOf(id) : 'an empty position');
  const fields = REQUIRED_FIELDS[event.type] ?? [];
  if (!fields.every(([key, kind]) => (kind === 'array' ? Array.isArray(data[key]) : typeof data[key] === kind)))
    return event.type;
  switch (event.type) {
    case 'RunOrderCreated': {
      const count = Array.isArray(data.slots) ? data.slots.length : 0;
      return `Created an empty order of ${count} position${count === 1 ? '' : 's'}`;
    }
    case 'RunOrderGenerated': {
      const label = seedingLabel(data.seeding as Partial<SeedingRule> | undefined);
      return label ? `Generated (${label})` : 'Generated';
    }
    case 'PositionsReordered':
      return 'Reordered the positions';
    case 'PositionMoved': {
      const target = Number(data.targetPosition);
      const moved = Array.isArray(data.slots) ? data.slots[target - 1] : undefined;
      return `Moved ${name(moved)} from position ${data.sourcePosition} to ${data.targetPosition}`;
    }
    case 'HeatMoved':
      return `Moved heat ${data.sourceHeatNumber} to heat ${data.targetHeatNumber}`;
    case 'RegistrationInserted':
      return `Inserted ${name(data.registrationId)} at position ${data.position}`;
    case 'RegistrationRemoved':
      return `Removed ${name(data.registrationId)} from position ${data.position}`;
    case 'PositionsLocked':
      return `Locked ${plural(data.positions, 'position', 'positions')} ${list(data.positions)}`;
    case 'PositionsUnlocked':
      return `Unlocked ${plural(data.positions, 'position', 'positions')} ${list(data.positions)}`;
    case 'PairLocked':
      return `Locked pair ${data.pair}`;
    case 'PairUnlocked':
      return `Unlocked pair ${data.pair}`;
    case 'OrderLocked':
      return 'Locked the whole order';
    case 'OrderUnlocked':
      return 'Unlocked the whole order';
    case 'CurrentHeatSet':
      return `Put heat ${data.heat} on the course`;
    case 'ChangeUndone':
      return 'Undid the last change';
    case 'ChangeRedone':
      return 'Redid the change undone last';
    case 'StateSaved':
      return `Saved state ${quoted(data.name)}`;
    case 'StateApplied':
      return `Applied saved state ${quoted(data.name)}`;
    case 'EntrantMarked':
      return data.mark === 'scratched'
        ? `Scratched ${name(data.registrationId)} at position ${data.position}`
        : data.mark === 'no-show'
          ? `Marked ${name(data.registrationId)} a no-show at position ${data.position}`
          : `Reinstated ${name(data.registrationId)} at position ${data.position}`;
    default:
      return event.type;
  }
}

/** The registration events that put someone else in a run's slot (docs/decisions/045). */
export const SUBSTITUTION_EVENT_TYPES = ['EntrantSubstituted', 'TeamMemberSubstituted'] as const;

/**
 * A substitution in one line for the run order's history: who came in for whom (and, for a team, in
 * which team), from the event the substitution recorded on the registration; undefined for any other
 * event or one whose data is not as expected. People are named by their account id through nameOfUser.
 */
export function summariseSubstitution(
  event: { type: string; data: unknown },
  nameOfUser: (userId: number) => string,
  teamName?: string | null,
): string | undefined {
  const data = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
  const incoming = data.userId;
  const outgoing = event.type === 'EntrantSubstituted' ? data.previousUserId : data.replacedUserId;
  if (typeof incoming !== 'number' || typeof outgoing !== 'number') return undefined;
  const line = `${nameOfUser(incoming)} substituted for ${nameOfUser(outgoing)}`;
  if (event.type === 'EntrantSubstituted') return line;
  if (event.type === 'TeamMemberSubstituted') return teamName ? `${line} in ${teamName}` : `${line} in the team`;
  return undefined;
}
