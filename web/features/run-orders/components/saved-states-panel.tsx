import { Bookmark, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { STATE_NAME_MAX_LENGTH } from '../../../../api/contracts/run-orders.ts';
import { buttonClass } from '../../../components/button.ts';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { inputClass } from '../../../components/form-field.tsx';

const STATE_NAME_MAX = STATE_NAME_MAX_LENGTH;

export interface SavedStateItem {
  name: string;
  version: number;
  savedBy: string | null;
}

/** Save the arrangement under a name; apply a saved one (after a confirmation). */
export function SavedStatesPanel({
  states,
  canApply,
  onSave,
  onApply,
}: {
  states: SavedStateItem[];
  /** False while the whole order is locked. */
  canApply: boolean;
  onSave: (name: string) => void;
  onApply: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [applying, setApplying] = useState<string | null>(null);
  const trimmed = name.trim();

  return (
    <section
      aria-labelledby="saved-states-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="saved-states-title" className="text-base font-bold text-slate-900">
        Saved states
      </h2>
      <form
        noValidate
        className="mt-3 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed.length === 0 || trimmed.length > STATE_NAME_MAX) {
            setError(`Give the state a name of 1 to ${STATE_NAME_MAX} characters.`);
            return;
          }
          setError(undefined);
          onSave(trimmed);
          setName('');
        }}
      >
        <label htmlFor="saved-state-name" className="sr-only">
          Name of the state to save
        </label>
        <input
          id="saved-state-name"
          className={inputClass(!!error)}
          placeholder="e.g. Before the final"
          maxLength={STATE_NAME_MAX + 20}
          value={name}
          aria-invalid={!!error}
          aria-describedby={error ? 'saved-state-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className={`${buttonClass('secondary')} shrink-0`}>
          <Bookmark aria-hidden="true" className="size-4" />
          Save
        </button>
      </form>
      {error && (
        <p id="saved-state-error" className="mt-1 text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
      {states.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No saved states yet. Save the order before a big change to come back to it.
        </p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-slate-100">
          {states.map((state) => (
            <li key={state.name} className="flex items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900" title={state.name}>
                  {state.name}
                </p>
                <p className="text-xs text-slate-600">
                  Version {state.version}
                  {state.savedBy && ` · ${state.savedBy}`}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass('ghost', 'sm')}
                disabled={!canApply}
                onClick={() => setApplying(state.name)}
                aria-label={`Apply saved state ${state.name}`}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                Apply
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={applying !== null}
        title="Apply this saved state?"
        confirmLabel="Apply state"
        tone="primary"
        onCancel={() => setApplying(null)}
        onConfirm={() => {
          if (applying) onApply(applying);
          setApplying(null);
        }}
      >
        The arrangement is replaced by “{applying}”. Locked positions keep what they hold now. Undo brings the current
        order back.
      </ConfirmDialog>
    </section>
  );
}
