import { describe, expect, it } from 'vitest';
import { parseRouteId } from './route-params.ts';

describe('parseRouteId', () => {
  it('accepts positive whole numbers', () => {
    expect(parseRouteId('1')).toBe(1);
    expect(parseRouteId('2147483647')).toBe(2147483647);
  });

  it.each(['', 'abc', '0', '-1', '1.5', '1e3', ' 1', '2147483648', '99999999999'])('rejects %j', (raw) => {
    expect(parseRouteId(raw)).toBeUndefined();
  });

  it('rejects a missing parameter', () => {
    expect(parseRouteId(undefined)).toBeUndefined();
  });
});
