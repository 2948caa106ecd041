import { venueHeatTime } from '../clock.ts';
import type { EventDisplayRun } from '../event-view.ts';
import type { ResultsPanel } from '../results-view.ts';
import { type DisplayView, displayStage, runTitle } from '../view.ts';
import { OnDeck } from './heats.tsx';
import { ResultsBoard } from './results.tsx';
import { DisplayMessage } from './screen.tsx';

const NO_HIGHLIGHT = { positions: new Set<number>(), token: 0 };

/**
 * Between runs on the event-wide screen: the next run in big type with its estimated start and its
 * first heat (who should come to the start), beside the last run's results.
 */
export function NextRun({
  next,
  nextView,
  results,
  timeZone,
}: {
  next: EventDisplayRun | null;
  nextView: DisplayView | undefined;
  results: ResultsPanel | null;
  /** The venue's (the event display's): the estimated start is told in it. */
  timeZone: string | undefined;
}) {
  if (!next) {
    const message = (
      <DisplayMessage
        testId="display-day-over"
        title={results ? 'That was the last run' : 'No run on the course yet'}
        detail={results ? 'Thank you for coming!' : 'The runs will show here as the day goes on.'}
      />
    );
    if (!results) return message;
    return (
      <div className="grid min-h-0 flex-1 gap-[1.5vmin] landscape:grid-cols-2">
        {message}
        <ResultsBoard panel={results} />
      </div>
    );
  }
  const title = runTitle(next);
  const stage = nextView ? displayStage(nextView) : null;
  const first = stage?.kind === 'running' ? stage : null;
  return (
    <div
      className={`grid min-h-0 flex-1 gap-[1.5vmin] ${results ? 'landscape:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''}`}
    >
      <div className="flex min-w-0 flex-col gap-[1.5vmin]">
        <section
          aria-labelledby="next-run"
          className="rounded-[1.6vmin] border-l-[1vmin] border-sky-400 bg-slate-900 p-[2vmin]"
          data-testid="next-run"
          data-run-id={next.runId}
        >
          <h2 id="next-run" className="text-[3.2vmin] font-black uppercase tracking-[0.12em] text-sky-400">
            Next run
          </h2>
          <p className="mt-[1vmin] text-[7vmin] font-black leading-tight tracking-tight text-white">
            {title.name}
            {title.category && <span className="text-amber-300"> · {title.category}</span>}
          </p>
          <p className="mt-[1vmin] text-[4.4vmin] font-bold text-slate-200 tabular-nums" data-testid="next-run-start">
            {next.estimatedStart ? `Estimated start ${venueHeatTime(next.estimatedStart, timeZone)}` : 'Starting soon'}
          </p>
        </section>
        {first && (
          <OnDeck
            heat={first.now}
            heatCount={first.heatCount}
            highlight={NO_HIGHLIGHT}
            nowPairs={first.now.pairs.length}
            timeZone={timeZone}
          />
        )}
      </div>
      {results && <ResultsBoard panel={results} />}
    </div>
  );
}
