import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ActiveBadge, RoleBadge, VerifiedBadge } from '../../components/badge.tsx';
import { FlashMessage, useFlash } from '../../components/flash.tsx';
import { ErrorState, LoadingState, Panel, PortalPageHeader } from '../../components/states.tsx';
import { BioEditor } from '../../features/bios/components/bio-editor.tsx';
import { PhotoUpload } from '../../features/bios/components/photo-upload.tsx';
import { bioQuery } from '../../features/bios/queries.ts';
import { departmentOptionsQuery } from '../../features/departments/queries.ts';
import { AccountDetailsForm } from '../../features/users/components/account-details-form.tsx';
import { userQuery } from '../../features/users/queries.ts';
import { authSession, useCurrentUser } from '../../lib/auth/session.ts';
import { displayName, initials } from '../../lib/portal/nav.ts';

export const Route = createFileRoute('/portal/profile')({
  loader: ({ context }) => {
    const id = authSession.getState().user?.id;
    if (id === undefined) return;
    void context.queryClient.prefetchQuery(userQuery(id));
    void context.queryClient.prefetchQuery(bioQuery(id));
    void context.queryClient.prefetchQuery(departmentOptionsQuery());
  },
  component: ProfilePage,
});

function ProfilePage() {
  const sessionUser = useCurrentUser();
  const id = sessionUser?.id;
  // The saved record, fresh from the server; the session's copy shows while it loads.
  const account = useQuery({ ...userQuery(id), placeholderData: sessionUser ?? undefined });
  const detailsFlash = useFlash();
  const bioFlash = useFlash();
  const photoFlash = useFlash();
  const user = account.data;

  return (
    <div>
      <PortalPageHeader
        title="My profile"
        description="Your account details and the bio other competitors and organisers see."
      />
      {!user || id === undefined ? (
        account.isError ? (
          <ErrorState
            title="Your account couldn't be loaded."
            error={account.error}
            onRetry={() => void account.refetch()}
            retrying={account.isFetching}
          />
        ) : (
          <LoadingState label="Loading your account" />
        )
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <Panel
              id="account-details"
              title="Account details"
              description="Your name as it appears on start lists and results."
            >
              <dl className="mb-5 grid gap-3 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">E-mail</dt>
                  <dd className="mt-1 flex flex-wrap items-center gap-2 break-all text-slate-900">
                    {user.email} <VerifiedBadge verified={user.isVerified} />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">Role</dt>
                  <dd className="mt-1 flex flex-wrap items-center gap-2">
                    <RoleBadge role={user.role} /> <ActiveBadge active={user.isActive} />
                  </dd>
                </div>
              </dl>
              <FlashMessage message={detailsFlash.message} onDismiss={detailsFlash.clear} />
              {account.isPlaceholderData ? (
                <LoadingState label="Loading your details" />
              ) : (
                <AccountDetailsForm
                  key={user.id}
                  user={user}
                  own
                  onSaved={() => detailsFlash.show('Your details were saved.')}
                />
              )}
            </Panel>
            <Panel id="bio" title="Bio" description="Shown with your results and team pages.">
              <FlashMessage message={bioFlash.message} onDismiss={bioFlash.clear} />
              <BioEditor userId={user.id} isSelf onMessage={bioFlash.show} />
            </Panel>
          </div>
          <div>
            <Panel id="photo" title="Profile photo">
              <FlashMessage message={photoFlash.message} onDismiss={photoFlash.clear} />
              <PhotoUpload
                userId={user.id}
                isSelf
                name={displayName(user)}
                initials={initials(user)}
                onMessage={photoFlash.show}
              />
            </Panel>
          </div>
        </div>
      )}
    </div>
  );
}
