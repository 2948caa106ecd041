import { useMemo, useRef } from 'react';
import type { ResultsPanel } from '../results-view.ts';
import { useFitToScreen } from '../use-fit.ts';
import { type DisplayView, displayStage } from '../view.ts';
import { ComingUp, type Highlight, NowRunning, OnDeck } from './heats.tsx';
import { ResultsBoard } from './results.tsx';
import { DisplayMessage } from './screen.tsx';

/** One run on the venue screen: the heat on the course, the one on deck, the next few, and its results. */
export function RunBoard({
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
  // The last heat on the course, timed or being timed: its results and the run's standings share the row
  // the heat on deck had, as a projector shows standings at the end of a round.
  if (!stage.onDeck && results) {
    return (
      <div ref={board} className="flex min-h-0 flex-1 flex-col gap-[1.5vmin]">
        <NowRunning heat={stage.now} heatCount={stage.heatCount} highlight={highlight} heatMoved={heatMoved} />
        <ResultsBoard panel={results} wide />
      </div>
    );
  }
  return (
    <div ref={board} className="flex min-h-0 flex-1 flex-col gap-[1.5vmin]">
      <NowRunning heat={stage.now} heatCount={stage.heatCount} highlight={highlight} heatMoved={heatMoved} />
      <div className={`grid min-h-0 flex-1 gap-[1.5vmin] ${lowerColumns(Boolean(results), stage.later.length > 0)}`}>
        <OnDeck
          heat={stage.onDeck}
          heatCount={stage.heatCount}
          highlight={highlight}
          nowPairs={stage.now.pairs.length}
          timeZone={view.timeZone}
        />
        <ComingUp heats={stage.later} heatCount={stage.heatCount} highlight={highlight} />
        {results && <ResultsBoard panel={results} />}
      </div>
    </div>
  );
}

/**
 * The row under "now running": on deck, the heats after it (when there are any) and the last heat's
 * results. A column with nothing to show is left out, so on deck and the results share the width.
 */
function lowerColumns(results: boolean, later: boolean): string {
  if (results && later)
    return 'landscape:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(0,3fr)] portrait:grid-rows-[auto_auto_minmax(0,1fr)]';
  if (results || later) {
    const ratio = results
      ? 'landscape:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]'
      : 'landscape:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]';
    return `${ratio} portrait:grid-rows-[auto_minmax(0,1fr)]`;
  }
  return '';
}
