import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowRight, Building2, CircleAlert, MailWarning, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UserDto } from '../../../api/contracts/accounts.ts';
import { ActiveBadge, RoleBadge, VerifiedBadge } from '../../components/badge.tsx';
import { PORTAL_ICONS } from '../../components/nav-icons.ts';
import { PortalPageHeader } from '../../components/states.tsx';
import { departmentListFilters } from '../../features/departments/filters.ts';
import { departmentsQuery } from '../../features/departments/queries.ts';
import { CurrentEventStatistics } from '../../features/public-results/components/event-statistics.tsx';
import { EventDayCard } from '../../features/run-orders/components/event-day-card.tsx';
import { userListFilters } from '../../features/users/filters.ts';
import { userQuery, usersQuery } from '../../features/users/queries.ts';
import { useCurrentUser } from '../../lib/auth/session.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { greetingFor, quickLinksFor } from '../../lib/portal/nav.ts';
import { roleAtLeast } from '../../lib/portal/roles.ts';

/** Counting only needs meta.total: ask for one row. */
const COUNT = 1;
const allUsers = userListFilters({}, COUNT);
const unverifiedUsers = userListFilters({ isVerified: false }, COUNT);
const allDepartments = departmentListFilters({}, COUNT);

export const Route = createFileRoute('/portal/')({
  component: Dashboard,
});

function Dashboard() {
  const sessionUser = useCurrentUser();
  // The account as saved now (verification, department may have changed); the session's copy meanwhile.
  const fresh = useQuery({ ...userQuery(sessionUser?.id), placeholderData: sessionUser ?? undefined });
  const user = fresh.data ?? sessionUser;
  if (!user) return null;
  const isAdmin = roleAtLeast(user.role, 'admin');
  return (
    <div>
      <PortalPageHeader
        title={`${greetingFor(new Date())}, ${user.firstName || user.email}`}
        description="Your account at a glance, and where to go next."
      />
      <div className="flex flex-col gap-6">
        {isAdmin && <EventDayCard />}
        <AccountStatus user={user} />
        {isAdmin && <AdminCounts />}
        {isAdmin && <CurrentEventStatistics />}
        <QuickLinks role={user.role} />
      </div>
    </div>
  );
}

function AccountStatus({ user }: { user: UserDto }) {
  return (
    <section
      aria-labelledby="account-status"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="account-status" className="text-lg font-bold text-slate-900">
        Your account
      </h2>
      {!user.isVerified && (
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Your e-mail address is not verified yet. Use the link in the e-mail we sent you.
        </p>
      )}
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="E-mail">
          <span className="break-all">{user.email}</span> <VerifiedBadge verified={user.isVerified} />
        </Fact>
        <Fact label="Role">
          <RoleBadge role={user.role} /> <ActiveBadge active={user.isActive} />
        </Fact>
        <Fact label="Department">
          {user.departmentName ?? (
            <Link
              to="/portal/profile"
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
            >
              Choose your department
            </Link>
          )}
        </Fact>
        <Fact label="Last sign-in">{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'This is your first'}</Fact>
      </dl>
      <p className="mt-4 text-xs text-slate-500">Member since {formatDate(user.createdAt)}</p>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-1.5 text-slate-900">{children}</dd>
    </div>
  );
}

function AdminCounts() {
  const users = useQuery(usersQuery(allUsers));
  const unverified = useQuery(usersQuery(unverifiedUsers));
  const departments = useQuery(departmentsQuery(allDepartments));
  return (
    <section aria-labelledby="portal-counts">
      <h2 id="portal-counts" className="sr-only">
        Totals
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        <CountCard
          label="Accounts"
          icon={<Users className="size-5" aria-hidden="true" />}
          query={users}
          link={<Link to="/portal/users">See all accounts</Link>}
        />
        <CountCard
          label="Awaiting verification"
          icon={<MailWarning className="size-5" aria-hidden="true" />}
          query={unverified}
          link={
            <Link to="/portal/users" search={{ isVerified: false }}>
              See unverified accounts
            </Link>
          }
        />
        <CountCard
          label="Departments"
          icon={<Building2 className="size-5" aria-hidden="true" />}
          query={departments}
          link={<Link to="/portal/departments">See all departments</Link>}
        />
      </ul>
    </section>
  );
}

function CountCard({
  label,
  icon,
  query,
  link,
}: {
  label: string;
  icon: ReactNode;
  query: { data?: { meta: { total: number } }; isPending: boolean; isError: boolean; refetch: () => unknown };
  link: ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        <span className="text-brand-700">{icon}</span>
        {label}
      </p>
      <p className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900" aria-live="polite">
        {query.data ? (
          query.data.meta.total.toLocaleString('en-US')
        ) : query.isError ? (
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline"
          >
            <CircleAlert aria-hidden="true" className="size-4" /> Couldn't load, retry
          </button>
        ) : (
          <span className="inline-block h-8 w-12 animate-pulse rounded bg-slate-200">
            <span className="sr-only">Loading</span>
          </span>
        )}
      </p>
      <p className="mt-3 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">{link}</p>
    </li>
  );
}

function QuickLinks({ role }: { role: UserDto['role'] }) {
  const links = quickLinksFor(role);
  return (
    <section aria-labelledby="quick-links">
      <h2 id="quick-links" className="text-lg font-bold text-slate-900">
        Quick links
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((item) => {
          const Icon = PORTAL_ICONS[item.icon];
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className="group flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="flex items-center gap-1 font-bold text-slate-900">
                    {item.label}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                    />
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{item.description}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
