import { CircleAlert, Info, OctagonAlert, TriangleAlert, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ErrorSeverity } from '../lib/errors.ts';
import { AUTO_DISMISS_MS, dismiss, getSnapshot, type Notice, shouldAutoDismiss, subscribe } from '../lib/toasts.ts';

const SEVERITY_STYLE: Record<ErrorSeverity, { box: string; icon: string; Icon: typeof Info; label: string }> = {
  info: { box: 'border-slate-300 bg-white text-slate-900', icon: 'text-slate-600', Icon: Info, label: 'Notice' },
  warning: {
    box: 'border-amber-300 bg-amber-50 text-amber-900',
    icon: 'text-amber-700',
    Icon: TriangleAlert,
    label: 'Warning',
  },
  error: {
    box: 'border-brand-600 bg-brand-50 text-brand-900',
    icon: 'text-brand-700',
    Icon: CircleAlert,
    label: 'Error',
  },
  critical: {
    box: 'border-brand-800 bg-brand-700 text-white',
    icon: 'text-white',
    Icon: OctagonAlert,
    label: 'Critical error',
  },
};

/** The 'toast' notices, newest at the bottom, in a polite live region that is always in the page. */
export function Toaster() {
  const notices = useSyncExternalStore(subscribe, getSnapshot, getSnapshot).toast;
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end"
    >
      <div role="status" aria-live="polite" className="w-full max-w-sm">
        <ol className="flex flex-col gap-2">
          {notices.map((notice) => (
            <Toast key={notice.id} notice={notice} />
          ))}
        </ol>
      </div>
    </section>
  );
}

function Toast({ notice }: { notice: Notice }) {
  const [paused, setPaused] = useState(false);
  const autoDismiss = shouldAutoDismiss(notice) && !paused;
  const style = SEVERITY_STYLE[notice.severity];

  // A timer is a real side effect; it restarts when the same failure is reported again (count changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: notice.count restarts the timer on a repeat.
  useEffect(() => {
    if (!autoDismiss) return;
    const timer = setTimeout(() => dismiss(notice.id), AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [autoDismiss, notice.id, notice.count]);

  return (
    <li
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 shadow-lg ${style.box}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-severity={notice.severity}
    >
      <style.Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${style.icon}`} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">
          <span className="sr-only">{style.label}: </span>
          {notice.title ?? notice.message}
          {notice.count > 1 && <span className="ml-1 font-normal opacity-80">(×{notice.count})</span>}
        </p>
        {notice.title && <p className="mt-0.5 break-words">{notice.message}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismiss(notice.id)}
        className="-m-1 rounded p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
        aria-label="Dismiss notification"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
