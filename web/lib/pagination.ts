/** Paginated answers: two accepted shapes, one normalised result. */

export interface PageMeta {
  total: number;
  page: number;
  perPage: number;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export const DEFAULT_PAGE_META: Readonly<PageMeta> = { total: 0, page: 1, perPage: 10 };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function firstCount(candidates: unknown[], minimum: number, fallback: number): number {
  for (const value of candidates) {
    if (typeof value === 'number' && Number.isInteger(value) && value >= minimum) return value;
  }
  return fallback;
}

/**
 * Accepts `{ data, meta: { total, page, perPage } }` or `{ items, meta: { totalItems, currentPage,
 * itemsPerPage } }`; every missing or malformed part falls back to its default (empty list, total 0,
 * page 1, perPage 10).
 */
export function normalizePage<T = unknown>(raw: unknown): Page<T> {
  if (!isRecord(raw)) return { data: [], meta: { ...DEFAULT_PAGE_META } };
  const list = Array.isArray(raw.data) ? raw.data : Array.isArray(raw.items) ? raw.items : [];
  const meta = isRecord(raw.meta) ? raw.meta : {};
  return {
    data: list as T[],
    meta: {
      total: firstCount([meta.total, meta.totalItems], 0, DEFAULT_PAGE_META.total),
      page: firstCount([meta.page, meta.currentPage], 1, DEFAULT_PAGE_META.page),
      perPage: firstCount([meta.perPage, meta.itemsPerPage], 1, DEFAULT_PAGE_META.perPage),
    },
  };
}

export function pageCount(meta: PageMeta): number {
  return meta.perPage > 0 ? Math.max(1, Math.ceil(meta.total / meta.perPage)) : 1;
}
