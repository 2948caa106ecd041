import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, redirectTarget, safeRedirectPath } from './redirect.ts';

describe('redirect after sign-in', () => {
  it('defaults to the portal', () => {
    expect(DEFAULT_AFTER_SIGN_IN).toBe('/portal');
    expect(redirectTarget(undefined)).toBe('/portal');
    expect(redirectTarget('')).toBe('/portal');
  });

  it.each([
    ['/portal', '/portal'],
    ['/portal/profile', '/portal/profile'],
    ['/events?year=2027#top', '/events?year=2027#top'],
    ['/portal/../events', '/events'],
    ['/', '/'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.example/portal'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/portal\\x'],
    ['absolute URL', 'https://evil.example/portal'],
    ['javascript', 'javascript:alert(1)'],
    ['relative', 'portal'],
    ['tab trick', '/\t/evil.example'],
    ['newline', '/portal\n'],
    ['sign-in loop', '/sign-in?redirect=/portal'],
    ['auth page with slash', '/register/'],
    ['reset page', '/reset-password?token=abc'],
    ['not a string', 42],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_label, input) => {
    expect(safeRedirectPath(input)).toBeUndefined();
    expect(redirectTarget(input)).toBe('/portal');
  });
});
