import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { PageMeta } from '../lib/pagination.ts';
import { pageCount } from '../lib/pagination.ts';

/** 'Showing 21–40 of 57' for a page; { from: 0, to: 0 } for an empty list. */
export function pageRange(meta: PageMeta, shown: number): { from: number; to: number } {
  if (meta.total === 0 || shown === 0) return { from: 0, to: 0 };
  const from = (meta.page - 1) * meta.perPage + 1;
  return { from, to: Math.min(from + shown - 1, meta.total) };
}

export interface PaginationControlsProps {
  meta: PageMeta;
  /** How many rows this page shows (the last page may hold fewer than perPage). */
  shown: number;
  onPageChange: (page: number) => void;
  /** What the rows are, for the summary: 'users', 'departments'. */
  noun?: string;
  /** Disables the buttons while the next page is loading. */
  busy?: boolean;
  className?: string;
}

/** Previous and next around 'Page 2 of 5', with a summary of the rows shown. Hidden for one page of nothing. */
export function PaginationControls({
  meta,
  shown,
  onPageChange,
  noun = 'results',
  busy = false,
  className = '',
}: PaginationControlsProps) {
  const pages = pageCount(meta);
  const { from, to } = pageRange(meta, shown);
  if (meta.total === 0) return null;
  const button =
    'inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav
      aria-label="Pagination"
      className={`flex flex-col items-center justify-between gap-3 sm:flex-row ${className}`}
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing <span className="font-semibold text-slate-900">{from}</span>–
        <span className="font-semibold text-slate-900">{to}</span> of{' '}
        <span className="font-semibold text-slate-900">{meta.total}</span> {noun}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={button}
            disabled={busy || meta.page <= 1}
            onClick={() => onPageChange(meta.page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </button>
          <span className="px-2 text-sm text-slate-700">
            Page {meta.page} of {pages}
          </span>
          <button
            type="button"
            className={button}
            disabled={busy || meta.page >= pages}
            onClick={() => onPageChange(meta.page + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </nav>
  );
}
