import { useSortable } from '@dnd-kit/sortable';
import { GripVertical, Lock, LockOpen, TriangleAlert, UserCog, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PresenceViewer } from '../../../../api/contracts/live.ts';
import { ENTRANT_MARK_LABELS } from '../../../../api/domain/run-orders/events.ts';
import { formatTime } from '../../../../api/domain/times.ts';
import { type BoardLane, entryLabel, flagLabel } from '../board-view.ts';
import { type DragItem, dragId } from '../dnd.ts';

const iconButton =
  'inline-grid size-8 place-items-center rounded-lg text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

export interface LaneControls {
  onToggleLock: (lane: BoardLane) => void;
  onRemove: (lane: BoardLane) => void;
  /** Event-day actions on a placed entrant: scratch, no-show, reinstate, substitute. */
  onEntrant?: (lane: BoardLane) => void;
}

interface LaneViewProps {
  lane: BoardLane;
  /** The drag handle, or a spacer on a read-only board. */
  handle?: ReactNode;
  controls?: LaneControls & { orderLocked: boolean };
  /** Other admins dragging this position now. */
  movers?: PresenceViewer[];
  isOver?: boolean;
  /** Something is held over this lane that it refuses (it is locked): said on the lane while hovering. */
  refusing?: boolean;
  isDragging?: boolean;
  nodeRef?: (node: HTMLElement | null) => void;
  /** A refusal of a drop that ended here, shown next to the card. */
  note?: ReactNode;
}

/** One lane of a pair: its position, who runs there, locks and removal. */
export function LaneView({
  lane,
  handle,
  controls,
  movers = [],
  isOver = false,
  refusing = false,
  isDragging = false,
  nodeRef,
  note,
}: LaneViewProps) {
  const { entry } = lane;
  const flag = lane.flagged ? flagLabel(entry) : undefined;
  const seed = formatTime(entry?.seedTimeMs);
  const details = entry ? [entry.departmentName, entry.category].filter(Boolean).join(' · ') : '';
  const border = refusing
    ? 'border-red-600 bg-red-50 ring-2 ring-red-600'
    : isOver
      ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600'
      : movers.length > 0
        ? 'border-amber-400 ring-2 ring-amber-400'
        : lane.flagged
          ? 'border-amber-300 bg-amber-50'
          : lane.locked
            ? 'border-slate-300 bg-slate-100'
            : 'border-slate-200 bg-white';
  return (
    <div
      ref={nodeRef}
      data-testid={`position-${lane.position}`}
      data-registration-id={lane.registrationId ?? undefined}
      className={`flex min-w-0 items-start gap-1.5 rounded-xl border p-2 transition-colors ${border} ${isDragging ? 'opacity-40' : ''}`}
    >
      {handle}
      <div className="min-w-0 flex-1 py-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span
            className="grid h-6 min-w-6 place-items-center rounded-full bg-slate-900 px-1.5 text-xs font-bold text-white"
            aria-hidden="true"
          >
            {lane.position}
          </span>
          <span className="text-xs font-semibold uppercase tracking-wider text-slate-600">
            <span className="sr-only">Position {lane.position}, </span>
            {lane.lane === 'left' ? 'Left lane' : 'Right lane'}
          </span>
          {lane.locked && (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-slate-700">
              <Lock aria-hidden="true" className="size-3" />
              {lane.lockedVia === 'pair' ? 'Pair locked' : 'Locked'}
            </span>
          )}
          {lane.mark && (
            <span
              data-testid={`mark-${lane.position}`}
              className="inline-flex items-center rounded-full bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white"
            >
              {ENTRANT_MARK_LABELS[lane.mark]} · DNS
            </span>
          )}
          {flag && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <TriangleAlert aria-hidden="true" className="size-3" />
              {flag}: remove
            </span>
          )}
        </div>
        {entry ? (
          <>
            <p className="mt-1 flex items-baseline gap-2">
              <span
                className={`min-w-0 flex-1 break-words font-bold leading-snug ${lane.mark ? 'text-slate-500 line-through' : 'text-slate-900'}`}
              >
                {entry.name}
              </span>
              {seed && (
                <span className="shrink-0 text-sm font-semibold tabular-nums text-slate-700">
                  <span className="sr-only">seed time </span>
                  {seed}
                </span>
              )}
            </p>
            <p className="truncate text-sm text-slate-600" title={details}>
              {details}
            </p>
          </>
        ) : lane.registrationId !== null ? (
          <p className="mt-1 font-semibold text-slate-700">Registration {lane.registrationId}</p>
        ) : (
          <p className="mt-1 text-sm italic text-slate-500">Empty</p>
        )}
        {movers.length > 0 && (
          <p className="mt-1 text-xs font-semibold text-amber-800">
            {movers.map((m) => m.name).join(', ')} moving this
          </p>
        )}
        {refusing && (
          <p className="mt-1 text-xs font-semibold text-red-800" data-testid="drop-refused">
            Locked: nothing can be dropped here
          </p>
        )}
        {note}
      </div>
      {controls && (
        <div className="flex shrink-0 items-center">
          <button
            type="button"
            className={`${iconButton} ${lane.locked ? 'bg-slate-800 text-white hover:bg-slate-700 hover:text-white' : ''}`}
            aria-label={lane.locked ? `Unlock position ${lane.position}` : `Lock position ${lane.position}`}
            title={
              lane.lockedVia === 'pair'
                ? 'Locked with its pair: unlock the pair'
                : lane.locked
                  ? `Unlock position ${lane.position}`
                  : `Lock position ${lane.position}`
            }
            disabled={lane.lockedVia === 'pair'}
            onClick={() => controls.onToggleLock(lane)}
          >
            {lane.locked ? (
              <Lock aria-hidden="true" className="size-4" />
            ) : (
              <LockOpen aria-hidden="true" className="size-4" />
            )}
          </button>
          {lane.registrationId !== null && controls.onEntrant && (
            <button
              type="button"
              className={iconButton}
              aria-label={`Scratch, no-show or substitute ${entryLabel(entry, `registration ${lane.registrationId}`)}, position ${lane.position}`}
              title="Scratch, no-show, substitute"
              onClick={() => controls.onEntrant?.(lane)}
            >
              <UserCog aria-hidden="true" className="size-4" />
            </button>
          )}
          {lane.registrationId !== null && (
            <button
              type="button"
              className={iconButton}
              aria-label={`Remove ${entryLabel(entry, `registration ${lane.registrationId}`)} from position ${lane.position}`}
              title="Take out of the order"
              disabled={lane.locked || controls.orderLocked}
              onClick={() => controls.onRemove(lane)}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** A lane that can be dragged (by its handle) and dropped on. */
export function SortableLane({
  lane,
  orderLocked,
  activeKind,
  controls,
  movers,
  note,
}: {
  lane: BoardLane;
  orderLocked: boolean;
  activeKind: DragItem['kind'] | null;
  controls: LaneControls;
  movers: PresenceViewer[];
  note?: ReactNode;
}) {
  const canDrag = !orderLocked && !lane.locked && !lane.held && lane.registrationId !== null;
  // A locked lane stays a drop target, so a drop on it is refused there (and sends nothing) instead of
  // landing on the nearest open lane.
  const sortable = useSortable({
    id: dragId({ kind: 'position', position: lane.position }),
    disabled: { draggable: !canDrag, droppable: orderLocked || activeKind === 'heat' },
  });
  const over = sortable.isOver && !sortable.isDragging;
  const who = entryLabel(
    lane.entry,
    lane.registrationId === null ? 'empty position' : `registration ${lane.registrationId}`,
  );
  const handle = canDrag ? (
    <button
      type="button"
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={`Move ${who}, position ${lane.position}`}
      className="mt-0.5 inline-grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 active:cursor-grabbing"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  ) : (
    <span aria-hidden="true" className="mt-0.5 inline-grid size-8 shrink-0 place-items-center text-slate-300">
      {lane.locked ? <Lock className="size-4" /> : null}
    </span>
  );
  return (
    <LaneView
      lane={lane}
      handle={handle}
      controls={{ ...controls, orderLocked }}
      movers={movers}
      isOver={over && !lane.locked}
      refusing={over && lane.locked}
      isDragging={sortable.isDragging}
      nodeRef={sortable.setNodeRef}
      note={note}
    />
  );
}
