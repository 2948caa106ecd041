import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, GripVertical, ListOrdered } from 'lucide-react';
import { useRef, useState } from 'react';
import type { RegistrationDto } from '../../../../api/contracts/registrations.ts';
import type { RunDto } from '../../../../api/contracts/runs.ts';
import { buttonClass } from '../../../components/button.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { RegistrationAction } from '../actions.ts';
import { useMoveOnWaitlist } from '../mutations.ts';
import { waitlistQuery } from '../queries.ts';
import { dropMove, positionAnnouncement, stepMove, type WaitlistMove } from '../waitlist.ts';

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move an entry on the waitlist, press space or enter on its handle, use the up and down arrow keys to move it, then space or enter to drop it, or escape to put it back.',
};

/**
 * The run's waitlist in order. Entries are dragged by their handle (mouse, touch or keyboard) or moved
 * one place with Move up / Move down; the list is reordered at once and put back if the server refuses.
 */
export function WaitlistBoard({
  run,
  busyId,
  onAction,
}: {
  run: RunDto;
  busyId: number | undefined;
  onAction: (action: RegistrationAction, registration: RegistrationDto) => void;
}) {
  const waitlist = useQuery(waitlistQuery(run.id));
  const move = useMoveOnWaitlist(run.id);
  const [failure, setFailure] = useState<string>();
  const [status, setStatus] = useState('');
  const moved = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (waitlist.isPending) return <LoadingState label="Loading the waitlist" />;
  if (waitlist.isError && !waitlist.data) {
    return (
      <ErrorState
        title="The waitlist couldn't be loaded."
        error={waitlist.error}
        onRetry={() => void waitlist.refetch()}
        retrying={waitlist.isFetching}
      />
    );
  }
  const entries = waitlist.data;
  if (entries.length === 0) {
    return (
      <EmptyState
        title="Nobody is waiting"
        icon={<ListOrdered className="size-10 text-slate-400" aria-hidden="true" />}
      >
        {run.isFull
          ? 'New entries join the waitlist while the run is full.'
          : 'Entries join the waitlist once every place is taken.'}
      </EmptyState>
    );
  }

  const nameOf = (id: unknown) => entries.find((e) => e.id === Number(id))?.entrantName ?? 'The entry';
  const indexOf = (id: unknown) => entries.findIndex((e) => e.id === Number(id));

  const send = (next: WaitlistMove) => {
    const name = nameOf(next.id);
    setFailure(undefined);
    setStatus(positionAnnouncement(name, next.to - 1, entries.length));
    move.mutate(next, {
      onError: (error) => {
        setStatus('');
        setFailure(
          `${name} could not be moved, so the waitlist is back as it was: ${error instanceof Error ? error.message : 'the server refused.'}`,
        );
      },
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = dropMove(entries, Number(active.id), over ? Number(over.id) : undefined);
    if (next) send(next);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `Picked up ${nameOf(active.id)}, at position ${indexOf(active.id) + 1} of ${entries.length}.`;
    },
    onDragOver: ({ active, over }) => {
      // A drag starts over its own place: saying so would cut off "Picked up".
      if (!moved.current && over?.id === active.id) return undefined;
      moved.current = true;
      return over
        ? `${nameOf(active.id)} is over position ${indexOf(over.id) + 1} of ${entries.length}.`
        : `${nameOf(active.id)} is no longer over the waitlist.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped at position ${indexOf(over.id) + 1} of ${entries.length}.`
        : `${nameOf(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving ${nameOf(active.id)} was cancelled; it stays at position ${indexOf(active.id) + 1}.`,
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        Drag an entry by its handle, or use Move up and Move down.{' '}
        {run.spotsLeft > 0
          ? `The run has ${run.spotsLeft === 1 ? 'a free place' : `${run.spotsLeft} free places`}: confirm someone to give it to them.`
          : 'The first in line is promoted automatically when a place frees up.'}
      </p>
      {failure && (
        <p
          role="alert"
          className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800"
        >
          {failure}
        </p>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
      >
        <SortableContext items={entries.map((e) => e.id)} strategy={verticalListSortingStrategy}>
          <ol
            aria-label="Waitlist, in order"
            className={`flex flex-col gap-2 ${waitlist.isFetching && !move.isPending ? 'opacity-80' : ''}`}
          >
            {entries.map((entry, index) => (
              <WaitlistRow
                key={entry.id}
                entry={entry}
                first={index === 0}
                last={index === entries.length - 1}
                canPromote={run.spotsLeft > 0}
                busy={busyId === entry.id}
                onStep={(step) => {
                  const next = stepMove(entries, entry.id, step);
                  if (next) send(next);
                }}
                onAction={onAction}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}

function WaitlistRow({
  entry,
  first,
  last,
  canPromote,
  busy,
  onStep,
  onAction,
}: {
  entry: RegistrationDto;
  first: boolean;
  last: boolean;
  canPromote: boolean;
  busy: boolean;
  onStep: (step: -1 | 1) => void;
  onAction: (action: RegistrationAction, registration: RegistrationDto) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.id,
  });
  const name = entry.entrantName;
  // aria-disabled rather than disabled: the button keeps the focus when its entry reaches an end.
  const stepButton = (step: -1 | 1, edge: boolean) => (
    <button
      type="button"
      aria-disabled={edge || undefined}
      onClick={() => {
        if (!edge) onStep(step);
      }}
      aria-label={`${step === -1 ? 'Move up' : 'Move down'}: ${name}`}
      className={`${buttonClass('secondary', 'sm')} ${edge ? 'cursor-not-allowed opacity-50' : ''}`}
    >
      {step === -1 ? (
        <ArrowUp aria-hidden="true" className="size-4" />
      ) : (
        <ArrowDown aria-hidden="true" className="size-4" />
      )}
      {step === -1 ? 'Move up' : 'Move down'}
    </button>
  );

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="waitlist-entry"
      className={`flex flex-col gap-3 rounded-xl border bg-white p-3 shadow-sm md:flex-row md:items-center ${
        isDragging ? 'relative z-10 border-brand-300 shadow-lg ring-2 ring-brand-200' : 'border-slate-200'
      }`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${name}`}
          className="grid size-10 shrink-0 cursor-grab touch-none place-items-center rounded-lg border border-slate-300 bg-slate-50 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
        <span className="w-10 shrink-0 text-center text-lg font-extrabold text-amber-800">
          <span className="sr-only">Position </span>#{entry.waitlistPosition}
        </span>
        <div className="min-w-0">
          <p className="break-words font-semibold text-slate-900">{name}</p>
          <p className="text-xs text-slate-500">
            {entry.teamId !== null ? 'Team' : 'Individual'} · registered {formatDateTime(entry.submittedAt)}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        {stepButton(-1, first)}
        {stepButton(1, last)}
        {canPromote && (
          <button
            type="button"
            disabled={busy}
            onClick={() => onAction('promote', entry)}
            aria-label={`Confirm ${name}`}
            className={buttonClass('secondary', 'sm')}
          >
            Confirm
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => onAction('cancel', entry)}
          aria-label={`Cancel ${name}`}
          className={buttonClass('ghost', 'sm')}
        >
          Cancel
        </button>
      </div>
    </li>
  );
}
