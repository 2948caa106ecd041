import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { booleanParam, compact, idParam, pageParam, portalRetry, searchTextParam } from './query-policy.ts';

const failure = (status: number | undefined, type: AppError['type'] = 'bad_request') =>
  new AppError({ message: 'x', type, severity: 'error', status });

describe('portalRetry', () => {
  it('does not ask again for answers that will not change', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(portalRetry(0, failure(status))).toBe(false);
  });

  it('retries server trouble, timeouts and rate limits up to three times', () => {
    expect(portalRetry(0, failure(500, 'server'))).toBe(true);
    expect(portalRetry(2, failure(503, 'service_unavailable'))).toBe(true);
    expect(portalRetry(3, failure(500, 'server'))).toBe(false);
    expect(portalRetry(0, failure(429, 'rate_limited'))).toBe(true);
    expect(portalRetry(0, failure(undefined, 'network'))).toBe(true);
  });
});

describe('search param readers', () => {
  it('reads pages from 2 up; page 1 and junk are left out', () => {
    expect(pageParam(3)).toBe(3);
    expect(pageParam('4')).toBe(4);
    expect(pageParam(1)).toBeUndefined();
    expect(pageParam(0)).toBeUndefined();
    expect(pageParam(-2)).toBeUndefined();
    expect(pageParam(2.5)).toBeUndefined();
    expect(pageParam('2x')).toBeUndefined();
  });

  it('reads booleans as the router gives them (JSON) or as text', () => {
    expect(booleanParam(true)).toBe(true);
    expect(booleanParam('false')).toBe(false);
    expect(booleanParam('yes')).toBeUndefined();
    expect(booleanParam(undefined)).toBeUndefined();
  });

  it('reads positive ids', () => {
    expect(idParam(7)).toBe(7);
    expect(idParam('12')).toBe(12);
    expect(idParam('0x1')).toBeUndefined();
    expect(idParam(0)).toBeUndefined();
    expect(idParam(2_147_483_648)).toBeUndefined();
  });

  it('trims search text, caps it at 100 characters, and drops it when empty', () => {
    expect(searchTextParam('  alex ')).toBe('alex');
    expect(searchTextParam('   ')).toBeUndefined();
    expect(searchTextParam(123)).toBe('123');
    expect(searchTextParam({})).toBeUndefined();
    expect(searchTextParam('x'.repeat(150))).toHaveLength(100);
  });

  it('compact drops undefined entries only', () => {
    expect(compact({ a: 1, b: undefined, c: false, d: '' })).toEqual({ a: 1, c: false, d: '' });
  });
});
