import type { ReactNode } from 'react';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import { ConfirmDialog, useConfirmedChange } from '../../../components/dialog.tsx';
import { displayName } from '../../../lib/portal/nav.ts';
import { type RoleName, roleLabel } from '../../../lib/portal/roles.ts';
import { useSetUserActive, useUpdateUser } from '../mutations.ts';

type Pending =
  | { kind: 'active'; user: UserDto; active: boolean }
  | { kind: 'role'; user: UserDto; role: RoleName }
  | { kind: 'verified'; user: UserDto; verified: boolean };

/**
 * Confirmed changes to an account from the users screens: activate or deactivate, change the role,
 * mark verified. Each asks first; the dialog stays open with the server's message on failure.
 */
export function useUserActions(onMessage: (message: string) => void) {
  const setActive = useSetUserActive();
  const update = useUpdateUser();

  const busy = setActive.isPending || update.isPending;
  const {
    pending,
    ask: setPending,
    dialogProps: common,
  } = useConfirmedChange<Pending>(busy, async (asked) => {
    const name = displayName(asked.user);
    if (asked.kind === 'active') {
      await setActive.mutateAsync({ id: asked.user.id, active: asked.active });
      onMessage(`${name} was ${asked.active ? 'activated' : 'deactivated'}.`);
    } else if (asked.kind === 'role') {
      await update.mutateAsync({ id: asked.user.id, body: { role: asked.role } });
      onMessage(`${name} is now ${article(asked.role)} ${roleLabel(asked.role).toLowerCase()}.`);
    } else {
      await update.mutateAsync({ id: asked.user.id, body: { isVerified: asked.verified } });
      onMessage(`${name} was marked as ${asked.verified ? 'verified' : 'not verified'}.`);
    }
  });

  let dialog: ReactNode = null;
  if (pending) {
    const name = displayName(pending.user);
    if (pending.kind === 'active') {
      dialog = pending.active ? (
        <ConfirmDialog
          {...common}
          title={`Activate ${name}?`}
          confirmLabel="Activate"
          pendingLabel="Activating…"
          tone="primary"
        >
          {name} ({pending.user.email}) will be able to sign in again.
        </ConfirmDialog>
      ) : (
        <ConfirmDialog {...common} title={`Deactivate ${name}?`} confirmLabel="Deactivate" pendingLabel="Deactivating…">
          {name} ({pending.user.email}) will no longer be able to sign in or use the portal until the account is
          activated again. Nothing else about the account changes.
        </ConfirmDialog>
      );
    } else if (pending.kind === 'role') {
      dialog = (
        <ConfirmDialog
          {...common}
          title={`Change the role of ${name}?`}
          confirmLabel="Change role"
          pendingLabel="Changing…"
          tone="primary"
        >
          {name} goes from {roleLabel(pending.user.role)} to <strong>{roleLabel(pending.role)}</strong>.{' '}
          {pending.role === 'user' ? 'They lose every admin right.' : 'They gain the rights that come with it.'}
        </ConfirmDialog>
      );
    } else {
      dialog = (
        <ConfirmDialog
          {...common}
          title={pending.verified ? `Mark ${name} as verified?` : `Mark ${name} as not verified?`}
          confirmLabel={pending.verified ? 'Mark verified' : 'Mark not verified'}
          pendingLabel="Saving…"
          tone="primary"
        >
          {pending.verified
            ? `This confirms ${pending.user.email} without the e-mail link.`
            : `${name} will have to verify ${pending.user.email} again.`}
        </ConfirmDialog>
      );
    }
  }

  return {
    requestActive: (user: UserDto, active: boolean) => setPending({ kind: 'active', user, active }),
    requestRole: (user: UserDto, role: RoleName) => {
      if (role !== user.role) setPending({ kind: 'role', user, role });
    },
    requestVerified: (user: UserDto, verified: boolean) => setPending({ kind: 'verified', user, verified }),
    /** The account a change is being asked about or sent for (its row's buttons wait). */
    busyId: busy ? pending?.user.id : undefined,
    dialog,
  };
}

function article(role: RoleName): string {
  return role === 'admin' ? 'an' : 'a';
}
