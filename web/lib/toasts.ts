/**
 * The error notice store: notices per context, at most 10 each, the
 * oldest dropped first. Shaped for React's useSyncExternalStore. Every failed API call lands in 'toast'.
 */
import { onApiError } from './api.ts';
import { type AppError, type ErrorSeverity, errorFromException } from './errors.ts';

export type NoticeContext = 'toast' | 'page';
export const NOTICE_CONTEXTS: readonly NoticeContext[] = ['toast', 'page'];
export const MAX_NOTICES_PER_CONTEXT = 10;
export const AUTO_DISMISS_MS = 6_000;

export interface Notice {
  /** Unique across contexts: `${context}:${error.id}`. */
  id: string;
  context: NoticeContext;
  error: AppError;
  title: string | undefined;
  message: string;
  severity: ErrorSeverity;
  /** How many times the same failure was reported (retries of one call collapse into one notice). */
  count: number;
  createdAt: number;
}

export type NoticeSnapshot = Readonly<Record<NoticeContext, readonly Notice[]>>;

const EMPTY: NoticeSnapshot = { toast: [], page: [] };
let snapshot: NoticeSnapshot = EMPTY;
const listeners = new Set<() => void>();

function publish(next: NoticeSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Stable between changes, as useSyncExternalStore requires. */
export function getSnapshot(): NoticeSnapshot {
  return snapshot;
}

export function getNotices(context: NoticeContext): readonly Notice[] {
  return snapshot[context];
}

function sameFailure(a: AppError, b: AppError): boolean {
  return a.type === b.type && a.message === b.message && a.meta.url === b.meta.url && a.meta.method === b.meta.method;
}

export interface ReportOptions {
  title?: string;
}

/**
 * Adds a notice for the error (anything thrown is turned into an AppError first) and returns it.
 * The same failure reported again moves its notice to the newest place and counts up.
 */
export function reportError(error: unknown, context: NoticeContext = 'toast', options: ReportOptions = {}): Notice {
  const appError = errorFromException(error);
  const current = snapshot[context];
  const previous = current.find((notice) => sameFailure(notice.error, appError));
  const notice: Notice = {
    id: previous?.id ?? `${context}:${appError.id}`,
    context,
    error: appError,
    title: options.title ?? previous?.title,
    message: appError.message,
    severity: appError.severity,
    count: (previous?.count ?? 0) + 1,
    createdAt: Date.now(),
  };
  const kept = current.filter((n) => n !== previous);
  publish({ ...snapshot, [context]: [...kept, notice].slice(-MAX_NOTICES_PER_CONTEXT) });
  return notice;
}

export function dismiss(id: string): void {
  const next = { ...snapshot };
  let changed = false;
  for (const context of NOTICE_CONTEXTS) {
    const kept = snapshot[context].filter((notice) => notice.id !== id);
    if (kept.length !== snapshot[context].length) {
      next[context] = kept;
      changed = true;
    }
  }
  if (changed) publish(next);
}

/** Empties one context, or every context when none is given. */
export function clear(context?: NoticeContext): void {
  if (context === undefined) {
    if (NOTICE_CONTEXTS.some((c) => snapshot[c].length > 0)) publish(EMPTY);
    return;
  }
  if (snapshot[context].length > 0) publish({ ...snapshot, [context]: [] });
}

/** Critical notices stay until dismissed; the rest leave on their own. */
export function shouldAutoDismiss(notice: Pick<Notice, 'severity'>): boolean {
  return notice.severity !== 'critical';
}

// Every failed call raises a notice in the 'toast' context.
onApiError((error) => {
  reportError(error, 'toast');
});
