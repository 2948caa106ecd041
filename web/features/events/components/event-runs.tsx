import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, LogIn, RefreshCw } from 'lucide-react';
import { type ComponentType, Suspense } from 'react';
import type { UserDto } from '../../../../api/contracts/accounts.ts';
import type { PublicEvent } from '../../../../api/contracts/events.ts';
import type { RunDto } from '../../../../api/contracts/runs.ts';
import { venueTimeZone } from '../../../../api/domain/events/time-zone.ts';
import { buttonClass } from '../../../components/button.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { type AuthState, useAuth } from '../../../lib/auth/session.ts';
import { eventRunsQuery } from '../queries.ts';
import { signInSearch, visibleRuns } from '../run-view.ts';
import { RunList } from './run-list.tsx';

/** What a signed-in visitor sees of the runs: the page gives it (the self-service feature's, lazily). */
export type SignedInRuns = ComponentType<{ event: PublicEvent; runs: RunDto[]; user: UserDto }>;

/**
 * The "Runs" section of the public event page: every active run, and what the visitor can do on each.
 * `SignedInRuns` is registering, for signed-in people only: the route loads it in a chunk of its own,
 * never for anonymous visitors, and this feature imports no other (docs/architecture.md).
 */
export function EventRuns({ event, SignedInRuns }: { event: PublicEvent; SignedInRuns: SignedInRuns }) {
  const runs = useQuery(eventRunsQuery(event.id));
  const auth = useAuth();

  return (
    <section aria-labelledby="event-runs-heading" className="mt-10" data-testid="event-runs">
      <h2 id="event-runs-heading" className="text-2xl font-black tracking-tight text-slate-900">
        Runs
      </h2>
      <p className="mt-1 text-slate-600">
        Each run is one format and category. Register a team you captain, or yourself for an individual run.
      </p>
      <div className="mt-5">
        {runs.isPending ? (
          <div className="grid place-items-center py-10">
            <Spinner label="Loading runs" />
          </div>
        ) : runs.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-8 text-center"
          >
            <CircleAlert className="size-8 text-brand-700" aria-hidden="true" />
            <p className="mt-2 font-bold text-slate-900">Unable to load the runs.</p>
            {runs.error.message && <p className="mt-1 text-sm text-slate-600">{runs.error.message}</p>}
            <button
              type="button"
              onClick={() => void runs.refetch()}
              disabled={runs.isFetching}
              className={`${buttonClass('secondary', 'sm')} mt-4`}
            >
              <RefreshCw aria-hidden="true" className={`size-4 ${runs.isFetching ? 'animate-spin' : ''}`} />
              Try again
            </button>
          </div>
        ) : (
          <RunsForVisitor event={event} runs={visibleRuns(runs.data.data)} auth={auth} SignedInRuns={SignedInRuns} />
        )}
      </div>
    </section>
  );
}

function RunsForVisitor({
  event,
  runs,
  auth,
  SignedInRuns,
}: {
  event: PublicEvent;
  runs: RunDto[];
  auth: AuthState;
  SignedInRuns: SignedInRuns;
}) {
  if (runs.length === 0) {
    return (
      <div
        className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
        data-testid="runs-empty"
      >
        <p className="font-bold text-slate-900">No runs announced yet</p>
        <p className="mt-1 text-sm text-slate-600">
          The formats and categories of this event will be listed here. Check back soon.
        </p>
      </div>
    );
  }
  if (auth.isAuthenticated && auth.user) {
    return (
      <Suspense
        fallback={
          <>
            <div className="mb-4 flex justify-center">
              <Spinner label="Loading registration" />
            </div>
            <RunList runs={runs} eventPhase={event.registrationPhase} timeZone={venueTimeZone(event.province)} />
          </>
        }
      >
        <SignedInRuns event={event} runs={runs} user={auth.user} />
      </Suspense>
    );
  }
  // While a stored session is being restored, say nothing rather than flash "Sign in".
  const anonymous = !auth.isLoading;
  return (
    <RunList
      runs={runs}
      eventPhase={event.registrationPhase}
      timeZone={venueTimeZone(event.province)}
      renderActions={(run) =>
        anonymous && run.isOpen ? (
          <Link to="/sign-in" search={signInSearch(event.id)} className={buttonClass('primary', 'sm')}>
            <LogIn aria-hidden="true" className="size-4" />
            Sign in to register<span className="sr-only"> for {run.name}</span>
          </Link>
        ) : null
      }
    />
  );
}
