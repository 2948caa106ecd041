import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import type { TeamDto } from '../../../../api/contracts/teams.ts';
import { buttonClass } from '../../../components/button.ts';
import { isAppError } from '../../../lib/errors.ts';
import { displayName } from '../../../lib/portal/nav.ts';
import { useAddMember } from '../mutations.ts';
import { UserSearch } from './user-search.tsx';

type Newcomer = { userId: number; firstName: string; lastName: string };

export interface AddMemberProps {
  team: TeamDto;
  onMessage: (message: string) => void;
  /** Someone from another department: offer to make the team hybrid with them (asks first). */
  onHybrid: (newcomer: Newcomer) => void;
}

/** A refusal of add-member that making the team hybrid would lift. */
const needsHybrid = (code: string | undefined) => code === 'HYBRID_REQUIRED';

/**
 * Admins find anyone by name or e-mail and add them directly; the server's refusal shows under the
 * search. Captains invite instead (team-invitations.tsx, docs/decisions/026).
 */
export function AddMemberBySearch({ team, onMessage, onHybrid }: AddMemberProps) {
  const add = useAddMember();
  const [failure, setFailure] = useState<{ message: string; user: UserDto; hybrid: boolean }>();
  const memberIds = new Set(team.members.map((m) => m.userId));

  const addUser = async (user: UserDto) => {
    setFailure(undefined);
    try {
      await add.mutateAsync({ id: team.id, userId: user.id });
      onMessage(`${displayName(user)} joined ${team.name}.`);
    } catch (e) {
      const message = e instanceof Error ? e.message : 'The member could not be added.';
      setFailure({ message, user, hybrid: isAppError(e) && needsHybrid(e.code) });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <UserSearch
        label="Find the person to add"
        action={(user) =>
          memberIds.has(user.id) ? (
            <span className="text-sm font-semibold text-slate-600">On the team</span>
          ) : (
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={add.isPending}
              aria-label={`Add ${displayName(user)}`}
              onClick={() => void addUser(user)}
            >
              <UserPlus aria-hidden="true" className="size-4" />
              Add
            </button>
          )
        }
      />
      {failure && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="font-medium">{failure.message}</p>
          {failure.hybrid && (
            <button
              type="button"
              className={`${buttonClass('secondary', 'sm')} shrink-0`}
              onClick={() =>
                onHybrid({
                  userId: failure.user.id,
                  firstName: failure.user.firstName,
                  lastName: failure.user.lastName,
                })
              }
            >
              Make hybrid and add
            </button>
          )}
        </div>
      )}
    </div>
  );
}
