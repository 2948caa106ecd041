import { useState } from 'react';
import {
  NOTES_MAX_LENGTH,
  type RegistrationDto,
  registrationCreateBodySchema,
} from '../../../../api/contracts/registrations.ts';
import type { RunDto } from '../../../../api/contracts/runs.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert, FormField, inputClass } from '../../../components/form-field.tsx';
import { useSubmitShortcut } from '../../../components/submit-shortcut.tsx';
import { useForm } from '../../../lib/portal/use-form.ts';
import { placesText } from '../../events/run-view.ts';
import type { EntrantOption } from '../actions.ts';
import {
  checkRegisterValues,
  commandIdFor,
  initialRegisterValues,
  newCommandBase,
  REGISTER_FIELDS,
  type RegisterValues,
  registerBody,
} from '../form.ts';
import { refusalView } from '../messages.ts';
import { useRegister } from '../mutations.ts';
import { RefusalBox } from './refusal-box.tsx';

/**
 * The Register form of one run: whom to enter and optional notes. The server decides (eligibility,
 * window, places); a refusal is shown in the dialog with its reasons and nothing typed is lost.
 */
function RegisterForm({
  run,
  options,
  register,
  onCancel,
  onRegistered,
}: {
  run: RunDto;
  options: readonly EntrantOption[];
  register: ReturnType<typeof useRegister>;
  onCancel: () => void;
  onRegistered: (registration: RegistrationDto) => void;
}) {
  // One base per opening of the form: sending the same entrant again is the same command.
  const [commandBase] = useState(newCommandBase);
  const form = useForm({
    initial: initialRegisterValues(options),
    fields: REGISTER_FIELDS,
    schema: registrationCreateBodySchema,
    toInput: (values: RegisterValues) => registerBody(run.id, values, commandIdFor(commandBase, values.entrant)),
    check: (values) => checkRegisterValues(values, options),
    submit: async (body) => onRegistered(await register.mutateAsync(body)),
  });
  const pending = register.isPending;
  const shortcut = useSubmitShortcut({ verb: run.isFull ? 'join the waitlist' : 'register', disabled: pending });
  const refusal = register.isError ? refusalView(register.error) : undefined;
  const entrantError = form.errors.entrant;

  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="space-y-5">
      <fieldset aria-describedby={entrantError ? 'register-entrant-error' : undefined}>
        <legend className="text-sm font-semibold text-slate-800">Who are you registering?</legend>
        <div className="mt-2 space-y-2">
          {options.map((option) => (
            <label
              key={option.key}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-brand-700 has-checked:bg-brand-50 ${
                entrantError ? 'border-brand-600' : 'border-slate-300'
              }`}
            >
              <input
                type="radio"
                name="entrant"
                value={option.key}
                checked={form.values.entrant === option.key}
                onChange={() => {
                  form.setField('entrant', option.key);
                  register.reset();
                }}
                disabled={pending}
                className="mt-1 size-4 accent-brand-700"
              />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{option.label}</span>
                <span className="block text-sm text-slate-600">{option.detail}</span>
              </span>
            </label>
          ))}
        </div>
        {entrantError && (
          <p id="register-entrant-error" className="mt-1 text-sm font-medium text-brand-700">
            {entrantError}
          </p>
        )}
      </fieldset>
      <FormField
        label="Notes for the organisers"
        name="notes"
        error={form.errors.notes}
        hint={`Optional: anything the organisers should know about this entry. ${shortcut.hint}.`}
        aside={
          <span className="text-xs text-slate-500">
            {form.values.notes.length}/{NOTES_MAX_LENGTH}
          </span>
        }
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={form.values.notes}
            onChange={(event) => form.setField('notes', event.target.value)}
            {...shortcut.fieldProps}
            disabled={pending}
            className={inputClass(!!form.errors.notes)}
          />
        )}
      </FormField>
      {refusal ? <RefusalBox view={refusal} /> : <FormAlert message={form.formError} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={pending} aria-busy={pending}>
          {pending ? 'Registering…' : run.isFull ? 'Join the waitlist' : 'Register'}
        </button>
      </div>
    </form>
  );
}

export function RegisterDialog({
  run,
  options,
  userId,
  onClose,
  onRegistered,
}: {
  run: RunDto | undefined;
  options: readonly EntrantOption[];
  userId: number;
  onClose: () => void;
  onRegistered: (registration: RegistrationDto) => void;
}) {
  const register = useRegister(userId);
  const close = () => {
    register.reset();
    onClose();
  };
  return (
    <Dialog
      open={run !== undefined}
      onClose={close}
      busy={register.isPending}
      title={run ? `Register for ${run.name}` : 'Register'}
      description={
        run &&
        (run.isFull || run.spotsLeft <= 0
          ? 'The run is full: a new entry joins the end of the waitlist.'
          : `${placesText(run)}. Places are given in the order entries arrive.`)
      }
      closeOnBackdrop={false}
    >
      {run && (
        <RegisterForm
          key={run.id}
          run={run}
          options={options}
          register={register}
          onCancel={close}
          onRegistered={(registration) => {
            register.reset();
            onRegistered(registration);
          }}
        />
      )}
    </Dialog>
  );
}
