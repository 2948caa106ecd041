/** Query keys and queryOptions of bios. */
import { queryOptions } from '@tanstack/react-query';
import type { BioDto } from '../../../api/contracts/accounts.ts';
import { apiGet } from '../../lib/api.ts';
import { isNotFound } from '../../lib/errors.ts';
import { portalRetry } from '../../lib/portal/query-policy.ts';
import { reportError } from '../../lib/toasts.ts';

export const bioKeys = {
  all: ['bios'] as const,
  byUser: (userId: number) => ['bios', 'by-user', userId] as const,
};

/** GET /users/{userId}/bio: the bio, or null when the account has none yet (a 404, not a failure). */
export const bioQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: bioKeys.byUser(userId ?? 0),
    queryFn: async ({ signal }): Promise<BioDto | null> => {
      try {
        // Silent: having no bio is a state of the page; any other failure is announced below.
        return await apiGet<BioDto>(`/users/${userId}/bio`, { signal, silent: true });
      } catch (error) {
        if (isNotFound(error)) return null;
        if (!signal.aborted) reportError(error, 'toast');
        throw error;
      }
    },
    enabled: userId !== undefined && userId > 0,
    retry: portalRetry,
  });
