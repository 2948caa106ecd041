import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../api.ts';
import { AppError } from '../errors.ts';
import { AuthSession, type AuthSessionOptions, hasRole, LOGGING_OUT_RESET_MS } from './session.ts';
import { AUTH_STORAGE_KEY } from './storage.ts';
import { errorBody, fetchStub, MemoryStorage, type Route, testSession, testUser } from './test-support.ts';
import type { RefreshNotice } from './token-refresh.ts';

const T0 = Date.parse('2026-05-01T12:00:00.000Z');
const CREDENTIALS = { email: 'casey@firehall.example', password: 'secret-1' };

let storage: MemoryStorage;
let notices: RefreshNotice[];
let disconnect: (() => void) | undefined;

function start(routes: Record<string, Route>, options: AuthSessionOptions = {}) {
  const stub = fetchStub(routes);
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  const session = new AuthSession({
    storage: () => storage,
    report: (n) => notices.push(n),
    lock: (task) => task(),
    ...options,
  });
  return { session, stub };
}

let issued = 0;
const refreshOk: Route = () => ({ status: 200, body: testSession(`refreshed-${++issued}`) });
const loginOk: Route = () => ({ status: 200, body: testSession('login-token') });
const logoutOk: Route = () => ({ status: 200, body: { message: 'Signed out' } });
const unauthorized: Route = () => ({ status: 401, body: errorBody(401, 'UNAUTHORIZED', 'Refresh token is invalid') });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  storage = new MemoryStorage();
  notices = [];
  issued = 0;
});
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('login', () => {
  it('stores the token, user and expiry and marks the session authenticated', async () => {
    const { session, stub } = start({ 'POST /api/auth/login': loginOk });
    const states: boolean[] = [];
    session.subscribe(() => states.push(session.getState().isLoading));
    const user = await session.login({ ...CREDENTIALS, rememberMe: true });
    expect(user.id).toBe(7);
    expect(session.getState()).toMatchObject({
      isAuthenticated: true,
      accessToken: 'login-token',
      tokenExpiresAt: new Date(T0 + 15 * 60_000).toISOString(),
      user: { id: 7, firstName: 'Casey' },
      isLoading: false,
      error: null,
    });
    expect(states[0]).toBe(true);
    expect(stub.seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/login',
      authorization: null,
      body: { ...CREDENTIALS, rememberMe: true },
    });
  });

  it('persists only isAuthenticated, tokenExpiresAt and the user id, under firefit-canada-auth', async () => {
    const { session } = start({ 'POST /api/auth/login': loginOk });
    await session.login(CREDENTIALS);
    expect(storage.keys()).toEqual([AUTH_STORAGE_KEY]);
    const raw = storage.getItem('firefit-canada-auth') ?? '';
    expect(JSON.parse(raw)).toEqual({
      isAuthenticated: true,
      tokenExpiresAt: new Date(T0 + 15 * 60_000).toISOString(),
      user: { id: 7 },
    });
    expect(raw).not.toContain('login-token');
  });

  it('rejects with the server error and keeps its message', async () => {
    const { session } = start({
      'POST /api/auth/login': () => ({
        status: 403,
        body: errorBody(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email before signing in'),
      }),
    });
    const error = await session.login(CREDENTIALS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' });
    expect(session.getState()).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
      error: 'Please verify your email before signing in',
    });
    expect(storage.keys()).toEqual([]);
  });

  it('refuses a reply without a token', async () => {
    const { session } = start({ 'POST /api/auth/login': () => ({ status: 200, body: { user: testUser() } }) });
    await expect(session.login(CREDENTIALS)).rejects.toBeInstanceOf(AppError);
    expect(session.getState().isAuthenticated).toBe(false);
  });
});

describe('logout', () => {
  it('tells the server with the bearer token, clears the session and the storage, and sets isLoggingOut', async () => {
    const { session, stub } = start({ 'POST /api/auth/login': loginOk, 'POST /api/auth/logout': logoutOk });
    disconnect = session.connect();
    await session.login(CREDENTIALS);
    await session.logout();
    expect(stub.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/auth/logout',
      authorization: 'Bearer login-token',
    });
    expect(session.getState()).toEqual({
      isAuthenticated: false,
      accessToken: null,
      tokenExpiresAt: null,
      user: null,
      isLoading: false,
      isLoggingOut: true,
      error: null,
    });
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('signs out locally even when the server call fails', async () => {
    const { session } = start({
      'POST /api/auth/login': loginOk,
      'POST /api/auth/logout': () => ({ status: 500, body: errorBody(500, 'X', 'boom') }),
    });
    await session.login(CREDENTIALS);
    await session.logout();
    expect(session.getState().isAuthenticated).toBe(false);
  });

  it('keeps isLoggingOut until 1 s after the next login', async () => {
    const { session } = start({ 'POST /api/auth/login': loginOk, 'POST /api/auth/logout': logoutOk });
    await session.login(CREDENTIALS);
    expect(session.getState().isLoggingOut).toBe(false);
    await session.logout();
    vi.advanceTimersByTime(60_000);
    expect(session.getState().isLoggingOut).toBe(true);

    await session.login(CREDENTIALS);
    expect(session.getState()).toMatchObject({ isAuthenticated: true, isLoggingOut: true });
    vi.advanceTimersByTime(LOGGING_OUT_RESET_MS - 1);
    expect(session.getState().isLoggingOut).toBe(true);
    vi.advanceTimersByTime(1);
    expect(session.getState().isLoggingOut).toBe(false);
    expect(LOGGING_OUT_RESET_MS).toBe(1_000);
  });

  it('does not let a logout right after a login be undone by the pending flag reset', async () => {
    const { session } = start({ 'POST /api/auth/login': loginOk, 'POST /api/auth/logout': logoutOk });
    await session.login(CREDENTIALS);
    await session.logout();
    await session.login(CREDENTIALS);
    await session.logout();
    vi.advanceTimersByTime(LOGGING_OUT_RESET_MS * 2);
    expect(session.getState()).toMatchObject({ isAuthenticated: false, isLoggingOut: true });
  });

  it('runs the after-sign-out hook', async () => {
    const afterSignOut = vi.fn();
    const { session } = start({ 'POST /api/auth/login': loginOk, 'POST /api/auth/logout': logoutOk });
    session.setHooks({ afterSignOut });
    await session.login(CREDENTIALS);
    await session.logout();
    expect(afterSignOut).toHaveBeenCalledTimes(1);
  });
});

describe('restore on page load', () => {
  function storeSignedIn() {
    storage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ isAuthenticated: true, tokenExpiresAt: new Date(T0 - 60_000).toISOString(), user: { id: 7 } }),
    );
  }

  it('starts as loading when storage says signed in, then refreshes silently to get a token', async () => {
    storeSignedIn();
    const { session, stub } = start({ 'POST /api/auth/refresh': refreshOk });
    expect(session.getState()).toMatchObject({ isAuthenticated: false, isLoading: true });
    const state = await session.restore();
    expect(state).toMatchObject({
      isAuthenticated: true,
      accessToken: 'refreshed-1',
      user: { id: 7, email: 'casey@firehall.example' },
      isLoading: false,
    });
    expect(stub.paths()).toEqual(['POST /api/auth/refresh']);
    expect(stub.seen[0]?.authorization).toBeNull();
    expect(JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? '')).toMatchObject({
      isAuthenticated: true,
      user: { id: 7 },
    });
  });

  it('runs once however often it is asked', async () => {
    storeSignedIn();
    const { session, stub } = start({ 'POST /api/auth/refresh': refreshOk });
    await Promise.all([session.restore(), session.restore(), session.resolve()]);
    expect(stub.paths()).toEqual(['POST /api/auth/refresh']);
  });

  it('clears the stored record, quietly, when the refresh is refused', async () => {
    storeSignedIn();
    const { session } = start({ 'POST /api/auth/refresh': unauthorized });
    const state = await session.restore();
    expect(state).toMatchObject({ isAuthenticated: false, isLoading: false });
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(notices).toEqual([]);
  });

  it('asks nothing when storage says signed out', async () => {
    const { session, stub } = start({ 'POST /api/auth/refresh': refreshOk });
    expect(session.getState().isLoading).toBe(false);
    await session.restore();
    expect(stub.seen).toEqual([]);
    expect(session.getState().isAuthenticated).toBe(false);
  });
});

describe('resolve (for guards)', () => {
  it('probes once per page load for a refresh cookie (a new tab, remember me)', async () => {
    const { session, stub } = start({ 'POST /api/auth/refresh': refreshOk });
    await expect(session.resolve()).resolves.toMatchObject({ isAuthenticated: true, accessToken: 'refreshed-1' });
    expect(stub.paths()).toEqual(['POST /api/auth/refresh']);
  });

  it('does not probe again after a refused probe', async () => {
    const { session, stub } = start({ 'POST /api/auth/refresh': unauthorized });
    await session.resolve();
    await session.resolve();
    expect(stub.paths()).toEqual(['POST /api/auth/refresh']);
    expect(notices).toEqual([]);
  });

  it('does not probe after a sign-out', async () => {
    const { session, stub } = start({
      'POST /api/auth/login': loginOk,
      'POST /api/auth/logout': logoutOk,
      'POST /api/auth/refresh': refreshOk,
    });
    await session.login(CREDENTIALS);
    await session.logout();
    await expect(session.resolve()).resolves.toMatchObject({ isAuthenticated: false, isLoggingOut: true });
    expect(stub.paths()).not.toContain('POST /api/auth/refresh');
  });
});

describe('API client wiring', () => {
  const privateRoute =
    (validToken: () => string): Route =>
    (request) =>
      request.authorization === `Bearer ${validToken()}`
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: errorBody(401, 'UNAUTHORIZED', 'Token expired') };

  it('sends the bearer token on private calls and none on the public auth calls', async () => {
    const { session, stub } = start({
      'POST /api/auth/login': loginOk,
      'GET /api/users/me/thing': privateRoute(() => 'login-token'),
    });
    disconnect = session.connect();
    await session.login(CREDENTIALS);
    await expect(apiGet('/users/me/thing')).resolves.toEqual({ ok: true });
    expect(stub.seen.map((r) => r.authorization)).toEqual([null, 'Bearer login-token']);
  });

  it('refreshes a token that is about to expire before using it', async () => {
    const { session, stub } = start({
      'POST /api/auth/login': () => ({ status: 200, body: testSession('short', 5_000) }),
      'POST /api/auth/refresh': refreshOk,
      'GET /api/private': privateRoute(() => 'refreshed-1'),
    });
    disconnect = session.connect();
    await session.login(CREDENTIALS);
    await expect(apiGet('/private')).resolves.toEqual({ ok: true });
    expect(stub.paths()).toEqual(['POST /api/auth/login', 'POST /api/auth/refresh', 'GET /api/private']);
  });

  it('on a 401 forces one refresh and repeats the call once', async () => {
    let valid = 'login-token';
    const { session, stub } = start({
      'POST /api/auth/login': loginOk,
      'POST /api/auth/refresh': () => {
        valid = 'rotated';
        return { status: 200, body: testSession('rotated') };
      },
      'GET /api/private': privateRoute(() => valid),
    });
    disconnect = session.connect();
    await session.login(CREDENTIALS);
    valid = 'revoked-by-server';
    const call = apiGet('/private');
    // The server now wants a token the session does not have yet.
    await expect(call).resolves.toEqual({ ok: true });
    expect(stub.paths()).toEqual([
      'POST /api/auth/login',
      'GET /api/private',
      'POST /api/auth/refresh',
      'GET /api/private',
    ]);
    expect(session.getState().accessToken).toBe('rotated');
  });

  it('when the forced refresh fails, leaves private pages, signs out and reports the failure', async () => {
    const beforeExpire = vi.fn();
    const { session, stub } = start({
      'POST /api/auth/login': loginOk,
      'POST /api/auth/refresh': unauthorized,
      'POST /api/auth/logout': logoutOk,
      'GET /api/private': privateRoute(() => 'never'),
    });
    session.setHooks({ beforeExpire });
    disconnect = session.connect();
    await session.login(CREDENTIALS);
    await expect(apiGet('/private', { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(beforeExpire).toHaveBeenCalledTimes(1);
    expect(session.getState()).toMatchObject({
      isAuthenticated: false,
      isLoggingOut: true,
      error: 'Token refresh failed',
    });
    expect(notices.map((n) => n.message)).toEqual(['Token refresh failed']);
    expect(stub.paths()).toEqual([
      'POST /api/auth/login',
      'GET /api/private',
      'POST /api/auth/refresh',
      'POST /api/auth/logout',
    ]);
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('does not refresh for a visitor who is not signed in', async () => {
    const { session, stub } = start({ 'GET /api/private': privateRoute(() => 'x') });
    disconnect = session.connect();
    await expect(apiGet('/private', { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(stub.paths()).toEqual(['GET /api/private']);
  });

  it('repeats a call that failed while the restore was still under way', async () => {
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ isAuthenticated: true, tokenExpiresAt: null, user: { id: 7 } }));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { session } = start({
      'POST /api/auth/refresh': async () => {
        await gate;
        return { status: 200, body: testSession('restored') };
      },
      'GET /api/private': privateRoute(() => 'restored'),
    });
    disconnect = session.connect();
    const restoring = session.restore();
    const call = apiGet('/private');
    await vi.advanceTimersByTimeAsync(0);
    release();
    await restoring;
    await expect(call).resolves.toEqual({ ok: true });
  });
});

describe('user details', () => {
  it('reloads the user from /auth/me and keeps the same account only', async () => {
    const { session, stub } = start({
      'POST /api/auth/login': loginOk,
      'GET /api/auth/me': () => ({ status: 200, body: testUser({ firstName: 'Cass' }) }),
    });
    disconnect = session.connect();
    await session.login(CREDENTIALS);
    await session.reloadUser();
    expect(session.getState().user?.firstName).toBe('Cass');
    expect(stub.seen.at(-1)?.authorization).toBe('Bearer login-token');
    session.setUser(testUser({ id: 99, firstName: 'Other' }));
    expect(session.getState().user?.id).toBe(7);
  });
});

describe('register', () => {
  it('creates the account without signing in', async () => {
    const { session, stub } = start({
      'POST /api/auth/register': () => ({
        status: 201,
        body: { message: 'Check your e-mail', user: testUser({ isVerified: false }) },
      }),
    });
    const body = { email: 'new@firehall.example', password: 'secret-1', firstName: 'New', lastName: 'Person' };
    await expect(session.register(body)).resolves.toMatchObject({ message: 'Check your e-mail' });
    expect(stub.seen[0]).toMatchObject({ url: '/api/auth/register', body, authorization: null });
    expect(session.getState().isAuthenticated).toBe(false);
  });
});

describe('hasRole', () => {
  it('orders super-admin ≥ admin ≥ user', () => {
    const as = (role: 'user' | 'admin' | 'super-admin') => testUser({ role });
    expect(hasRole(as('super-admin'), 'admin')).toBe(true);
    expect(hasRole(as('super-admin'), 'super-admin')).toBe(true);
    expect(hasRole(as('admin'), 'admin')).toBe(true);
    expect(hasRole(as('admin'), 'super-admin')).toBe(false);
    expect(hasRole(as('user'), 'user')).toBe(true);
    expect(hasRole(as('user'), 'admin')).toBe(false);
    expect(hasRole(null, 'user')).toBe(false);
    expect(hasRole({ role: 'owner' as never }, 'user')).toBe(false);
  });
});
