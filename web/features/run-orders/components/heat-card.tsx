import { SortableContext, useSortable } from '@dnd-kit/sortable';
import { GripVertical, Lock, LockOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PresenceViewer } from '../../../../api/contracts/live.ts';
import type { NoticeAnchor } from '../board-state.ts';
import type { BoardHeat, BoardPair } from '../board-view.ts';
import { type DragItem, dragId } from '../dnd.ts';
import { type LaneControls, LaneView, SortableLane } from './lane-card.tsx';

/** No item shifts while dragging: locked positions stay put, so the drop target is highlighted instead. */
export const noShift = () => null;

export interface HeatControls extends LaneControls {
  onTogglePairLock: (pair: BoardPair) => void;
}

interface HeatFrameProps {
  heat: BoardHeat;
  currentHeat: number;
  handle?: ReactNode;
  movers?: PresenceViewer[];
  isOver?: boolean;
  isDragging?: boolean;
  nodeRef?: (node: HTMLElement | null) => void;
  note?: ReactNode;
  children: ReactNode;
}

/** A heat: its number, whether it is on the course, and its pairs. */
function HeatFrame({
  heat,
  currentHeat,
  handle,
  movers = [],
  isOver = false,
  isDragging = false,
  nodeRef,
  note,
  children,
}: HeatFrameProps) {
  const titleId = `heat-${heat.heat}-title`;
  const running = heat.heat === currentHeat;
  const ring = isOver
    ? 'ring-2 ring-brand-600 border-brand-600'
    : movers.length > 0
      ? 'ring-2 ring-amber-400 border-amber-400'
      : running
        ? 'border-brand-600'
        : 'border-slate-200';
  return (
    <section
      ref={nodeRef}
      aria-labelledby={titleId}
      data-testid={`heat-${heat.heat}`}
      className={`rounded-2xl border bg-white p-2.5 shadow-sm sm:p-3 ${ring} ${isDragging ? 'opacity-40' : ''}`}
    >
      <div className="flex flex-wrap items-center gap-2 px-0.5 pb-2">
        {handle}
        <h2 id={titleId} className="text-base font-extrabold text-slate-900">
          Heat {heat.heat}
        </h2>
        {running && (
          <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Now running</span>
        )}
        {heat.heat < currentHeat && (
          <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Done</span>
        )}
        {movers.length > 0 && (
          <span className="text-xs font-semibold text-amber-800">
            {movers.map((m) => m.name).join(', ')} moving this heat
          </span>
        )}
      </div>
      {note}
      <ol aria-label={`Pairs of heat ${heat.heat}`} className="flex flex-col gap-2">
        {children}
      </ol>
    </section>
  );
}

function PairFrame({ pair, control, children }: { pair: BoardPair; control?: ReactNode; children: ReactNode }) {
  return (
    <li className="rounded-xl bg-slate-50 p-1.5 sm:p-2" data-testid={`pair-${pair.pair}`}>
      <div className="flex items-center justify-between gap-2 px-1 pb-1.5">
        <span className="text-xs font-semibold uppercase tracking-wider text-slate-600">
          Pair {pair.pair}
          {pair.locked && <span className="normal-case tracking-normal"> · locked</span>}
        </span>
        {control}
      </div>
      <div className="grid gap-2 sm:grid-cols-2">{children}</div>
    </li>
  );
}

/** A heat on the live board: dragged by its handle, dropped on another heat; its lanes sortable. */
export function SortableHeat({
  heat,
  currentHeat,
  orderLocked,
  activeKind,
  controls,
  viewers,
  noteAt,
}: {
  heat: BoardHeat;
  currentHeat: number;
  orderLocked: boolean;
  activeKind: DragItem['kind'] | null;
  controls: HeatControls;
  viewers: PresenceViewer[];
  /** The refusal of a drop that ended on this heat or one of its positions, if any. */
  noteAt?: (anchor: NoticeAnchor) => ReactNode;
}) {
  const canDrag = !orderLocked && !heat.hasLocks && !heat.held;
  // A heat with locks stays a drop target: a drop on it is refused there by the shared rules.
  const sortable = useSortable({
    id: dragId({ kind: 'heat', heat: heat.heat }),
    disabled: { draggable: !canDrag, droppable: activeKind !== 'heat' || orderLocked },
  });
  const movers = viewers.filter((v) => v.dragging?.kind === 'heat' && v.dragging.number === heat.heat);
  const handle = (
    <button
      type="button"
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      disabled={!canDrag}
      aria-label={`Move heat ${heat.heat}`}
      title={
        heat.held
          ? `Heat ${heat.heat} is on the course or has run: it stays where it is`
          : heat.hasLocks
            ? 'A heat with locked positions stays where it is'
            : orderLocked
              ? 'The order is locked'
              : `Move heat ${heat.heat}`
      }
      className="inline-grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-lg border border-slate-200 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-40"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  );
  return (
    <HeatFrame
      heat={heat}
      currentHeat={currentHeat}
      handle={handle}
      movers={movers}
      isOver={sortable.isOver && !sortable.isDragging}
      isDragging={sortable.isDragging}
      nodeRef={sortable.setNodeRef}
      note={noteAt?.({ kind: 'heat', number: heat.heat })}
    >
      <SortableContext
        items={heat.pairs.flatMap((pair) =>
          pair.lanes.map((lane) => dragId({ kind: 'position', position: lane.position })),
        )}
        strategy={noShift}
      >
        {heat.pairs.map((pair) => (
          <PairFrame
            key={pair.pair}
            pair={pair}
            control={
              <button
                type="button"
                aria-label={pair.locked ? `Unlock pair ${pair.pair}` : `Lock pair ${pair.pair}`}
                title={pair.locked ? `Unlock pair ${pair.pair}` : `Lock pair ${pair.pair}`}
                onClick={() => controls.onTogglePairLock(pair)}
                className={`inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 ${
                  pair.locked
                    ? 'border-slate-800 bg-slate-800 text-white hover:bg-slate-700'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
                }`}
              >
                {pair.locked ? (
                  <Lock aria-hidden="true" className="size-3.5" />
                ) : (
                  <LockOpen aria-hidden="true" className="size-3.5" />
                )}
                {pair.locked ? 'Unlock' : 'Lock'}
              </button>
            }
          >
            {pair.lanes.map((lane) => (
              <SortableLane
                key={lane.position}
                lane={lane}
                orderLocked={orderLocked}
                activeKind={activeKind}
                controls={controls}
                movers={viewers.filter((v) => v.dragging?.kind === 'position' && v.dragging.number === lane.position)}
                note={noteAt?.({ kind: 'position', number: lane.position })}
              />
            ))}
          </PairFrame>
        ))}
      </SortableContext>
    </HeatFrame>
  );
}

/** A heat of a past arrangement: nothing to drag or press. */
export function StaticHeat({ heat, currentHeat }: { heat: BoardHeat; currentHeat: number }) {
  return (
    <HeatFrame heat={heat} currentHeat={currentHeat}>
      {heat.pairs.map((pair) => (
        <PairFrame key={pair.pair} pair={pair}>
          {pair.lanes.map((lane) => (
            <LaneView key={lane.position} lane={lane} handle={<span aria-hidden="true" className="w-1" />} />
          ))}
        </PairFrame>
      ))}
    </HeatFrame>
  );
}
