import { useDraggable } from '@dnd-kit/core';
import { Clock, GripVertical, UserPlus } from 'lucide-react';
import type { RunOrderEntry } from '../../../../api/contracts/run-orders.ts';
import { formatTime } from '../../../../api/domain/times.ts';
import { buttonClass } from '../../../components/button.ts';
import { entryLabel } from '../board-view.ts';
import { dragId } from '../dnd.ts';

function UnplacedItem({
  entry,
  disabled,
  onPlace,
}: {
  entry: RunOrderEntry;
  disabled: boolean;
  onPlace: (entry: RunOrderEntry) => void;
}) {
  const draggable = useDraggable({ id: dragId({ kind: 'unplaced', registrationId: entry.registrationId }), disabled });
  const seed = formatTime(entry.seedTimeMs);
  return (
    <li
      ref={draggable.setNodeRef}
      data-testid={`unplaced-${entry.registrationId}`}
      className={`flex items-center gap-1.5 rounded-xl border border-slate-200 bg-white p-2 ${draggable.isDragging ? 'opacity-40' : ''}`}
    >
      {disabled ? (
        <span aria-hidden="true" className="w-1" />
      ) : (
        <button
          type="button"
          ref={draggable.setActivatorNodeRef}
          {...draggable.attributes}
          {...draggable.listeners}
          aria-label={`Drag ${entryLabel(entry)} to a position`}
          className="inline-grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-bold text-slate-900">
          <span className="truncate" title={entry.name}>
            {entry.name}
          </span>
          {entry.isLate && (
            <span className="shrink-0 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
              Late
            </span>
          )}
        </p>
        <p className="truncate text-xs text-slate-600">
          {[entry.departmentName, entry.category].filter(Boolean).join(' · ')}
          {seed && <span className="tabular-nums">{` · ${seed}`}</span>}
        </p>
      </div>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={disabled}
        onClick={() => onPlace(entry)}
        aria-label={`Place ${entry.name} in the first free position`}
      >
        <UserPlus aria-hidden="true" className="size-4" />
        Place
      </button>
    </li>
  );
}

/** Confirmed entries not in the order yet: placed with a button (first free position) or by dragging. */
export function UnplacedPanel({
  entries,
  disabled,
  onPlace,
  onLateEntry,
}: {
  entries: RunOrderEntry[];
  disabled: boolean;
  onPlace: (entry: RunOrderEntry) => void;
  /** Event day: enter someone after registration closed (docs/decisions/045). */
  onLateEntry?: () => void;
}) {
  return (
    <section aria-labelledby="unplaced-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="unplaced-title" className="text-base font-bold text-slate-900">
          Not placed
        </h2>
        <span className="text-sm text-slate-600">{entries.length}</span>
      </div>
      {onLateEntry && (
        <button type="button" className={`${buttonClass('secondary', 'sm')} mt-2`} onClick={onLateEntry}>
          <Clock aria-hidden="true" className="size-4" />
          Late entry
        </button>
      )}
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Every confirmed entry has a position.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Confirmed entries without a position. Place one, or drag it onto a position.
          </p>
          <ul className="mt-3 flex max-h-96 flex-col gap-2 overflow-y-auto">
            {entries.map((entry) => (
              <UnplacedItem key={entry.registrationId} entry={entry} disabled={disabled} onPlace={onPlace} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
