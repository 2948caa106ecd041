import { useEffect } from 'react';
import { reportError } from '../lib/toasts.ts';

/** What a rendering error shows, after raising a toast about it. */
export function ErrorFallback({ error, reset }: { error: unknown; reset?: () => void }) {
  useEffect(() => {
    reportError(error, 'toast');
  }, [error]);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-2xl font-bold text-slate-900">Something went wrong.</p>
      {reset && (
        <button
          type="button"
          onClick={reset}
          className="mt-6 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Try again
        </button>
      )}
    </div>
  );
}
