import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { RecordNotFound } from '../../../components/portal-not-found.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { requireRole } from '../../../features/auth/guard.ts';
import { RunOrderBoardScreen } from '../../../features/run-orders/components/run-order-board.tsx';
import { runOrderQuery } from '../../../features/run-orders/queries.ts';
import { useRunOrderBoard } from '../../../features/run-orders/use-run-order-board.ts';
import { isNotFound } from '../../../lib/errors.ts';
import { parseRouteId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/portal/run-orders/$runId')({
  beforeLoad: requireRole('admin'),
  loader: ({ context, params }) => {
    const runId = parseRouteId(params.runId);
    if (runId !== undefined) void context.queryClient.prefetchQuery(runOrderQuery(runId));
  },
  component: RunOrderPage,
});

function RunOrderPage() {
  const runId = parseRouteId(Route.useParams().runId);
  const board = useRunOrderBoard(runId);
  const back = <BackLink to="/portal/run-orders">All run orders</BackLink>;

  if (runId === undefined || isNotFound(board.full.error)) {
    return <RecordNotFound title="Run not found" noun="run" to="/portal/run-orders" linkLabel="See all run orders" />;
  }
  if (board.full.isError && !board.view) {
    return (
      <div>
        <div className="mb-4">{back}</div>
        <ErrorState
          title="The run order couldn't be loaded."
          error={board.full.error}
          onRetry={() => void board.full.refetch()}
          retrying={board.full.isFetching}
        />
      </div>
    );
  }
  if (!board.view || !board.state) return <LoadingState label="Loading the run order" />;
  return <RunOrderBoardScreen runId={runId} board={board} back={back} />;
}
