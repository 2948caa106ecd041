import { useEffect } from 'react';
import { reportError } from './toasts.ts';

/** Event and announcement query failures are also reported in the 'page' context. */
export function usePageError(error: unknown) {
  useEffect(() => {
    if (error) reportError(error, 'page');
  }, [error]);
}
