import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { ComingUp, type Highlight, NowRunning, OnDeck } from '../../../features/display/components/heats.tsx';
import { ResultsBoard } from '../../../features/display/components/results.tsx';
import { DisplayMessage, DisplayScreen, DisplayTitle } from '../../../features/display/components/screen.tsx';
import { displayQuery } from '../../../features/display/queries.ts';
import { type ResultsPanel, resultsPanel } from '../../../features/display/results-view.ts';
import { useDisplayChanges } from '../../../features/display/use-display-changes.ts';
import { useFitToScreen } from '../../../features/display/use-fit.ts';
import { useLiveDisplay } from '../../../features/display/use-live-display.ts';
import { useWakeLock } from '../../../features/display/use-wake-lock.ts';
import { type DisplayView, displayStage, runTitle } from '../../../features/display/view.ts';
import { resultKeys, resultsDisplayQuery } from '../../../features/results/queries.ts';
import { useLiveResults } from '../../../features/results/use-live-results.ts';
import { isNotFound } from '../../../lib/errors.ts';
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
  const display = useQuery(displayQuery(runId));
  const live = useLiveDisplay(runId, display.data?.version);
  const changes = useDisplayChanges(display.data);
  // The results part follows the run's results on its own subscription (docs/decisions/033).
  const results = useQuery(resultsDisplayQuery(runId));
  useLiveResults(runId, [resultKeys.display(runId ?? 0)], { audience: 'public' });
  const panel = useMemo(() => resultsPanel(results.data), [results.data]);
  useWakeLock();

  const view = display.data;
  const missing = runId === undefined || isNotFound(display.error);
  useEffect(() => {
    const title = view && !missing ? `${view.runName} · ${view.eventName}` : 'Run order';
    document.title = `${title} · Venue display`;
  }, [view, missing]);

  // The socket down, or the last fetch failed while an older view still shows.
  const reconnecting = !missing && (live.reconnecting || (view !== undefined && display.isError));
  const title = view && !missing ? runTitle(view) : null;

  return (
    <DisplayScreen
      reconnecting={reconnecting}
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
        <Board view={view} highlight={changes} heatMoved={changes.currentHeat} results={panel} />
      ) : display.isError ? (
        <DisplayMessage heading testId="display-error" title="Unable to load the run order" detail="Trying again…" />
      ) : (
        <DisplayMessage heading testId="display-loading" title="Loading the run order…" />
      )}
    </DisplayScreen>
  );
}

function Board({
  view,
  highlight,
  heatMoved,
  results,
}: {
  view: DisplayView;
  highlight: Highlight;
  heatMoved: boolean;
  results: ResultsPanel | null;
}) {
  const stage = displayStage(view);
  const board = useRef<HTMLDivElement>(null);
  const fitted = useMemo(() => ({ view, results }), [view, results]);
  useFitToScreen(board, fitted);
  if (stage.kind === 'coming-soon') {
    return (
      <DisplayMessage
        testId="display-coming-soon"
        title="Run order coming soon"
        detail="The heats will show here as soon as the run order is published."
      />
    );
  }
  if (stage.kind === 'finished') {
    const message = (
      <DisplayMessage
        testId="display-finished"
        title="All heats have run"
        detail={`${stage.heatCount} ${stage.heatCount === 1 ? 'heat' : 'heats'} completed. Thank you!`}
      />
    );
    if (!results) return message;
    return (
      <div ref={board} className="grid min-h-0 flex-1 gap-[1.5vmin] landscape:grid-cols-2">
        {message}
        <ResultsBoard panel={results} />
      </div>
    );
  }
  return (
    <div ref={board} className="flex min-h-0 flex-1 flex-col gap-[1.5vmin]">
      <NowRunning heat={stage.now} heatCount={stage.heatCount} highlight={highlight} heatMoved={heatMoved} />
      <div
        className={`grid min-h-0 flex-1 gap-[1.5vmin] ${
          results
            ? 'landscape:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(0,3fr)] portrait:grid-rows-[auto_auto_minmax(0,1fr)]'
            : 'landscape:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] portrait:grid-rows-[auto_minmax(0,1fr)]'
        }`}
      >
        <OnDeck
          heat={stage.onDeck}
          heatCount={stage.heatCount}
          highlight={highlight}
          nowPairs={stage.now.pairs.length}
        />
        <ComingUp heats={stage.later} heatCount={stage.heatCount} highlight={highlight} />
        {results && <ResultsBoard panel={results} />}
      </div>
    </div>
  );
}
