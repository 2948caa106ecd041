import { type ReactNode, useId } from 'react';
import { REASON_MAX_LENGTH } from '../../../../api/contracts/registrations.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { inputClass } from '../../../components/form-field.tsx';
import { SubmitShortcutHint, useSubmitShortcut } from '../../../components/submit-shortcut.tsx';

/**
 * Asks before a registration command. Unlike the shared ConfirmDialog its way out is named ('Keep
 * it'), since 'Cancel' beside 'Cancel registration' would be ambiguous; it can also take a reason, and
 * Ctrl+Enter in the reason confirms.
 * What was typed stays when the server refuses; the refusal is shown inside.
 */
export function ActionDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  dismissLabel = 'Go back',
  tone = 'primary',
  pending,
  error,
  reason,
  onReasonChange,
  onConfirm,
  onDismiss,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  dismissLabel?: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  error: string | undefined;
  /** Given: an optional reason field is shown. */
  reason?: string;
  onReasonChange?: (reason: string) => void;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const reasonId = useId();
  const shortcut = useSubmitShortcut({ verb: 'confirm', onSubmit: onConfirm, disabled: pending });
  return (
    <Dialog open onClose={onDismiss} title={title} busy={pending} size="sm">
      <div className="text-sm text-slate-700">{children}</div>
      {reason !== undefined && onReasonChange && (
        <div className="mt-4">
          <label htmlFor={reasonId} className="block text-sm font-semibold text-slate-800">
            Reason <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={REASON_MAX_LENGTH}
            rows={2}
            disabled={pending}
            onChange={(e) => onReasonChange(e.target.value)}
            {...shortcut.fieldProps}
            aria-describedby={shortcut.hintId}
            className={`${inputClass()} mt-1`}
          />
          <SubmitShortcutHint id={shortcut.hintId}>{shortcut.hint}</SubmitShortcutHint>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          data-autofocus="true"
          onClick={onDismiss}
          disabled={pending}
          className={buttonClass('secondary')}
        >
          {dismissLabel}
        </button>
        <button type="button" onClick={onConfirm} disabled={pending} aria-busy={pending} className={buttonClass(tone)}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
