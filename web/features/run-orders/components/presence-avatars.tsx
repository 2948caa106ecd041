import type { PresenceViewer } from '../../../../api/contracts/live.ts';
import { nameInitials } from '../format.ts';

/** What a viewer is doing, in words: 'moving position 4'. */
export function viewerActivity(viewer: PresenceViewer): string | undefined {
  if (!viewer.dragging) return undefined;
  return viewer.dragging.kind === 'heat'
    ? `moving heat ${viewer.dragging.number}`
    : `moving position ${viewer.dragging.number}`;
}

const COLOURS = ['bg-sky-700', 'bg-emerald-700', 'bg-violet-700', 'bg-amber-700', 'bg-rose-700', 'bg-teal-700'];
export const viewerColour = (userId: number): string => COLOURS[userId % COLOURS.length] ?? 'bg-slate-700';

/** The other admins on this board, as initials with their name on hover and for screen readers. */
export function PresenceAvatars({ viewers }: { viewers: PresenceViewer[] }) {
  if (viewers.length === 0) {
    return <p className="text-xs text-slate-500">No other admin is on this board.</p>;
  }
  return (
    <ul aria-label="Also on this board" className="flex items-center -space-x-1.5">
      {viewers.map((viewer) => {
        const activity = viewerActivity(viewer);
        const label = activity ? `${viewer.name}, ${activity}` : viewer.name;
        return (
          <li key={viewer.userId} className="group relative" title={label}>
            <span
              aria-hidden="true"
              className={`grid size-8 place-items-center rounded-full text-xs font-bold text-white ring-2 ${activity ? 'ring-amber-400' : 'ring-white'} ${viewerColour(viewer.userId)}`}
            >
              {nameInitials(viewer.name)}
            </span>
            <span className="sr-only">{label}</span>
            <span
              aria-hidden="true"
              className="pointer-events-none absolute left-1/2 top-full z-20 mt-2 hidden -translate-x-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow group-hover:block"
            >
              {label}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
