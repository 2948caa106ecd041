/**
 * Keyboard helpers shared by the portal's screens: whether a key press lands in a field that takes
 * typed text (the board's and the timing table's shortcuts stay out of it), and the Ctrl+Enter (⌘+Enter
 * on a Mac) that sends a note or reason dialog while Enter alone adds a line
 * (docs/decisions/063-results-outputs-details.md).
 */

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

/** Ctrl+Enter or ⌘+Enter, nothing else held, outside an IME composition: send the dialog. */
export function isSubmitShortcut(event: Omit<ShortcutKeyEvent, 'target'>): boolean {
  return (
    event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && !event.isComposing
  );
}

/** The shortcut's value for aria-keyshortcuts. */
export const SUBMIT_KEYSHORTCUTS = 'Control+Enter Meta+Enter';

/** Whether the platform's name is Apple's (macOS, iPadOS, iOS), whose keyboards say ⌘ for Meta. */
export function isApplePlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** The hint under the field: "Ctrl+Enter to send", "⌘+Enter to send" on a Mac. */
export function submitShortcutHint(verb: string, apple: boolean): string {
  return `${apple ? '⌘' : 'Ctrl'}+Enter to ${verb}`;
}
