/**
 * The event-wide venue display (/display/events/{eventId}), pure: which run it shows, or, between
 * runs, what is next (docs/decisions/048). The server names the run on the course (the one whose heat
 * the timing table started last) and the next one; the screen decides when the run on the course is
 * over: its last heat is on the course and every competitor of it has a result.
 */
import type { ResultsDisplay } from '../../../api/contracts/results.ts';
import type { EventDisplay } from '../../../api/contracts/run-orders.ts';
import { type DisplayView, displayStage } from './view.ts';

export type EventDisplayRun = EventDisplay['runs'][number];

export type EventStage =
  /** A run is on the course: its own board. */
  | { kind: 'run'; runId: number }
  /** Before the first run, between two runs, or after the last: what is next, and the last run's results. */
  | { kind: 'between'; lastRunId: number | null; next: EventDisplayRun | null };

/** Whether the run's last heat has run: it is on the course and every named lane has a result. */
export function runOver(
  view: Pick<DisplayView, 'heats' | 'currentHeat'> | undefined,
  results: Pick<ResultsDisplay, 'held' | 'heats'> | undefined,
): boolean {
  if (!view) return false;
  const stage = displayStage(view, 0);
  if (stage.kind === 'finished') return true;
  if (stage.kind !== 'running' || stage.onDeck !== null || !results || results.held) return false;
  const timed = results.heats.find((h) => h.heat === stage.now.heat);
  const named = stage.now.pairs.flatMap((p) => p.lanes).filter((l) => l.name !== null);
  return (
    named.length > 0 &&
    named.every((lane) => timed?.lanes.some((r) => r.position === lane.position && r.outcome !== null) ?? false)
  );
}

/** What the screen shows: the run on the course until it is over, then the next run. */
export function eventStage(
  event: Pick<EventDisplay, 'runningRunId' | 'nextRunId' | 'runs'>,
  runningOver: boolean,
): EventStage {
  const next = event.runs.find((r) => r.runId === event.nextRunId) ?? null;
  if (event.runningRunId !== null && !runningOver) return { kind: 'run', runId: event.runningRunId };
  return { kind: 'between', lastRunId: event.runningRunId, next };
}
