import { UserPlus } from 'lucide-react';
import {
  adminUserCreateBodySchema,
  adminUserUpdateBodySchema,
  type UserDto,
} from '../../../../api/contracts/accounts.ts';
import {
  ActiveField,
  FormActions,
  FormAlert,
  FormField,
  InputField,
  inputClass,
  SaveActions,
} from '../../../components/form-field.tsx';
import { ROLE_LABELS } from '../../../lib/portal/roles.ts';
import { useForm } from '../../../lib/portal/use-form.ts';
import {
  ADMIN_CREATE_FIELDS,
  ADMIN_EDIT_FIELDS,
  ADMIN_ROLES,
  type AdminCreateValues,
  type AdminEditValues,
  adminCreateBody,
  adminEditBody,
  adminEditValues,
  EMPTY_ADMIN,
} from '../form.ts';
import { useCreateAdminUser, useUpdateAdminUser } from '../mutations.ts';

function RoleSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (role: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <FormField label="Role" name="role" error={error} required hint="Super admins also manage admin accounts.">
      {(control) => (
        <select
          {...control}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass(!!error)}
        >
          {ADMIN_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A new admin account: e-mail, a password that follows the reset rules, names and role. */
export function CreateAdminUserForm({ onSaved, onCancel }: { onSaved: (user: UserDto) => void; onCancel: () => void }) {
  const create = useCreateAdminUser();
  const form = useForm({
    initial: EMPTY_ADMIN,
    fields: ADMIN_CREATE_FIELDS,
    schema: adminUserCreateBodySchema,
    toInput: adminCreateBody,
    submit: async (body) => onSaved(await create.mutateAsync(body)),
  });
  const { values, errors, setField } = form;
  const text = (
    name: keyof Omit<AdminCreateValues, 'role'>,
    label: string,
    type: string,
    autoComplete: string,
    hint?: string,
  ) => (
    <InputField
      label={label}
      name={name}
      error={errors[name]}
      required
      hint={hint}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onValueChange={(value) => setField(name, value)}
    />
  );
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={form.formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', 'First name', 'text', 'off')}
        {text('lastName', 'Last name', 'text', 'off')}
      </div>
      {text('email', 'E-mail', 'email', 'off')}
      {text(
        'password',
        'Password',
        'password',
        'new-password',
        'At least 8 characters, with an uppercase letter, a lowercase letter and a number.',
      )}
      <RoleSelect value={values.role} onChange={(role) => setField('role', role)} error={errors.role} />
      <FormActions
        onCancel={onCancel}
        pending={create.isPending}
        icon={UserPlus}
        submitLabel={create.isPending ? 'Creating…' : 'Create admin'}
      />
    </form>
  );
}

/** Names, role and active state of an admin account; one's own role and state are shown, not offered. */
export function EditAdminUserForm({
  user,
  isSelf,
  onSaved,
  onCancel,
}: {
  user: UserDto;
  isSelf: boolean;
  onSaved: (user: UserDto) => void;
  onCancel: () => void;
}) {
  const update = useUpdateAdminUser();
  const saved = adminEditValues(user);
  const form = useForm({
    initial: saved,
    fields: ADMIN_EDIT_FIELDS,
    schema: adminUserUpdateBodySchema,
    toInput: (values: AdminEditValues) => adminEditBody(values, saved, isSelf),
    submit: async (body) => {
      if (Object.keys(body).length === 0) {
        onCancel();
        return;
      }
      onSaved(await update.mutateAsync({ id: user.id, body }));
    },
  });
  const { values, errors, setField } = form;
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={form.formError} />
      <p className="text-sm text-slate-600">
        E-mail: <span className="break-all font-semibold text-slate-900">{user.email}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="First name"
          name="firstName"
          error={errors.firstName}
          required
          value={values.firstName}
          onValueChange={(value) => setField('firstName', value)}
        />
        <InputField
          label="Last name"
          name="lastName"
          error={errors.lastName}
          required
          value={values.lastName}
          onValueChange={(value) => setField('lastName', value)}
        />
      </div>
      <RoleSelect
        value={values.role}
        onChange={(role) => setField('role', role)}
        error={errors.role}
        disabled={isSelf}
      />
      <ActiveField
        description="An inactive account cannot sign in."
        checked={values.isActive}
        disabled={isSelf}
        onChange={(checked) => setField('isActive', checked)}
        error={errors.isActive}
      />
      {isSelf && (
        <p className="text-sm text-slate-600">You cannot change your own role or deactivate your own account.</p>
      )}
      <SaveActions onCancel={onCancel} pending={update.isPending} submitLabel="Save changes" />
    </form>
  );
}
