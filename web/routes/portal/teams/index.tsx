import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Plus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import type { TeamSummaryDto } from '../../../../api/contracts/teams.ts';
import { buttonClass } from '../../../components/button.ts';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { PagedResults, PastEndState } from '../../../components/paged-results.tsx';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useTeamActions } from '../../../features/teams/components/team-actions.tsx';
import { TeamCreateDialog } from '../../../features/teams/components/team-create-form.tsx';
import { TeamFilters } from '../../../features/teams/components/team-filters.tsx';
import { MyInvitations } from '../../../features/teams/components/team-invitations.tsx';
import { TeamsTable } from '../../../features/teams/components/teams-table.tsx';
import {
  clearedTeamFilters,
  hasTeamFilters,
  parseTeamListSearch,
  type TeamListSearch,
  type TeamTab,
  teamListFilters,
  teamTab,
  withTeamTab,
} from '../../../features/teams/filters.ts';
import { myTeamIdsQuery, teamsQuery } from '../../../features/teams/queries.ts';
import { authSession, hasRole, useCurrentUser } from '../../../lib/auth/session.ts';

export const Route = createFileRoute('/portal/teams/')({
  validateSearch: parseTeamListSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its spinner (or the previous page) while the list loads.
  loader: ({ context, deps }) => {
    const user = authSession.getState().user;
    if (user) void context.queryClient.prefetchQuery(teamsQuery(teamListFilters(deps, hasRole(user, 'admin'))));
  },
  component: TeamsPage,
});

function TeamsPage() {
  const actor = useCurrentUser();
  if (!actor) return null;
  return <TeamsForActor actor={actor} />;
}

function TeamsForActor({ actor }: { actor: UserDto }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const isAdmin = hasRole(actor, 'admin');
  const tab = teamTab(search, isAdmin);
  const flash = useFlash();
  const actions = useTeamActions({ onMessage: flash.show });
  const [creating, setCreating] = useState(false);

  const setSearch = (next: TeamListSearch) => void navigate({ search: next });
  const list = (
    <TeamList
      search={search}
      onSearch={setSearch}
      actor={actor}
      isAdmin={isAdmin}
      tab={tab}
      onRestore={actions.requestRestore}
      busyId={actions.busyId}
    />
  );
  const tabs: { id: TeamTab; label: string; hidden?: boolean }[] = isAdmin
    ? [
        { id: 'all', label: 'All teams' },
        { id: 'mine', label: 'My teams' },
        { id: 'deleted', label: 'Deleted' },
      ]
    : [
        { id: 'mine', label: 'My teams' },
        { id: 'all', label: 'All teams' },
      ];

  return (
    <div>
      <PortalPageHeader
        title="Teams"
        description={
          isAdmin
            ? 'Every team: department teams, relays and Tech2 pairs, with their members.'
            : 'The teams you captain or belong to. Captains invite members and check who may compete in a run.'
        }
        actions={
          <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New team
          </button>
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <MyInvitations onMessage={flash.show} />
      <Tabs
        label="Teams"
        activeTab={tab}
        onTabChange={(id) => setSearch(withTeamTab(search, id as TeamTab, isAdmin))}
        tabs={tabs.map((t) => ({ ...t, content: list }))}
      />
      <TeamCreateDialog
        open={creating}
        actor={actor}
        isAdmin={isAdmin}
        onClose={() => setCreating(false)}
        onSaved={(team) => {
          setCreating(false);
          void navigate({ to: '/portal/teams/$id', params: { id: String(team.id) } });
        }}
      />
      {actions.dialog}
    </div>
  );
}

function TeamList({
  search,
  onSearch,
  actor,
  isAdmin,
  tab,
  onRestore,
  busyId,
}: {
  search: TeamListSearch;
  onSearch: (next: TeamListSearch) => void;
  actor: UserDto;
  isAdmin: boolean;
  tab: TeamTab;
  onRestore: (team: TeamSummaryDto) => void;
  busyId: number | undefined;
}) {
  const teams = useQuery(teamsQuery(teamListFilters(search, isAdmin)));
  // Which rows of "All teams" a plain user may open: the teams they are on.
  const mine = useQuery({ ...myTeamIdsQuery(), enabled: !isAdmin && tab === 'all' });
  const canOpen = (team: TeamSummaryDto) =>
    isAdmin || tab === 'mine' || team.captainId === actor.id || !!mine.data?.has(team.id);
  const filtered = hasTeamFilters(search);

  return (
    <div className="flex flex-col gap-4 pt-4">
      <TeamFilters search={search} onChange={onSearch} showStatus={isAdmin && tab !== 'deleted'} />
      <PagedResults
        query={teams}
        region={{}}
        loadingLabel="Loading teams"
        errorTitle="The teams couldn't be loaded."
        noun="teams"
        onPageChange={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
        pastEnd={
          <PastEndState
            noun="teams"
            icon={<UsersRound className="size-10 text-slate-400" aria-hidden="true" />}
            onFirstPage={() => onSearch({ ...search, page: undefined })}
          />
        }
        empty={
          <EmptyState
            title={
              filtered
                ? 'No teams match'
                : tab === 'deleted'
                  ? 'No deleted teams'
                  : tab === 'mine'
                    ? "You're not on a team yet"
                    : 'No teams yet'
            }
            icon={<UsersRound className="size-10 text-slate-400" aria-hidden="true" />}
            action={
              filtered ? (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={() => onSearch(clearedTeamFilters(search))}
                >
                  Clear search and filters
                </button>
              ) : undefined
            }
          >
            {filtered
              ? 'Try other words or fewer filters.'
              : tab === 'deleted'
                ? 'Deleted teams appear here and can be restored.'
                : tab === 'mine'
                  ? 'Create one with "New team" and you become its captain, or ask a captain to invite you.'
                  : 'Create the first one with "New team".'}
          </EmptyState>
        }
      >
        {(rows, stale) => (
          <>
            {!isAdmin && tab === 'all' && (
              <p className="text-sm text-slate-600">
                You can open the teams you are on; for the others, ask their captain to invite you.
              </p>
            )}
            <TeamsTable
              teams={rows}
              stale={stale}
              canOpen={canOpen}
              showStatus={isAdmin}
              onRestore={isAdmin ? onRestore : undefined}
              busyId={busyId}
            />
          </>
        )}
      </PagedResults>
    </div>
  );
}
