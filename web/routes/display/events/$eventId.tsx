import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NextRun } from '../../../features/display/components/next-run.tsx';
import { RunBoard } from '../../../features/display/components/run-board.tsx';
import { DisplayMessage, DisplayScreen, DisplayTitle } from '../../../features/display/components/screen.tsx';
import { eventStage, runOver } from '../../../features/display/event-view.ts';
import { displayQuery, eventDisplayQuery } from '../../../features/display/queries.ts';
import { useRunDisplay } from '../../../features/display/use-run-display.ts';
import { useWakeLock } from '../../../features/display/use-wake-lock.ts';
import { runTitle } from '../../../features/display/view.ts';
import { useLiveRuns } from '../../../features/live/use-live-runs.ts';
import { isNotFound } from '../../../lib/errors.ts';
import { displayKeys } from '../../../lib/query-keys.ts';
import { parseRouteId } from '../../../lib/route-params.ts';

/**
 * The event-wide venue display (/display/events/{eventId}): one address for the whole day. It shows
 * the run the timing table is running now, and between runs what is next with its estimated start and
 * the last heat's times (docs/decisions/048). Public, live: a change of any run of the event reads again
 * what it touches (docs/decisions/061).
 */
export const Route = createFileRoute('/display/events/$eventId')({
  component: EventDisplayPage,
});

function EventDisplayPage() {
  const eventId = parseRouteId(Route.useParams().eventId);
  const event = useQuery(eventDisplayQuery(eventId));
  const running = useRunDisplay(event.data?.runningRunId ?? undefined);
  const over = runOver(running.view, running.results);
  const stage = event.data ? eventStage(event.data, over) : null;
  const nextRunId = stage?.kind === 'between' ? (stage.next?.runId ?? undefined) : undefined;
  const next = useQuery(displayQuery(nextRunId));
  // Every run's order (which one is on the course, the estimates that chain through the day) and, between
  // runs, the next one's first heat; the running run is kept live by useRunDisplay.
  const live = useLiveRuns(event.data?.runs, [
    displayKeys.event(eventId ?? 0),
    ...(nextRunId === undefined ? [] : [displayKeys.run(nextRunId)]),
  ]);
  useWakeLock();

  const missing = eventId === undefined || isNotFound(event.error);
  const eventName = event.data?.eventName ?? null;
  const followed = stage?.kind === 'run' ? running.view : undefined;
  const title = followed ? runTitle(followed) : null;
  useEffect(() => {
    document.title = `${title ? `${title.name} · ` : ''}${eventName ?? 'Event'} · Venue display`;
  }, [title, eventName]);

  return (
    <DisplayScreen
      timeZone={event.data?.timeZone}
      reconnecting={!missing && (live.reconnecting || running.reconnecting || (!!event.data && event.isError))}
      header={
        eventName ? (
          <DisplayTitle eventName={eventName} runName={title?.name ?? 'Up next'} category={title?.category ?? null} />
        ) : null
      }
    >
      {missing ? (
        <DisplayMessage
          heading
          testId="display-not-found"
          title="Event not found"
          detail="This event does not exist or is not public. Check the address of this screen."
        />
      ) : !stage ? (
        event.isError ? (
          <DisplayMessage heading testId="display-error" title="Unable to load the event" detail="Trying again…" />
        ) : (
          <DisplayMessage heading testId="display-loading" title="Loading the event…" />
        )
      ) : stage.kind === 'run' && running.view ? (
        <RunBoard
          view={running.view}
          highlight={running.changes}
          heatMoved={running.changes.currentHeat}
          results={running.panel}
        />
      ) : stage.kind === 'run' ? (
        <DisplayMessage heading testId="display-loading" title="Loading the run order…" />
      ) : (
        <NextRun
          next={stage.next}
          nextView={next.data}
          results={stage.lastRunId === null ? null : running.panel}
          timeZone={event.data?.timeZone}
        />
      )}
    </DisplayScreen>
  );
}
