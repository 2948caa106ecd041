/**
 * The token refresh rules and the authentication error messages (decision 012), as a small
 * engine with an injectable fetcher and clock so the rules can be tested with fake timers:
 * - at most 3 attempts; once they are used up the counter resets 60 s later;
 * - a forced refresh within 2 s of the previous one is skipped;
 * - between attempts a backoff of 1000 ms, doubled per extra attempt, capped at 10 s;
 * - concurrent refreshes share one call;
 * - a cached token is reused while its expiry is in the future (unless the refresh is forced).
 *
 * The engine holds no token itself: it reads the session's through `readCache` and hands a new one to
 * `onRefreshed`. It never logs anyone out either; a failed outcome says whether the session must end.
 */
import type { SessionDto } from '../../../api/contracts/accounts.ts';
import { type ErrorSeverity, isAppError } from '../errors.ts';

export const REFRESH_LIMITS = {
  maxAttempts: 3,
  attemptsResetMs: 60_000,
  minForcedIntervalMs: 2_000,
  baseDelayMs: 1_000,
  maxDelayMs: 10_000,
  /** A token this close to its expiry is refreshed before use rather than sent and rejected. */
  expiryMarginMs: 10_000,
} as const;
export type RefreshLimits = { -readonly [K in keyof typeof REFRESH_LIMITS]: number };

/** The authentication error messages, word for word. */
export const REFRESH_MESSAGES = {
  tooSoon: 'Token refresh requested too soon',
  tooMany: 'Too many token refresh attempts',
  failed: 'Token refresh failed',
  failedAfterMax: 'Token refresh failed after max attempts',
  unexpected: 'Unexpected error during token refresh',
  generic: 'Authentication error occurred',
} as const;
export const AUTH_ERROR_TITLE = 'Authentication Error';

/** Name of the cross-tab lock held around the refresh call. */
export const REFRESH_LOCK_NAME = 'firefit-canada-auth-refresh';

export interface CachedToken {
  accessToken: string;
  /** ISO date-time. */
  tokenExpiresAt: string;
}

export type RefreshFailureReason = 'too-soon' | 'too-many' | 'rejected' | 'max-attempts' | 'unexpected' | 'cancelled';

export type RefreshOutcome =
  | {
      ok: true;
      /** refreshed: a new token from the server; cached: the current one was still good; skipped: too soon to ask again, the current one is still good. */
      source: 'refreshed' | 'cached' | 'skipped';
      accessToken: string;
      tokenExpiresAt: string;
      /** Only when source is 'refreshed'. */
      session?: SessionDto;
    }
  | {
      ok: false;
      reason: RefreshFailureReason;
      message: string;
      /** True when the session cannot go on: the caller signs the user out. */
      logout: boolean;
      error?: unknown;
    };

export interface RefreshNotice {
  reason: Exclude<RefreshFailureReason, 'cancelled'>;
  message: string;
  severity: ErrorSeverity;
  title?: string;
  error?: unknown;
}

export interface RefreshRequest {
  /** Ask the server even if the cached token looks good (after a 401). */
  force?: boolean;
  /** Report nothing (the silent restore on page load, the sign-in probe). */
  silent?: boolean;
}

export interface TokenRefresherOptions {
  /** One refresh call; throws an AppError on an HTTP or network failure. */
  fetch: () => Promise<SessionDto>;
  readCache: () => CachedToken | null;
  onRefreshed?: (session: SessionDto) => void;
  report?: (notice: RefreshNotice) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  limits?: Partial<RefreshLimits>;
}

/** Wait before attempt `retry + 1` (retry counts from 1): 1000, 2000, 4000, 8000, then 10000 ms. */
export function refreshBackoffMs(
  retry: number,
  limits: Pick<RefreshLimits, 'baseDelayMs' | 'maxDelayMs'> = REFRESH_LIMITS,
): number {
  const exponent = Math.max(0, Math.floor(retry) - 1);
  return Math.min(limits.baseDelayMs * 2 ** exponent, limits.maxDelayMs);
}

/** Whether a token may still be sent: its expiry is more than `marginMs` in the future. */
export function isTokenUsable(token: CachedToken | null, now: number, marginMs = 0): token is CachedToken {
  if (!token?.accessToken) return false;
  const expiresAt = Date.parse(token.tokenExpiresAt);
  return Number.isFinite(expiresAt) && expiresAt - marginMs > now;
}

/** Failures that may pass if asked again; anything else (401, 403, 400) means the refresh cookie is no good. */
export function isTransientRefreshError(error: unknown): boolean {
  if (!isAppError(error)) return false;
  if (error.status === undefined) return error.type === 'network' || error.type === 'timeout';
  return error.status === 429 || error.status >= 500;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class TokenRefresher {
  readonly limits: RefreshLimits;
  private readonly options: TokenRefresherOptions;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Attempts since the last success; at the maximum nothing is sent until `resetAt`. */
  private attempts = 0;
  private resetAt: number | null = null;
  /** When the previous refresh call settled, for the 2 s rule. */
  private lastSettledAt: number | null = null;
  private inFlight: Promise<RefreshOutcome> | null = null;
  /** Bumped by cancel(): results of calls begun before it are dropped. */
  private generation = 0;

  constructor(options: TokenRefresherOptions) {
    this.options = options;
    this.limits = { ...REFRESH_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** Attempts counted towards the maximum (for tests and diagnostics). */
  get attemptCount(): number {
    this.expireLockout(this.now());
    return this.attempts;
  }

  get isRefreshing(): boolean {
    return this.inFlight !== null;
  }

  refresh(request: RefreshRequest = {}): Promise<RefreshOutcome> {
    if (this.inFlight) return this.inFlight;
    const now = this.now();
    const cached = this.options.readCache();
    if (!request.force && isTokenUsable(cached, now, this.limits.expiryMarginMs)) {
      return Promise.resolve({
        ok: true,
        source: 'cached',
        accessToken: cached.accessToken,
        tokenExpiresAt: cached.tokenExpiresAt,
      });
    }
    if (request.force && this.lastSettledAt !== null && now - this.lastSettledAt < this.limits.minForcedIntervalMs) {
      this.notify(request, { reason: 'too-soon', message: REFRESH_MESSAGES.tooSoon, severity: 'warning' });
      if (isTokenUsable(cached, now)) {
        return Promise.resolve({
          ok: true,
          source: 'skipped',
          accessToken: cached.accessToken,
          tokenExpiresAt: cached.tokenExpiresAt,
        });
      }
      return Promise.resolve({ ok: false, reason: 'too-soon', message: REFRESH_MESSAGES.tooSoon, logout: false });
    }
    const run = this.run(request);
    this.inFlight = run;
    const clear = () => {
      if (this.inFlight === run) this.inFlight = null;
    };
    run.then(clear, clear);
    return run;
  }

  /** Drops the call in flight (its result is ignored): the session it belonged to has ended or changed. */
  cancel(): void {
    this.generation += 1;
    this.inFlight = null;
  }

  /** Forgets everything, counters included. */
  reset(): void {
    this.cancel();
    this.attempts = 0;
    this.resetAt = null;
    this.lastSettledAt = null;
  }

  private expireLockout(now: number): void {
    if (this.resetAt !== null && now >= this.resetAt) {
      this.attempts = 0;
      this.resetAt = null;
    }
  }

  private async run(request: RefreshRequest): Promise<RefreshOutcome> {
    const generation = this.generation;
    const cancelled: RefreshOutcome = {
      ok: false,
      reason: 'cancelled',
      message: REFRESH_MESSAGES.generic,
      logout: false,
    };
    for (;;) {
      const now = this.now();
      this.expireLockout(now);
      if (this.attempts >= this.limits.maxAttempts) {
        this.resetAt ??= now + this.limits.attemptsResetMs;
        return this.fail(request, {
          reason: 'too-many',
          message: REFRESH_MESSAGES.tooMany,
          severity: 'critical',
          title: AUTH_ERROR_TITLE,
        });
      }
      this.attempts += 1;
      try {
        const session = await this.options.fetch();
        if (generation !== this.generation) return cancelled;
        this.attempts = 0;
        this.resetAt = null;
        this.lastSettledAt = this.now();
        this.options.onRefreshed?.(session);
        return {
          ok: true,
          source: 'refreshed',
          accessToken: session.accessToken,
          tokenExpiresAt: session.tokenExpiresAt,
          session,
        };
      } catch (error) {
        if (generation !== this.generation) return cancelled;
        this.lastSettledAt = this.now();
        // The last attempt allowed has failed: the counter resets 60 s from now.
        if (this.attempts >= this.limits.maxAttempts) this.resetAt = this.lastSettledAt + this.limits.attemptsResetMs;
        if (!isAppError(error)) {
          return this.fail(request, {
            reason: 'unexpected',
            message: REFRESH_MESSAGES.unexpected,
            severity: 'error',
            error,
          });
        }
        if (!isTransientRefreshError(error)) {
          return this.fail(request, { reason: 'rejected', message: REFRESH_MESSAGES.failed, severity: 'error', error });
        }
        if (this.attempts >= this.limits.maxAttempts) {
          return this.fail(request, {
            reason: 'max-attempts',
            message: REFRESH_MESSAGES.failedAfterMax,
            severity: 'error',
            error,
          });
        }
        await this.sleep(refreshBackoffMs(this.attempts, this.limits));
        if (generation !== this.generation) return cancelled;
      }
    }
  }

  private fail(request: RefreshRequest, notice: RefreshNotice): RefreshOutcome {
    this.notify(request, notice);
    // 'too-many' sends nothing and proves nothing about the session; the others leave it without a usable token.
    const logout = notice.reason === 'rejected' || notice.reason === 'max-attempts' || notice.reason === 'unexpected';
    return { ok: false, reason: notice.reason, message: notice.message, logout, error: notice.error };
  }

  private notify(request: RefreshRequest, notice: RefreshNotice): void {
    if (request.silent || !this.options.report) return;
    try {
      this.options.report(notice);
    } catch {
      // Reporting must never change the outcome.
    }
  }
}

/**
 * Runs `task` while holding a lock shared by every tab of this origin (Web Locks API), so two tabs
 * never send the same refresh cookie at once: the server rotates it on every use and treats a reuse as
 * theft. Without the API (old browsers, tests) the task simply runs.
 */
export function withCrossTabLock<T>(
  task: () => Promise<T>,
  name: string = REFRESH_LOCK_NAME,
  locks: LockManager | undefined = defaultLocks(),
): Promise<T> {
  if (!locks || typeof locks.request !== 'function') return task();
  return locks.request(name, { mode: 'exclusive' }, () => task()) as Promise<T>;
}

function defaultLocks(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
}
