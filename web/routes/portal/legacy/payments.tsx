import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Wallet } from 'lucide-react';
import type { LegacyPayment } from '../../../../api/contracts/legacy.ts';
import { Badge } from '../../../components/badge.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { CheckboxField, FormField, inputClass } from '../../../components/form-field.tsx';
import { PagedResults } from '../../../components/paged-results.tsx';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { CsvButton } from '../../../features/legacy/components/csv-button.tsx';
import { LegacyNav } from '../../../features/legacy/components/legacy-nav.tsx';
import { formatMoney } from '../../../features/legacy/format.ts';
import { allPages, paymentsQuery, paymentYearsQuery } from '../../../features/legacy/queries.ts';
import { booleanParam, compact, pageParam } from '../../../lib/portal/query-policy.ts';

interface PaymentSearch {
  year?: number;
  showDeleted?: boolean;
  page?: number;
}

function validateSearch(raw: Record<string, unknown>): PaymentSearch {
  const year = Number(raw.year);
  return compact({
    year: Number.isInteger(year) && year >= 1900 && year <= 2200 ? year : undefined,
    showDeleted: booleanParam(raw.showDeleted),
    page: pageParam(raw.page),
  });
}

export const Route = createFileRoute('/portal/legacy/payments')({
  validateSearch,
  beforeLoad: requireRole('admin'),
  component: LegacyPaymentsPage,
});

const COLUMNS: DataColumn<LegacyPayment>[] = [
  { id: 'reference', header: 'Reference', hideInCard: true, cell: (p) => p.reference || '—' },
  { id: 'email', header: 'Paid by', cell: (p) => <span className="break-all">{p.userEmail ?? p.userId}</span> },
  { id: 'paid', header: 'Paid on', cell: (p) => p.paidOn ?? 'No date' },
  { id: 'method', header: 'Method', cell: (p) => p.method },
  {
    id: 'state',
    header: 'State',
    cell: (p) => (
      <span className="flex flex-wrap gap-1">
        <Badge>{p.state}</Badge>
        {p.isDeleted && <Badge className="bg-slate-200 text-slate-800">Deleted</Badge>}
      </span>
    ),
  },
  { id: 'amount', header: 'Amount', className: 'text-right tabular-nums', cell: (p) => formatMoney(p.amount) },
];

function LegacyPaymentsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const setSearch = (next: PaymentSearch) => void navigate({ search: compact({ ...next }) });
  const years = useQuery(paymentYearsQuery());
  const year = search.year ?? years.data?.data[0]?.year;
  const filter = { year, showDeleted: search.showDeleted };
  const payments = useQuery({ ...paymentsQuery({ ...filter, page: search.page }), enabled: year !== undefined });
  return (
    <div>
      <PortalPageHeader
        title="Legacy payments"
        description="Payments by year; deleted ones only when asked for."
        actions={
          <CsvButton
            filename={`legacy-payments-${year ?? 'all'}.csv`}
            load={() => allPages<LegacyPayment>('/payments/filter', filter)}
            columns={[
              { header: 'Id', value: (p) => p.id },
              { header: 'Reference', value: (p) => p.reference },
              { header: 'E-mail', value: (p) => p.userEmail },
              { header: 'Paid on', value: (p) => p.paidOn },
              { header: 'Method', value: (p) => p.method },
              { header: 'State', value: (p) => p.state },
              { header: 'Deleted', value: (p) => (p.isDeleted ? 'yes' : 'no') },
              { header: 'Amount', value: (p) => p.amount },
            ]}
          />
        }
      />
      <LegacyNav />
      <div className="flex flex-col gap-4">
        <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:items-end">
          <FormField label="Year" name="year">
            {(control) => (
              <select
                {...control}
                className={inputClass()}
                value={year ?? ''}
                onChange={(e) => setSearch({ ...search, year: Number(e.target.value), page: undefined })}
              >
                {years.data?.data.map((y) => (
                  <option key={y.year} value={y.year}>
                    {y.year}: {y.count} payments, {formatMoney(y.total)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <CheckboxField
            label="Show deleted payments"
            description="Soft-deleted payments stay on record; they are left out unless shown."
            name="showDeleted"
            checked={search.showDeleted === true}
            onChange={(checked) => setSearch({ ...search, showDeleted: checked || undefined, page: undefined })}
          />
        </div>
        <PagedResults
          query={payments}
          region={{ label: 'Payments' }}
          loadingLabel="Loading payments"
          errorTitle="The payments couldn't be loaded."
          noun="payments"
          onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
          empty={
            <EmptyState title="No payments" icon={<Wallet className="size-10 text-slate-400" aria-hidden="true" />}>
              No payment was recorded that year.
            </EmptyState>
          }
        >
          {(rows, stale) => (
            <DataTable
              caption="Legacy payments"
              columns={COLUMNS}
              rows={rows}
              rowKey={(p) => p.id}
              stale={stale}
              cardTitle={(p) => p.reference || `Payment ${p.id}`}
            />
          )}
        </PagedResults>
      </div>
    </div>
  );
}
