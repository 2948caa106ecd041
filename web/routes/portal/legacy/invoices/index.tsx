import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import type { LegacyInvoice } from '../../../../../api/contracts/legacy.ts';
import { INVOICE_STATUSES } from '../../../../../api/domain/legacy/invoices.ts';
import { Badge } from '../../../../components/badge.tsx';
import { buttonClass } from '../../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../../components/data-table.tsx';
import { FormField, inputClass } from '../../../../components/form-field.tsx';
import { PagedResults } from '../../../../components/paged-results.tsx';
import { SearchBox } from '../../../../components/search-box.tsx';
import { EmptyState, PortalPageHeader } from '../../../../components/states.tsx';
import { requireRole } from '../../../../features/auth/guard.ts';
import { CsvButton } from '../../../../features/legacy/components/csv-button.tsx';
import { LegacyNav } from '../../../../features/legacy/components/legacy-nav.tsx';
import { formatMoney, statusLabel } from '../../../../features/legacy/format.ts';
import { allPages, invoicesQuery, invoiceTotalsQuery, invoiceYearsQuery } from '../../../../features/legacy/queries.ts';
import { compact, pageParam, searchTextParam } from '../../../../lib/portal/query-policy.ts';

interface InvoiceSearch {
  year?: number;
  status?: string;
  email?: string;
  page?: number;
}

function validateSearch(raw: Record<string, unknown>): InvoiceSearch {
  const year = Number(raw.year);
  const status = typeof raw.status === 'string' && (INVOICE_STATUSES as readonly string[]).includes(raw.status);
  return compact({
    year: Number.isInteger(year) && year >= 1900 && year <= 2200 ? year : undefined,
    status: status ? (raw.status as string) : undefined,
    email: searchTextParam(raw.email),
    page: pageParam(raw.page),
  });
}

export const Route = createFileRoute('/portal/legacy/invoices/')({
  validateSearch,
  beforeLoad: requireRole('admin'),
  component: LegacyInvoicesPage,
});

const COLUMNS: DataColumn<LegacyInvoice>[] = [
  {
    id: 'number',
    header: 'Number',
    hideInCard: true,
    cell: (i) => (
      <Link to="/portal/legacy/invoices/$id" params={{ id: i.id }} className="font-semibold text-brand-700 underline">
        {i.number}
      </Link>
    ),
  },
  {
    id: 'person',
    header: 'Issued to',
    cell: (i) => <span className="break-all">{i.userName ?? i.userEmail ?? i.userId}</span>,
  },
  { id: 'email', header: 'E-mail', cell: (i) => <span className="break-all">{i.userEmail ?? '—'}</span> },
  { id: 'issued', header: 'Issued', cell: (i) => i.issuedOn ?? '—' },
  { id: 'status', header: 'Status', cell: (i) => <Badge>{statusLabel(i.status)}</Badge> },
  { id: 'total', header: 'Total', className: 'text-right tabular-nums', cell: (i) => formatMoney(i.total, i.currency) },
  {
    id: 'paid',
    header: 'Paid',
    className: 'text-right tabular-nums',
    cell: (i) => formatMoney(i.amountPaid, i.currency),
  },
];

function LegacyInvoicesPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const setSearch = (next: InvoiceSearch) => void navigate({ search: compact({ ...next }) });
  const years = useQuery(invoiceYearsQuery());
  const totals = useQuery(invoiceTotalsQuery(search.year));
  const filter = { year: search.year, status: search.status, email: search.email };
  const invoices = useQuery(invoicesQuery({ ...filter, page: search.page }));

  return (
    <div>
      <PortalPageHeader
        title="Legacy invoices"
        description="Invoices of the old system, newest first; filter by year, status or e-mail."
        actions={
          <CsvButton
            filename={`legacy-invoices${search.year ? `-${search.year}` : ''}.csv`}
            load={() => allPages<LegacyInvoice>('/invoices/filter', filter)}
            columns={[
              { header: 'Number', value: (i) => i.number },
              { header: 'Year', value: (i) => i.year },
              { header: 'E-mail', value: (i) => i.userEmail },
              { header: 'Issued', value: (i) => i.issuedOn },
              { header: 'Status', value: (i) => i.status },
              { header: 'Subtotal', value: (i) => i.subtotal },
              { header: 'Tax', value: (i) => i.taxTotal },
              { header: 'Total', value: (i) => i.total },
              { header: 'Paid', value: (i) => i.amountPaid },
            ]}
          />
        }
      />
      <LegacyNav />
      <div className="flex flex-col gap-4">
        <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 sm:items-end">
          <FormField label="Year" name="year">
            {(control) => (
              <select
                {...control}
                className={inputClass()}
                value={search.year ?? ''}
                onChange={(e) =>
                  setSearch({ ...search, year: e.target.value ? Number(e.target.value) : undefined, page: undefined })
                }
              >
                <option value="">All years</option>
                {years.data?.data.map((y) => (
                  <option key={y.year} value={y.year}>
                    {y.year} ({y.count})
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Status" name="status">
            {(control) => (
              <select
                {...control}
                className={inputClass()}
                value={search.status ?? ''}
                onChange={(e) => setSearch({ ...search, status: e.target.value || undefined, page: undefined })}
              >
                <option value="">Any status</option>
                {INVOICE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <SearchBox
            label="E-mail contains"
            placeholder="name@example.org"
            value={search.email}
            onCommit={(email) => setSearch({ ...search, email, page: undefined })}
          />
        </div>
        {totals.data && (
          <section aria-label="Totals by status" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-sm font-bold text-slate-900">
              Totals {search.year ? `of ${search.year}` : 'of all years'}: {formatMoney(totals.data.overall.total)} in{' '}
              {totals.data.overall.count} invoices
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {totals.data.byStatus.map((s) => (
                <li key={s.status}>
                  <button
                    type="button"
                    aria-pressed={search.status === s.status}
                    className={buttonClass(search.status === s.status ? 'primary' : 'secondary')}
                    onClick={() =>
                      setSearch({
                        ...search,
                        status: search.status === s.status ? undefined : s.status,
                        page: undefined,
                      })
                    }
                  >
                    {statusLabel(s.status)}: {s.count} · {formatMoney(s.total)}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <PagedResults
          query={invoices}
          region={{ label: 'Invoices' }}
          loadingLabel="Loading invoices"
          errorTitle="The invoices couldn't be loaded."
          noun="invoices"
          onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
          empty={
            <EmptyState
              title="No invoices match"
              icon={<FileText className="size-10 text-slate-400" aria-hidden="true" />}
            >
              Try another year, status or address.
            </EmptyState>
          }
        >
          {(rows, stale) => (
            <DataTable
              caption="Legacy invoices"
              columns={COLUMNS}
              rows={rows}
              rowKey={(i) => i.id}
              stale={stale}
              cardTitle={(i) => (
                <Link to="/portal/legacy/invoices/$id" params={{ id: i.id }} className="text-brand-700 underline">
                  {i.number}
                </Link>
              )}
            />
          )}
        </PagedResults>
      </div>
    </div>
  );
}
