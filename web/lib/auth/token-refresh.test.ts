import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionDto } from '../../../api/contracts/accounts.ts';
import { AppError } from '../errors.ts';
import {
  AUTH_ERROR_TITLE,
  type CachedToken,
  isTokenUsable,
  isTransientRefreshError,
  REFRESH_LIMITS,
  REFRESH_LOCK_NAME,
  REFRESH_MESSAGES,
  type RefreshNotice,
  refreshBackoffMs,
  TokenRefresher,
  withCrossTabLock,
} from './token-refresh.ts';

const T0 = Date.parse('2026-05-01T12:00:00.000Z');

function session(token: string, expiresInMs = 15 * 60_000): SessionDto {
  return {
    accessToken: token,
    tokenExpiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    user: { id: 7 } as SessionDto['user'],
  };
}

const httpError = (status: number) =>
  new AppError({
    message: `HTTP ${status}`,
    type: status === 401 ? 'unauthorized' : status >= 500 ? 'server' : 'bad_request',
    severity: 'error',
    status,
  });
const networkError = () => new AppError({ message: 'offline', type: 'network', severity: 'warning' });

function setup(options: { cache?: CachedToken | null; fetch?: () => Promise<SessionDto>; marginMs?: number } = {}) {
  let cache: CachedToken | null = options.cache ?? null;
  const notices: RefreshNotice[] = [];
  let issued = 0;
  const fetch = vi.fn(options.fetch ?? (async () => session(`token-${++issued}`)));
  const onRefreshed = vi.fn((s: SessionDto) => {
    cache = { accessToken: s.accessToken, tokenExpiresAt: s.tokenExpiresAt };
  });
  const refresher = new TokenRefresher({
    fetch,
    readCache: () => cache,
    onRefreshed,
    report: (notice) => notices.push(notice),
    limits: options.marginMs === undefined ? undefined : { expiryMarginMs: options.marginMs },
  });
  return {
    refresher,
    fetch,
    onRefreshed,
    notices,
    setCache: (value: CachedToken | null) => {
      cache = value;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('limits and messages', () => {
  it('has the numbers of the spec', () => {
    expect(REFRESH_LIMITS).toMatchObject({
      maxAttempts: 3,
      attemptsResetMs: 60_000,
      minForcedIntervalMs: 2_000,
      baseDelayMs: 1_000,
      maxDelayMs: 10_000,
    });
  });

  it('has the messages of the spec, word for word', () => {
    expect(REFRESH_MESSAGES).toEqual({
      tooSoon: 'Token refresh requested too soon',
      tooMany: 'Too many token refresh attempts',
      failed: 'Token refresh failed',
      failedAfterMax: 'Token refresh failed after max attempts',
      unexpected: 'Unexpected error during token refresh',
      generic: 'Authentication error occurred',
    });
    expect(AUTH_ERROR_TITLE).toBe('Authentication Error');
  });

  it('backs off 1000 ms doubled per extra attempt, capped at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((retry) => refreshBackoffMs(retry))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
    expect(refreshBackoffMs(0)).toBe(1000);
  });

  it('treats network, timeout, 429 and 5xx failures as transient, and 4xx refusals as final', () => {
    expect(isTransientRefreshError(networkError())).toBe(true);
    expect(isTransientRefreshError(new AppError({ message: 't', type: 'timeout', severity: 'warning' }))).toBe(true);
    expect(isTransientRefreshError(httpError(503))).toBe(true);
    expect(isTransientRefreshError(httpError(429))).toBe(true);
    expect(isTransientRefreshError(httpError(401))).toBe(false);
    expect(isTransientRefreshError(httpError(403))).toBe(false);
    expect(isTransientRefreshError(new Error('bug'))).toBe(false);
  });
});

describe('cached token', () => {
  it('is reused while its expiry is in the future, without a call', async () => {
    const cache = { accessToken: 'cached', tokenExpiresAt: new Date(T0 + 1).toISOString() };
    const { refresher, fetch } = setup({ cache, marginMs: 0 });
    await expect(refresher.refresh()).resolves.toMatchObject({ ok: true, source: 'cached', accessToken: 'cached' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is replaced once its expiry has passed', async () => {
    const cache = { accessToken: 'cached', tokenExpiresAt: new Date(T0).toISOString() };
    const { refresher, fetch, onRefreshed } = setup({ cache, marginMs: 0 });
    await expect(refresher.refresh()).resolves.toMatchObject({ ok: true, source: 'refreshed', accessToken: 'token-1' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onRefreshed).toHaveBeenCalledTimes(1);
  });

  it('is replaced early when it expires within the safety margin (10 s by default)', async () => {
    const { refresher, fetch } = setup({
      cache: { accessToken: 'cached', tokenExpiresAt: new Date(T0 + 9_000).toISOString() },
    });
    await expect(refresher.refresh()).resolves.toMatchObject({ source: 'refreshed' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isTokenUsable({ accessToken: 'x', tokenExpiresAt: new Date(T0 + 11_000).toISOString() }, T0, 10_000)).toBe(
      true,
    );
    expect(isTokenUsable({ accessToken: 'x', tokenExpiresAt: 'not a date' }, T0)).toBe(false);
    expect(isTokenUsable(null, T0)).toBe(false);
  });

  it('is not reused when the refresh is forced', async () => {
    const { refresher, fetch } = setup({
      cache: { accessToken: 'cached', tokenExpiresAt: new Date(T0 + 3_600_000).toISOString() },
    });
    await expect(refresher.refresh({ force: true })).resolves.toMatchObject({
      source: 'refreshed',
      accessToken: 'token-1',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('concurrent refreshes', () => {
  it('share one call', async () => {
    let release!: (s: SessionDto) => void;
    const { refresher, fetch, onRefreshed } = setup({ fetch: () => new Promise((resolve) => (release = resolve)) });
    const calls = [refresher.refresh(), refresher.refresh({ force: true }), refresher.refresh()];
    expect(refresher.isRefreshing).toBe(true);
    release(session('shared'));
    const outcomes = await Promise.all(calls);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onRefreshed).toHaveBeenCalledTimes(1);
    expect(outcomes.map((o) => (o.ok ? o.accessToken : null))).toEqual(['shared', 'shared', 'shared']);
    expect(refresher.isRefreshing).toBe(false);
  });

  it('start a new call once the shared one has settled', async () => {
    const { refresher, fetch } = setup();
    await refresher.refresh({ force: true });
    vi.advanceTimersByTime(2_000);
    await refresher.refresh({ force: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('forced refresh within 2 s of the previous one', () => {
  it('is skipped with a warning, and the fresh token is handed back', async () => {
    const { refresher, fetch, notices } = setup();
    await refresher.refresh({ force: true });
    vi.advanceTimersByTime(1_999);
    await expect(refresher.refresh({ force: true })).resolves.toMatchObject({
      ok: true,
      source: 'skipped',
      accessToken: 'token-1',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([{ reason: 'too-soon', message: 'Token refresh requested too soon', severity: 'warning' }]);
  });

  it('fails without a logout when there is no usable token to hand back', async () => {
    const { refresher, setCache } = setup();
    await refresher.refresh({ force: true });
    setCache(null);
    vi.advanceTimersByTime(500);
    await expect(refresher.refresh({ force: true })).resolves.toEqual({
      ok: false,
      reason: 'too-soon',
      message: 'Token refresh requested too soon',
      logout: false,
    });
  });

  it('goes through at 2 s', async () => {
    const { refresher, fetch } = setup();
    await refresher.refresh({ force: true });
    vi.advanceTimersByTime(2_000);
    await expect(refresher.refresh({ force: true })).resolves.toMatchObject({
      source: 'refreshed',
      accessToken: 'token-2',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('also counts from a failed refresh', async () => {
    const { refresher, fetch } = setup({ fetch: async () => Promise.reject(httpError(401)) });
    await refresher.refresh({ force: true });
    vi.advanceTimersByTime(1_000);
    await expect(refresher.refresh({ force: true })).resolves.toMatchObject({ ok: false, reason: 'too-soon' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('attempts and backoff', () => {
  it('retries transient failures after 1000 then 2000 ms, then fails after max attempts with a logout', async () => {
    const { refresher, fetch, notices } = setup({ fetch: async () => Promise.reject(networkError()) });
    const pending = refresher.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    const outcome = await pending;
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'max-attempts',
      message: 'Token refresh failed after max attempts',
      logout: true,
    });
    expect(notices.map((n) => n.message)).toEqual(['Token refresh failed after max attempts']);
  });

  it('succeeds on a later attempt and resets the counter', async () => {
    let calls = 0;
    const { refresher, fetch } = setup({
      fetch: async () => {
        calls += 1;
        if (calls < 3) throw networkError();
        return session('third-time');
      },
    });
    const pending = refresher.refresh();
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(pending).resolves.toMatchObject({ ok: true, accessToken: 'third-time' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(refresher.attemptCount).toBe(0);
  });

  it('refuses further refreshes once the attempts are used up, until 60 s have passed', async () => {
    let fail = true;
    const { refresher, fetch, notices } = setup({
      fetch: async () => {
        if (fail) throw networkError();
        return session('after-reset');
      },
    });
    const first = refresher.refresh();
    await vi.advanceTimersByTimeAsync(3_000);
    await first;
    expect(fetch).toHaveBeenCalledTimes(3);

    vi.advanceTimersByTime(10_000);
    await expect(refresher.refresh()).resolves.toMatchObject({
      ok: false,
      reason: 'too-many',
      message: 'Too many token refresh attempts',
      logout: false,
    });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(notices.at(-1)).toEqual({
      reason: 'too-many',
      message: 'Too many token refresh attempts',
      severity: 'critical',
      title: 'Authentication Error',
    });

    fail = false;
    vi.advanceTimersByTime(49_999); // 59.999 s after the last failure
    await expect(refresher.refresh()).resolves.toMatchObject({ ok: false, reason: 'too-many' });
    vi.advanceTimersByTime(1);
    await expect(refresher.refresh()).resolves.toMatchObject({ ok: true, accessToken: 'after-reset' });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('counts refused refreshes towards the maximum too', async () => {
    const { refresher, fetch } = setup({ fetch: async () => Promise.reject(httpError(401)) });
    for (let i = 0; i < 3; i += 1) {
      await refresher.refresh();
      vi.advanceTimersByTime(2_000);
    }
    await expect(refresher.refresh()).resolves.toMatchObject({ reason: 'too-many' });
    expect(fetch).toHaveBeenCalledTimes(3);
    // The third refusal came at 4 s; the counter resets at 64 s, now is 6 s.
    vi.advanceTimersByTime(57_999);
    await expect(refresher.refresh()).resolves.toMatchObject({ reason: 'too-many' });
    vi.advanceTimersByTime(1);
    await expect(refresher.refresh()).resolves.toMatchObject({ reason: 'rejected' });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('does not retry a refusal: the refresh cookie is no good', async () => {
    const { refresher, fetch, notices } = setup({ fetch: async () => Promise.reject(httpError(401)) });
    const pending = refresher.refresh();
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(pending).resolves.toMatchObject({
      ok: false,
      reason: 'rejected',
      message: 'Token refresh failed',
      logout: true,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(notices).toMatchObject([{ message: 'Token refresh failed', severity: 'error' }]);
  });

  it('reports a failure that is not an API error as unexpected', async () => {
    const { refresher, notices } = setup({ fetch: async () => Promise.reject(new TypeError('bad body')) });
    await expect(refresher.refresh()).resolves.toMatchObject({
      ok: false,
      reason: 'unexpected',
      message: 'Unexpected error during token refresh',
      logout: true,
    });
    expect(notices[0]?.message).toBe('Unexpected error during token refresh');
  });
});

describe('silent refreshes and cancellation', () => {
  it('reports nothing when silent', async () => {
    const { refresher, notices } = setup({ fetch: async () => Promise.reject(httpError(401)) });
    await expect(refresher.refresh({ silent: true })).resolves.toMatchObject({ ok: false, reason: 'rejected' });
    expect(notices).toEqual([]);
  });

  it('drops the result of a call begun before cancel()', async () => {
    let release!: (s: SessionDto) => void;
    const { refresher, onRefreshed } = setup({ fetch: () => new Promise((resolve) => (release = resolve)) });
    const pending = refresher.refresh();
    refresher.cancel();
    expect(refresher.isRefreshing).toBe(false);
    release(session('stale'));
    await expect(pending).resolves.toMatchObject({ ok: false, reason: 'cancelled', logout: false });
    expect(onRefreshed).not.toHaveBeenCalled();
  });

  it('stops backing off when cancelled', async () => {
    const { refresher, fetch } = setup({ fetch: async () => Promise.reject(networkError()) });
    const pending = refresher.refresh();
    await vi.advanceTimersByTimeAsync(0);
    refresher.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(pending).resolves.toMatchObject({ reason: 'cancelled' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('cross-tab lock', () => {
  it('holds the named exclusive lock around the task', async () => {
    const order: string[] = [];
    const locks = {
      request: vi.fn(async (name: string, options: LockOptions, callback: () => Promise<unknown>) => {
        order.push(`lock ${name} ${options.mode}`);
        const result = await callback();
        order.push('unlock');
        return result;
      }),
    } as unknown as LockManager;
    const result = await withCrossTabLock(
      async () => {
        order.push('task');
        return 42;
      },
      REFRESH_LOCK_NAME,
      locks,
    );
    expect(result).toBe(42);
    expect(order).toEqual([`lock ${REFRESH_LOCK_NAME} exclusive`, 'task', 'unlock']);
  });

  it('runs the task directly without the Web Locks API', async () => {
    await expect(withCrossTabLock(async () => 'plain', REFRESH_LOCK_NAME, undefined)).resolves.toBe('plain');
  });
});
