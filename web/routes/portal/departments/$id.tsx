import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { DepartmentDto, UserDto } from '../../../../api/contracts/accounts.ts';
import { BackLink } from '../../../components/back-link.tsx';
import { ActiveBadge, DeletedBadge, RoleBadge, VerifiedBadge } from '../../../components/badge.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { PagedResults } from '../../../components/paged-results.tsx';
import { RecordNotFound } from '../../../components/portal-not-found.tsx';
import { RecordActions } from '../../../components/record-actions.tsx';
import {
  DetailErrorState,
  EmptyState,
  Fact,
  LoadingState,
  Panel,
  PortalPageHeader,
} from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { useDepartmentActions } from '../../../features/departments/components/department-actions.tsx';
import { DepartmentDialog } from '../../../features/departments/components/department-form.tsx';
import { PROVINCE_NAMES } from '../../../features/departments/form.ts';
import { departmentMembersQuery, departmentQuery } from '../../../features/departments/queries.ts';
import { loadRecord, recordIdOf, useRecord, useRouteRetry } from '../../../lib/detail-route.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { displayName } from '../../../lib/portal/nav.ts';
import { compact, pageParam } from '../../../lib/portal/query-policy.ts';

/** `?page=2` pages through the members. */
function validateSearch(raw: Record<string, unknown>): { page?: number } {
  return compact({ page: pageParam(raw.page) });
}

export const Route = createFileRoute('/portal/departments/$id')({
  validateSearch,
  beforeLoad: requireRole('admin'),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, params, deps }) => {
    const id = recordIdOf(params.id);
    void context.queryClient.prefetchQuery(departmentMembersQuery(id, deps.page));
    await loadRecord(context.queryClient, departmentQuery(id));
  },
  pendingComponent: () => <LoadingState label="Loading the department" />,
  errorComponent: ({ error }) => (
    <DetailErrorState back={<Back />} title="The department couldn't be loaded." error={error} {...useRouteRetry()} />
  ),
  notFoundComponent: () => (
    <RecordNotFound
      title="Department not found"
      noun="department"
      to="/portal/departments"
      linkLabel="See all departments"
    />
  ),
  component: DepartmentPage,
});

function Back() {
  return <BackLink to="/portal/departments">Back to departments</BackLink>;
}

function DepartmentPage() {
  const department = useRecord(departmentQuery(recordIdOf(Route.useParams().id)));
  return <DepartmentDetail department={department.data} back={<Back />} />;
}

function DepartmentDetail({ department, back }: { department: DepartmentDto; back: ReactNode }) {
  const flash = useFlash();
  const actions = useDepartmentActions(flash.show);
  const [editing, setEditing] = useState(false);
  const busy = actions.busyId === department.id;
  const province = PROVINCE_NAMES[department.province as keyof typeof PROVINCE_NAMES] ?? department.province;

  return (
    <div>
      <PortalPageHeader
        back={back}
        title={department.name}
        description={`${department.city}, ${province}`}
        actions={
          <RecordActions
            deleted={department.isDeleted}
            busy={busy}
            onEdit={() => setEditing(true)}
            onDelete={() => actions.requestDelete(department)}
            onRestore={() => actions.requestRestore(department)}
          />
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <div className="flex flex-col gap-6">
        <Panel id="department" title="Details">
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Fact label="Status">
              {department.isDeleted ? <DeletedBadge /> : <ActiveBadge active={department.isActive} />}
              {department.deletedAt && (
                <span className="text-xs text-slate-500">since {formatDateTime(department.deletedAt)}</span>
              )}
            </Fact>
            <Fact label="Members">{department.memberCount}</Fact>
            <Fact label="Address">{department.address ?? <None />}</Fact>
            <Fact label="Phone">{department.phone ?? <None />}</Fact>
            <Fact label="E-mail">
              {department.email ? <span className="break-all">{department.email}</span> : <None />}
            </Fact>
            <Fact label="Website">
              {department.website ? (
                <a
                  href={department.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all font-semibold text-brand-700 underline underline-offset-4"
                >
                  {department.website.replace(/^https?:\/\//, '')}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <None />
              )}
            </Fact>
            <Fact label="Created">{formatDateTime(department.createdAt)}</Fact>
            <Fact label="Last changed">{formatDateTime(department.updatedAt)}</Fact>
          </dl>
        </Panel>
        <Panel id="members" title="Members" description="The accounts that belong to this department.">
          <Members departmentId={department.id} />
        </Panel>
      </div>
      <DepartmentDialog
        open={editing}
        department={department}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          flash.show(`${saved.name} was saved.`);
        }}
      />
      {actions.dialog}
    </div>
  );
}

function Members({ departmentId }: { departmentId: number }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const page = search.page ?? 1;
  const members = useQuery(departmentMembersQuery(departmentId, page));

  const columns: DataColumn<UserDto>[] = [
    { id: 'name', header: 'Name', hideInCard: true, cell: (user) => <MemberLink user={user} /> },
    { id: 'email', header: 'E-mail', cell: (user) => <span className="break-all">{user.email}</span> },
    { id: 'role', header: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
    { id: 'verified', header: 'Verified', cell: (user) => <VerifiedBadge verified={user.isVerified} /> },
    { id: 'active', header: 'Status', cell: (user) => <ActiveBadge active={user.isActive} /> },
  ];
  const icon = <Users className="size-10 text-slate-400" aria-hidden="true" />;
  return (
    <PagedResults
      query={members}
      loadingLabel="Loading the members"
      errorTitle="The members couldn't be loaded."
      noun="members"
      onPageChange={(next) => void navigate({ search: compact({ page: next > 1 ? next : undefined }) })}
      pastEnd={
        page > 1 ? (
          <EmptyState title="Nothing on this page" icon={icon}>
            <Link to="." search={{}} className="font-semibold text-brand-700 underline">
              Go to the first page
            </Link>
          </EmptyState>
        ) : undefined
      }
      empty={
        <EmptyState title="No members yet" icon={icon}>
          People join a department by choosing it in their profile.
        </EmptyState>
      }
    >
      {(rows, stale) => (
        <DataTable
          caption="Members"
          columns={columns}
          rows={rows}
          rowKey={(user) => user.id}
          stale={stale}
          cardTitle={(user) => <MemberLink user={user} />}
        />
      )}
    </PagedResults>
  );
}

function MemberLink({ user }: { user: UserDto }) {
  return (
    <Link
      to="/portal/users/$id"
      params={{ id: String(user.id) }}
      className="font-semibold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline"
    >
      {displayName(user)}
    </Link>
  );
}

function None() {
  return <span className="text-slate-500">Not given</span>;
}
