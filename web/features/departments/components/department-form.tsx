import { type DepartmentDto, departmentBodySchema, PROVINCES } from '../../../../api/contracts/accounts.ts';
import { Dialog } from '../../../components/dialog.tsx';
import {
  ActiveField,
  FormAlert,
  FormField,
  InputField,
  inputClass,
  SaveActions,
} from '../../../components/form-field.tsx';
import { useForm } from '../../../lib/portal/use-form.ts';
import { DEPARTMENT_FIELDS, type DepartmentValues, departmentBody, departmentValues, PROVINCE_NAMES } from '../form.ts';
import { useCreateDepartment, useUpdateDepartment } from '../mutations.ts';

export interface DepartmentFormProps {
  /** The department to edit; none to create one. */
  department?: DepartmentDto;
  onSaved: (department: DepartmentDto, created: boolean) => void;
  onCancel: () => void;
}

/** Name, city, province, contact details and the active switch; validated with departmentBodySchema. */
export function DepartmentForm({ department, onSaved, onCancel }: DepartmentFormProps) {
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const pending = create.isPending || update.isPending;
  const form = useForm({
    initial: departmentValues(department),
    fields: DEPARTMENT_FIELDS,
    schema: departmentBodySchema,
    toInput: departmentBody,
    submit: async (body) => {
      const saved = department ? await update.mutateAsync({ id: department.id, body }) : await create.mutateAsync(body);
      onSaved(saved, !department);
    },
  });
  const { values, errors, setField } = form;

  const text = (
    name: Exclude<keyof DepartmentValues, 'isActive' | 'province'>,
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string; hint?: string; placeholder?: string } = {},
  ) => (
    <InputField
      label={label}
      name={name}
      error={errors[name]}
      required={options.required}
      hint={options.hint}
      type={options.type}
      autoComplete={options.autoComplete ?? 'off'}
      placeholder={options.placeholder}
      value={values[name]}
      onValueChange={(value) => setField(name, value)}
    />
  );

  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={form.formError} />
      {text('name', 'Name', { required: true, autoComplete: 'organization' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('city', 'City', { required: true, autoComplete: 'address-level2' })}
        <FormField label="Province or territory" name="province" error={errors.province} required>
          {(control) => (
            <select
              {...control}
              value={values.province}
              onChange={(e) => setField('province', e.target.value)}
              className={inputClass(!!errors.province)}
            >
              <option value="">Choose…</option>
              {PROVINCES.map((code) => (
                <option key={code} value={code}>
                  {PROVINCE_NAMES[code]} ({code})
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {text('address', 'Address', { autoComplete: 'street-address' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        {text('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
      </div>
      {text('website', 'Website', {
        type: 'url',
        autoComplete: 'url',
        placeholder: 'https://',
        hint: 'Starting with http:// or https://',
      })}
      <ActiveField
        description="Inactive departments are hidden from people choosing their department."
        checked={values.isActive}
        onChange={(checked) => setField('isActive', checked)}
        error={errors.isActive}
      />
      <SaveActions
        onCancel={onCancel}
        pending={pending}
        submitLabel={department ? 'Save changes' : 'Create department'}
      />
    </form>
  );
}

/** The form in a dialog: 'New department' or 'Edit <name>'. */
export function DepartmentDialog({
  open,
  department,
  onSaved,
  onClose,
}: {
  open: boolean;
  department?: DepartmentDto;
  onSaved: (department: DepartmentDto, created: boolean) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={department ? `Edit ${department.name}` : 'New department'}
      size="lg"
      closeOnBackdrop={false}
    >
      <DepartmentForm department={department} onSaved={onSaved} onCancel={onClose} />
    </Dialog>
  );
}
