/**
 * Drag and drop on the board: the ids of what can be dragged and where it can go, what a drop means,
 * and the plain words a screen reader hears (dnd-kit's announcements).
 */
import type { Dragging } from '../../../api/contracts/live.ts';
import type { BoardAction } from './actions.ts';

export type DragItem =
  | { kind: 'position'; position: number }
  | { kind: 'heat'; heat: number }
  | { kind: 'unplaced'; registrationId: number };

export function dragId(item: DragItem): string {
  switch (item.kind) {
    case 'position':
      return `position-${item.position}`;
    case 'heat':
      return `heat-${item.heat}`;
    case 'unplaced':
      return `unplaced-${item.registrationId}`;
  }
}

export function parseDragId(id: string | number | null | undefined): DragItem | undefined {
  const match = /^(position|heat|unplaced)-(\d+)$/.exec(String(id ?? ''));
  if (!match) return undefined;
  const number = Number(match[2]);
  if (!Number.isInteger(number) || number < 1) return undefined;
  if (match[1] === 'position') return { kind: 'position', position: number };
  if (match[1] === 'heat') return { kind: 'heat', heat: number };
  return { kind: 'unplaced', registrationId: number };
}

/** What a drop asks for; undefined when it means nothing (dropped in place, or a heat onto a position). */
export function dropAction(active: DragItem | undefined, over: DragItem | undefined): BoardAction | undefined {
  if (!active || !over) return undefined;
  if (active.kind === 'position' && over.kind === 'position') {
    return active.position === over.position
      ? undefined
      : { type: 'move-position', source: active.position, target: over.position, dragged: true };
  }
  if (active.kind === 'heat' && over.kind === 'heat') {
    return active.heat === over.heat
      ? undefined
      : { type: 'move-heat', source: active.heat, target: over.heat, dragged: true };
  }
  if (active.kind === 'unplaced' && over.kind === 'position') {
    return { type: 'insert', registrationId: active.registrationId, position: over.position, dragged: true };
  }
  return undefined;
}

/** What the other admins see this one dragging (presence); unplaced entries are not on the board yet. */
export function presenceOf(item: DragItem | undefined): Dragging {
  if (!item) return null;
  if (item.kind === 'position') return { kind: 'position', number: item.position };
  if (item.kind === 'heat') return { kind: 'heat', number: item.heat };
  return null;
}

/** Names for the announcements: who stands at a position, which entry an id is. */
export interface AnnouncementNames {
  atPosition: (position: number) => string;
  entry: (registrationId: number) => string;
}

function subject(item: DragItem, names: AnnouncementNames): string {
  switch (item.kind) {
    case 'position':
      return `${names.atPosition(item.position)} from position ${item.position}`;
    case 'heat':
      return `heat ${item.heat}`;
    case 'unplaced':
      return names.entry(item.registrationId);
  }
}

function place(item: DragItem): string {
  return item.kind === 'heat'
    ? `heat ${item.heat}`
    : item.kind === 'position'
      ? `position ${item.position}`
      : 'the list of entries not placed';
}

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The four announcements, in plain words. */
export function announcements(names: AnnouncementNames) {
  return {
    onDragStart({ active }: { active: { id: string | number } }): string {
      const item = parseDragId(active.id);
      if (!item) return 'Picked up.';
      const how = 'Use the arrow keys to choose where it goes, Space or Enter to drop it there, Escape to cancel.';
      return `Picked up ${subject(item, names)}. ${how}`;
    },
    onDragOver({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }): string {
      const item = parseDragId(active.id);
      const target = parseDragId(over?.id);
      if (!item) return '';
      if (!target) return `${upperFirst(subject(item, names))} is not over a place it can go.`;
      return `${upperFirst(subject(item, names))} is over ${place(target)}.`;
    },
    onDragEnd({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }): string {
      const item = parseDragId(active.id);
      const target = parseDragId(over?.id);
      if (!item) return '';
      const action = dropAction(item, target);
      if (!action || !target) return `${upperFirst(subject(item, names))} was dropped where it was; nothing moved.`;
      return `${upperFirst(subject(item, names))} was dropped on ${place(target)}.`;
    },
    onDragCancel({ active }: { active: { id: string | number } }): string {
      const item = parseDragId(active.id);
      if (!item) return 'Moving was cancelled.';
      if (item.kind === 'position')
        return `Moving was cancelled. ${names.atPosition(item.position)} stays at position ${item.position}.`;
      if (item.kind === 'heat') return `Moving was cancelled. Heat ${item.heat} stays where it was.`;
      return `Moving was cancelled. ${names.entry(item.registrationId)} is still not placed.`;
    },
  };
}

/** Read by screen readers when a drag handle takes the focus. */
export const SCREEN_READER_INSTRUCTIONS =
  'To move an entry or a heat, press Space or Enter on its handle, use the arrow keys to choose the new place, then press Space or Enter to drop it, or Escape to cancel.';
