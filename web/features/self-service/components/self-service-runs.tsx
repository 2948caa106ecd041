import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, CircleAlert, RefreshCw, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import type { PublicEvent } from '../../../../api/contracts/events.ts';
import type { RegistrationDto } from '../../../../api/contracts/registrations.ts';
import type { RunDto } from '../../../../api/contracts/runs.ts';
import { venueTimeZone } from '../../../../api/domain/events/time-zone.ts';
import { buttonClass } from '../../../components/button.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { hasRole } from '../../../lib/auth/session.ts';
import { RunList } from '../../events/components/run-list.tsx';
import { type EntrantOption, type Me, runActionsFor } from '../actions.ts';
import { cancelledMessage, noOptionText } from '../messages.ts';
import { myRegistrationsQuery, myTeamsQuery } from '../queries.ts';
import { CancelRegistrationDialog } from './cancel-dialog.tsx';
import { RegisterDialog } from './register-dialog.tsx';
import { RegistrationStatus } from './registration-status.tsx';

type Focus = { kind: 'registration'; id: number } | { kind: 'notice'; runId: number } | undefined;

/**
 * The runs of the public event page for a signed-in person (loaded lazily, see event-runs.tsx): on
 * each run their standing and "Cancel registration", or "Register" with whom they may enter.
 */
export default function SelfServiceRuns({ event, runs, user }: { event: PublicEvent; runs: RunDto[]; user: UserDto }) {
  const me: Me = { id: user.id, firstName: user.firstName, lastName: user.lastName, isAdmin: hasRole(user, 'admin') };
  const registrations = useQuery(myRegistrationsQuery(user.id));
  const teams = useQuery(myTeamsQuery(user.id));
  const [registering, setRegistering] = useState<{ run: RunDto; options: EntrantOption[] }>();
  const [cancelling, setCancelling] = useState<RegistrationDto>();
  const [notice, setNotice] = useState<{ runId: number; text: string }>();
  const [focus, setFocus] = useState<Focus>();

  if (registrations.isPending || teams.isPending) {
    return (
      <>
        <div className="mb-4 flex justify-center">
          <Spinner label="Loading your registrations" />
        </div>
        <RunList runs={runs} eventPhase={event.registrationPhase} timeZone={venueTimeZone(event.province)} />
      </>
    );
  }

  if (registrations.isError || teams.isError) {
    const failure: unknown = registrations.error ?? teams.error;
    const reason = failure instanceof Error ? failure.message : undefined;
    const retrying = registrations.isFetching || teams.isFetching;
    return (
      <>
        <div
          role="alert"
          className="mb-4 flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-brand-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2 text-sm">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="font-bold">Unable to load your registrations and teams.</span> {reason}
            </span>
          </p>
          <button
            type="button"
            onClick={() => {
              void registrations.refetch();
              void teams.refetch();
            }}
            disabled={retrying}
            className={`${buttonClass('secondary', 'sm')} shrink-0`}
          >
            <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
            Try again
          </button>
        </div>
        <RunList runs={runs} eventPhase={event.registrationPhase} timeZone={venueTimeZone(event.province)} />
      </>
    );
  }

  return (
    <>
      <RunList
        runs={runs}
        eventPhase={event.registrationPhase}
        timeZone={venueTimeZone(event.province)}
        renderActions={(run) => {
          const actions = runActionsFor(run, me, registrations.data, teams.data);
          const runNotice = notice?.runId === run.id ? notice.text : undefined;
          const showNoTeam = actions.reason === 'no-team';
          if (actions.held.length === 0 && actions.options.length === 0 && !showNoTeam && !runNotice) return null;
          const hasStanding = actions.held.length > 0 || runNotice !== undefined;
          return (
            <div>
              <div role="status" className="space-y-3">
                {actions.held.map((entry) => (
                  <RegistrationStatus
                    key={entry.registration.id}
                    entry={entry}
                    focus={focus?.kind === 'registration' && focus.id === entry.registration.id}
                    onCancel={() => setCancelling(entry.registration)}
                  />
                ))}
                {runNotice && <Notice text={runNotice} focus={focus?.kind === 'notice' && focus.runId === run.id} />}
              </div>
              {actions.options.length > 0 && (
                <button
                  type="button"
                  onClick={() => setRegistering({ run, options: actions.options })}
                  className={`${buttonClass('primary', 'sm')} ${hasStanding ? 'mt-3' : ''}`}
                >
                  <UserPlus aria-hidden="true" className="size-4" />
                  {actions.held.length > 0 ? 'Register another entry' : 'Register'}
                  <span className="sr-only"> for {run.name}</span>
                </button>
              )}
              {showNoTeam && (
                <p className={`text-sm text-slate-600 ${hasStanding ? 'mt-3' : ''}`}>
                  {noOptionText('no-team', run.type)}{' '}
                  <Link
                    to="/portal/teams"
                    className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    Manage your teams
                  </Link>
                </p>
              )}
            </div>
          );
        }}
      />
      <RegisterDialog
        run={registering?.run}
        options={registering?.options ?? []}
        userId={user.id}
        onClose={() => setRegistering(undefined)}
        onRegistered={(registration) => {
          setRegistering(undefined);
          setNotice(undefined);
          setFocus({ kind: 'registration', id: registration.id });
        }}
      />
      <CancelRegistrationDialog
        registration={cancelling}
        userId={user.id}
        onClose={() => setCancelling(undefined)}
        onCancelled={(registration) => {
          setCancelling(undefined);
          setNotice({ runId: registration.runId, text: cancelledMessage(registration) });
          setFocus({ kind: 'notice', runId: registration.runId });
        }}
      />
    </>
  );
}

/** What just happened on a run (a cancellation), where the person's focus lands. */
function Notice({ text, focus }: { text: string; focus: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The cancelled standing (and its button, which had the focus) is gone: continue from here.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
      {text}
    </p>
  );
}
