import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from './button.ts';

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click outside; not called while `busy`. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** While true (a request is being sent) the dialog cannot be dismissed. */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** A click outside closes it (default); forms turn this off so a stray click loses nothing typed. */
  closeOnBackdrop?: boolean;
}

const WIDTH = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * A modal dialog on the native <dialog> element: the browser keeps focus inside and makes the page
 * behind it inert. On open, focus goes to the first element marked data-autofocus, else the first
 * field or button after the close button; on close it returns to where it was. Escape closes.
 * The dialog's box has no padding of its own, so a click on the backdrop lands on the <dialog> itself.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  busy = false,
  size = 'md',
  closeOnBackdrop = true,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  /** Set while we close the element ourselves (unmount, or StrictMode's re-run), whose close event is not the person's. */
  const closingOurselves = useRef(false);

  // Opening and closing a native dialog is a DOM side effect; the React state stays the source of truth.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
    const fields = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.dataset.dialogClose);
    (preferred ?? fields[0])?.focus();
    return () => {
      if (dialog.open) {
        closingOurselves.current = true;
        dialog.close();
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the parent decides (it unmounts or keeps the dialog), never the browser alone.
        event.preventDefault();
        if (!busy) onCloseRef.current();
      }}
      onClose={() => {
        // The close event arrives after a task: when we closed it ourselves (and maybe reopened it), ignore it.
        if (closingOurselves.current) {
          closingOurselves.current = false;
          return;
        }
        // The browser may close it on its own (a second Escape without a click in between): follow it.
        if (!busy) onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; clicks inside land on its children.
        if (closeOnBackdrop && event.target === event.currentTarget && !busy) onCloseRef.current();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          if (!busy) onCloseRef.current();
        }
      }}
      className={`m-auto w-[calc(100%-2rem)] ${WIDTH[size]} max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60`}
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            data-dialog-close="true"
            onClick={() => onCloseRef.current()}
            disabled={busy}
            aria-label="Close"
            className="-m-1.5 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {description && (
          <div id={descriptionId} className="mt-2 text-sm text-slate-600">
            {description}
          </div>
        )}
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the request is on its way. */
  pendingLabel?: string;
  tone?: 'danger' | 'primary';
  pending?: boolean;
  /** A failure to show inside the dialog (the dialog stays open so the person can retry). */
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action; the cancel button gets the focus, so Enter never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  tone = 'danger',
  pending = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} busy={pending} size="sm">
      <div className="text-sm text-slate-700">{children}</div>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          data-autofocus="true"
          onClick={onCancel}
          disabled={pending}
          className={buttonClass('secondary')}
        >
          Cancel
        </button>
        <button type="button" onClick={onConfirm} disabled={pending} aria-busy={pending} className={buttonClass(tone)}>
          {pending ? (pendingLabel ?? `${confirmLabel}…`) : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * A change that asks first: what is being asked about (`pending`, set by `ask`), and the props every
 * ConfirmDialog of it shares. Confirming runs the change; on failure the dialog stays open with the
 * server's message, and it cannot be closed while the change is on its way.
 */
export function useConfirmedChange<P>(busy: boolean, run: (pending: P) => Promise<void>) {
  const [pending, setPending] = useState<P | null>(null);
  const [error, setError] = useState<string>();

  const close = () => {
    if (busy) return;
    setPending(null);
    setError(undefined);
  };

  const confirm = async () => {
    if (!pending) return;
    setError(undefined);
    try {
      await run(pending);
      setPending(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The change could not be saved.');
    }
  };

  return {
    pending,
    ask: setPending,
    dialogProps: { open: true, pending: busy, error, onConfirm: () => void confirm(), onCancel: close },
  };
}
