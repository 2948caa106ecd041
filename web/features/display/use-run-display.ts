import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isNotFound } from '../../lib/errors.ts';
import { displayKeys, resultKeys } from '../../lib/query-keys.ts';
import { useLiveRun } from '../live/use-live-run.ts';
import { resultsDisplayQuery } from '../results/queries.ts';
import { displayQuery } from './queries.ts';
import { resultsPanel } from './results-view.ts';
import { useDisplayChanges } from './use-display-changes.ts';

/**
 * Everything a venue screen shows of one run, live: its order, what changed since the last view (to
 * highlight it), and its results panel (docs/decisions/033). Both views are read again at once when a
 * change of the run touches them (its order, results or registrations: docs/decisions/061). Used by the
 * run's own display and by the event-wide one, which follows one run after another.
 */
export function useRunDisplay(runId: number | undefined) {
  const display = useQuery(displayQuery(runId));
  const results = useQuery(resultsDisplayQuery(runId));
  const live = useLiveRun(runId, [displayKeys.run(runId ?? 0), resultKeys.display(runId ?? 0)], {
    audience: 'public',
    ready: display.data !== undefined,
    runOrderVersion: display.data?.version,
  });
  const changes = useDisplayChanges(display.data);
  const panel = useMemo(() => resultsPanel(results.data), [results.data]);
  const view = display.data;
  const missing = runId === undefined || isNotFound(display.error);
  return {
    view,
    changes,
    panel,
    results: results.data,
    missing,
    failed: display.isError,
    // The socket down, or the last fetch failed while an older view still shows.
    reconnecting: !missing && (live.reconnecting || (view !== undefined && display.isError)),
  };
}
