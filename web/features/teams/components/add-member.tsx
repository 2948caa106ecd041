import { Search, UserPlus, UserRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { emailSchema, type UserDto } from '../../../../api/contracts/accounts.ts';
import type { TeamCandidateDto, TeamDto } from '../../../../api/contracts/teams.ts';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert, inputClass } from '../../../components/form-field.tsx';
import { isAppError } from '../../../lib/errors.ts';
import { displayName } from '../../portal/nav.ts';
import { useAddMember } from '../mutations.ts';
import { findCandidate } from '../queries.ts';
import { memberName } from '../view.ts';
import { UserSearch } from './user-search.tsx';

type Newcomer = { userId: number; firstName: string; lastName: string };

export interface AddMemberProps {
  team: TeamDto;
  onMessage: (message: string) => void;
  /** Someone from another department: offer to make the team hybrid with them (asks first). */
  onHybrid: (newcomer: Newcomer) => void;
}

/** A refusal of add-member that making the team hybrid would lift. */
const needsHybrid = (code: string | undefined) => code === 'HYBRID_REQUIRED';

/**
 * Adding by e-mail address: plain users cannot list accounts, so a captain types the address the
 * person signs in with; the API answers who that is and whether they can join (docs/decisions/016).
 */
export function AddMemberByEmail({ team, onMessage, onHybrid }: AddMemberProps) {
  const add = useAddMember();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [searching, setSearching] = useState(false);
  const [looked, setLooked] = useState<{ email: string; candidate: TeamCandidateDto | null } | null>(null);
  const [failure, setFailure] = useState<string>();

  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    setFailure(undefined);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      setLooked(null);
      return;
    }
    setFieldError(undefined);
    setSearching(true);
    try {
      setLooked({ email: parsed.data, candidate: await findCandidate(team.id, parsed.data) });
    } catch (e) {
      setLooked(null);
      setFailure(e instanceof Error ? e.message : 'The search failed.');
    } finally {
      setSearching(false);
    }
  };

  const addCandidate = async (candidate: TeamCandidateDto) => {
    setFailure(undefined);
    try {
      await add.mutateAsync({ id: team.id, userId: candidate.userId });
      onMessage(`${memberName(candidate)} joined ${team.name}.`);
      setEmail('');
      setLooked(null);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : 'The member could not be added.');
    }
  };

  const candidate = looked?.candidate;
  // Added since the lookup (e.g. through "Make hybrid and add"): no more buttons for them.
  const joined = !!candidate && team.members.some((m) => m.userId === candidate.userId);
  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={(e) => void find(e)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
            E-mail address of the person to add
          </label>
          <input
            id={inputId}
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setFieldError(undefined);
            }}
            aria-invalid={!!fieldError}
            aria-describedby={fieldError ? errorId : hintId}
            className={`${inputClass(!!fieldError)} mt-1`}
          />
        </div>
        <button type="submit" className={buttonClass('secondary')} disabled={searching} aria-busy={searching}>
          <Search aria-hidden="true" className="size-4" />
          {searching ? 'Finding…' : 'Find'}
        </button>
      </form>
      {fieldError ? (
        <p id={errorId} className="-mt-1 text-sm font-medium text-brand-700">
          {fieldError}
        </p>
      ) : (
        <p id={hintId} className="-mt-1 text-xs text-slate-600">
          They need an account: use the address they sign in with.
        </p>
      )}
      <FormAlert message={failure} />
      <div aria-live="polite">
        {looked && candidate === null && (
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
            No account uses {looked.email}. Check the spelling, or ask them to register first.
          </p>
        )}
        {candidate && (
          <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 items-start gap-3 text-sm">
              <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{memberName(candidate)}</p>
                <p className="text-slate-600">{candidate.departmentName ?? 'No department'}</p>
                {joined ? (
                  <p className="mt-1 font-medium text-green-800">On the team.</p>
                ) : (
                  candidate.refusal && <p className="mt-1 font-medium text-amber-900">{candidate.refusal.message}</p>
                )}
              </div>
            </div>
            <div className="shrink-0">
              {joined ? null : !candidate.refusal ? (
                <button
                  type="button"
                  className={buttonClass('primary', 'sm')}
                  disabled={add.isPending}
                  aria-busy={add.isPending}
                  onClick={() => void addCandidate(candidate)}
                >
                  <UserPlus aria-hidden="true" className="size-4" />
                  {add.isPending ? 'Adding…' : `Add ${candidate.firstName}`}
                </button>
              ) : needsHybrid(candidate.refusal.code) ? (
                <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => onHybrid(candidate)}>
                  Make hybrid and add
                </button>
              ) : null}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** Admins find anyone by name or e-mail; the server's refusal shows under the search. */
export function AddMemberBySearch({ team, onMessage, onHybrid }: AddMemberProps) {
  const add = useAddMember();
  const [failure, setFailure] = useState<{ message: string; user: UserDto; hybrid: boolean }>();
  const memberIds = new Set(team.members.map((m) => m.userId));

  const addUser = async (user: UserDto) => {
    setFailure(undefined);
    try {
      await add.mutateAsync({ id: team.id, userId: user.id });
      onMessage(`${displayName(user)} joined ${team.name}.`);
    } catch (e) {
      const message = e instanceof Error ? e.message : 'The member could not be added.';
      setFailure({ message, user, hybrid: isAppError(e) && needsHybrid(e.code) });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <UserSearch
        label="Find the person to add"
        action={(user) =>
          memberIds.has(user.id) ? (
            <span className="text-sm font-semibold text-slate-600">On the team</span>
          ) : (
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={add.isPending}
              aria-label={`Add ${displayName(user)}`}
              onClick={() => void addUser(user)}
            >
              <UserPlus aria-hidden="true" className="size-4" />
              Add
            </button>
          )
        }
      />
      {failure && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="font-medium">{failure.message}</p>
          {failure.hybrid && (
            <button
              type="button"
              className={`${buttonClass('secondary', 'sm')} shrink-0`}
              onClick={() =>
                onHybrid({
                  userId: failure.user.id,
                  firstName: failure.user.firstName,
                  lastName: failure.user.lastName,
                })
              }
            >
              Make hybrid and add
            </button>
          )}
        </div>
      )}
    </div>
  );
}
