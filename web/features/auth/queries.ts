/** Queries of the auth screens: the reset-link check and the e-mail verification (a POST, run once per token). */
import { queryOptions } from '@tanstack/react-query';
import { validateResetToken, verifyEmail } from '../../lib/auth/calls.ts';
import { isRetryableError, MAX_QUERY_RETRIES } from '../../lib/retry.ts';
import { createOnce } from './form.ts';

const retryTransient = (failureCount: number, error: unknown) =>
  isRetryableError(error) && failureCount < MAX_QUERY_RETRIES;

export function resetTokenValidityQuery(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => validateResetToken(token, signal),
    retry: retryTransient,
    // A link's validity is checked when the page opens; the submit is the final word.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** One POST per token per page load, whatever React does with effects. */
export const verifyEmailOnce = createOnce((token) => verifyEmail(token), { forgetIf: isRetryableError });

export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmailOnce(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
