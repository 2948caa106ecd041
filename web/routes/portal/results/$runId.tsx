import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { RecordNotFound } from '../../../components/portal-not-found.tsx';
import { DetailErrorState, LoadingState } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { TimingTableScreen } from '../../../features/results/components/timing-table.tsx';
import { timingQuery } from '../../../features/results/queries.ts';
import { useTimingTable } from '../../../features/results/use-timing-table.ts';
import { loadRecord, recordIdOf, useRouteRetry } from '../../../lib/detail-route.ts';

/** The timing table of one run (docs/decisions/033-timing-table-entry.md). */
export const Route = createFileRoute('/portal/results/$runId')({
  beforeLoad: requireRole('admin'),
  loader: async ({ context, params }) => {
    await loadRecord(context.queryClient, timingQuery(recordIdOf(params.runId)));
  },
  pendingComponent: () => <LoadingState label="Loading the timing table" />,
  errorComponent: TimingError,
  notFoundComponent: () => (
    <RecordNotFound title="Run not found" noun="run" to="/portal/results" linkLabel="See all results" />
  ),
  component: TimingPage,
});

function Back() {
  return <BackLink to="/portal/results">All results</BackLink>;
}

function TimingError({ error }: { error: unknown }) {
  const retry = useRouteRetry();
  return <DetailErrorState back={<Back />} title="The timing table couldn't be loaded." error={error} {...retry} />;
}

function TimingPage() {
  const runId = recordIdOf(Route.useParams().runId);
  const table = useTimingTable(runId);
  return <TimingTableScreen table={table} back={<Back />} />;
}
