/**
 * The board's keyboard shortcuts: Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes, Page Down
 * (or > on keyboards without it) starts the next heat as at the timing table; never while typing.
 */

import { NEXT_HEAT_KEYS } from '../../../api/domain/run-orders/current-heat.ts';
import { isTypingTarget, type ShortcutKeyEvent } from '../../lib/keyboard.ts';

export type BoardShortcut = 'undo' | 'redo' | 'next-heat';

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
