/**
 * What a change of a run touches, in one place (docs/decisions/061): for each of a run's streams on
 * the live socket, the query keys whose answers it can change. A live view says which queries it shows;
 * it follows the streams that touch them and reads again those a change touches. The run-order board is
 * the one view that folds events instead: it reads its whole view on a registration itself (decision 043).
 */
import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { displayKeys, eventDayKeys, followingKeys, publicResultKeys, resultKeys } from '../../lib/query-keys.ts';

/** A run's streams: its order (no `stream` on the socket), its results and its registrations. */
export type RunStream = 'run-order' | 'results' | 'registrations';

export const RUN_STREAMS: readonly RunStream[] = ['run-order', 'results', 'registrations'];

/** The live socket's `stream` of each (decisions 021, 030, 043): undefined for the run order. */
export const SOCKET_STREAM: Record<RunStream, string | undefined> = {
  'run-order': undefined,
  results: 'results',
  registrations: 'registrations',
};

/** The run stream of a socket message's `stream`; undefined for one no run view follows. */
export function runStreamOf(stream: string | undefined): RunStream | undefined {
  return RUN_STREAMS.find((s) => SOCKET_STREAM[s] === stream);
}

/** Every run's display view, and every event's: keys of a length that match them all. */
const EVERY_RUN_DISPLAY: QueryKey = ['display', 'run'];
const EVERY_EVENT_DISPLAY: QueryKey = ['display', 'event'];

/** The query keys a change of the run's stream can make wrong (a key matches every key it begins). */
export function keysTouched(stream: RunStream, runId: number): QueryKey[] {
  switch (stream) {
    case 'run-order':
      // The arrangement, the heat on the course and the estimated starts, which chain from each run
      // to the next of the event (decision 047): every run's display, every event's, "my heats".
      // Followed competitors' and departments' heats (decision 067).
      return [EVERY_RUN_DISPLAY, EVERY_EVENT_DISPLAY, resultKeys.timing(runId), eventDayKeys.all, followingKeys.all];
    case 'results':
      // A validated result is a competitor's and a department's public result too (decisions 039, 067).
      return [resultKeys.display(runId), resultKeys.timing(runId), publicResultKeys.all];
    case 'registrations':
      // A cancelled name is hidden and a substitute's shown, in the order and in the results alike
      // (decisions 043, 045); a cancelled entry leaves "my heats".
      return [
        displayKeys.run(runId),
        resultKeys.display(runId),
        resultKeys.timing(runId),
        eventDayKeys.all,
        followingKeys.all,
      ];
  }
}

/** Those of the shown keys that a change of the run's stream touches. */
export function shownKeysTouched(stream: RunStream, runId: number, shown: readonly QueryKey[]): QueryKey[] {
  const touched = keysTouched(stream, runId);
  return shown.filter((key) => touched.some((t) => partialMatchKey(key, t)));
}

/** The run's streams a view showing these keys must follow, in RUN_STREAMS' order. */
export function streamsTouching(runId: number, shown: readonly QueryKey[]): RunStream[] {
  return RUN_STREAMS.filter((stream) => shownKeysTouched(stream, runId, shown).length > 0);
}
