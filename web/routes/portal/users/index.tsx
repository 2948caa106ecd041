import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { UserX } from 'lucide-react';
import { buttonClass } from '../../../components/button.ts';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { PagedResults, PastEndState } from '../../../components/paged-results.tsx';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { useUserActions } from '../../../features/users/components/user-actions.tsx';
import { UserFilters } from '../../../features/users/components/user-filters.tsx';
import { UsersTable } from '../../../features/users/components/users-table.tsx';
import {
  hasUserFilters,
  parseUserListSearch,
  type UserListSearch,
  userListFilters,
} from '../../../features/users/filters.ts';
import { usersQuery } from '../../../features/users/queries.ts';
import { useCurrentUser } from '../../../lib/auth/session.ts';

export const Route = createFileRoute('/portal/users/')({
  validateSearch: parseUserListSearch,
  beforeLoad: requireRole('admin'),
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its spinner (or the previous page) while the list loads.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(usersQuery(userListFilters(deps)));
  },
  component: UsersPage,
});

function UsersPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const actor = useCurrentUser();
  const users = useQuery(usersQuery(userListFilters(search)));
  const flash = useFlash();
  const actions = useUserActions(flash.show);

  const setSearch = (next: UserListSearch) => void navigate({ search: next });

  if (!actor) return null;
  return (
    <div>
      <PortalPageHeader
        title="Users"
        description="Every account: find people, verify them, activate or deactivate them."
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <UserFilters search={search} onChange={setSearch} />
      <PagedResults
        query={users}
        region={{ className: 'mt-6' }}
        loadingLabel="Loading accounts"
        errorTitle="The accounts couldn't be loaded."
        noun="accounts"
        onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        pastEnd={<PastEndState noun="accounts" onFirstPage={() => setSearch({ ...search, page: undefined })} />}
        empty={
          <EmptyState
            title={hasUserFilters(search) ? 'No accounts match' : 'No accounts yet'}
            icon={<UserX className="size-10 text-slate-400" aria-hidden="true" />}
            action={
              hasUserFilters(search) ? (
                <button type="button" className={buttonClass('secondary')} onClick={() => setSearch({})}>
                  Clear search and filters
                </button>
              ) : undefined
            }
          >
            {hasUserFilters(search)
              ? 'Try other words or fewer filters.'
              : 'Accounts appear here once people register.'}
          </EmptyState>
        }
      >
        {(rows, stale) => (
          <UsersTable
            users={rows}
            actor={actor}
            stale={stale}
            busyId={actions.busyId}
            onRequestActive={actions.requestActive}
            onRequestRole={actions.requestRole}
          />
        )}
      </PagedResults>
      {actions.dialog}
    </div>
  );
}
