import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import type { LegacyUser } from '../../../../../api/contracts/legacy.ts';
import { ActiveBadge } from '../../../../components/badge.tsx';
import { type DataColumn, DataTable } from '../../../../components/data-table.tsx';
import { PagedResults } from '../../../../components/paged-results.tsx';
import { SearchBox } from '../../../../components/search-box.tsx';
import { EmptyState, PortalPageHeader } from '../../../../components/states.tsx';
import { requireRole } from '../../../../features/auth/guard.ts';
import { LegacyNav } from '../../../../features/legacy/components/legacy-nav.tsx';
import { usersQuery } from '../../../../features/legacy/queries.ts';
import { compact, pageParam, searchTextParam } from '../../../../lib/portal/query-policy.ts';

interface UserSearch {
  query?: string;
  page?: number;
}

export const Route = createFileRoute('/portal/legacy/users/')({
  validateSearch: (raw: Record<string, unknown>): UserSearch =>
    compact({ query: searchTextParam(raw.query), page: pageParam(raw.page) }),
  beforeLoad: requireRole('admin'),
  component: LegacyUsersPage,
});

const COLUMNS: DataColumn<LegacyUser>[] = [
  {
    id: 'name',
    header: 'Name',
    hideInCard: true,
    cell: (u) => (
      <Link to="/portal/legacy/users/$id" params={{ id: u.id }} className="font-semibold text-brand-700 underline">
        {u.firstName} {u.lastName}
      </Link>
    ),
  },
  { id: 'email', header: 'E-mail', cell: (u) => <span className="break-all">{u.email}</span> },
  { id: 'joined', header: 'Joined', cell: (u) => u.joinedYear },
  { id: 'active', header: 'Status', cell: (u) => <ActiveBadge active={u.isActive} /> },
];

function LegacyUsersPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const users = useQuery(usersQuery({ query: search.query, page: search.page }));
  return (
    <div>
      <PortalPageHeader
        title="Legacy users"
        description="People of the old system: their invoices, payments, credits and activity."
      />
      <LegacyNav />
      <div className="flex flex-col gap-4">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <SearchBox
            label="Search by name or e-mail"
            placeholder="Name or e-mail"
            value={search.query}
            onCommit={(query) => void navigate({ search: compact({ query }) })}
          />
        </div>
        <PagedResults
          query={users}
          region={{ label: 'Legacy users' }}
          loadingLabel="Loading users"
          errorTitle="The users couldn't be loaded."
          noun="users"
          onPageChange={(page) => void navigate({ search: compact({ ...search, page: page > 1 ? page : undefined }) })}
          empty={
            <EmptyState title="No users match" icon={<Users className="size-10 text-slate-400" aria-hidden="true" />}>
              Try part of a name or an address.
            </EmptyState>
          }
        >
          {(rows, stale) => (
            <DataTable
              caption="Legacy users"
              columns={COLUMNS}
              rows={rows}
              rowKey={(u) => u.id}
              stale={stale}
              cardTitle={(u) => (
                <Link to="/portal/legacy/users/$id" params={{ id: u.id }} className="text-brand-700 underline">
                  {u.firstName} {u.lastName}
                </Link>
              )}
            />
          )}
        </PagedResults>
      </div>
    </div>
  );
}
