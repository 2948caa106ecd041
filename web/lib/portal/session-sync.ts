import type { UserDto } from '../../../api/contracts/accounts.ts';
import { authSession } from '../auth/session.ts';

/** When a change answered with the signed-in person's own account, the session (header, portal shell) shows it at once. */
export function syncSessionUser(user: UserDto): void {
  authSession.setUser(user);
}
