import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Ticket } from 'lucide-react';
import { useState } from 'react';
import type { LegacyPaymentCode } from '../../../../api/contracts/legacy.ts';
import { buttonClass } from '../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { FormField, InputField, inputClass } from '../../../components/form-field.tsx';
import { PagedResults } from '../../../components/paged-results.tsx';
import { EmptyState, Panel, PortalPageHeader } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { LegacyNav } from '../../../features/legacy/components/legacy-nav.tsx';
import { codeCheckQuery, codesQuery, codeYearsQuery } from '../../../features/legacy/queries.ts';
import { compact, pageParam } from '../../../lib/portal/query-policy.ts';

interface CodeSearch {
  year?: number;
  page?: number;
}

function validateSearch(raw: Record<string, unknown>): CodeSearch {
  const year = Number(raw.year);
  return compact({
    year: Number.isInteger(year) && year >= 1900 && year <= 2200 ? year : undefined,
    page: pageParam(raw.page),
  });
}

export const Route = createFileRoute('/portal/legacy/payment-codes')({
  validateSearch,
  beforeLoad: requireRole('admin'),
  component: LegacyCodesPage,
});

const discount = (c: LegacyPaymentCode) =>
  c.discountType === 'percent' ? `${c.discountValue} %` : `$${c.discountValue}`;

const COLUMNS: DataColumn<LegacyPaymentCode>[] = [
  {
    id: 'code',
    header: 'Code',
    hideInCard: true,
    cell: (c) => <span className="font-mono font-semibold">{c.code}</span>,
  },
  { id: 'discount', header: 'Discount', cell: discount },
  {
    id: 'uses',
    header: 'Uses',
    cell: (c) => (c.maxUses === null ? `${c.uses} (no limit)` : `${c.uses} of ${c.maxUses}`),
  },
  { id: 'valid', header: 'Valid', cell: (c) => `${c.validFrom ?? 'any time'} – ${c.validUntil ?? 'no end'}` },
];

const STATE_STYLE: Record<string, string> = {
  valid: 'border-green-300 bg-green-50 text-green-900',
  unknown: 'border-slate-300 bg-slate-50 text-slate-900',
};

function CodeCheck({ year }: { year: number | undefined }) {
  const [draft, setDraft] = useState('');
  const [code, setCode] = useState<string>();
  const check = useQuery({ ...codeCheckQuery(code ?? '', year), enabled: code !== undefined });
  return (
    <Panel title="Check a code" description={`Whether it may be used today${year ? ` (codes of ${year})` : ''}.`}>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.trim()) setCode(draft.trim().toUpperCase());
        }}
      >
        <InputField className="flex-1" label="Code" name="code" value={draft} onValueChange={setDraft} maxLength={40} />
        <button type="submit" className={buttonClass('primary')}>
          Check
        </button>
      </form>
      <div aria-live="polite" className="mt-3">
        {check.data && (
          <p
            data-testid="code-check"
            className={`rounded-lg border p-3 text-sm ${STATE_STYLE[check.data.state] ?? 'border-amber-300 bg-amber-50 text-amber-900'}`}
          >
            <strong>
              {check.data.code}: {check.data.state.replaceAll('_', ' ')}.
            </strong>{' '}
            {check.data.reason}
          </p>
        )}
      </div>
    </Panel>
  );
}

function LegacyCodesPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const years = useQuery(codeYearsQuery());
  const year = search.year ?? years.data?.data[0]?.year;
  const codes = useQuery({ ...codesQuery(year ?? 0, search.page ?? 1), enabled: year !== undefined });
  return (
    <div>
      <PortalPageHeader title="Payment codes" description="Discount codes of the old system, by year." />
      <LegacyNav />
      <div className="flex flex-col gap-4">
        <CodeCheck year={year} />
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:max-w-xs">
          <FormField label="Year" name="year">
            {(control) => (
              <select
                {...control}
                className={inputClass()}
                value={year ?? ''}
                onChange={(e) => void navigate({ search: { year: Number(e.target.value) } })}
              >
                {years.data?.data.map((y) => (
                  <option key={y.year} value={y.year}>
                    {y.year} ({y.count})
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <PagedResults
          query={codes}
          region={{ label: 'Payment codes' }}
          loadingLabel="Loading payment codes"
          errorTitle="The payment codes couldn't be loaded."
          noun="codes"
          onPageChange={(page) => void navigate({ search: compact({ ...search, page: page > 1 ? page : undefined }) })}
          empty={
            <EmptyState
              title="No payment codes"
              icon={<Ticket className="size-10 text-slate-400" aria-hidden="true" />}
            >
              No code was set up that year.
            </EmptyState>
          }
        >
          {(rows, stale) => (
            <DataTable
              caption="Payment codes"
              columns={COLUMNS}
              rows={rows}
              rowKey={(c) => c.id}
              stale={stale}
              cardTitle={(c) => c.code}
            />
          )}
        </PagedResults>
      </div>
    </div>
  );
}
