import { CheckCircle2, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';

const FLASH_MS = 6_000;

/** A short confirmation after a change ('Alex Morgan was deactivated.'), gone after a few seconds. */
export function useFlash() {
  const [message, setMessage] = useState<{ text: string; at: number }>();
  // A timer is a real side effect: each new message restarts it.
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(undefined), FLASH_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const show = useCallback((text: string) => setMessage({ text, at: Date.now() }), []);
  const clear = useCallback(() => setMessage(undefined), []);
  return { message: message?.text, show, clear };
}

/** The confirmation's place in the page: a polite live region, present even when empty so it is announced. */
export function FlashMessage({ message, onDismiss }: { message: string | undefined; onDismiss: () => void }) {
  return (
    <div role="status" aria-live="polite">
      {message && (
        <div className="mb-4 flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <p className="flex-1 font-medium">{message}</p>
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss message"
            className="-m-1 rounded p-1 text-green-800 hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
