import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ClipboardList } from 'lucide-react';
import { buttonClass } from '../../../components/button.ts';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { PagedResults, PastEndState } from '../../../components/paged-results.tsx';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { MyHeats } from '../../../features/event-day/components/my-heats.tsx';
import { MyRegistrations } from '../../../features/registrations/components/my-registrations.tsx';
import { RegistrationFilters } from '../../../features/registrations/components/registration-filters.tsx';
import { RegistrationsTable } from '../../../features/registrations/components/registrations-table.tsx';
import {
  clearedRegistrationSearch,
  hasRegistrationFilters,
  myRegistrationFilters,
  parseRegistrationListSearch,
  type RegistrationListSearch,
  registrationListFilters,
  withRegistrationView,
} from '../../../features/registrations/filters.ts';
import { myRegistrationsQuery, registrationsQuery } from '../../../features/registrations/queries.ts';
import { authSession, hasRole, useCurrentUser } from '../../../lib/auth/session.ts';

export const Route = createFileRoute('/portal/registrations/')({
  validateSearch: parseRegistrationListSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its spinner (or the previous page) while the list loads.
  loader: ({ context, deps }) => {
    const user = authSession.getState().user;
    if (!user) return;
    if (hasRole(user, 'admin') && deps.view !== 'mine')
      void context.queryClient.prefetchQuery(registrationsQuery(registrationListFilters(deps)));
    else void context.queryClient.prefetchQuery(myRegistrationsQuery(user.id, myRegistrationFilters(deps)));
  },
  component: RegistrationsPage,
});

function RegistrationsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const user = useCurrentUser();
  const flash = useFlash();
  const setSearch = (next: RegistrationListSearch) => void navigate({ search: next });

  if (!user) return null;
  const admin = hasRole(user, 'admin');
  // The competitor's heats above their registrations (two features side by side, composed here).
  const mine = (
    <div className="flex flex-col gap-4">
      <MyHeats userId={user.id} showEvent />
      <MyRegistrations viewer={user} search={search} onSearch={setSearch} onMessage={flash.show} />
    </div>
  );

  return (
    <div>
      <PortalPageHeader
        title={admin ? 'Registrations' : 'My registrations'}
        description={
          admin
            ? 'Every registration: find one, then open its run to manage the places and the waitlist.'
            : 'Your entries and your teams’: their status, your place on a waitlist, and cancelling.'
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      {admin ? (
        <Tabs
          label="Registrations"
          activeTab={search.view === 'mine' ? 'mine' : 'all'}
          onTabChange={(id) => setSearch(withRegistrationView(id === 'mine' ? 'mine' : 'all'))}
          tabs={[
            {
              id: 'all',
              label: 'All registrations',
              content: <AllRegistrations search={search} onSearch={setSearch} />,
            },
            { id: 'mine', label: 'My registrations', content: mine },
          ]}
        />
      ) : (
        mine
      )}
    </div>
  );
}

function AllRegistrations({
  search,
  onSearch,
}: {
  search: RegistrationListSearch;
  onSearch: (next: RegistrationListSearch) => void;
}) {
  const registrations = useQuery(registrationsQuery(registrationListFilters(search)));
  const filtered = hasRegistrationFilters(search);

  return (
    <div className="flex flex-col gap-4">
      <RegistrationFilters search={search} onChange={onSearch} />
      <PagedResults
        query={registrations}
        region={{}}
        loadingLabel="Loading registrations"
        errorTitle="The registrations couldn't be loaded."
        noun="registrations"
        onPageChange={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
        pastEnd={<PastEndState noun="registrations" onFirstPage={() => onSearch({ ...search, page: undefined })} />}
        empty={
          <EmptyState
            title={filtered ? 'No registrations match' : 'No registrations yet'}
            icon={<ClipboardList className="size-10 text-slate-400" aria-hidden="true" />}
            action={
              filtered ? (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={() => onSearch(clearedRegistrationSearch(search))}
                >
                  Clear search and filters
                </button>
              ) : undefined
            }
          >
            {filtered
              ? 'Try other words or fewer filters.'
              : 'Registrations appear here as people and teams register for runs.'}
          </EmptyState>
        }
      >
        {(rows, stale) => <RegistrationsTable registrations={rows} stale={stale} />}
      </PagedResults>
    </div>
  );
}
