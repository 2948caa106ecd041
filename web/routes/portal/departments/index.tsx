import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import type { DepartmentDto } from '../../../../api/contracts/accounts.ts';
import { buttonClass } from '../../../components/button.ts';
import { BooleanFilterSelect } from '../../../components/filter-select.tsx';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { PagedResults, PastEndState } from '../../../components/paged-results.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { useDepartmentActions } from '../../../features/departments/components/department-actions.tsx';
import { DepartmentDialog } from '../../../features/departments/components/department-form.tsx';
import { DepartmentsTable } from '../../../features/departments/components/departments-table.tsx';
import {
  type DepartmentListSearch,
  departmentListFilters,
  departmentTab,
  hasDepartmentFilters,
  parseDepartmentListSearch,
  withDepartmentTab,
} from '../../../features/departments/filters.ts';
import { departmentsQuery } from '../../../features/departments/queries.ts';
import { compact } from '../../../lib/portal/query-policy.ts';

export const Route = createFileRoute('/portal/departments/')({
  validateSearch: parseDepartmentListSearch,
  beforeLoad: requireRole('admin'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(departmentsQuery(departmentListFilters(deps)));
  },
  component: DepartmentsPage,
});

type Editing = { mode: 'create' } | { mode: 'edit'; department: DepartmentDto } | null;

function DepartmentsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const flash = useFlash();
  const actions = useDepartmentActions(flash.show);
  const [editing, setEditing] = useState<Editing>(null);
  const tab = departmentTab(search);

  const setSearch = (next: DepartmentListSearch) => void navigate({ search: next });

  return (
    <div>
      <PortalPageHeader
        title="Departments"
        description="The fire departments competitors belong to."
        actions={
          <button type="button" className={buttonClass('primary')} onClick={() => setEditing({ mode: 'create' })}>
            <Plus aria-hidden="true" className="size-4" />
            New department
          </button>
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <Tabs
        label="Departments"
        activeTab={tab}
        onTabChange={(id) => setSearch(withDepartmentTab(search, id === 'deleted' ? 'deleted' : 'current'))}
        tabs={[
          {
            id: 'current',
            label: 'Departments',
            content: (
              <DepartmentList
                search={search}
                onSearch={setSearch}
                onEdit={(d) => setEditing({ mode: 'edit', department: d })}
                actions={actions}
              />
            ),
          },
          {
            id: 'deleted',
            label: 'Deleted',
            content: (
              <DepartmentList
                search={search}
                onSearch={setSearch}
                onEdit={(d) => setEditing({ mode: 'edit', department: d })}
                actions={actions}
              />
            ),
          },
        ]}
      />
      <DepartmentDialog
        open={editing !== null}
        department={editing?.mode === 'edit' ? editing.department : undefined}
        onClose={() => setEditing(null)}
        onSaved={(department, created) => {
          setEditing(null);
          flash.show(created ? `${department.name} was created.` : `${department.name} was saved.`);
        }}
      />
      {actions.dialog}
    </div>
  );
}

function DepartmentList({
  search,
  onSearch,
  onEdit,
  actions,
}: {
  search: DepartmentListSearch;
  onSearch: (next: DepartmentListSearch) => void;
  onEdit: (department: DepartmentDto) => void;
  actions: ReturnType<typeof useDepartmentActions>;
}) {
  const departments = useQuery(departmentsQuery(departmentListFilters(search)));
  const deleted = search.tab === 'deleted';
  const filtered = hasDepartmentFilters(search);
  const clear = () => onSearch(compact({ tab: search.tab }));

  const reason = filtered
    ? 'Try other words or another status.'
    : deleted
      ? 'Deleted departments appear here and can be restored.'
      : 'Create the first one with "New department".';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
        <div className="flex-1">
          <SearchBox
            label={deleted ? 'Search deleted departments' : 'Search departments by name or city'}
            placeholder="Search by name or city"
            value={search.query}
            onCommit={(query) => onSearch(compact({ ...search, query, page: undefined }))}
          />
        </div>
        {!deleted && (
          <BooleanFilterSelect
            className="sm:w-48"
            label="Status"
            anyLabel="Any"
            trueLabel="Active"
            falseLabel="Inactive"
            value={search.isActive}
            onChange={(isActive) => onSearch(compact({ ...search, isActive, page: undefined }))}
          />
        )}
      </div>
      <PagedResults
        query={departments}
        region={{}}
        loadingLabel="Loading departments"
        errorTitle="The departments couldn't be loaded."
        noun="departments"
        onPageChange={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
        pastEnd={
          <PastEndState
            icon={<Building2 className="size-10 text-slate-400" aria-hidden="true" />}
            noun="departments"
            onFirstPage={() => onSearch({ ...search, page: undefined })}
          >
            {reason}
          </PastEndState>
        }
        empty={
          <EmptyState
            title={filtered ? 'No departments match' : deleted ? 'No deleted departments' : 'No departments yet'}
            icon={<Building2 className="size-10 text-slate-400" aria-hidden="true" />}
            action={
              filtered ? (
                <button type="button" className={buttonClass('secondary')} onClick={clear}>
                  Clear search and filters
                </button>
              ) : undefined
            }
          >
            {reason}
          </EmptyState>
        }
      >
        {(rows, stale) => (
          <DepartmentsTable
            departments={rows}
            stale={stale}
            busyId={actions.busyId}
            onEdit={onEdit}
            onDelete={actions.requestDelete}
            onRestore={actions.requestRestore}
          />
        )}
      </PagedResults>
    </div>
  );
}
