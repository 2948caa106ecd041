import { useQuery } from '@tanstack/react-query';
import { Check, MailPlus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { emailSchema } from '../../../../api/contracts/accounts.ts';
import type { TeamDto } from '../../../../api/contracts/teams.ts';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert, inputClass } from '../../../components/form-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  myInvitationsQuery,
  teamInvitationsQuery,
  useAcceptInvitation,
  useCancelInvitation,
  useDeclineInvitation,
  useInvite,
} from '../invitations.ts';
import { runTypeLabel } from '../labels.ts';

const failureText = (e: unknown, fallback: string) => (e instanceof Error ? e.message : fallback);

/**
 * A captain invites by the address the person signs in with; the answer is the same whether or not an
 * account uses it, and the person joins only when they accept (docs/decisions/026).
 */
export function TeamInvitations({ team, onMessage }: { team: TeamDto; onMessage: (message: string) => void }) {
  const invite = useInvite(team.id);
  const cancel = useCancelInvitation(team.id);
  const pending = useQuery(teamInvitationsQuery(team.id));
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const listId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setFieldError(undefined);
    try {
      const answer = await invite.mutateAsync(parsed.data);
      onMessage(answer.message);
      setEmail('');
    } catch (e) {
      setFailure(failureText(e, 'The invitation could not be sent.'));
    }
  };

  const invitations = pending.data?.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={(e) => void send(e)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
            E-mail address of the person to invite
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
        <button
          type="submit"
          className={buttonClass('primary')}
          disabled={invite.isPending}
          aria-busy={invite.isPending}
        >
          <MailPlus aria-hidden="true" className="size-4" />
          {invite.isPending ? 'Sending…' : 'Invite'}
        </button>
      </form>
      {fieldError ? (
        <p id={errorId} className="-mt-1 text-sm font-medium text-brand-700">
          {fieldError}
        </p>
      ) : (
        <p id={hintId} className="-mt-1 text-xs text-slate-600">
          Use the address they sign in with. They join when they accept the invitation in their portal.
        </p>
      )}
      <FormAlert message={failure} />
      {invitations.length > 0 && (
        <div>
          <h3 id={listId} className="text-sm font-semibold text-slate-800">
            Pending invitations
          </h3>
          <ul aria-labelledby={listId} className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{invitation.email}</span>
                  <span className="text-xs text-slate-600">Sent {formatDateTime(invitation.invitedAt)}</span>
                </span>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  disabled={cancel.isPending}
                  aria-label={`Cancel the invitation to ${invitation.email}`}
                  onClick={() =>
                    void cancel
                      .mutateAsync(invitation.id)
                      .then(() => onMessage(`The invitation to ${invitation.email} was cancelled.`))
                      .catch(() => undefined)
                  }
                >
                  <X aria-hidden="true" className="size-4" />
                  Cancel
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The signed-in person's invitations to teams, to accept or decline; nothing shows when there are none. */
export function MyInvitations({ onMessage }: { onMessage: (message: string) => void }) {
  const mine = useQuery(myInvitationsQuery());
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const headingId = useId();
  const [failure, setFailure] = useState<string>();
  const invitations = mine.data?.data ?? [];
  if (invitations.length === 0) return null;
  const busy = accept.isPending || decline.isPending;

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Invitations to join a team
      </h2>
      <p className="mt-1 text-sm text-slate-700">You join a team only when you accept its invitation.</p>
      <FormAlert message={failure} />
      <ul className="mt-4 flex flex-col gap-3">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900">{invitation.teamName}</p>
              <p className="text-slate-600">
                {runTypeLabel(invitation.runType)} team · {invitation.departmentName ?? 'No department'}
                {invitation.isHybrid ? ' · hybrid' : ''} · captain {invitation.captainName}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <button
                type="button"
                className={buttonClass('primary', 'sm')}
                disabled={busy}
                aria-label={`Accept the invitation to ${invitation.teamName}`}
                onClick={() => {
                  setFailure(undefined);
                  void accept
                    .mutateAsync(invitation.id)
                    .then((team) => onMessage(`You joined ${team.name}.`))
                    .catch((e: unknown) => setFailure(failureText(e, 'The invitation could not be accepted.')));
                }}
              >
                <Check aria-hidden="true" className="size-4" />
                Accept
              </button>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                disabled={busy}
                aria-label={`Decline the invitation to ${invitation.teamName}`}
                onClick={() => {
                  setFailure(undefined);
                  void decline
                    .mutateAsync(invitation.id)
                    .then(() => onMessage(`You declined the invitation to ${invitation.teamName}.`))
                    .catch(() => undefined);
                }}
              >
                <X aria-hidden="true" className="size-4" />
                Decline
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
