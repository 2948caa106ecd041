import { isRedirect } from '@tanstack/react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../lib/auth/session.ts';
import { authSession } from '../../lib/auth/session.ts';
import { errorBody, fetchStub, testSession, testUser } from '../../lib/auth/test-support.ts';
import { guardDecision, requireRole, requireSignedIn } from './guard.ts';

const signedOut: AuthState = {
  isAuthenticated: false,
  accessToken: null,
  tokenExpiresAt: null,
  user: null,
  isLoading: false,
  isLoggingOut: false,
  error: null,
};
const signedInAs = (role: 'user' | 'admin' | 'super-admin'): AuthState => ({
  ...signedOut,
  isAuthenticated: true,
  accessToken: 't',
  tokenExpiresAt: '2030-01-01T00:00:00.000Z',
  user: testUser({ role }),
});

describe('guardDecision', () => {
  it('sends a signed-out visitor to sign in, remembering where they were going', () => {
    expect(guardDecision(signedOut, '/portal/users?page=2')).toEqual({
      kind: 'sign-in',
      redirect: '/portal/users?page=2',
    });
  });

  it('keeps no redirect right after a sign-out', () => {
    expect(guardDecision({ ...signedOut, isLoggingOut: true }, '/portal/profile')).toEqual({
      kind: 'sign-in',
      redirect: undefined,
    });
  });

  it('lets a signed-in person through, and checks the role when one is asked', () => {
    expect(guardDecision(signedInAs('user'), '/portal')).toEqual({ kind: 'allow' });
    expect(guardDecision(signedInAs('user'), '/portal/users', 'admin')).toEqual({ kind: 'forbidden' });
    expect(guardDecision(signedInAs('admin'), '/portal/users', 'admin')).toEqual({ kind: 'allow' });
    expect(guardDecision(signedInAs('super-admin'), '/portal/users', 'admin')).toEqual({ kind: 'allow' });
    expect(guardDecision(signedInAs('admin'), '/portal/admins', 'super-admin')).toEqual({ kind: 'forbidden' });
  });
});

describe('requireSignedIn and requireRole (with the app session)', () => {
  const stub = fetchStub({
    'POST /api/auth/refresh': () => ({ status: 401, body: errorBody(401, 'UNAUTHORIZED', 'No refresh token') }),
    'POST /api/auth/login': () => ({ status: 200, body: testSession('t1', 15 * 60_000, testUser({ role: 'user' })) }),
    'POST /api/auth/logout': () => ({ status: 200, body: { message: 'Signed out' } }),
  });
  beforeAll(() => {
    vi.stubGlobal('fetch', vi.fn(stub.fetch));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  async function thrown(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (e) {
      return e;
    }
    return undefined;
  }

  it('redirects a signed-out visitor to /sign-in with the redirect, after one silent probe', async () => {
    const error = await thrown(requireSignedIn({ location: { href: '/portal/profile' } }));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: unknown }).options).toMatchObject({
      to: '/sign-in',
      search: { redirect: '/portal/profile' },
    });
    expect(stub.paths()).toEqual(['POST /api/auth/refresh']);
    await thrown(requireSignedIn({ location: { href: '/portal' } }));
    expect(stub.paths()).toEqual(['POST /api/auth/refresh']);
  });

  it('lets a signed-in person through and sends a too-low role to /portal', async () => {
    await authSession.login({ email: 'casey@firehall.example', password: 'secret-1' });
    await expect(requireSignedIn({ location: { href: '/portal' } })).resolves.toBeUndefined();
    await expect(requireRole('user')({ location: { href: '/portal' } })).resolves.toBeUndefined();
    const error = await thrown(requireRole('admin')({ location: { href: '/portal/users' } }));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { to: string; search?: unknown } }).options).toMatchObject({ to: '/portal' });
    expect((error as { options: { search?: unknown } }).options.search).toBeUndefined();
  });

  it('after a sign-out, redirects to /sign-in without a redirect', async () => {
    await authSession.logout();
    const error = await thrown(requireSignedIn({ location: { href: '/portal/profile' } }));
    expect((error as { options: unknown }).options).toMatchObject({ to: '/sign-in', search: {} });
  });
});
