import { Dices, Shuffle } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { RunOrderEntry } from '../../../../api/contracts/run-orders.ts';
import type { SeedingRule, Slots } from '../../../../api/domain/run-orders/events.ts';
import type { RunOrderState } from '../../../../api/domain/run-orders/evolve.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import {
  GENERATE_LIMITS,
  type GenerateFormValues,
  initialGenerateValues,
  parseGenerateForm,
  previewGenerate,
  randomSeed,
  SEEDING_CHOICES,
  type SeedingChoice,
} from '../generate-form.ts';

export interface GenerateRequest {
  seeding: SeedingRule;
  heatSize: number;
  slots: Slots;
}

/** Choose how to seed, see what would move, then generate exactly that. */
export function GenerateDialog({
  open,
  state,
  entries,
  onClose,
  onGenerate,
}: {
  open: boolean;
  state: RunOrderState;
  entries: Record<string, RunOrderEntry>;
  onClose: () => void;
  onGenerate: (request: GenerateRequest) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={state.exists ? 'Generate the order again' : 'Generate the order'}
      size="lg"
      closeOnBackdrop={false}
    >
      {/* Mounted per opening, so the form starts from the order's recorded rule each time. */}
      {open && <GenerateForm state={state} entries={entries} onClose={onClose} onGenerate={onGenerate} />}
    </Dialog>
  );
}

function GenerateForm({
  state,
  entries,
  onClose,
  onGenerate,
}: {
  state: RunOrderState;
  entries: Record<string, RunOrderEntry>;
  onClose: () => void;
  onGenerate: (request: GenerateRequest) => void;
}) {
  const [values, setValues] = useState<GenerateFormValues>(() => initialGenerateValues(state));
  const [submitted, setSubmitted] = useState(false);
  const parsed = useMemo(() => parseGenerateForm(values), [values]);
  const errors = !parsed.ok ? parsed.errors : {};
  const preview = useMemo(
    () => (parsed.ok ? previewGenerate(state, entries, parsed.seeding, parsed.heatSize) : null),
    [parsed, state, entries],
  );
  const set = <K extends keyof GenerateFormValues>(key: K, value: GenerateFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const nameOf = (id: number) => entries[String(id)]?.name ?? `Registration ${id}`;
  const moved = preview?.moves.filter((m) => m.from !== null && m.to !== null) ?? [];
  const added = preview?.moves.filter((m) => m.from === null) ?? [];
  const removed = preview?.moves.filter((m) => m.to === null) ?? [];
  const choice = SEEDING_CHOICES.find((c) => c.value === values.choice);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!parsed.ok || !preview) return;
        onGenerate({ seeding: parsed.seeding, heatSize: parsed.heatSize, slots: preview.slots });
      }}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Seeding" name="choice" hint={choice?.hint}>
          {(control) => (
            <select
              {...control}
              className={inputClass()}
              value={values.choice}
              onChange={(e) => set('choice', e.target.value as SeedingChoice)}
            >
              {SEEDING_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Seed"
          name="seed"
          error={submitted || values.seed !== '' ? errors.seed : undefined}
          hint="The same seed gives the same order."
        >
          {(control) => (
            <div className="flex gap-2">
              <input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                className={inputClass(!!errors.seed)}
                value={values.seed}
                onChange={(e) => set('seed', e.target.value)}
              />
              <button
                type="button"
                className={`${buttonClass('secondary')} shrink-0 whitespace-nowrap`}
                onClick={() => set('seed', String(randomSeed()))}
              >
                <Dices aria-hidden="true" className="size-4" />
                New seed
              </button>
            </div>
          )}
        </FormField>
        <FormField label="Heat size (pairs per heat)" name="heatSize" error={errors.heatSize}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={GENERATE_LIMITS.heatSizeMin}
              max={GENERATE_LIMITS.heatSizeMax}
              className={inputClass(!!errors.heatSize)}
              value={values.heatSize}
              onChange={(e) => set('heatSize', e.target.value)}
            />
          )}
        </FormField>
        <FormField
          label="Minimum rest (positions)"
          name="minRest"
          error={errors.minRest}
          hint="Between two entries that share a person."
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              max={GENERATE_LIMITS.minRestMax}
              className={inputClass(!!errors.minRest)}
              value={values.minRest}
              onChange={(e) => set('minRest', e.target.value)}
            />
          )}
        </FormField>
      </div>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
          checked={values.separateDepartments}
          onChange={(e) => set('separateDepartments', e.target.checked)}
        />
        <span>
          <span className="font-semibold">Keep departments apart</span>
          <span className="block text-slate-600">
            Two entries of one department do not race in the same pair, where possible.
          </span>
        </span>
      </label>

      <section
        aria-labelledby="generate-preview-title"
        aria-live="polite"
        className="rounded-xl border border-slate-200 bg-slate-50 p-3"
      >
        <h3 id="generate-preview-title" className="text-sm font-bold text-slate-900">
          Preview
        </h3>
        {!preview ? (
          <p className="mt-1 text-sm text-slate-600">Fix the fields above to see what would move.</p>
        ) : preview.moves.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">Nothing moves: the order already is this one.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-700">
              {[
                moved.length > 0 && `${moved.length} ${moved.length === 1 ? 'entry moves' : 'entries move'}`,
                added.length > 0 && `${added.length} ${added.length === 1 ? 'is' : 'are'} added`,
                removed.length > 0 && `${removed.length} ${removed.length === 1 ? 'leaves' : 'leave'} the order`,
                preview.keptByLocks > 0 &&
                  `${preview.keptByLocks} locked ${preview.keptByLocks === 1 ? 'position keeps its entry' : 'positions keep their entries'}`,
              ]
                .filter(Boolean)
                .join('; ')}
              .
            </p>
            <ol
              className="mt-2 max-h-56 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 bg-white text-sm"
              data-testid="generate-preview"
            >
              {preview.moves.map((move) => (
                <li key={move.registrationId} className="flex items-center justify-between gap-3 px-3 py-1.5">
                  <span className="min-w-0 truncate font-medium text-slate-900">{nameOf(move.registrationId)}</span>
                  <span className="shrink-0 tabular-nums text-slate-600">
                    {move.from === null
                      ? `added at ${move.to}`
                      : move.to === null
                        ? `leaves ${move.from}`
                        : `${move.from} → ${move.to}`}
                  </span>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('primary')}>
          <Shuffle aria-hidden="true" className="size-4" />
          {state.exists ? 'Apply this order' : 'Generate this order'}
        </button>
      </div>
    </form>
  );
}
