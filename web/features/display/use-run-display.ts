import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isNotFound } from '../../lib/errors.ts';
import { resultKeys, resultsDisplayQuery } from '../results/queries.ts';
import { useLiveResults } from '../results/use-live-results.ts';
import { displayQuery } from './queries.ts';
import { resultsPanel } from './results-view.ts';
import { useDisplayChanges } from './use-display-changes.ts';
import { useLiveDisplay } from './use-live-display.ts';

/**
 * Everything a venue screen shows of one run, live: its order (refetched on each live event), what
 * changed since the last view (to highlight it), and its results panel (docs/decisions/033). Used by
 * the run's own display and by the event-wide one, which follows one run after another.
 */
export function useRunDisplay(runId: number | undefined) {
  const display = useQuery(displayQuery(runId));
  const live = useLiveDisplay(runId, display.data?.version);
  const changes = useDisplayChanges(display.data);
  const results = useQuery(resultsDisplayQuery(runId));
  useLiveResults(runId, [resultKeys.display(runId ?? 0)], { audience: 'public' });
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
