import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import { formatTime } from '../../../../api/domain/times.ts';
import { BackLink } from '../../../components/back-link.tsx';
import { ActiveBadge, RoleBadge, VerifiedBadge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { FlashMessage, useFlash } from '../../../components/flash.tsx';
import { RecordNotFound } from '../../../components/portal-not-found.tsx';
import { DetailErrorState, Fact, LoadingState, Panel, PortalPageHeader } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { BioSummary } from '../../../features/bios/components/bio-summary.tsx';
import { bioQuery } from '../../../features/bios/queries.ts';
import { AccountDetailsForm } from '../../../features/users/components/account-details-form.tsx';
import { useUserActions } from '../../../features/users/components/user-actions.tsx';
import {
  assignableRoles,
  canChangeRole,
  canChangeVerified,
  canEditDetails,
  canToggleActive,
} from '../../../features/users/permissions.ts';
import { userQuery } from '../../../features/users/queries.ts';
import { useCurrentUser } from '../../../lib/auth/session.ts';
import { loadRecord, recordIdOf, useRecord, useRouteRetry } from '../../../lib/detail-route.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { displayName, initials } from '../../../lib/portal/nav.ts';
import { isRole, ROLE_LABELS } from '../../../lib/portal/roles.ts';

export const Route = createFileRoute('/portal/users/$id')({
  beforeLoad: requireRole('admin'),
  loader: async ({ context, params }) => {
    const id = recordIdOf(params.id);
    void context.queryClient.prefetchQuery(bioQuery(id));
    await loadRecord(context.queryClient, userQuery(id));
  },
  pendingComponent: () => <LoadingState label="Loading the account" />,
  errorComponent: ({ error }) => (
    <DetailErrorState back={<Back />} title="The account couldn't be loaded." error={error} {...useRouteRetry()} />
  ),
  notFoundComponent: () => (
    <RecordNotFound title="Account not found" noun="account" to="/portal/users" linkLabel="See all users" />
  ),
  component: UserPage,
});

function Back() {
  return <BackLink to="/portal/users">Back to users</BackLink>;
}

function UserPage() {
  const actor = useCurrentUser();
  const user = useRecord(userQuery(recordIdOf(Route.useParams().id)));
  const flash = useFlash();
  if (!actor) return null;
  return <UserDetail user={user.data} actor={actor} back={<Back />} flash={flash} />;
}

function UserDetail({
  user,
  actor,
  back,
  flash,
}: {
  user: UserDto;
  actor: UserDto;
  back: ReactNode;
  flash: ReturnType<typeof useFlash>;
}) {
  const actions = useUserActions(flash.show);
  const name = displayName(user);
  const busy = actions.busyId === user.id;
  const isSelf = user.id === actor.id;

  return (
    <div>
      <PortalPageHeader
        back={back}
        title={name}
        description={<span className="break-all">{user.email}</span>}
        actions={
          canToggleActive(actor, user) ? (
            <button
              type="button"
              className={buttonClass(user.isActive ? 'secondary' : 'primary')}
              disabled={busy}
              onClick={() => actions.requestActive(user, !user.isActive)}
            >
              {user.isActive ? 'Deactivate account' : 'Activate account'}
            </button>
          ) : undefined
        }
      />
      <FlashMessage message={flash.message} onDismiss={flash.clear} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Panel id="account" title="Account">
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <Fact label="Role">
                {canChangeRole(actor, user) ? (
                  <select
                    aria-label={`Role of ${name}`}
                    value={user.role}
                    disabled={busy}
                    onChange={(e) => {
                      if (isRole(e.target.value)) actions.requestRole(user, e.target.value);
                    }}
                    className="rounded-md border border-slate-300 bg-white py-1 pl-2 pr-7 text-sm focus:outline-2 focus:outline-brand-700"
                  >
                    {assignableRoles(actor).map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                ) : (
                  <RoleBadge role={user.role} />
                )}
              </Fact>
              <Fact label="Status">
                <ActiveBadge active={user.isActive} />
              </Fact>
              <Fact label="E-mail verification">
                <VerifiedBadge verified={user.isVerified} />
                {canChangeVerified(actor, user) && (
                  <button
                    type="button"
                    className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 disabled:opacity-60"
                    disabled={busy}
                    onClick={() => actions.requestVerified(user, !user.isVerified)}
                  >
                    {user.isVerified ? 'Mark not verified' : 'Mark verified'}
                  </button>
                )}
              </Fact>
              <Fact label="Department">
                {user.departmentId !== null ? (
                  <Link
                    to="/portal/departments/$id"
                    params={{ id: String(user.departmentId) }}
                    className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    {user.departmentName ?? `Department #${user.departmentId}`}
                  </Link>
                ) : (
                  <span className="text-slate-500">None</span>
                )}
              </Fact>
              <Fact label="Date of birth">
                {user.dateOfBirth ? formatDate(user.dateOfBirth) : <span className="text-slate-500">Not given</span>}
              </Fact>
              <Fact label="Best time">
                {user.seedTimeMs !== null ? (
                  <span className="tabular-nums">{formatTime(user.seedTimeMs)}</span>
                ) : (
                  <span className="text-slate-500">Not given</span>
                )}
              </Fact>
              <Fact label="Last sign-in">
                {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : <span className="text-slate-500">Never</span>}
              </Fact>
              <Fact label="Registered">{formatDateTime(user.createdAt)}</Fact>
              <Fact label="Last changed">{formatDateTime(user.updatedAt)}</Fact>
            </dl>
          </Panel>
          {canEditDetails(actor, user) && (
            <Panel
              id="edit-details"
              title="Edit details"
              description={isSelf ? 'Your own details; your profile page has them too.' : undefined}
            >
              <AccountDetailsForm
                key={user.id}
                user={user}
                own={isSelf}
                onSaved={(next) => flash.show(`The details of ${displayName(next)} were saved.`)}
              />
            </Panel>
          )}
        </div>
        <div>
          <Panel id="bio" title="Bio">
            <BioSummary userId={user.id} name={name} initials={initials(user)} />
          </Panel>
        </div>
      </div>
      {actions.dialog}
    </div>
  );
}
