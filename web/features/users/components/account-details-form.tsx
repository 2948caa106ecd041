import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useId } from 'react';
import { type UserDto, userUpdateBodySchema } from '../../../../api/contracts/accounts.ts';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert, FormField, InputField, inputClass } from '../../../components/form-field.tsx';
import { SeedTimeField } from '../../../components/seed-time-field.tsx';
import { useForm } from '../../../lib/portal/use-form.ts';
import { departmentOptionsQuery } from '../../departments/queries.ts';
import { useUpdateUser } from '../mutations.ts';
import {
  ACCOUNT_DETAILS_FIELDS,
  type AccountDetailsValues,
  accountDetailsBody,
  accountDetailsChanged,
  accountDetailsProblems,
  accountDetailsValues,
} from '../profile-form.ts';

function todayText(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * First and last name, department, date of birth and best time of an account (its owner's profile, or
 * an admin on the account's page). Mount it with key={user.id} so it starts from that account's saved values.
 */
export function AccountDetailsForm({
  user,
  onSaved,
  own = false,
}: {
  user: UserDto;
  onSaved: (user: UserDto) => void;
  own?: boolean;
}) {
  const update = useUpdateUser();
  const saved = accountDetailsValues(user);
  const form = useForm({
    initial: saved,
    fields: ACCOUNT_DETAILS_FIELDS,
    schema: userUpdateBodySchema,
    toInput: (values: AccountDetailsValues) => accountDetailsBody(values, user),
    check: (values: AccountDetailsValues) => accountDetailsProblems(values),
    submit: async (body) => {
      const next = await update.mutateAsync({ id: user.id, body });
      form.reset(accountDetailsValues(next));
      onSaved(next);
    },
  });
  const departments = useQuery(departmentOptionsQuery());
  const options = departments.data ?? [];
  // A department that is inactive (so not offered) but still the account's own stays selectable.
  const ownMissing = user.departmentId !== null && !options.some((d) => d.id === user.departmentId);
  const { values, errors, setField } = form;
  const changed = accountDetailsChanged(values, saved);
  const hintId = useId();

  return (
    <form
      ref={form.formRef}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-describedby={hintId}
    >
      <p id={hintId} className="sr-only">
        Fields marked with an asterisk are required.
      </p>
      <FormAlert message={form.formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="First name"
          name="firstName"
          error={errors.firstName}
          required
          autoComplete="given-name"
          value={values.firstName}
          onValueChange={(value) => setField('firstName', value)}
        />
        <InputField
          label="Last name"
          name="lastName"
          error={errors.lastName}
          required
          autoComplete="family-name"
          value={values.lastName}
          onValueChange={(value) => setField('lastName', value)}
        />
      </div>
      <FormField
        label="Department"
        name="departmentId"
        error={errors.departmentId}
        hint={
          departments.isError ? "The list of departments couldn't be loaded." : 'The fire department you compete for.'
        }
      >
        {(control) => (
          <select
            {...control}
            value={values.departmentId}
            onChange={(e) => setField('departmentId', e.target.value)}
            className={inputClass(!!errors.departmentId)}
          >
            <option value="">No department</option>
            {ownMissing && (
              <option value={String(user.departmentId)}>
                {user.departmentName ?? `Department #${user.departmentId}`}
              </option>
            )}
            {options.map((department) => (
              <option key={department.id} value={String(department.id)}>
                {department.name} ({department.city}, {department.province})
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Date of birth"
        name="dateOfBirth"
        error={errors.dateOfBirth}
        hint="Competitors must be 19 to 69 years old on race day."
      >
        {(control) => (
          <input
            {...control}
            type="date"
            max={todayText()}
            value={values.dateOfBirth}
            onChange={(e) => setField('dateOfBirth', e.target.value)}
            className={`${inputClass(!!errors.dateOfBirth)} sm:max-w-xs`}
          />
        )}
      </FormField>
      <SeedTimeField
        value={values.seedTimeMs}
        onChange={(value) => setField('seedTimeMs', value)}
        error={errors.seedTimeMs}
        hint={
          own
            ? 'Your best individual time, like 1:47.32; organisers may seed starting orders by it. Leave empty for none.'
            : 'Their best individual time, like 1:47.32; it seeds starting orders by best time. Leave empty for none.'
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={update.isPending || !changed}
          aria-busy={update.isPending}
          className={buttonClass('primary')}
        >
          <Save aria-hidden="true" className="size-4" />
          {update.isPending ? 'Saving…' : 'Save details'}
        </button>
        {changed && !update.isPending && (
          <button type="button" className={buttonClass('ghost')} onClick={() => form.reset(saved)}>
            Undo changes
          </button>
        )}
      </div>
    </form>
  );
}
