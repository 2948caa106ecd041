import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, type ErrorType } from './errors.ts';
import { isRetryableError, retryDelay, shouldRetryQuery, withRetry } from './retry.ts';

const fail = (type: ErrorType) => new AppError({ message: type, type, severity: 'error' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retryDelay', () => {
  it('is 1 s doubled per attempt, capped at 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000, 10000]);
  });
});

describe('isRetryableError', () => {
  it.each(['network', 'timeout', 'server', 'service_unavailable'] as const)('retries %s', (type) => {
    expect(isRetryableError(fail(type))).toBe(true);
  });
  it.each([
    'bad_request',
    'unauthorized',
    'forbidden',
    'not_found',
    'conflict',
    'validation',
    'rate_limited',
    'bad_gateway',
    'gateway_timeout',
    'unknown',
  ] as const)('does not retry %s', (type) => {
    expect(isRetryableError(fail(type))).toBe(false);
  });
  it('does not retry plain errors', () => {
    expect(isRetryableError(new Error('x'))).toBe(false);
  });
});

describe('withRetry', () => {
  it('makes 3 attempts by default, waiting 1 s then 2 s', async () => {
    const fn = vi.fn(async () => {
      throw fail('network');
    });
    const outcome = withRetry(fn).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(3);
    const error = await outcome;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).type).toBe('network');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('waits 1 s, 2 s, 4 s, 8 s, 10 s, 10 s when given more attempts', async () => {
    const calledAt: number[] = [];
    const start = Date.now();
    const fn = vi.fn(async () => {
      calledAt.push(Date.now() - start);
      throw fail('server');
    });
    const outcome = withRetry(fn, { attempts: 7 }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    await outcome;
    expect(calledAt).toEqual([0, 1000, 3000, 7000, 15000, 25000, 35000]);
  });

  it('returns the first success and passes the attempt number', async () => {
    const fn = vi.fn(async (attempt: number) => {
      if (attempt < 2) throw fail('timeout');
      return 'ok';
    });
    const outcome = withRetry(fn);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(outcome).resolves.toBe('ok');
    expect(fn.mock.calls.map(([attempt]) => attempt)).toEqual([0, 1, 2]);
  });

  it.each(['not_found', 'unauthorized', 'validation', 'unknown'] as const)('throws %s at once', async (type) => {
    const fn = vi.fn(async () => {
      throw fail(type);
    });
    await expect(withRetry(fn)).rejects.toMatchObject({ type });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when aborted and throws the last error', async () => {
    const controller = new AbortController();
    const fn = vi.fn(async () => {
      throw fail('service_unavailable');
    });
    const outcome = withRetry(fn, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await outcome).toMatchObject({ type: 'service_unavailable' });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('accepts its own retry rule and delay', async () => {
    const fn = vi.fn(async () => {
      throw new Error('flaky');
    });
    const outcome = withRetry(fn, { attempts: 2, shouldRetry: () => true, delay: () => 50 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(50);
    expect(((await outcome) as Error).message).toBe('flaky');
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('shouldRetryQuery', () => {
  it('retries up to 3 times', () => {
    const error = fail('server');
    expect([0, 1, 2, 3, 4].map((n) => shouldRetryQuery(n, error))).toEqual([true, true, true, false, false]);
  });
  it('never retries unauthorized errors', () => {
    expect(shouldRetryQuery(0, fail('unauthorized'))).toBe(false);
  });
  it('retries other errors, even plain ones', () => {
    expect(shouldRetryQuery(0, fail('not_found'))).toBe(true);
    expect(shouldRetryQuery(0, new Error('x'))).toBe(true);
  });
});
