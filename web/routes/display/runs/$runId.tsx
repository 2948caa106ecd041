import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { RunBoard } from '../../../features/display/components/run-board.tsx';
import { DisplayMessage, DisplayScreen, DisplayTitle } from '../../../features/display/components/screen.tsx';
import { useRunDisplay } from '../../../features/display/use-run-display.ts';
import { useWakeLock } from '../../../features/display/use-wake-lock.ts';
import { runTitle } from '../../../features/display/view.ts';
import { parseRouteId } from '../../../lib/route-params.ts';

/**
 * The venue display (/display/runs/{runId}): a big screen at the course, read from afar and never
 * touched. Public: no sign-in. It follows the run order live (the socket says something changed, the
 * view is fetched again) and polls every 30 s in case a change slipped past.
 */
export const Route = createFileRoute('/display/runs/$runId')({
  component: VenueDisplayPage,
});

function VenueDisplayPage() {
  const runId = parseRouteId(Route.useParams().runId);
  const { view, changes, panel, missing, failed, reconnecting } = useRunDisplay(runId);
  useWakeLock();

  useEffect(() => {
    const title = view && !missing ? `${view.runName} · ${view.eventName}` : 'Run order';
    document.title = `${title} · Venue display`;
  }, [view, missing]);

  const title = view && !missing ? runTitle(view) : null;

  return (
    <DisplayScreen
      reconnecting={reconnecting}
      timeZone={view?.timeZone}
      header={
        title && view ? (
          <DisplayTitle eventName={view.eventName} runName={title.name} category={title.category} />
        ) : null
      }
    >
      {missing ? (
        <DisplayMessage
          heading
          testId="display-not-found"
          title="Run not found"
          detail="This run does not exist or was removed. Check the address of this screen."
        />
      ) : view ? (
        <RunBoard view={view} highlight={changes} heatMoved={changes.currentHeat} results={panel} />
      ) : failed ? (
        <DisplayMessage heading testId="display-error" title="Unable to load the run order" detail="Trying again…" />
      ) : (
        <DisplayMessage heading testId="display-loading" title="Loading the run order…" />
      )}
    </DisplayScreen>
  );
}
