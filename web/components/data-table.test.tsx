import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataTable } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
  city: string;
}

const rows: Row[] = [
  { id: 1, name: 'Calgary', city: 'Calgary' },
  { id: 2, name: 'Banff', city: 'Banff' },
];
const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, hideInCard: true },
  { id: 'city', header: 'City', cell: (r) => r.city },
  {
    id: 'actions',
    header: 'Actions',
    srOnlyHeader: true,
    hideInCard: true,
    cell: (r) => <button type="button">Edit {r.name}</button>,
  },
];

describe('DataTable', () => {
  // Rendering without a window (no media query match): the phone layout, as a first paint on a phone would be.
  it('renders cards with a title, the remaining columns and the actions', () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Departments"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        cardTitle={(r) => <strong>{r.name}</strong>}
        cardActions={(r) => <a href={`/d/${r.id}`}>Open</a>}
      />,
    );
    expect(html).toContain('<ul aria-label="Departments"');
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).toContain('<strong>Calgary</strong>');
    expect(html).toContain('<dt class="text-slate-500">City</dt>');
    expect(html).not.toContain('<dt class="text-slate-500">Name</dt>');
    expect(html).not.toContain('Edit Calgary');
    expect(html).toContain('href="/d/2"');
    expect(html).not.toContain('<table');
  });
});
