import { describe, expect, it } from 'vitest';
import { normalizePage, pageCount } from './pagination.ts';

const DEFAULT = { data: [], meta: { total: 0, page: 1, perPage: 10 } };

describe('normalizePage', () => {
  it('keeps the data-plus-meta shape', () => {
    expect(normalizePage({ data: [{ id: 1 }], meta: { total: 31, page: 2, perPage: 15 } })).toEqual({
      data: [{ id: 1 }],
      meta: { total: 31, page: 2, perPage: 15 },
    });
  });

  it('renames the items shape', () => {
    expect(normalizePage({ items: ['a', 'b'], meta: { totalItems: 12, currentPage: 3, itemsPerPage: 5 } })).toEqual({
      data: ['a', 'b'],
      meta: { total: 12, page: 3, perPage: 5 },
    });
  });

  it('fills the defaults for missing parts', () => {
    expect(normalizePage({ data: [1] })).toEqual({ data: [1], meta: { total: 0, page: 1, perPage: 10 } });
    expect(normalizePage({ items: [], meta: { totalItems: 4 } })).toEqual({
      data: [],
      meta: { total: 4, page: 1, perPage: 10 },
    });
  });

  it.each([undefined, null, 42, 'text', [], [1, 2], { data: 'x', meta: 'y' }, { foo: 1 }])(
    'turns garbage %j into the defaults',
    (raw) => {
      expect(normalizePage(raw)).toEqual(DEFAULT);
    },
  );

  it('rejects meta numbers that make no sense', () => {
    expect(normalizePage({ data: [], meta: { total: -1, page: 0, perPage: 2.5 } }).meta).toEqual(DEFAULT.meta);
    expect(normalizePage({ data: [], meta: { total: '9', page: '2', perPage: null } }).meta).toEqual(DEFAULT.meta);
  });

  it('returns a fresh meta each time', () => {
    const a = normalizePage(null);
    a.meta.total = 99;
    expect(normalizePage(null).meta.total).toBe(0);
  });
});

describe('pageCount', () => {
  it('rounds up and is at least 1', () => {
    expect(pageCount({ total: 0, page: 1, perPage: 10 })).toBe(1);
    expect(pageCount({ total: 21, page: 1, perPage: 10 })).toBe(3);
  });
});
