import { describe, expect, it } from 'vitest';
import { isApplePlatform, isSubmitShortcut, isTypingTarget, submitShortcutHint } from './keyboard.ts';

const press = (key: string, over: Partial<Parameters<typeof isSubmitShortcut>[0]> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...over,
});

describe('isTypingTarget', () => {
  it('counts text-like inputs but not buttons and check boxes', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'number' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'input' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('the submit shortcut', () => {
  it('is Ctrl+Enter or ⌘+Enter', () => {
    expect(isSubmitShortcut(press('Enter', { ctrlKey: true }))).toBe(true);
    expect(isSubmitShortcut(press('Enter', { metaKey: true }))).toBe(true);
  });

  it('is not Enter alone (a new line), with Shift or Alt, another key, or inside an IME composition', () => {
    expect(isSubmitShortcut(press('Enter'))).toBe(false);
    expect(isSubmitShortcut(press('Enter', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSubmitShortcut(press('Enter', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSubmitShortcut(press('m', { ctrlKey: true }))).toBe(false);
    expect(isSubmitShortcut(press('Enter', { ctrlKey: true, isComposing: true }))).toBe(false);
  });

  it('says Ctrl, or ⌘ on Apple keyboards', () => {
    expect(isApplePlatform('MacIntel')).toBe(true);
    expect(isApplePlatform('macOS')).toBe(true);
    expect(isApplePlatform('iPad')).toBe(true);
    expect(isApplePlatform('Linux x86_64')).toBe(false);
    expect(isApplePlatform('Win32')).toBe(false);
    expect(submitShortcutHint('send', false)).toBe('Ctrl+Enter to send');
    expect(submitShortcutHint('confirm', true)).toBe('⌘+Enter to confirm');
  });
});
