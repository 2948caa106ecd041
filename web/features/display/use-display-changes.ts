import { useState } from 'react';
import { type DisplayChanges, type DisplayView, displayChanges, NO_CHANGES } from './view.ts';

/**
 * What changed since the previous view the screen showed, with a counter that moves on every new view
 * (so the same lane changing twice flashes twice). Kept from render to render, not synchronised in an
 * effect: a new view is compared with the last one as it arrives.
 */
export function useDisplayChanges(view: DisplayView | undefined): DisplayChanges & { token: number } {
  const [seen, setSeen] = useState<{ view: DisplayView | undefined; changes: DisplayChanges; token: number }>({
    view,
    changes: NO_CHANGES,
    token: 0,
  });
  if (seen.view !== view) {
    const sameRun = seen.view !== undefined && view !== undefined && seen.view.runId === view.runId;
    const next = {
      view,
      changes: view && sameRun ? displayChanges(seen.view, view) : NO_CHANGES,
      token: seen.token + 1,
    };
    setSeen(next);
    return { ...next.changes, token: next.token };
  }
  return { ...seen.changes, token: seen.token };
}
