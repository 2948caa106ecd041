import { useQuery } from '@tanstack/react-query';
import { type TeamDto, teamUpdateBodySchema } from '../../../../api/contracts/teams.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { ActiveField, FormAlert, FormField, inputClass, SaveActions } from '../../../components/form-field.tsx';
import { SeedTimeField } from '../../../components/seed-time-field.tsx';
import { useForm } from '../../../lib/portal/use-form.ts';
import { departmentOptionsQuery } from '../../departments/queries.ts';
import { checkTeamEdit, TEAM_EDIT_FIELDS, teamEditValues, teamUpdateBody } from '../form.ts';
import { useUpdateTeam } from '../mutations.ts';

/** Name, department, best time and the active switch (captain or admin); only what changed is sent. */
export function TeamEditForm({
  team,
  onSaved,
  onCancel,
}: {
  team: TeamDto;
  onSaved: (team: TeamDto) => void;
  onCancel: () => void;
}) {
  const update = useUpdateTeam();
  const departments = useQuery(departmentOptionsQuery());
  const form = useForm({
    initial: teamEditValues(team),
    fields: TEAM_EDIT_FIELDS,
    schema: teamUpdateBodySchema,
    toInput: (values) => teamUpdateBody(values, team),
    check: checkTeamEdit,
    submit: async (body) =>
      onSaved(Object.keys(body).length === 0 ? team : await update.mutateAsync({ id: team.id, body })),
  });
  const { values, errors, setField } = form;
  const options = departments.data ?? [];
  const currentMissing = team.departmentId !== null && !options.some((d) => d.id === team.departmentId);

  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={form.formError} />
      <FormField label="Team name" name="name" error={errors.name} required>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            value={values.name}
            onChange={(e) => setField('name', e.target.value)}
            className={inputClass(!!errors.name)}
          />
        )}
      </FormField>
      <FormField
        label="Department"
        name="departmentId"
        error={errors.departmentId}
        hint={
          team.isHybrid
            ? 'A hybrid team may name any department as its own.'
            : 'Every member must already be in the new department; to mix departments, make the team hybrid.'
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
            {currentMissing && (
              <option value={String(team.departmentId)}>
                {team.departmentName ?? `Department #${team.departmentId}`}
              </option>
            )}
            {options.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <SeedTimeField
        value={values.seedTimeMs}
        onChange={(value) => setField('seedTimeMs', value)}
        error={errors.seedTimeMs}
        hint="The team's best time, like 1:47.32; it seeds run orders by best time. Leave empty for none."
      />
      <ActiveField
        description="Only active teams compete; inactive ones leave the lists for everyone but admins."
        checked={values.isActive}
        onChange={(checked) => setField('isActive', checked)}
        error={errors.isActive}
      />
      <SaveActions onCancel={onCancel} pending={update.isPending} submitLabel="Save changes" />
    </form>
  );
}

export function TeamEditDialog({
  open,
  team,
  onSaved,
  onClose,
}: {
  open: boolean;
  team: TeamDto;
  onSaved: (team: TeamDto) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={`Edit ${team.name}`} size="md" closeOnBackdrop={false}>
      <TeamEditForm team={team} onSaved={onSaved} onCancel={onClose} />
    </Dialog>
  );
}
