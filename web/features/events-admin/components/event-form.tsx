import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { PROVINCES } from '../../../../api/contracts/accounts.ts';
import {
  type AdminEvent,
  EVENT_LIMITS,
  type EventCreateBody,
  eventCreateBodySchema,
  eventUpdateBodySchema,
} from '../../../../api/contracts/events.ts';
import { EVENT_SCOPES } from '../../../../api/domain/events/statuses.ts';
import { Dialog } from '../../../components/dialog.tsx';
import {
  ActiveField,
  FormAlert,
  FormField,
  InputField,
  inputClass,
  SaveActions,
} from '../../../components/form-field.tsx';
import { placeErrorOnField } from '../../../lib/portal/forms.ts';
import { useForm } from '../../../lib/portal/use-form.ts';
import { PROVINCE_NAMES } from '../../departments/form.ts';
import { departmentOptionsQuery } from '../../departments/queries.ts';
import { EVENT_FIELDS, eventBody, eventDateErrors, eventValues } from '../form.ts';
import { useCreateEvent, useUpdateEvent } from '../mutations.ts';

export interface EventFormProps {
  /** The event to edit; none to create one (a Draft). */
  event?: AdminEvent;
  onSaved: (event: AdminEvent, created: boolean) => void;
  onCancel: () => void;
}

type TextName = 'name' | 'city' | 'province';
type DateName =
  | 'startDate'
  | 'endDate'
  | 'registrationOpensOn'
  | 'earlyBirdEndsOn'
  | 'lateStartsOn'
  | 'registrationClosesOn';

/**
 * Every field the create and update calls take: name, dates, place, scope, host department,
 * description, registration dates and the active switch. Checked with the contract's schema and the
 * server's date-order rules before sending; the server's field problems land beside their fields.
 */
export function EventForm({ event, onSaved, onCancel }: EventFormProps) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const departments = useQuery(departmentOptionsQuery());
  const provincesId = useId();
  const pending = create.isPending || update.isPending;
  const form = useForm({
    initial: eventValues(event),
    fields: EVENT_FIELDS,
    schema: event ? eventUpdateBodySchema : eventCreateBodySchema,
    toInput: eventBody,
    check: eventDateErrors,
    submit: async (body) => {
      try {
        const saved = event
          ? await update.mutateAsync({ id: event.id, body })
          : await create.mutateAsync(body as EventCreateBody);
        onSaved(saved, !event);
      } catch (error) {
        // 422 DEPARTMENT_UNAVAILABLE names no field of its own: it is about the host department.
        throw placeErrorOnField(error, { DEPARTMENT_UNAVAILABLE: 'departmentId' });
      }
    },
  });
  const { values, errors, setField } = form;

  // The host department stays choosable even when it is no longer active.
  const options = departments.data ?? [];
  const current = event?.department;
  const departmentChoices =
    current && !options.some((d) => d.id === current.id)
      ? [
          ...options,
          {
            id: current.id,
            name: `${current.name}${current.isDeleted ? ' (deleted)' : current.isActive ? '' : ' (inactive)'}`,
          },
        ]
      : options;

  const text = (
    name: TextName,
    label: string,
    max: number,
    options: { autoComplete?: string; list?: string; hint?: string } = {},
  ) => (
    <InputField
      label={label}
      name={name}
      error={errors[name]}
      required
      hint={options.hint}
      autoComplete={options.autoComplete ?? 'off'}
      list={options.list}
      maxLength={max}
      value={values[name]}
      onValueChange={(value) => setField(name, value)}
    />
  );

  const date = (name: DateName, label: string, options: { required?: boolean; hint?: string } = {}) => (
    <InputField
      label={label}
      name={name}
      error={errors[name]}
      required={options.required}
      hint={options.hint}
      type="date"
      value={values[name]}
      onValueChange={(value) => setField(name, value)}
    />
  );

  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={form.formError} />
      {!event && (
        <p className="text-sm text-slate-600">
          A new event starts as a Draft, hidden from the public site until its status moves on. You can add its picture
          once it is created.
        </p>
      )}
      {text('name', 'Name', EVENT_LIMITS.name, { hint: event ? 'Its web address (slug) does not change.' : undefined })}
      <div className="grid gap-4 sm:grid-cols-2">
        {date('startDate', 'Start date', { required: true })}
        {date('endDate', 'End date', { hint: 'Leave empty for a one-day event.' })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('city', 'City', EVENT_LIMITS.city, { autoComplete: 'address-level2' })}
        {text('province', 'Province or state', EVENT_LIMITS.province, {
          list: provincesId,
          hint: 'A code such as AB, or a name.',
        })}
        <datalist id={provincesId}>
          {PROVINCES.map((code) => (
            <option key={code} value={code}>
              {PROVINCE_NAMES[code]}
            </option>
          ))}
        </datalist>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Scope" name="scope" error={errors.scope} required>
          {(control) => (
            <select
              {...control}
              value={values.scope}
              onChange={(e) => setField('scope', e.target.value)}
              className={inputClass(!!errors.scope)}
            >
              <option value="">Choose…</option>
              {EVENT_SCOPES.map((scope) => (
                <option key={scope} value={scope}>
                  {scope}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Host department"
          name="departmentId"
          error={errors.departmentId}
          hint={departments.isError ? 'The departments could not be loaded.' : undefined}
        >
          {(control) => (
            <select
              {...control}
              value={values.departmentId}
              onChange={(e) => setField('departmentId', e.target.value)}
              className={inputClass(!!errors.departmentId)}
            >
              <option value="">None</option>
              {departmentChoices.map((d) => (
                <option key={d.id} value={String(d.id)}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField
        label="Description"
        name="description"
        error={errors.description}
        aside={
          <span className="text-xs text-slate-500">
            {values.description.trim().length} / {EVENT_LIMITS.description}
          </span>
        }
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            onChange={(e) => setField('description', e.target.value)}
            className={inputClass(!!errors.description)}
          />
        )}
      </FormField>
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Registration dates</legend>
        <p className="text-xs text-slate-600">Optional. In this order, all on or before the start date.</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {date('registrationOpensOn', 'Registration opens')}
          {date('earlyBirdEndsOn', 'Early bird ends')}
          {date('lateStartsOn', 'Late registration starts')}
          {date('registrationClosesOn', 'Registration closes')}
        </div>
      </fieldset>
      <ActiveField
        description="Inactive events are hidden from the public site whatever their status."
        checked={values.isActive}
        onChange={(checked) => setField('isActive', checked)}
        error={errors.isActive}
      />
      <SaveActions onCancel={onCancel} pending={pending} submitLabel={event ? 'Save changes' : 'Create event'} />
    </form>
  );
}

/** The form in a dialog: 'New event' or 'Edit <name>'. */
export function EventDialog({
  open,
  event,
  onSaved,
  onClose,
}: {
  open: boolean;
  event?: AdminEvent;
  onSaved: EventFormProps['onSaved'];
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={event ? `Edit ${event.name}` : 'New event'}
      size="lg"
      closeOnBackdrop={false}
    >
      <EventForm event={event} onSaved={onSaved} onCancel={onClose} />
    </Dialog>
  );
}
