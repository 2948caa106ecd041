import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { InputField } from '../../../components/form-field.tsx';
import { ErrorState, Fact, LoadingState, Panel, PortalPageHeader } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { BarChart } from '../../../features/legacy/components/bar-chart.tsx';
import { LegacyNav } from '../../../features/legacy/components/legacy-nav.tsx';
import { formatMoney } from '../../../features/legacy/format.ts';
import { connectionQuery, overviewQuery } from '../../../features/legacy/queries.ts';

export const Route = createFileRoute('/portal/legacy/')({
  beforeLoad: requireRole('admin'),
  component: LegacyOverviewPage,
});

/** Whole dollars of a decimal string, for a bar's height only (the figures shown stay exact). */
const dollars = (amount: string) => Number(amount.split('.')[0] ?? 0);

function LegacyOverviewPage() {
  const overview = useQuery(overviewQuery());
  const connection = useQuery(connectionQuery());
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  return (
    <div>
      <PortalPageHeader
        title="Billing (legacy)"
        description="Invoices, payments, codes, credits and registrations of the old system."
      />
      <LegacyNav />
      <div className="flex flex-col gap-6">
        <Panel title="Find an invoice" description="By the e-mail address of the person it was issued to.">
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              void navigate({ to: '/portal/legacy/invoices', search: { email: email.trim() || undefined } });
            }}
          >
            <InputField
              className="flex-1"
              label="E-mail address"
              name="email"
              type="search"
              value={email}
              onValueChange={setEmail}
              maxLength={254}
            />
            <button type="submit" className={buttonClass('primary')}>
              Find invoices
            </button>
          </form>
        </Panel>
        <Panel title="Source">
          {connection.data ? (
            <dl className="grid gap-4 sm:grid-cols-3">
              <Fact label="Database">
                {connection.data.source === 'mysql' ? 'MySQL/MariaDB (live)' : 'Embedded copy'}
              </Fact>
              <Fact label="Status">{connection.data.reachable ? 'Answering' : connection.data.message}</Fact>
              <Fact label="Round trip">
                {connection.data.roundTripMs === null ? '—' : `${connection.data.roundTripMs} ms`}
              </Fact>
            </dl>
          ) : (
            <LoadingState label="Checking the legacy database" />
          )}
        </Panel>
        {overview.isPending ? (
          <LoadingState label="Loading the overview" />
        ) : overview.isError ? (
          <ErrorState
            title="The overview couldn't be loaded."
            error={overview.error}
            onRetry={() => void overview.refetch()}
            retrying={overview.isFetching}
          />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-4">
              <Fact label="Users">{overview.data.users.toLocaleString('en-CA')}</Fact>
              <Fact label="Invoices">{overview.data.invoices.toLocaleString('en-CA')}</Fact>
              <Fact label="Revenue invoiced">{formatMoney(overview.data.revenue)}</Fact>
              <Fact label="Payments received">{formatMoney(overview.data.payments)}</Fact>
            </dl>
            <div className="grid gap-6 lg:grid-cols-2">
              <Panel title="Revenue per year" description="Invoice totals, cancelled invoices left out.">
                <BarChart
                  title="Revenue per year"
                  bars={overview.data.byYear.map((y) => ({ label: String(y.year), value: dollars(y.revenue) }))}
                  format={(v) => `$${v.toLocaleString('en-CA')}`}
                />
              </Panel>
              <Panel title="Registrations per year" description="Confirmed and waitlisted entries.">
                <BarChart
                  title="Registrations per year"
                  color="#1e40af"
                  bars={overview.data.byYear.map((y) => ({ label: String(y.year), value: y.registrations }))}
                />
              </Panel>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
