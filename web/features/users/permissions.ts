/**
 * What the signed-in person may do to an account in the users screens. The server decides in the end;
 * these rules only keep controls that would be refused out of sight.
 */
import type { UserDto } from '../../../api/contracts/accounts.ts';
import { ROLES, type RoleName, roleAtLeast } from '../../lib/portal/roles.ts';

type Actor = Pick<UserDto, 'id' | 'role'> | null | undefined;
type Target = Pick<UserDto, 'id' | 'role'>;

/** Only a super-admin changes roles, and never their own. */
export function canChangeRole(actor: Actor, target: Target): boolean {
  return !!actor && actor.role === 'super-admin' && actor.id !== target.id;
}

/** The roles offered in a role select. */
export function assignableRoles(actor: Actor): readonly RoleName[] {
  return actor?.role === 'super-admin' ? ROLES : [];
}

/**
 * Admins activate and deactivate accounts, but not their own, and an admin does not touch a
 * super-admin's account.
 */
export function canToggleActive(actor: Actor, target: Target): boolean {
  if (!actor || !roleAtLeast(actor.role, 'admin') || actor.id === target.id) return false;
  return !(actor.role === 'admin' && target.role === 'super-admin');
}

/** Marking an account (un)verified follows the same rule as activating it. */
export const canChangeVerified = canToggleActive;

/** Names, department and date of birth: the owner, or an admin (an admin not over a super-admin). */
export function canEditDetails(actor: Actor, target: Target): boolean {
  if (!actor) return false;
  if (actor.id === target.id) return true;
  return canToggleActive(actor, target);
}
