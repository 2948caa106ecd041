import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaginationControls, pageRange } from './pagination-controls.tsx';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('pageRange', () => {
  it('gives the rows shown on a page', () => {
    expect(pageRange({ total: 57, page: 1, perPage: 20 }, 20)).toEqual({ from: 1, to: 20 });
    expect(pageRange({ total: 57, page: 3, perPage: 20 }, 17)).toEqual({ from: 41, to: 57 });
  });

  it('is empty for an empty list or page', () => {
    expect(pageRange({ total: 0, page: 1, perPage: 20 }, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange({ total: 10, page: 5, perPage: 20 }, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('PaginationControls', () => {
  const noop = () => {};

  it('summarises and offers previous and next', () => {
    const html = renderToStaticMarkup(
      <PaginationControls meta={{ total: 57, page: 2, perPage: 20 }} shown={20} noun="accounts" onPageChange={noop} />,
    );
    expect(html).toContain('aria-label="Pagination"');
    expect(text(html)).toContain('Showing 21–40 of 57 accounts');
    expect(text(html)).toContain('Page 2 of 3');
    expect(html).not.toContain('disabled=""');
  });

  it('disables previous on the first page and next on the last', () => {
    const first = renderToStaticMarkup(
      <PaginationControls meta={{ total: 57, page: 1, perPage: 20 }} shown={20} onPageChange={noop} />,
    );
    expect(first).toMatch(/<button type="button"[^>]*disabled=""[^>]*>.*?Previous/);
    const last = renderToStaticMarkup(
      <PaginationControls meta={{ total: 57, page: 3, perPage: 20 }} shown={17} onPageChange={noop} />,
    );
    expect(last).toMatch(/<button type="button"[^>]*disabled=""[^>]*>Next/);
  });

  it('shows only the summary for one page, and nothing for an empty list', () => {
    const one = renderToStaticMarkup(
      <PaginationControls meta={{ total: 3, page: 1, perPage: 20 }} shown={3} onPageChange={noop} />,
    );
    expect(text(one)).toContain('Showing 1–3 of 3 results');
    expect(one).not.toContain('Next');
    expect(
      renderToStaticMarkup(
        <PaginationControls meta={{ total: 0, page: 1, perPage: 20 }} shown={0} onPageChange={noop} />,
      ),
    ).toBe('');
  });
});
