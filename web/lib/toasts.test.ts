import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, type ErrorSeverity } from './errors.ts';
import {
  clear,
  dismiss,
  getNotices,
  getSnapshot,
  MAX_NOTICES_PER_CONTEXT,
  reportError,
  shouldAutoDismiss,
  subscribe,
} from './toasts.ts';

const error = (message: string, severity: ErrorSeverity = 'error', url = '/api/x') =>
  new AppError({ message, type: 'server', severity, meta: { url, method: 'GET' } });

beforeEach(() => {
  clear();
});

describe('toast store', () => {
  it('keeps at most 10 notices per context, dropping the oldest', () => {
    expect(MAX_NOTICES_PER_CONTEXT).toBe(10);
    for (let i = 1; i <= 13; i++) reportError(error(`failure ${i}`), 'toast');
    const messages = getNotices('toast').map((n) => n.message);
    expect(messages).toHaveLength(10);
    expect(messages[0]).toBe('failure 4');
    expect(messages[9]).toBe('failure 13');
  });

  it('keeps the contexts independent', () => {
    for (let i = 1; i <= 12; i++) reportError(error(`toast ${i}`), 'toast');
    reportError(error('page 1'), 'page');
    expect(getNotices('toast')).toHaveLength(10);
    expect(getNotices('page').map((n) => n.message)).toEqual(['page 1']);
    clear('toast');
    expect(getNotices('toast')).toHaveLength(0);
    expect(getNotices('page')).toHaveLength(1);
  });

  it('reports to the toast context by default and turns anything into an AppError', () => {
    const notice = reportError(new TypeError('Failed to fetch'));
    expect(notice.context).toBe('toast');
    expect(notice.error).toBeInstanceOf(AppError);
    expect(notice.error.type).toBe('network');
    expect(notice.severity).toBe('warning');
  });

  it('collapses repeats of the same failure into one notice with a count', () => {
    const first = reportError(error('down'));
    reportError(error('other'));
    const again = reportError(error('down'));
    expect(again.id).toBe(first.id);
    expect(again.count).toBe(2);
    expect(getNotices('toast').map((n) => n.message)).toEqual(['other', 'down']);
    reportError(error('down', 'error', '/api/y'));
    expect(getNotices('toast')).toHaveLength(3);
  });

  it('dismisses by id and notifies subscribers with a new snapshot', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    const a = reportError(error('a'));
    reportError(error('b'));
    const before = getSnapshot();
    expect(getSnapshot()).toBe(before);
    dismiss(a.id);
    expect(getSnapshot()).not.toBe(before);
    expect(getNotices('toast').map((n) => n.message)).toEqual(['b']);
    expect(listener).toHaveBeenCalledTimes(3);
    dismiss('no-such-id');
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    reportError(error('c'));
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps the title it was given', () => {
    expect(reportError(error('x', 'critical'), 'page', { title: 'Authentication Error' }).title).toBe(
      'Authentication Error',
    );
  });

  it('auto-dismisses everything but critical notices', () => {
    expect(shouldAutoDismiss({ severity: 'critical' })).toBe(false);
    for (const severity of ['info', 'warning', 'error'] as const) expect(shouldAutoDismiss({ severity })).toBe(true);
  });
});
