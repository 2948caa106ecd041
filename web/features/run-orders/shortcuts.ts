/**
 * The board's keyboard shortcuts: Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes, Page Down
 * (or > on keyboards without it) starts the next heat as at the timing table; never while typing.
 */

import { NEXT_HEAT_KEYS } from '../../../api/domain/run-orders/current-heat.ts';

export type BoardShortcut = 'undo' | 'redo' | 'next-heat';

export interface ShortcutKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** Whether the key press is part of an IME composition. */
  isComposing?: boolean;
  target: EventTarget | null;
}

/** Whether the element takes typed text: an input (not a button-like one), a text area, a select, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof target !== 'object') return false;
  const element = target as { tagName?: unknown; isContentEditable?: unknown; type?: unknown };
  if (element.isContentEditable === true) return true;
  const tag = typeof element.tagName === 'string' ? element.tagName.toUpperCase() : '';
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = typeof element.type === 'string' ? element.type.toLowerCase() : 'text';
  return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(type);
}

/** The shortcut a key press means on the board, or undefined. */
export function boardShortcut(event: ShortcutKeyEvent): BoardShortcut | undefined {
  if (event.isComposing || event.altKey) return undefined;
  const command = event.ctrlKey || event.metaKey;
  if (!command && NEXT_HEAT_KEYS.includes(event.key)) return isTypingTarget(event.target) ? undefined : 'next-heat';
  if (!command || isTypingTarget(event.target)) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return undefined;
}
