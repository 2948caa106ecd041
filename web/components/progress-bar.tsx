import { useIsFetching } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';

/** The thin red bar at the top while a page loads or data is being fetched. */
export function ProgressBar() {
  const navigating = useRouterState({ select: (s) => s.status === 'pending' });
  const fetching = useIsFetching() > 0;
  const busy = navigating || fetching;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px] overflow-hidden"
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      aria-busy={busy}
      data-testid="progress-bar"
      data-active={busy}
    >
      <div
        className={`h-full bg-brand-600 transition-opacity duration-300 ${busy ? 'opacity-100 animate-[progress_1.2s_ease-in-out_infinite]' : 'opacity-0'}`}
      />
    </div>
  );
}
