import { describe, expect, it } from 'vitest';
import type { ShortcutKeyEvent } from '../../lib/keyboard.ts';
import { boardShortcut } from './shortcuts.ts';

const press = (key: string, modifiers: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target: { tagName: 'BODY' } as unknown as EventTarget,
  ...modifiers,
});

describe('boardShortcut', () => {
  it('undoes on Ctrl+Z and Cmd+Z', () => {
    expect(boardShortcut(press('z', { ctrlKey: true }))).toBe('undo');
    expect(boardShortcut(press('z', { metaKey: true }))).toBe('undo');
  });

  it('redoes on Shift+Ctrl+Z, Shift+Cmd+Z and Ctrl+Y', () => {
    expect(boardShortcut(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(boardShortcut(press('z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(boardShortcut(press('y', { ctrlKey: true }))).toBe('redo');
  });

  it('starts the next heat on Page Down or >, never while typing or with Ctrl', () => {
    expect(boardShortcut(press('PageDown'))).toBe('next-heat');
    expect(boardShortcut(press('>', { shiftKey: true }))).toBe('next-heat');
    expect(boardShortcut(press('PageDown', { ctrlKey: true }))).toBeUndefined();
    expect(
      boardShortcut(press('PageDown', { target: { tagName: 'INPUT' } as unknown as EventTarget })),
    ).toBeUndefined();
  });

  it('ignores plain keys, Alt combinations and compositions', () => {
    expect(boardShortcut(press('z'))).toBeUndefined();
    expect(boardShortcut(press('z', { shiftKey: true }))).toBeUndefined();
    expect(boardShortcut(press('z', { ctrlKey: true, altKey: true }))).toBeUndefined();
    expect(boardShortcut(press('z', { ctrlKey: true, isComposing: true }))).toBeUndefined();
    expect(boardShortcut(press('a', { ctrlKey: true }))).toBeUndefined();
  });

  it('leaves the browser its own undo while typing', () => {
    for (const target of [
      { tagName: 'INPUT', type: 'text' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect(boardShortcut(press('z', { ctrlKey: true, target: target as unknown as EventTarget }))).toBeUndefined();
    }
  });
});
