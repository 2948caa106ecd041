import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Lock, Shuffle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import type { TeamDto } from '../../../../api/contracts/teams.ts';
import { formatTime } from '../../../../api/domain/times.ts';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass } from '../../../components/button.ts';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { PortalNotFound, RecordNotFound } from '../../../components/portal-not-found.tsx';
import { RecordActions } from '../../../components/record-actions.tsx';
import { DetailErrorState, Fact, LoadingState, Panel, PortalPageHeader } from '../../../components/states.tsx';
import { AddMemberBySearch } from '../../../features/teams/components/add-member.tsx';
import { EligibilityCheck } from '../../../features/teams/components/eligibility-check.tsx';
import { useTeamActions } from '../../../features/teams/components/team-actions.tsx';
import {
  HybridBadge,
  MemberCount,
  RunTypeBadge,
  TeamStatusBadge,
} from '../../../features/teams/components/team-badges.tsx';
import { TeamEditDialog } from '../../../features/teams/components/team-edit-form.tsx';
import { TeamInvitations } from '../../../features/teams/components/team-invitations.tsx';
import { TeamMembers } from '../../../features/teams/components/team-members.tsx';
import { RUN_TYPE_RULES, runTypeLabel } from '../../../features/teams/labels.ts';
import { isHiddenTeamError, teamEligibilityQuery, teamKeys, teamQuery } from '../../../features/teams/queries.ts';
import { hasRoomForMore, memberStandings, teamPermissions } from '../../../features/teams/view.ts';
import { useCurrentUser } from '../../../lib/auth/session.ts';
import { loadRecord, recordIdOf, useRecord, useRouteRetry } from '../../../lib/detail-route.ts';
import { isAppError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { compact, idParam } from '../../../lib/portal/query-policy.ts';

/** `?runId=12` checks the team against that run. */
function validateSearch(raw: Record<string, unknown>): { runId?: number } {
  return compact({ runId: idParam(raw.runId) });
}

export const Route = createFileRoute('/portal/teams/$id')({
  validateSearch,
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, teamQuery(recordIdOf(params.id)));
  },
  pendingComponent: () => <LoadingState label="Loading the team" />,
  errorComponent: TeamError,
  notFoundComponent: () => (
    <RecordNotFound title="Team not found" noun="team" to="/portal/teams" linkLabel="See your teams" />
  ),
  component: TeamPage,
});

function Back() {
  return <BackLink to="/portal/teams">Back to teams</BackLink>;
}

function SeeTeams() {
  return (
    <Link to="/portal/teams" className="font-semibold text-brand-700 underline">
      See your teams
    </Link>
  );
}

function TeamError({ error }: { error: unknown }) {
  const retry = useRouteRetry();
  if (isHiddenTeamError(error)) {
    return (
      <PortalNotFound title="You're not on this team">
        Only a team's captain, its members and the admins can see it; ask its captain to invite you. <SeeTeams />.
      </PortalNotFound>
    );
  }
  return <DetailErrorState back={<Back />} title="The team couldn't be loaded." error={error} {...retry} />;
}

function TeamPage() {
  const actor = useCurrentUser();
  const team = useRecord(teamQuery(recordIdOf(Route.useParams().id)));
  if (isHiddenTeamError(team.error)) throw team.error;
  if (!actor) return null;
  return <TeamDetail team={team.data} actor={actor} back={<Back />} />;
}

function TeamDetail({ team, actor, back }: { team: TeamDto; actor: UserDto; back: ReactNode }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const flash = useFlash();
  const [editing, setEditing] = useState(false);
  const permissions = teamPermissions(team, actor);
  const actions = useTeamActions({
    onMessage: flash.show,
    onLeft: () => {
      queryClient.removeQueries({ queryKey: teamKeys.detail(team.id) });
      void navigate({ to: '/portal/teams', search: {} });
    },
  });
  const busy = actions.busyId === team.id;
  const runId = team.isDeleted ? undefined : search.runId;
  const eligibility = useQuery(teamEligibilityQuery(team.id, runId));
  // A run that no longer exists (or is hidden) is dropped rather than shown as a failure.
  const runGone = isAppError(eligibility.error) && eligibility.error.code === 'RUN_NOT_FOUND';
  const standings =
    runId !== undefined && eligibility.data ? memberStandings(team.members, eligibility.data) : undefined;
  const captain = team.members.find((m) => m.isCaptain);
  const setRun = (next: number | undefined) => void navigate({ search: compact({ runId: next }), replace: true });
  const addProps = {
    team,
    onMessage: flash.show,
    onHybrid: (newcomer: Parameters<typeof actions.requestHybrid>[1]) => actions.requestHybrid(team, newcomer),
  };

  return (
    <div>
      <PortalPageHeader
        back={back}
        title={team.name}
        description={`${runTypeLabel(team.runType)} team · ${team.departmentName ?? 'No department'}`}
        actions={
          permissions.canManage && (
            <RecordActions
              deleted={team.isDeleted}
              busy={busy}
              onEdit={() => setEditing(true)}
              onDelete={() => actions.requestDelete(team)}
              onRestore={() => actions.requestRestore(team)}
            />
          )
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      {team.isDeleted && (
        <p role="status" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          This team was deleted{team.deletedAt ? ` on ${formatDateTime(team.deletedAt)}` : ''}. It is out of every list
          and cannot compete until it is restored.
        </p>
      )}
      {!permissions.canManage && (
        <p className="mb-4 flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>
            You're a member of this team. Only its captain{captain ? ` (${captain.firstName} ${captain.lastName})` : ''}{' '}
            or an admin can change it.
          </span>
        </p>
      )}

      <div className="flex flex-col gap-6">
        <Panel id="team" title="Details">
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Fact label="Format">
              <RunTypeBadge runType={team.runType} />
              <span className="basis-full text-xs text-slate-600">{RUN_TYPE_RULES[team.runType]}</span>
            </Fact>
            <Fact label="Department">{team.departmentName ?? <span className="text-slate-500">None</span>}</Fact>
            <Fact label="Captain">
              {team.captainName}
              {team.captainId === actor.id && <span className="text-xs text-slate-500">(you)</span>}
            </Fact>
            <Fact label="Best time">
              {team.seedTimeMs !== null ? (
                <span className="tabular-nums">{formatTime(team.seedTimeMs)}</span>
              ) : (
                <span className="text-slate-500">Not given</span>
              )}
            </Fact>
            <Fact label="Departments">
              {team.isHybrid ? (
                <>
                  <HybridBadge />
                  <span className="basis-full text-xs text-slate-600">
                    Members may come from different departments.
                  </span>
                </>
              ) : (
                <>
                  <span>One department</span>
                  {permissions.canChangeMembers && (
                    <button
                      type="button"
                      className={buttonClass('secondary', 'sm')}
                      disabled={busy}
                      onClick={() => actions.requestHybrid(team)}
                    >
                      <Shuffle aria-hidden="true" className="size-4" />
                      Make hybrid
                    </button>
                  )}
                </>
              )}
            </Fact>
            <Fact label="Status">
              <TeamStatusBadge team={team} />
            </Fact>
            <Fact label="Created">{formatDateTime(team.createdAt)}</Fact>
          </dl>
        </Panel>

        <Panel id="members" title="Members" description={<MemberCount size={team.size} />}>
          <div className="flex flex-col gap-5">
            {!team.isDeleted && (
              <EligibilityCheck
                team={team}
                runId={runGone ? undefined : runId}
                onRunChange={setRun}
                eligibility={eligibility}
              />
            )}
            <TeamMembers
              team={team}
              actorId={actor.id}
              permissions={permissions}
              standings={runGone ? undefined : standings}
              busy={busy}
              onRemove={(member) => actions.requestRemove(team, member)}
              onLeave={(member) => actions.requestLeave(team, member)}
              onTransfer={(member) => actions.requestTransfer(team, member)}
            />
          </div>
        </Panel>

        {permissions.canChangeMembers && (
          <Panel
            id="add-member"
            title="Add a member"
            description={
              permissions.isAdmin
                ? 'Find anyone by name or e-mail.'
                : team.isHybrid
                  ? 'Invite anyone with an account: a hybrid team takes every department.'
                  : `Invite people of the team's department${team.departmentName ? ` (${team.departmentName})` : ''}; make the team hybrid first to invite others.`
            }
          >
            {hasRoomForMore(team) ? (
              permissions.isAdmin ? (
                <AddMemberBySearch {...addProps} />
              ) : (
                <TeamInvitations team={team} onMessage={flash.show} />
              )
            ) : (
              <p className="text-sm text-slate-700">
                The team is full: a {runTypeLabel(team.runType).toLowerCase()} team has at most {team.size.max} members.
                Remove someone to make room.
              </p>
            )}
          </Panel>
        )}
      </div>

      {permissions.canManage && !team.isDeleted && (
        <TeamEditDialog
          open={editing}
          team={team}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            flash.show(`${saved.name} was saved.`);
          }}
        />
      )}
      {actions.dialog}
    </div>
  );
}
