import { Plus, UserRoundCheck } from 'lucide-react';
import { useId, useState } from 'react';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import { type TeamDto, teamCreateBodySchema } from '../../../../api/contracts/teams.ts';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { FormActions, FormAlert, FormField, inputClass } from '../../../components/form-field.tsx';
import { displayName } from '../../../lib/portal/nav.ts';
import { useForm } from '../../../lib/portal/use-form.ts';
import { checkTeamCreate, EMPTY_TEAM, TEAM_CREATE_FIELDS, teamCreateBody } from '../form.ts';
import { RUN_TYPE_LABELS, RUN_TYPE_RULES } from '../labels.ts';
import { useCreateTeam } from '../mutations.ts';
import { RUN_TYPE_ORDER } from '../run-types.ts';
import { UserSearch } from './user-search.tsx';

export interface TeamCreateFormProps {
  actor: UserDto;
  /** Admins may make someone else the captain. */
  isAdmin: boolean;
  onSaved: (team: TeamDto) => void;
  onCancel: () => void;
}

/**
 * Name, format and captain (the signed-in person, or for an admin anyone). The department is always
 * the captain's (docs/decisions/016): shown, not chosen; a team mixes departments by becoming hybrid.
 */
export function TeamCreateForm({ actor, isAdmin, onSaved, onCancel }: TeamCreateFormProps) {
  const create = useCreateTeam();
  const [chosen, setChosen] = useState<UserDto | null>(null);
  const form = useForm({
    initial: EMPTY_TEAM,
    fields: TEAM_CREATE_FIELDS,
    schema: teamCreateBodySchema,
    toInput: teamCreateBody,
    check: checkTeamCreate,
    submit: async (body) => onSaved(await create.mutateAsync(body)),
  });
  const { values, errors, setField } = form;
  const formatLegend = useId();
  const formatError = useId();
  const captainLegend = useId();
  const captainError = useId();
  const captain = values.captain === 'other' ? chosen : actor;
  const department = captain ? (captain.departmentName ?? 'No department') : 'The department of the captain you choose';

  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-5">
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

      <fieldset aria-describedby={errors.runType ? formatError : undefined}>
        <legend id={formatLegend} className="text-sm font-semibold text-slate-800">
          Format
          <span aria-hidden="true" className="ml-0.5 text-brand-700">
            *
          </span>
        </legend>
        <p className="mt-0.5 text-xs text-slate-600">Fixed once the team exists; the team size rules differ.</p>
        <div className="mt-2 grid gap-2">
          {RUN_TYPE_ORDER.map((type) => (
            <label
              key={type}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 ${
                errors.runType ? 'border-brand-600' : 'border-slate-300'
              }`}
            >
              <input
                type="radio"
                name="runType"
                value={type}
                checked={values.runType === type}
                onChange={() => setField('runType', type)}
                className="mt-0.5 size-4 accent-brand-700"
              />
              <span>
                <span className="font-semibold text-slate-900">{RUN_TYPE_LABELS[type]}</span>
                <span className="block text-slate-600">{RUN_TYPE_RULES[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.runType && (
          <p id={formatError} className="mt-1 text-sm font-medium text-brand-700">
            {errors.runType}
          </p>
        )}
      </fieldset>

      {isAdmin ? (
        <fieldset aria-describedby={errors.captainId ? captainError : undefined}>
          <legend id={captainLegend} className="text-sm font-semibold text-slate-800">
            Captain
          </legend>
          <div className="mt-2 flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="captain"
                checked={values.captain === 'me'}
                onChange={() => setField('captain', 'me')}
                className="size-4 accent-brand-700"
              />
              Me ({displayName(actor)})
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="captain"
                checked={values.captain === 'other'}
                onChange={() => setField('captain', 'other')}
                className="size-4 accent-brand-700"
              />
              Someone else
            </label>
          </div>
          {values.captain === 'other' && (
            <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
              {chosen && (
                <p className="mb-3 flex items-center gap-2 text-sm text-slate-800">
                  <UserRoundCheck aria-hidden="true" className="size-4 text-green-700" />
                  <span>
                    Captain: <strong>{displayName(chosen)}</strong> ({chosen.email})
                  </span>
                </p>
              )}
              <UserSearch
                label={chosen ? 'Choose someone else' : 'Find the captain'}
                invalid={!!errors.captainId}
                describedBy={errors.captainId ? captainError : undefined}
                action={(user) =>
                  values.captainId === user.id ? (
                    <span className="text-sm font-semibold text-green-800">Chosen</span>
                  ) : (
                    <button
                      type="button"
                      className={buttonClass('secondary', 'sm')}
                      disabled={!user.isActive}
                      aria-label={`Choose ${displayName(user)} as captain`}
                      onClick={() => {
                        setChosen(user);
                        setField('captainId', user.id);
                      }}
                    >
                      Choose
                    </button>
                  )
                }
              />
            </div>
          )}
          {errors.captainId && (
            <p id={captainError} className="mt-1 text-sm font-medium text-brand-700">
              {errors.captainId}
            </p>
          )}
        </fieldset>
      ) : (
        <div className="text-sm">
          <p className="font-semibold text-slate-800">Captain</p>
          <p className="mt-0.5 text-slate-700">
            You ({displayName(actor)}): you manage the team and are its first member.
          </p>
        </div>
      )}

      <div className="text-sm">
        <p className="font-semibold text-slate-800">Department</p>
        <p className="mt-0.5 text-slate-700">{department}</p>
        <p className="mt-0.5 text-xs text-slate-600">
          A team starts in its captain's department. To take members from other departments, make it hybrid once it
          exists.
        </p>
      </div>

      <FormActions
        onCancel={onCancel}
        pending={create.isPending}
        icon={Plus}
        className="mt-1"
        submitLabel={create.isPending ? 'Creating…' : 'Create team'}
      />
    </form>
  );
}

export function TeamCreateDialog({
  open,
  onClose,
  ...props
}: Omit<TeamCreateFormProps, 'onCancel'> & { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="New team" size="lg" closeOnBackdrop={false}>
      <TeamCreateForm {...props} onCancel={onClose} />
    </Dialog>
  );
}
