/**
 * The browser's auth session: an external store for React's
 * useSyncExternalStore holding the access token in memory only, with the three persisted fields in
 * sessionStorage so a reload knows to fetch a new token silently (the refresh cookie is httpOnly).
 *
 * - login stores the token, user and expiry and marks the session authenticated;
 * - logout clears them and sets isLoggingOut, which is cleared 1 s after the next login;
 * - restore (page load) refreshes silently when the stored record says authenticated, else nothing;
 * - the API client gets its bearer token here and asks here what to do about a 401.
 */
import { useSyncExternalStore } from 'react';
import type {
  LoginBody,
  RegisterBody,
  RegisterResponse,
  RoleName,
  SessionDto,
  UserDto,
} from '../../../api/contracts/accounts.ts';
import { setAccessTokenProvider, setUnauthorizedHandler } from '../api.ts';
import { AppError, errorFromException } from '../errors.ts';
import { reportError } from '../toasts.ts';
import { type AuthCalls, authCalls } from './calls.ts';
import { browserSessionStorage, type PersistedAuth, readPersistedAuth, writePersistedAuth } from './storage.ts';
import {
  isTokenUsable,
  type RefreshLimits,
  type RefreshNotice,
  type RefreshOutcome,
  type RefreshRequest,
  TokenRefresher,
  withCrossTabLock,
} from './token-refresh.ts';

export interface AuthState {
  /** True only while the session holds a token and its user. */
  isAuthenticated: boolean;
  accessToken: string | null;
  /** ISO date-time of the access token's expiry. */
  tokenExpiresAt: string | null;
  user: UserDto | null;
  /** A sign-in or the silent restore is under way. */
  isLoading: boolean;
  /** Set by logout; cleared 1 s after the next login. Guards use it to send nobody back to a page of the signed-out account. */
  isLoggingOut: boolean;
  /** The message of the last failed sign-in or of the refresh failure that ended the session. */
  error: string | null;
}

export const LOGGING_OUT_RESET_MS = 1_000;

const SIGNED_OUT: AuthState = {
  isAuthenticated: false,
  accessToken: null,
  tokenExpiresAt: null,
  user: null,
  isLoading: false,
  isLoggingOut: false,
  error: null,
};

const ROLE_RANK: Readonly<Record<RoleName, number>> = { user: 1, admin: 2, 'super-admin': 3 };

/** super-admin ≥ admin ≥ user; no user (or an unknown role) has none. */
export function hasRole(user: Pick<UserDto, 'role'> | null | undefined, role: RoleName): boolean {
  if (!user) return false;
  const rank = ROLE_RANK[user.role as RoleName];
  return rank !== undefined && rank >= ROLE_RANK[role];
}

/** What the session does when a refresh fails so that the session must end (set by startAuthSession). */
export interface AuthSessionHooks {
  /** Before the state is cleared: leave private pages (to the sign-in page) so they never render without a user. */
  beforeExpire?: () => void | Promise<void>;
  /** After every sign-out, explicit or forced: drop cached private data. */
  afterSignOut?: () => void;
}

export interface AuthSessionOptions {
  calls?: AuthCalls;
  storage?: () => Storage | undefined;
  /** Where refresh notices go; by default critical and error notices become toasts, warnings go to the console. */
  report?: (notice: RefreshNotice) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  limits?: Partial<RefreshLimits>;
  /** Wraps each refresh call; by default a Web Lock shared by the tabs. */
  lock?: <T>(task: () => Promise<T>) => Promise<T>;
}

export function reportRefreshNotice(notice: RefreshNotice): void {
  if (notice.severity === 'warning') {
    console.warn(notice.message);
    return;
  }
  const status = notice.error instanceof AppError ? notice.error.status : undefined;
  reportError(
    new AppError({
      message: notice.message,
      type: 'unauthorized',
      severity: notice.severity,
      status,
      cause: notice.error,
    }),
    'toast',
    notice.title ? { title: notice.title } : {},
  );
}

export class AuthSession {
  private state: AuthState;
  private readonly listeners = new Set<() => void>();
  private readonly calls: AuthCalls;
  private readonly storage: () => Storage | undefined;
  private readonly now: () => number;
  readonly refresher: TokenRefresher;
  private hooks: AuthSessionHooks = {};
  private restoring: Promise<AuthState> | null = null;
  private restorePending = false;
  private loggingOut: Promise<void> | null = null;
  private expiring: Promise<void> | null = null;
  private loggingOutTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether this page has already asked the server for a session (restore, probe, sign-in, sign-out). */
  private probed = false;

  constructor(options: AuthSessionOptions = {}) {
    this.calls = options.calls ?? authCalls;
    this.storage = options.storage ?? browserSessionStorage;
    this.now = options.now ?? Date.now;
    const lock = options.lock ?? withCrossTabLock;
    this.refresher = new TokenRefresher({
      fetch: () => lock(() => this.calls.refresh()),
      readCache: () =>
        this.state.accessToken && this.state.tokenExpiresAt
          ? { accessToken: this.state.accessToken, tokenExpiresAt: this.state.tokenExpiresAt }
          : null,
      onRefreshed: (session) => this.applySession(session),
      report: options.report ?? reportRefreshNotice,
      now: this.now,
      sleep: options.sleep,
      limits: options.limits,
    });
    // A stored sign-in means a restore is coming: say "loading" rather than flash a signed-out header.
    const stored = readPersistedAuth(this.storage());
    this.state = { ...SIGNED_OUT, isLoading: stored?.isAuthenticated === true };
  }

  // ---------- store ----------

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private setState(patch: Partial<AuthState>): void {
    const next = { ...this.state, ...patch };
    next.isAuthenticated = next.accessToken !== null && next.user !== null;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private persist(): void {
    const { isAuthenticated, tokenExpiresAt, user } = this.state;
    const record: PersistedAuth | null = isAuthenticated
      ? { isAuthenticated, tokenExpiresAt, user: user ? { id: user.id } : null }
      : null;
    writePersistedAuth(this.storage(), record);
  }

  setHooks(hooks: AuthSessionHooks): void {
    this.hooks = hooks;
  }

  // ---------- transitions ----------

  private applySession(session: SessionDto): void {
    this.setState({
      accessToken: session.accessToken,
      tokenExpiresAt: session.tokenExpiresAt,
      user: session.user,
      error: null,
    });
    this.persist();
  }

  /** Signs in; resolves with the user, or rejects with the AppError (its code says why: INVALID_CREDENTIALS, EMAIL_NOT_VERIFIED, ...). */
  async login(credentials: LoginBody): Promise<UserDto> {
    this.setState({ isLoading: true, error: null });
    try {
      const session = await this.calls.login(credentials);
      // A refresh still in flight belongs to whatever came before; a new sign-in starts the counters afresh.
      this.refresher.reset();
      this.applySession(session);
      this.probed = true;
      this.setState({ isLoading: false });
      if (this.state.isLoggingOut) this.scheduleLoggingOutReset();
      return session.user;
    } catch (e) {
      const error = errorFromException(e);
      this.setState({ isLoading: false, error: error.message });
      throw error;
    }
  }

  private scheduleLoggingOutReset(): void {
    if (this.loggingOutTimer !== null) clearTimeout(this.loggingOutTimer);
    this.loggingOutTimer = setTimeout(() => {
      this.loggingOutTimer = null;
      if (this.state.isLoggingOut) this.setState({ isLoggingOut: false });
    }, LOGGING_OUT_RESET_MS);
  }

  /** Ends the session here and on the server (best effort: a failed call still signs out locally). */
  logout(): Promise<void> {
    this.loggingOut ??= this.performLogout().finally(() => {
      this.loggingOut = null;
    });
    return this.loggingOut;
  }

  private async performLogout(): Promise<void> {
    if (this.loggingOutTimer !== null) {
      clearTimeout(this.loggingOutTimer);
      this.loggingOutTimer = null;
    }
    this.setState({ isLoggingOut: true });
    // A refresh in flight must not sign the user back in when it lands.
    this.refresher.cancel();
    try {
      await this.calls.logout();
    } catch {
      // The server may already have ended it (expired cookie); locally we sign out anyway.
    }
    this.probed = true;
    this.setState({ accessToken: null, tokenExpiresAt: null, user: null, isLoading: false, isLoggingOut: true });
    this.persist();
    try {
      this.hooks.afterSignOut?.();
    } catch {
      // A hook must not keep the user signed in.
    }
  }

  /**
   * The session cannot go on (a refresh failed for good): leave private pages first, then sign out.
   * The error keeps the message for the sign-in page.
   */
  expire(message: string): Promise<void> {
    this.expiring ??= (async () => {
      this.setState({ isLoggingOut: true, error: message });
      try {
        await this.hooks.beforeExpire?.();
      } catch {
        // Navigation failing must not keep a dead session alive.
      }
      await this.logout();
    })().finally(() => {
      this.expiring = null;
    });
    return this.expiring;
  }

  /** Creates an account; it signs nobody in (the address must be verified first). */
  register(body: RegisterBody): Promise<RegisterResponse> {
    return this.calls.register(body);
  }

  /** A new access token, by the token refresh rules (web/lib/auth/token-refresh.ts, decision 012); ends the session when the refresh fails for good. */
  async refresh(request: RefreshRequest = {}): Promise<RefreshOutcome> {
    const outcome = await this.refresher.refresh(request);
    if (!outcome.ok && outcome.logout && this.state.isAuthenticated) await this.expire(outcome.message);
    return outcome;
  }

  /** Page load: when sessionStorage says signed in, get a token with the refresh cookie, silently. Runs once. */
  restore(): Promise<AuthState> {
    this.restoring ??= this.performRestore();
    return this.restoring;
  }

  private async performRestore(): Promise<AuthState> {
    const stored = readPersistedAuth(this.storage());
    if (!stored?.isAuthenticated || this.state.isAuthenticated) {
      if (this.state.isLoading && !this.state.isAuthenticated) this.setState({ isLoading: false });
      return this.state;
    }
    this.probed = true;
    this.restorePending = true;
    this.setState({ isLoading: true });
    try {
      const outcome = await this.refresher.refresh({ silent: true });
      if (!outcome.ok && outcome.reason !== 'cancelled' && !this.state.isAuthenticated) {
        // The cookie is gone or refused: what storage said is no longer true.
        writePersistedAuth(this.storage(), null);
      }
    } finally {
      this.restorePending = false;
      this.setState({ isLoading: false });
    }
    return this.state;
  }

  /**
   * For guards: the restored state, and when signed out, one silent refresh per page load in case a
   * refresh cookie exists (a new tab, "remember me" after a browser restart).
   */
  async resolve(): Promise<AuthState> {
    await this.restore();
    if (this.state.isAuthenticated || this.probed || this.state.isLoggingOut) return this.state;
    this.probed = true;
    this.setState({ isLoading: true });
    await this.refresher.refresh({ silent: true });
    this.setState({ isLoading: false });
    return this.state;
  }

  /** Reloads the signed-in user (GET /auth/me), e.g. after editing the profile. */
  async reloadUser(): Promise<UserDto | null> {
    if (!this.state.isAuthenticated) return null;
    const user = await this.calls.me();
    if (this.state.isAuthenticated) this.setUser(user);
    return user;
  }

  /** Replaces the signed-in user's details (same account only). */
  setUser(user: UserDto): void {
    if (!this.state.user || this.state.user.id !== user.id) return;
    this.setState({ user });
    this.persist();
  }

  // ---------- API client wiring ----------

  /** For setAccessTokenProvider: the token, refreshed first when it is expired or about to be. */
  accessToken = async (): Promise<string | undefined> => {
    const { accessToken, tokenExpiresAt } = this.state;
    if (!accessToken || !tokenExpiresAt) return undefined;
    if (this.loggingOut || this.expiring) return accessToken;
    if (isTokenUsable({ accessToken, tokenExpiresAt }, this.now(), this.refresher.limits.expiryMarginMs))
      return accessToken;
    const outcome = await this.refresh();
    return outcome.ok ? outcome.accessToken : undefined;
  };

  /** For setUnauthorizedHandler: force one refresh; true means "repeat the call". */
  handleUnauthorized = async (): Promise<boolean> => {
    if (this.restoring && this.restorePending) {
      // A call sent before the restore had a token: repeat it if the restore signs in.
      await this.restoring;
      return this.state.isAuthenticated;
    }
    if (!this.state.isAuthenticated || this.loggingOut || this.expiring) return false;
    const outcome = await this.refresh({ force: true });
    return outcome.ok;
  };

  /** Plugs the session into the API client. Returns the function that unplugs it. */
  connect(): () => void {
    setAccessTokenProvider(this.accessToken);
    setUnauthorizedHandler(this.handleUnauthorized);
    return () => {
      setAccessTokenProvider(undefined);
      setUnauthorizedHandler(undefined);
    };
  }
}

export const authSession = new AuthSession();

/**
 * Starts the session once, at app start: connects the API client, sets the hooks, begins the restore.
 * Returns the restore promise.
 */
export function startAuthSession(hooks: AuthSessionHooks = {}): Promise<AuthState> {
  authSession.setHooks(hooks);
  authSession.connect();
  return authSession.restore();
}

/** The whole auth state, re-rendering on every change. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authSession.subscribe, authSession.getState, authSession.getState);
}

/** The signed-in user, or null. */
export function useCurrentUser(): UserDto | null {
  return useSyncExternalStore(
    authSession.subscribe,
    () => authSession.getState().user,
    () => authSession.getState().user,
  );
}
