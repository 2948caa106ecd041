import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Pencil, ShieldCheck, ShieldOff, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { UserDto } from '../../../api/contracts/accounts.ts';
import { ActiveBadge, RoleBadge } from '../../components/badge.tsx';
import { buttonClass } from '../../components/button.ts';
import { type DataColumn, DataTable } from '../../components/data-table.tsx';
import { ConfirmDialog, Dialog } from '../../components/dialog.tsx';
import { FlashMessage, useFlash } from '../../components/flash.tsx';
import { PagedResults } from '../../components/paged-results.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { EmptyState, PortalPageHeader } from '../../components/states.tsx';
import { CreateAdminUserForm, EditAdminUserForm } from '../../features/admin-users/components/admin-user-forms.tsx';
import {
  type AdminUserListSearch,
  adminUserListFilters,
  parseAdminUserListSearch,
} from '../../features/admin-users/filters.ts';
import { useRemoveAdminRights } from '../../features/admin-users/mutations.ts';
import { adminUsersQuery } from '../../features/admin-users/queries.ts';
import { requireRole } from '../../features/auth/guard.ts';
import { useCurrentUser } from '../../lib/auth/session.ts';
import { formatDateTime } from '../../lib/format.ts';
import { displayName } from '../../lib/portal/nav.ts';
import { compact } from '../../lib/portal/query-policy.ts';
import { roleLabel } from '../../lib/portal/roles.ts';

export const Route = createFileRoute('/portal/admin-users')({
  validateSearch: parseAdminUserListSearch,
  beforeLoad: requireRole('super-admin'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminUsersQuery(adminUserListFilters(deps)));
  },
  component: AdminUsersPage,
});

type Dialogs = { kind: 'create' } | { kind: 'edit'; user: UserDto } | { kind: 'remove'; user: UserDto } | null;

function AdminUsersPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const actor = useCurrentUser();
  const admins = useQuery(adminUsersQuery(adminUserListFilters(search)));
  const remove = useRemoveAdminRights();
  const flash = useFlash();
  const [open, setOpen] = useState<Dialogs>(null);
  const [removeError, setRemoveError] = useState<string>();

  const setSearch = (next: AdminUserListSearch) => void navigate({ search: next });
  const close = () => {
    if (remove.isPending) return;
    setOpen(null);
    setRemoveError(undefined);
  };

  const confirmRemove = async (user: UserDto) => {
    setRemoveError(undefined);
    try {
      await remove.mutateAsync(user.id);
      setOpen(null);
      flash.show(`${displayName(user)} no longer has admin rights. The account stays, as a user.`);
    } catch (e) {
      setRemoveError(e instanceof Error ? e.message : 'Admin rights could not be removed.');
    }
  };

  if (!actor) return null;

  const rowActions = (user: UserDto) => {
    const isSelf = user.id === actor.id;
    return (
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => setOpen({ kind: 'edit', user })}
          aria-label={`Edit ${displayName(user)}`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </button>
        {!isSelf && (
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            onClick={() => setOpen({ kind: 'remove', user })}
            aria-label={`Remove rights of ${displayName(user)} (admin rights)`}
          >
            <ShieldOff aria-hidden="true" className="size-4" />
            Remove rights
          </button>
        )}
      </div>
    );
  };

  const nameCell = (user: UserDto) => (
    <span className="flex flex-wrap items-center gap-2">
      <Link
        to="/portal/users/$id"
        params={{ id: String(user.id) }}
        className="font-semibold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline"
      >
        {displayName(user)}
      </Link>
      {user.id === actor.id && <span className="text-xs font-normal text-slate-500">(you)</span>}
    </span>
  );

  const columns: DataColumn<UserDto>[] = [
    { id: 'name', header: 'Name', hideInCard: true, cell: nameCell },
    { id: 'email', header: 'E-mail', cell: (user) => <span className="break-all">{user.email}</span> },
    { id: 'role', header: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
    { id: 'active', header: 'Status', cell: (user) => <ActiveBadge active={user.isActive} /> },
    {
      id: 'last',
      header: 'Last sign-in',
      cell: (user) =>
        user.lastLoginAt ? formatDateTime(user.lastLoginAt) : <span className="text-slate-500">Never</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      hideInCard: true,
      className: 'text-right',
      cell: rowActions,
    },
  ];

  return (
    <div>
      <PortalPageHeader
        title="Admin users"
        description="The people who run the portal. Only super admins see this page."
        actions={
          <button type="button" className={buttonClass('primary')} onClick={() => setOpen({ kind: 'create' })}>
            <UserPlus aria-hidden="true" className="size-4" />
            New admin
          </button>
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <SearchBox
          label="Search admin users by name or e-mail"
          placeholder="Search by name or e-mail"
          value={search.query}
          onCommit={(query) => setSearch(compact({ query }))}
        />
      </div>
      <PagedResults
        query={admins}
        region={{ className: 'mt-6' }}
        loadingLabel="Loading admin users"
        errorTitle="The admin users couldn't be loaded."
        noun="admin users"
        onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        empty={
          <EmptyState
            title={
              search.page !== undefined && (admins.data?.meta.total ?? 0) > 0
                ? 'Nothing on this page'
                : search.query
                  ? 'No admin users match'
                  : 'No admin users'
            }
            icon={<ShieldCheck className="size-10 text-slate-400" aria-hidden="true" />}
            action={
              search.page !== undefined || search.query ? (
                <button type="button" className={buttonClass('secondary')} onClick={() => setSearch({})}>
                  Show all admin users
                </button>
              ) : undefined
            }
          >
            {search.query ? 'Try other words.' : 'Create one with "New admin".'}
          </EmptyState>
        }
      >
        {(rows, stale) => (
          <DataTable
            caption="Admin users"
            columns={columns}
            rows={rows}
            rowKey={(user) => user.id}
            stale={stale}
            cardTitle={nameCell}
            cardActions={rowActions}
          />
        )}
      </PagedResults>

      <Dialog open={open?.kind === 'create'} onClose={close} title="New admin user" size="lg" closeOnBackdrop={false}>
        <CreateAdminUserForm
          onCancel={close}
          onSaved={(user) => {
            setOpen(null);
            flash.show(`${displayName(user)} was created as ${roleLabel(user.role).toLowerCase()}.`);
          }}
        />
      </Dialog>
      {open?.kind === 'edit' && (
        <Dialog open onClose={close} title={`Edit ${displayName(open.user)}`} size="lg" closeOnBackdrop={false}>
          <EditAdminUserForm
            user={open.user}
            isSelf={open.user.id === actor.id}
            onCancel={close}
            onSaved={(user) => {
              setOpen(null);
              flash.show(`${displayName(user)} was saved.`);
            }}
          />
        </Dialog>
      )}
      {open?.kind === 'remove' && (
        <ConfirmDialog
          open
          title={`Remove the admin rights of ${displayName(open.user)}?`}
          confirmLabel="Remove admin rights"
          pendingLabel="Removing…"
          pending={remove.isPending}
          error={removeError}
          onConfirm={() => void confirmRemove(open.user)}
          onCancel={close}
        >
          {displayName(open.user)} ({open.user.email}) becomes an ordinary user and can no longer open the admin pages.
          The account itself is kept.
        </ConfirmDialog>
      )}
    </div>
  );
}
