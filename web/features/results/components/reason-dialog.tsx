import { type FormEvent, useId, useState } from 'react';
import { RESULT_REASON_MAX_LENGTH } from '../../../../api/contracts/results.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { inputClass } from '../../../components/form-field.tsx';
import { SubmitShortcutHint, useSubmitShortcut } from '../../../components/submit-shortcut.tsx';

export interface ReasonRequest {
  title: string;
  /** What the reason is for, shown above the field. */
  description: string;
  label: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
}

/**
 * Asks for the reason a command needs (a correction of an official result, a void, a send-back, an own
 * entry's validation). Submitting (or Ctrl+Enter in the field) sends it; a refusal shows in the dialog,
 * which stays open.
 */
export function ReasonDialog({
  request,
  onSubmit,
  onClose,
}: {
  request: ReasonRequest | null;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const shortcut = useSubmitShortcut({ disabled: busy });

  const close = () => {
    if (busy) return;
    setReason('');
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text === '') {
      setError('Write the reason first.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(text);
      setReason('');
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'It could not be sent.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={request !== null}
      onClose={close}
      title={request?.title ?? ''}
      description={request?.description}
      busy={busy}
      closeOnBackdrop={false}
      size="sm"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-800">
          {request?.label}
        </label>
        <textarea
          id={fieldId}
          data-autofocus="true"
          value={reason}
          maxLength={RESULT_REASON_MAX_LENGTH}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
          {...shortcut.fieldProps}
          aria-describedby={shortcut.hintId}
          aria-invalid={error ? true : undefined}
          className={`${inputClass(Boolean(error))} mt-1`}
        />
        <SubmitShortcutHint id={shortcut.hintId}>{shortcut.hint}</SubmitShortcutHint>
        {error && (
          <p role="alert" className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
            {error}
          </p>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} disabled={busy} className={buttonClass('secondary')}>
            Cancel
          </button>
          <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass(request?.tone ?? 'primary')}>
            {busy ? 'Sending…' : request?.confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
