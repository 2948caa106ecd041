import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../lib/pagination.ts';
import { buttonClass } from './button.ts';
import { PaginationControls } from './pagination-controls.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';

export interface PagedResultsProps<T> {
  /** The list's query: one page of rows and its meta. */
  query: UseQueryResult<Page<T>, unknown>;
  /** The spinner's label while the first page loads: 'Loading events'. */
  loadingLabel: string;
  /** The failure's title when no page is held: "The events couldn't be loaded." */
  errorTitle: string;
  /** What the rows are, for the pagination summary: 'events'. */
  noun: string;
  /** The list has no rows at all (an EmptyState). */
  empty: ReactNode;
  /** The page holds no rows while the list has some (it shrank under the reader); defaults to `empty`. */
  pastEnd?: ReactNode;
  onPageChange: (page: number) => void;
  /** The rows of the page; `stale` while the next page loads and this one still shows. */
  children: (rows: T[], stale: boolean) => ReactNode;
  /** Wraps the list in a region (named "Results" unless `label` says otherwise) that is busy while it fetches. */
  region?: { label?: string; className?: string };
}

/** A paged list's ladder: loading, failed (with a retry), empty, past the end, or the rows with their pagination. */
export function PagedResults<T>({
  query,
  loadingLabel,
  errorTitle,
  noun,
  empty,
  pastEnd,
  onPageChange,
  children,
  region,
}: PagedResultsProps<T>) {
  const content = query.isPending ? (
    <LoadingState label={loadingLabel} />
  ) : query.isError && !query.data ? (
    <ErrorState
      title={errorTitle}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  ) : !query.data ? null : query.data.data.length === 0 ? (
    query.data.meta.total > 0 && pastEnd !== undefined ? (
      pastEnd
    ) : (
      empty
    )
  ) : (
    <div className="flex flex-col gap-4">
      {children(query.data.data, query.isPlaceholderData)}
      <PaginationControls
        meta={query.data.meta}
        shown={query.data.data.length}
        noun={noun}
        busy={query.isPlaceholderData}
        onPageChange={onPageChange}
      />
    </div>
  );
  if (!region) return content;
  return (
    <section aria-label={region.label ?? 'Results'} aria-busy={query.isFetching} className={region.className}>
      {content}
    </section>
  );
}

/**
 * The usual past-the-end state: 'Nothing on this page', why, and a way to the first page. The reason
 * (children) defaults to "The list is shorter than it was; the {noun} are on earlier pages."; null says none.
 */
export function PastEndState({
  noun,
  onFirstPage,
  icon,
  children,
}: {
  noun: string;
  onFirstPage: () => void;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <EmptyState
      title="Nothing on this page"
      icon={icon}
      action={
        <button type="button" className={buttonClass('secondary')} onClick={onFirstPage}>
          Go to the first page
        </button>
      }
    >
      {children === undefined ? `The list is shorter than it was; the ${noun} are on earlier pages.` : children}
    </EmptyState>
  );
}
