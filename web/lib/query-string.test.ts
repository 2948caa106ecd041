import { describe, expect, it } from 'vitest';
import { buildQueryString, queryValueText, withQuery } from './query-string.ts';

describe('buildQueryString', () => {
  it('is empty when nothing is given or everything is left out', () => {
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString({ a: undefined, b: null, c: '', d: [], e: [null, ''] })).toBe('');
  });

  it('sends booleans, numbers, Dates and arrays in their agreed forms', () => {
    const qs = buildQueryString({
      isActive: true,
      isVerified: false,
      departmentId: 7,
      page: 0,
      since: new Date('2026-03-04T05:06:07.000Z'),
      status: ['Confirmed', 'In Progress'],
      ids: [1, 2, 3],
    });
    const params = new URLSearchParams(qs.slice(1));
    expect(qs.startsWith('?')).toBe(true);
    expect(params.get('isActive')).toBe('true');
    expect(params.get('isVerified')).toBe('false');
    expect(params.get('departmentId')).toBe('7');
    expect(params.get('page')).toBe('0');
    expect(params.get('since')).toBe('2026-03-04T05:06:07.000Z');
    expect(params.get('status')).toBe('Confirmed,In Progress');
    expect(params.get('ids')).toBe('1,2,3');
  });

  it('encodes special characters', () => {
    expect(buildQueryString({ q: 'a&b=c' })).toBe('?q=a%26b%3Dc');
  });

  it('leaves out values that cannot be sent', () => {
    expect(queryValueText(Number.NaN)).toBeUndefined();
    expect(queryValueText(new Date('nope'))).toBeUndefined();
    expect(queryValueText({ nested: 1 })).toBeUndefined();
    expect(queryValueText(['x', undefined, 'y'])).toBe('x,y');
  });
});

describe('withQuery', () => {
  it('appends to a path with or without a query', () => {
    expect(withQuery('/events', { limit: 5 })).toBe('/events?limit=5');
    expect(withQuery('/events?page=2', { limit: 5 })).toBe('/events?page=2&limit=5');
    expect(withQuery('/events', { limit: undefined })).toBe('/events');
  });
});
