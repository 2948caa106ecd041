import type { ReactNode } from 'react';
import type { TeamDto, TeamMemberDto, TeamSummaryDto } from '../../../../api/contracts/teams.ts';
import { ConfirmDialog, useConfirmedChange } from '../../../components/dialog.tsx';
import {
  useMakeHybrid,
  useRemoveMember,
  useRestoreTeam,
  useSoftDeleteTeam,
  useTransferOwnership,
} from '../mutations.ts';
import { hybridMemberIds, memberName } from '../view.ts';

type Member = Pick<TeamMemberDto, 'userId' | 'firstName' | 'lastName'>;

type Pending =
  | { kind: 'delete'; team: TeamSummaryDto }
  | { kind: 'restore'; team: TeamSummaryDto }
  | { kind: 'remove'; team: TeamDto; member: Member }
  | { kind: 'leave'; team: TeamDto; member: Member }
  | { kind: 'transfer'; team: TeamDto; member: Member }
  | { kind: 'hybrid'; team: TeamDto; newcomer?: Member };

export interface TeamActionCallbacks {
  /** A short confirmation once the change is saved. */
  onMessage: (message: string) => void;
  /** After the signed-in person left the team (they can no longer see it). */
  onLeft?: (team: TeamDto) => void;
}

/**
 * The team changes that ask first: delete, restore, remove a member, leave, hand over the captaincy,
 * make the team hybrid (optionally taking in someone from another department). Each dialog stays open
 * with the server's message when the change is refused.
 */
export function useTeamActions({ onMessage, onLeft }: TeamActionCallbacks) {
  const softDelete = useSoftDeleteTeam();
  const restore = useRestoreTeam();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const hybrid = useMakeHybrid();
  const busy = softDelete.isPending || restore.isPending || remove.isPending || transfer.isPending || hybrid.isPending;

  const run = async (action: Pending) => {
    const { team } = action;
    switch (action.kind) {
      case 'delete':
        await softDelete.mutateAsync(team.id);
        return onMessage(`${team.name} was deleted. It can be restored.`);
      case 'restore':
        await restore.mutateAsync(team.id);
        return onMessage(`${team.name} was restored.`);
      case 'remove':
        await remove.mutateAsync({ id: team.id, userId: action.member.userId });
        return onMessage(`${memberName(action.member)} was removed from ${team.name}.`);
      case 'leave': {
        await remove.mutateAsync({ id: team.id, userId: action.member.userId });
        onMessage(`You left ${team.name}.`);
        return onLeft?.(action.team);
      }
      case 'transfer':
        await transfer.mutateAsync({ id: team.id, userId: action.member.userId });
        return onMessage(`${memberName(action.member)} is now the captain of ${team.name}.`);
      case 'hybrid':
        await hybrid.mutateAsync({
          id: team.id,
          body: { memberIds: hybridMemberIds(action.team, action.newcomer?.userId) },
        });
        return onMessage(
          action.newcomer
            ? `${team.name} is now hybrid, and ${memberName(action.newcomer)} joined it.`
            : `${team.name} is now hybrid.`,
        );
    }
  };

  const { pending, ask: setPending, dialogProps: common } = useConfirmedChange<Pending>(busy, run);

  let dialog: ReactNode = null;
  if (pending) {
    const { team } = pending;
    switch (pending.kind) {
      case 'delete':
        dialog = (
          <ConfirmDialog {...common} title={`Delete ${team.name}?`} confirmLabel="Delete team" pendingLabel="Deleting…">
            The team leaves every list and cannot register or compete. Its members keep their accounts. It can be
            restored later.
          </ConfirmDialog>
        );
        break;
      case 'restore':
        dialog = (
          <ConfirmDialog
            {...common}
            title={`Restore ${team.name}?`}
            confirmLabel="Restore"
            pendingLabel="Restoring…"
            tone="primary"
          >
            The team comes back to the lists with its members, as it was before it was deleted.
          </ConfirmDialog>
        );
        break;
      case 'remove':
        dialog = (
          <ConfirmDialog
            {...common}
            title={`Remove ${memberName(pending.member)}?`}
            confirmLabel="Remove member"
            pendingLabel="Removing…"
          >
            {memberName(pending.member)} leaves {team.name}. Their account is not touched, and you can add them again
            later.
          </ConfirmDialog>
        );
        break;
      case 'leave':
        dialog = (
          <ConfirmDialog {...common} title={`Leave ${team.name}?`} confirmLabel="Leave team" pendingLabel="Leaving…">
            You will no longer be on this team, nor see it. Only its captain or an admin can add you again.
          </ConfirmDialog>
        );
        break;
      case 'transfer':
        dialog = (
          <ConfirmDialog
            {...common}
            title={`Make ${memberName(pending.member)} the captain?`}
            confirmLabel="Make captain"
            pendingLabel="Handing over…"
            tone="primary"
          >
            {memberName(pending.member)} will manage {team.name}: its members, name and department. The current captain
            stays on the team as a member and can no longer change it (admins still can).
          </ConfirmDialog>
        );
        break;
      case 'hybrid':
        dialog = (
          <ConfirmDialog
            {...common}
            title={
              pending.newcomer
                ? `Make ${team.name} hybrid and add ${memberName(pending.newcomer)}?`
                : `Make ${team.name} hybrid?`
            }
            confirmLabel={pending.newcomer ? 'Make hybrid and add' : 'Make hybrid'}
            pendingLabel="Saving…"
            tone="primary"
          >
            A hybrid team may take members from several departments. Some runs do not accept hybrid teams, and a team
            cannot stop being hybrid afterwards.{' '}
            {pending.newcomer ? 'The current members stay on the team.' : 'The members stay as they are.'}
          </ConfirmDialog>
        );
        break;
    }
  }

  return {
    requestDelete: (team: TeamSummaryDto) => setPending({ kind: 'delete', team }),
    requestRestore: (team: TeamSummaryDto) => setPending({ kind: 'restore', team }),
    requestRemove: (team: TeamDto, member: Member) => setPending({ kind: 'remove', team, member }),
    requestLeave: (team: TeamDto, member: Member) => setPending({ kind: 'leave', team, member }),
    requestTransfer: (team: TeamDto, member: Member) => setPending({ kind: 'transfer', team, member }),
    requestHybrid: (team: TeamDto, newcomer?: Member) => setPending({ kind: 'hybrid', team, newcomer }),
    busyId: busy ? pending?.team.id : undefined,
    dialog,
  };
}
