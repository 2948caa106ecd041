import { ImageUp, X } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { buttonClass } from './button.ts';
import { FormAlert } from './form-field.tsx';

/** A picture's file picker with its label, the hint on accepted files and the problem with the chosen one. */
export function ImageFileField({
  inputRef,
  label,
  accept,
  hint,
  problem,
  disabled,
  onChoose,
}: {
  /** The caller empties the picker through it after an upload or a cancel. */
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  accept: string;
  hint: string;
  problem: string | undefined;
  disabled: boolean;
  onChoose: (file: File | undefined) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={!!problem}
        aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => onChoose(event.target.files?.[0])}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      <div id={errorId} className="mt-2">
        <FormAlert message={problem} />
      </div>
    </div>
  );
}

/** Upload and Cancel for a chosen picture; the upload button says 'Uploading…' while pending. */
export function UploadActions({
  pending,
  uploadDisabled,
  uploadLabel,
  onUpload,
  onCancel,
}: {
  pending: boolean;
  uploadDisabled: boolean;
  uploadLabel: string;
  onUpload: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={onUpload}
        disabled={uploadDisabled}
        aria-busy={pending}
      >
        <ImageUp aria-hidden="true" className="size-4" />
        {pending ? 'Uploading…' : uploadLabel}
      </button>
      <button type="button" className={buttonClass('ghost')} onClick={onCancel} disabled={pending}>
        <X aria-hidden="true" className="size-4" />
        Cancel
      </button>
    </div>
  );
}
