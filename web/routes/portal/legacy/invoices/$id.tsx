import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { useState } from 'react';
import type { LegacyInvoiceLine } from '../../../../../api/contracts/legacy.ts';
import { BackLink } from '../../../../components/back-link.tsx';
import { Badge } from '../../../../components/badge.tsx';
import { buttonClass } from '../../../../components/button.ts';
import { type DataColumn, DataTable } from '../../../../components/data-table.tsx';
import { FlashMessage, useFlash } from '../../../../components/flash.tsx';
import { RecordNotFound } from '../../../../components/portal-not-found.tsx';
import { DetailErrorState, Fact, LoadingState, Panel, PortalPageHeader } from '../../../../components/states.tsx';
import { requireRole } from '../../../../features/auth/guard.ts';
import { LineEditDialog } from '../../../../features/legacy/components/line-edit-dialog.tsx';
import { formatMoney, statusLabel } from '../../../../features/legacy/format.ts';
import { auditQuery, invoiceQuery } from '../../../../features/legacy/queries.ts';
import { hasRole, useCurrentUser } from '../../../../lib/auth/session.ts';
import { loadRecord, useRouteRetry } from '../../../../lib/detail-route.ts';
import { formatDateTime } from '../../../../lib/format.ts';

/** A legacy id: 1 to 19 digits (BIGINT), kept as text. */
function legacyIdOf(raw: string | undefined): string {
  if (!raw || !/^[1-9]\d{0,18}$/.test(raw)) throw notFound();
  return raw;
}

export const Route = createFileRoute('/portal/legacy/invoices/$id')({
  beforeLoad: requireRole('admin'),
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, invoiceQuery(legacyIdOf(params.id)));
  },
  pendingComponent: () => <LoadingState label="Loading the invoice" />,
  errorComponent: ({ error }) => (
    <DetailErrorState back={<Back />} title="The invoice couldn't be loaded." error={error} {...useRouteRetry()} />
  ),
  notFoundComponent: () => (
    <RecordNotFound
      title="Invoice not found"
      noun="invoice"
      to="/portal/legacy/invoices"
      linkLabel="See all invoices"
    />
  ),
  component: LegacyInvoicePage,
});

function Back() {
  return <BackLink to="/portal/legacy/invoices">Legacy invoices</BackLink>;
}

function LegacyInvoicePage() {
  const { id } = Route.useParams();
  const { data: invoice } = useSuspenseQuery(invoiceQuery(id));
  const audit = useQuery(auditQuery(id));
  const canCorrect = hasRole(useCurrentUser(), 'super-admin');
  const [editing, setEditing] = useState<LegacyInvoiceLine | null>(null);
  const flash = useFlash();

  const lineColumns: DataColumn<LegacyInvoiceLine>[] = [
    { id: 'position', header: '#', hideInCard: true, cell: (l) => l.position },
    { id: 'description', header: 'Description', hideInCard: true, cell: (l) => l.description },
    { id: 'quantity', header: 'Qty', className: 'text-right tabular-nums', cell: (l) => l.quantity },
    {
      id: 'price',
      header: 'Unit price',
      className: 'text-right tabular-nums',
      cell: (l) => formatMoney(l.unitPrice, invoice.currency),
    },
    { id: 'rate', header: 'Tax %', className: 'text-right tabular-nums', cell: (l) => l.taxRate },
    {
      id: 'total',
      header: 'Line total',
      className: 'text-right tabular-nums',
      cell: (l) => formatMoney(l.lineTotal, invoice.currency),
    },
    {
      id: 'tax',
      header: 'Tax',
      className: 'text-right tabular-nums',
      cell: (l) => formatMoney(l.taxAmount, invoice.currency),
    },
    ...(canCorrect
      ? [
          {
            id: 'actions',
            header: 'Actions',
            srOnlyHeader: true,
            hideInCard: true,
            cell: (l: LegacyInvoiceLine) => (
              <button type="button" className={buttonClass('secondary')} onClick={() => setEditing(l)}>
                Correct<span className="sr-only"> line {l.position}</span>
              </button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      <PortalPageHeader title={`Invoice ${invoice.number}`} back={<Back />} />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <div className="flex flex-col gap-6">
        <Panel title="Invoice">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Fact label="Issued to">
              <Link
                to="/portal/legacy/users/$id"
                params={{ id: invoice.userId }}
                className="break-all text-brand-700 underline"
              >
                {invoice.userName ?? invoice.userId}
              </Link>
            </Fact>
            <Fact label="E-mail">
              <span className="break-all">{invoice.userEmail ?? '—'}</span>
            </Fact>
            <Fact label="Event">{invoice.eventName ?? '—'}</Fact>
            <Fact label="Status">
              <Badge>{statusLabel(invoice.status)}</Badge>
            </Fact>
            <Fact label="Issued">{invoice.issuedOn ?? 'No date'}</Fact>
            <Fact label="Due">{invoice.dueOn ?? 'No date'}</Fact>
            <Fact label="Subtotal">{formatMoney(invoice.subtotal, invoice.currency)}</Fact>
            <Fact label="Tax">{formatMoney(invoice.taxTotal, invoice.currency)}</Fact>
            <Fact label="Total">
              <span data-testid="invoice-total" className="font-bold">
                {formatMoney(invoice.total, invoice.currency)}
              </span>
            </Fact>
            <Fact label="Paid">{formatMoney(invoice.amountPaid, invoice.currency)}</Fact>
            {invoice.cancelsInvoiceId && (
              <Fact label="Cancels">
                <Link to="/portal/legacy/invoices/$id" params={{ id: invoice.cancelsInvoiceId }} className="underline">
                  Invoice {invoice.cancelsInvoiceId}
                </Link>
              </Fact>
            )}
            {invoice.notes && <Fact label="Notes">{invoice.notes}</Fact>}
          </dl>
        </Panel>
        <Panel title="Lines" description={canCorrect ? 'A correction needs a reason; the totals follow.' : undefined}>
          <DataTable
            caption="Invoice lines"
            columns={lineColumns}
            rows={invoice.lines}
            rowKey={(l) => l.id}
            cardTitle={(l) => `${l.position}. ${l.description}`}
            cardActions={
              canCorrect
                ? (l) => (
                    <button type="button" className={buttonClass('secondary')} onClick={() => setEditing(l)}>
                      Correct<span className="sr-only"> line {l.position}</span>
                    </button>
                  )
                : undefined
            }
          />
        </Panel>
        <Panel title="Payments">
          {invoice.payments.length === 0 ? (
            <p className="text-slate-600">No payment settles this invoice.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {invoice.payments.map((p) => (
                <li key={p.paymentId} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <span className="font-semibold">{formatMoney(p.amount, invoice.currency)}</span>
                  <span>{p.method ?? '—'}</span>
                  <span>{p.state ?? '—'}</span>
                  <span>{p.paidOn ?? 'No date'}</span>
                  {p.isDeleted && <Badge className="bg-slate-200 text-slate-800">Deleted</Badge>}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Audit trail" description="Corrections made through the portal, newest first.">
          {!audit.data || audit.data.data.length === 0 ? (
            <p className="text-slate-600">{audit.isPending ? 'Loading…' : 'No corrections yet.'}</p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Corrections">
              {audit.data.data.map((a) => (
                <li key={a.id} className="rounded-xl border border-slate-200 p-3 text-sm">
                  <p className="font-semibold text-slate-900">
                    {a.actorName} · {formatDateTime(a.at)} · {a.entity === 'invoice_line' ? 'line' : a.entity}
                  </p>
                  <p className="mt-1 text-slate-700">“{a.reason}”</p>
                  <p className="mt-1 break-all font-mono text-xs text-slate-600">
                    {Object.keys(a.after)
                      .filter((k) => k !== 'invoice' && JSON.stringify(a.before[k]) !== JSON.stringify(a.after[k]))
                      .map((k) => `${k}: ${JSON.stringify(a.before[k])} → ${JSON.stringify(a.after[k])}`)
                      .join('; ')}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
      <LineEditDialog
        line={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          flash.show(message);
        }}
      />
    </div>
  );
}
