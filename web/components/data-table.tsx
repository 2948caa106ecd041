import type { ReactNode } from 'react';
import { useMediaQuery } from '../lib/use-media-query.ts';

export interface DataColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes of the header and body cells (alignment, width). */
  className?: string;
  /** Left out of the phone cards (e.g. a column the card already shows in its title). */
  hideInCard?: boolean;
  /** A visually hidden header (an actions column still needs a name for screen readers). */
  srOnlyHeader?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The title line of a phone card; the other columns are listed under it. */
  cardTitle: (row: T) => ReactNode;
  /** Buttons at the bottom of a phone card. */
  cardActions?: (row: T) => ReactNode;
  /** Rows fade while a newer page is loading. */
  stale?: boolean;
  /** The width from which the table is shown instead of cards. */
  tableFrom?: string;
}

/**
 * A table on wide screens and a list of cards on phones, from one column definition. Only one of
 * the two is in the page at a time, so each control exists once.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  cardTitle,
  cardActions,
  stale = false,
  tableFrom = '(min-width: 768px)',
}: DataTableProps<T>) {
  const wide = useMediaQuery(tableFrom);
  const fade = stale ? 'opacity-60 transition-opacity' : 'transition-opacity';

  if (!wide) {
    return (
      <ul aria-label={caption} className={`flex flex-col gap-3 ${fade}`}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="font-semibold text-slate-900">{cardTitle(row)}</div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {columns
                .filter((column) => !column.hideInCard)
                .map((column) => (
                  <div key={column.id} className="contents">
                    <dt className="text-slate-500">{column.header}</dt>
                    <dd className="min-w-0 break-words text-slate-900">{column.cell(row)}</dd>
                  </div>
                ))}
            </dl>
            {cardActions && <div className="mt-4 flex flex-wrap gap-2">{cardActions(row)}</div>}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={`overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm ${fade}`}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`px-4 py-3 font-semibold text-slate-700 ${column.className ?? ''}`}
              >
                {column.srOnlyHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-slate-50">
              {columns.map((column) => (
                <td key={column.id} className={`px-4 py-3 align-middle text-slate-800 ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
