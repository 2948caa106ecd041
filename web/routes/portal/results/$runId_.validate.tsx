import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { RecordNotFound } from '../../../components/portal-not-found.tsx';
import { DetailErrorState, LoadingState } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { useLiveRun } from '../../../features/live/use-live-run.ts';
import { ValidationScreen } from '../../../features/results/components/validation-screen.tsx';
import { timingQuery } from '../../../features/results/queries.ts';
import { resultVersions } from '../../../features/results/table.ts';
import { loadRecord, recordIdOf, useRecord, useRouteRetry } from '../../../lib/detail-route.ts';
import { resultKeys } from '../../../lib/query-keys.ts';

/** The validation screen of one run: a second official checks the provisional results heat by heat. */
export const Route = createFileRoute('/portal/results/$runId_/validate')({
  beforeLoad: requireRole('admin'),
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, timingQuery(recordIdOf(params.runId)));
  },
  pendingComponent: () => <LoadingState label="Loading the results to validate" />,
  errorComponent: ValidationError,
  notFoundComponent: () => (
    <RecordNotFound title="Run not found" noun="run" to="/portal/results" linkLabel="See all results" />
  ),
  component: ValidationPage,
});

function Back() {
  return <BackLink to="/portal/results">All results</BackLink>;
}

function ValidationError({ error }: { error: unknown }) {
  const retry = useRouteRetry();
  return <DetailErrorState back={<Back />} title="The results couldn't be loaded." error={error} {...retry} />;
}

function ValidationPage() {
  const runId = recordIdOf(Route.useParams().runId);
  const timing = useRecord(timingQuery(runId));
  const live = useLiveRun(runId, [resultKeys.timing(runId)], {
    audience: 'admin',
    runOrderVersion: timing.data.runOrderVersion,
    resultVersions: () => resultVersions(timing.data),
  });
  return <ValidationScreen view={timing.data} live={live.status} back={<Back />} />;
}
