import type { ReactNode } from 'react';
import type { AdminEvent } from '../../../../api/contracts/events.ts';
import {
  type RunCreateBody,
  type RunDto,
  type RunUpdateBody,
  runCreateBodySchema,
  runUpdateBodySchema,
} from '../../../../api/contracts/runs.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { CheckboxField, FormAlert, FormField, inputClass, SaveActions } from '../../../components/form-field.tsx';
import { eventDaysLong } from '../../../lib/format.ts';
import { useForm } from '../../../lib/portal/use-form.ts';
import {
  categoriesFor,
  effectiveRunName,
  RUN_FIELDS,
  RUN_TYPES,
  type RunValues,
  runCreateBody,
  runRuleErrors,
  runUpdateBody,
  runUpdatePlan,
  runValues,
  withRunErrorField,
  withRunType,
} from '../form.ts';
import { type RunSaveResult, useCreateRun, useSaveRun } from '../mutations.ts';
import { runTypeLabel, viewerTimeZone } from '../view.ts';

export interface RunFormProps {
  event: AdminEvent;
  /** The run to edit; none to create one. */
  run?: RunDto;
  /** Called with the saved run; after an edit, with what the calls said (a limit warning, promotions). */
  onSaved: (run: RunDto, result: RunSaveResult | undefined) => void;
  onCancel: () => void;
}

/**
 * Type, category, name, participant limit, schedule, registration window and switches of a run.
 * Checked in the browser with the contract's schema and the rules the server shares; whether the
 * schedule falls on the event's day(s) is the server's call (in the site's time zone), and its answer
 * is shown beside the start time.
 */
export function RunForm({ event, run, onSaved, onCancel }: RunFormProps) {
  const create = useCreateRun();
  const save = useSaveRun();
  const pending = create.isPending || save.isPending;
  const form = useForm({
    initial: runValues(run),
    fields: RUN_FIELDS,
    schema: run ? runUpdateBodySchema : runCreateBodySchema,
    toInput: (values: RunValues) => (run ? runUpdateBody(values) : runCreateBody(event.id, values)),
    check: runRuleErrors,
    submit: async (body) => {
      try {
        if (!run) {
          onSaved(await create.mutateAsync(body as RunCreateBody), undefined);
          return;
        }
        const result = await save.mutateAsync({ run, plan: runUpdatePlan(run, body as RunUpdateBody) });
        onSaved(result.run, result);
      } catch (error) {
        throw withRunErrorField(error);
      }
    },
  });
  const { values, errors, setField } = form;
  // The server refuses a new type for a run with entries (422 RUN_HAS_REGISTRATIONS): not offered.
  const typeLocked = run !== undefined && run.confirmedCount + run.waitlistCount > 0;
  const categories = categoriesFor(values.type);
  const unknownCategory = values.category !== '' && !categories.includes(values.category);
  const automaticName = effectiveRunName({ ...values, name: '' });
  const timeZone = viewerTimeZone();
  const dayBounds = { min: `${event.startDate}T00:00`, max: `${event.endDate}T23:59` };

  const dateTime = (
    name: 'startTime' | 'endTime' | 'registrationOpensAt' | 'registrationClosesAt',
    label: string,
    hint?: ReactNode,
    bounds?: { min: string; max: string },
  ) => (
    <FormField label={label} name={name} error={errors[name]} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="datetime-local"
          value={values[name]}
          min={bounds?.min}
          max={bounds?.max}
          onChange={(e) => setField(name, e.target.value)}
          className={inputClass(!!errors[name])}
        />
      )}
    </FormField>
  );

  const checkbox = (name: 'isHeadToHead' | 'allowsHybrid' | 'isActive', label: string, description: string) => (
    <CheckboxField
      name={name}
      label={label}
      description={description}
      checked={values[name]}
      onChange={(checked) => setField(name, checked)}
      error={errors[name]}
    />
  );

  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={form.formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Type"
          name="type"
          error={errors.type}
          required
          hint={typeLocked ? 'The type cannot change once the run has registrations.' : undefined}
        >
          {(control) => (
            <select
              {...control}
              disabled={typeLocked}
              value={values.type}
              onChange={(e) => {
                const next = withRunType(values, e.target.value);
                setField('type', next.type);
                if (next.category !== values.category) setField('category', next.category);
              }}
              className={inputClass(!!errors.type)}
            >
              {RUN_TYPES.map((type) => (
                <option key={type} value={type}>
                  {runTypeLabel(type)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Category" name="category" error={errors.category} required>
          {(control) => (
            <select
              {...control}
              value={values.category}
              onChange={(e) => setField('category', e.target.value)}
              className={inputClass(!!errors.category)}
            >
              <option value="">Choose…</option>
              {unknownCategory && <option value={values.category}>{values.category}</option>}
              {categories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField
          label="Name"
          name="name"
          error={errors.name}
          hint={
            automaticName
              ? `Leave empty for "${automaticName}".`
              : 'Leave empty to name it after its type and category.'
          }
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              placeholder={automaticName}
              value={values.name}
              onChange={(e) => setField('name', e.target.value)}
              className={inputClass(!!errors.name)}
            />
          )}
        </FormField>
        <FormField
          label="Participant limit"
          name="participantLimit"
          error={errors.participantLimit}
          required
          hint="Entries beyond it join the waitlist."
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              step={1}
              value={values.participantLimit}
              onChange={(e) => setField('participantLimit', e.target.value)}
              className={inputClass(!!errors.participantLimit)}
            />
          )}
        </FormField>
      </div>
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Schedule</legend>
        <p className="text-xs text-slate-600">
          On the event's day{event.startDate === event.endDate ? '' : 's'}: {eventDaysLong(event)}. Times in your time
          zone ({timeZone}).
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {dateTime('startTime', 'Start time', undefined, dayBounds)}
          {dateTime('endTime', 'End time', undefined, dayBounds)}
          <FormField
            label="Minutes per heat"
            name="heatDurationSeconds"
            error={errors.heatDurationSeconds}
            hint="With the start time, it gives each heat's estimated start (4.5 is 4 min 30 s)."
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min={0.5}
                max={60}
                step={0.5}
                value={values.heatDurationSeconds}
                onChange={(e) => setField('heatDurationSeconds', e.target.value)}
                className={inputClass(!!errors.heatDurationSeconds)}
              />
            )}
          </FormField>
        </div>
      </fieldset>
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Registration window</legend>
        <p className="text-xs text-slate-600">Leave a bound empty to follow the event's registration dates.</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {dateTime('registrationOpensAt', 'Registration opens')}
          {dateTime('registrationClosesAt', 'Registration closes')}
        </div>
      </fieldset>
      <div className="flex flex-col gap-3">
        {checkbox('isHeadToHead', 'Head-to-head', 'Competitors start in pairs, one per lane.')}
        {checkbox('allowsHybrid', 'Allows hybrid teams', 'Teams may mix members of different departments.')}
        {checkbox('isActive', 'Active', 'Inactive runs are hidden from the public site and take no registrations.')}
      </div>
      <SaveActions onCancel={onCancel} pending={pending} submitLabel={run ? 'Save run' : 'Create run'} />
    </form>
  );
}

/** The form in a dialog: 'New run' or 'Edit <name>'. */
export function RunDialog({
  open,
  event,
  run,
  onSaved,
  onClose,
}: {
  open: boolean;
  event: AdminEvent;
  run?: RunDto;
  onSaved: RunFormProps['onSaved'];
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={run ? `Edit ${run.name}` : `New run at ${event.name}`}
      size="lg"
      closeOnBackdrop={false}
    >
      <RunForm event={event} run={run} onSaved={onSaved} onCancel={onClose} />
    </Dialog>
  );
}
