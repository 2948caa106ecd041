import { type ReactNode, useState } from 'react';
import { SEED_TIME_PLACEHOLDER, seedTimeProblem } from '../lib/portal/seed-time.ts';
import { FormField, inputClass } from './form-field.tsx';

/**
 * "Best time" as m:ss.hh (seed times, docs/decisions/017 addendum). The text is checked when the field
 * is left (and again as it is corrected); `error` is the form's (a submit or the server) and wins.
 * The control is named `seedTimeMs`, the API's field, so the server's problems land on it.
 */
export function SeedTimeField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint: ReactNode;
}) {
  const [inlineProblem, setInlineProblem] = useState<string>();
  return (
    <FormField label="Best time" name="seedTimeMs" error={error ?? inlineProblem} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={SEED_TIME_PLACEHOLDER}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            if (inlineProblem) setInlineProblem(seedTimeProblem(e.target.value));
          }}
          onBlur={(e) => setInlineProblem(seedTimeProblem(e.target.value))}
          className={`${inputClass(!!(error ?? inlineProblem))} tabular-nums sm:max-w-xs`}
        />
      )}
    </FormField>
  );
}
