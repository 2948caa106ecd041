import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { BackLink } from '../../../../components/back-link.tsx';
import { ActiveBadge, Badge } from '../../../../components/badge.tsx';
import { RecordNotFound } from '../../../../components/portal-not-found.tsx';
import { DetailErrorState, Fact, LoadingState, Panel, PortalPageHeader } from '../../../../components/states.tsx';
import { requireRole } from '../../../../features/auth/guard.ts';
import { formatMoney, statusLabel } from '../../../../features/legacy/format.ts';
import {
  activityQuery,
  creditsQuery,
  invoicesQuery,
  paymentsQuery,
  registrationsQuery,
  userQuery,
} from '../../../../features/legacy/queries.ts';
import { loadRecord, useRouteRetry } from '../../../../lib/detail-route.ts';

function legacyIdOf(raw: string | undefined): string {
  if (!raw || !/^[1-9]\d{0,18}$/.test(raw)) throw notFound();
  return raw;
}

export const Route = createFileRoute('/portal/legacy/users/$id')({
  beforeLoad: requireRole('admin'),
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, userQuery(legacyIdOf(params.id)));
  },
  pendingComponent: () => <LoadingState label="Loading the user" />,
  errorComponent: ({ error }) => (
    <DetailErrorState back={<Back />} title="The user couldn't be loaded." error={error} {...useRouteRetry()} />
  ),
  notFoundComponent: () => (
    <RecordNotFound title="User not found" noun="user" to="/portal/legacy/users" linkLabel="See all legacy users" />
  ),
  component: LegacyUserPage,
});

function Back() {
  return <BackLink to="/portal/legacy/users">Legacy users</BackLink>;
}

function LegacyUserPage() {
  const { id } = Route.useParams();
  const { data: user } = useSuspenseQuery(userQuery(id));
  const invoices = useQuery(invoicesQuery({ userId: id, limit: 100 }));
  const payments = useQuery(paymentsQuery({ userId: id, showDeleted: true, limit: 100 }));
  const registrations = useQuery(registrationsQuery({ userId: id, limit: 100 }));
  const credits = useQuery(creditsQuery(id, 1));
  const activity = useQuery(activityQuery(id, 1));
  const empty = (what: string) => <p className="text-slate-600">{what}</p>;
  return (
    <div>
      <PortalPageHeader title={`${user.firstName} ${user.lastName}`} back={<Back />} />
      <div className="flex flex-col gap-6">
        <Panel title="Account">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Fact label="E-mail">
              <span className="break-all">{user.email}</span>
            </Fact>
            <Fact label="Joined">{user.joinedYear}</Fact>
            <Fact label="Status">
              <ActiveBadge active={user.isActive} />
            </Fact>
            <Fact label="Last sign-in">{user.lastLoginAt?.slice(0, 10) ?? 'Never'}</Fact>
          </dl>
        </Panel>
        <Panel title="Invoices">
          {!invoices.data?.data.length ? (
            empty('No invoices.')
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {invoices.data.data.map((i) => (
                <li key={i.id} className="flex flex-wrap gap-x-4">
                  <Link
                    to="/portal/legacy/invoices/$id"
                    params={{ id: i.id }}
                    className="font-semibold text-brand-700 underline"
                  >
                    {i.number}
                  </Link>
                  <span>{statusLabel(i.status)}</span>
                  <span className="tabular-nums">{formatMoney(i.total, i.currency)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel
          title="Credit ledger"
          description={credits.data ? `Balance: ${formatMoney(credits.data.balance)}` : undefined}
        >
          {!credits.data?.data.length ? (
            empty('No credits.')
          ) : (
            <ul className="flex flex-col gap-2 text-sm" aria-label="Credit transactions">
              {credits.data.data.map((c) => (
                <li key={c.id} className="flex flex-wrap gap-x-4">
                  <span className="tabular-nums font-semibold">{formatMoney(c.amount)}</span>
                  <span>{c.kind}</span>
                  <span>{c.description}</span>
                  <span className="text-slate-500">{c.createdAt?.slice(0, 10)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Payments">
          {!payments.data?.data.length ? (
            empty('No payments.')
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {payments.data.data.map((p) => (
                <li key={p.id} className="flex flex-wrap gap-x-4">
                  <span className="tabular-nums font-semibold">{formatMoney(p.amount)}</span>
                  <span>{p.method}</span>
                  <span>{p.state}</span>
                  <span>{p.paidOn ?? 'No date'}</span>
                  {p.isDeleted && <Badge className="bg-slate-200 text-slate-800">Deleted</Badge>}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Registrations">
          {!registrations.data?.data.length ? (
            empty('No registrations.')
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {registrations.data.data.map((r) => (
                <li key={r.id} className="flex flex-wrap gap-x-4">
                  <span className="font-semibold">{r.eventName ?? r.eventId}</span>
                  <span>{r.category}</span>
                  <span>{r.status}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Activity">
          {!activity.data?.data.length ? (
            empty('No activity.')
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {activity.data.data.map((a) => (
                <li key={a.id} className="flex flex-wrap gap-x-4">
                  <span className="text-slate-500">{a.occurredAt?.slice(0, 16).replace('T', ' ') ?? '—'}</span>
                  <span>{a.action.replaceAll('_', ' ')}</span>
                  {a.detail && <span>{a.detail}</span>}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
