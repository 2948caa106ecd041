import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CircleAlert,
  CloudOff,
  ExternalLink,
  FilePlus2,
  GripVertical,
  History,
  ListOrdered,
  Shuffle,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { nextHeatStep } from '../../../../api/domain/run-orders/current-heat.ts';
import { heatCount } from '../../../../api/domain/run-orders/evolve.ts';
import { buttonClass } from '../../../components/button.ts';
import { EmptyState, ErrorState, LoadingState, PortalPageHeader } from '../../../components/states.tsx';
import { describeAction } from '../actions.ts';
import type { BoardNotice, NoticeAnchor, OfflineConflict } from '../board-state.ts';
import { type BoardHeat, type BoardLane, boardModel, modelOfPositions, unplacedEntries } from '../board-view.ts';
import {
  announcements,
  type DragItem,
  dragId,
  dropAction,
  parseDragId,
  presenceOf,
  SCREEN_READER_INSTRUCTIONS,
} from '../dnd.ts';
import { runOrderAtQuery, runOrderKeys } from '../queries.ts';
import { boardShortcut } from '../shortcuts.ts';
import type { RunOrderBoard } from '../use-run-order-board.ts';
import { BoardToolbar } from './board-toolbar.tsx';
// Event day: scratches, no-shows, substitutions and late entries (docs/decisions/045, 046).
import { EntrantDialog } from './entrant-dialog.tsx';
import { GenerateDialog } from './generate-dialog.tsx';
import { noShift, SortableHeat, StaticHeat } from './heat-card.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { LateEntryDialog, runTypeOf } from './late-entry-dialog.tsx';
import { SavedStatesPanel } from './saved-states-panel.tsx';
import { UnplacedPanel } from './unplaced-panel.tsx';

/** The pointer's place first; the keyboard (no pointer) moves onto the nearest place. */
const collisionDetection: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCenter(args);
};

const NOTICE_STYLE: Record<BoardNotice['tone'], string> = {
  conflict: 'border-amber-300 bg-amber-50 text-amber-950',
  error: 'border-brand-100 bg-brand-50 text-brand-900',
  offline: 'border-slate-300 bg-slate-50 text-slate-900',
};

function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  return (
    <button
      type="button"
      onClick={onDismiss}
      aria-label="Dismiss message"
      className="-m-1 rounded p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );
}

/**
 * The board's one live region: every notice is announced from here. A refusal of a drop is shown next
 * to where the drag ended (DropNote), so here it is only spoken; the others show here, at the top.
 */
function NoticeBanner({
  notice,
  anchored,
  onDismiss,
}: {
  notice: BoardNotice | null;
  anchored: boolean;
  onDismiss: () => void;
}) {
  return (
    <div role="alert" aria-live="assertive">
      {notice && anchored && (
        <p key={notice.key} className="sr-only">
          {notice.text}
        </p>
      )}
      {notice && !anchored && (
        <div
          key={notice.key}
          data-testid="board-notice"
          className={`mb-4 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${NOTICE_STYLE[notice.tone]}`}
        >
          {notice.tone === 'offline' ? (
            <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          )}
          <p className="flex-1 font-medium">{notice.text}</p>
          <DismissButton onDismiss={onDismiss} />
        </div>
      )}
    </div>
  );
}

/** A refused drop, said where the drag ended (the live region above speaks it). */
function DropNote({ notice, onDismiss }: { notice: BoardNotice; onDismiss: () => void }) {
  return (
    <div
      data-testid="drop-notice"
      className={`mt-2 flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${NOTICE_STYLE[notice.tone]}`}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="flex-1 font-medium">{notice.text}</p>
      <DismissButton onDismiss={onDismiss} />
    </div>
  );
}

/** Changes kept offline met an order someone else changed: say what, and let the organiser choose. */
function OfflineConflictPanel({
  conflict,
  onChoose,
}: {
  conflict: OfflineConflict;
  onChoose: (choice: 'apply' | 'discard') => void;
}) {
  const count = conflict.actions.length;
  return (
    <section
      aria-labelledby="offline-conflict-title"
      data-testid="offline-conflict"
      className="mb-4 rounded-xl border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 id="offline-conflict-title" className="flex items-center gap-2 font-bold">
        <CloudOff aria-hidden="true" className="size-4" />
        The order changed while you were offline
      </h2>
      <p className="mt-1">{conflict.text}</p>
      <p className="mt-1">
        Kept on this device: {conflict.actions.map((p) => describeAction(p.action)).join('; ')}. Apply{' '}
        {count === 1 ? 'it' : 'them'} to the order as it is now, or discard {count === 1 ? 'it' : 'them'}?
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass('primary', 'sm')} onClick={() => onChoose('apply')}>
          Apply mine to the current order
        </button>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => onChoose('discard')}>
          Discard mine
        </button>
      </div>
    </section>
  );
}

function DragPreview({
  item,
  model,
  entryName,
}: {
  item: DragItem;
  model: ReturnType<typeof boardModel>;
  entryName: (id: number) => string;
}) {
  let text: string;
  if (item.kind === 'heat') text = `Heat ${item.heat}`;
  else if (item.kind === 'unplaced') text = entryName(item.registrationId);
  else {
    const lane = model.heats.flatMap((h) => h.pairs.flatMap((p) => p.lanes)).find((l) => l.position === item.position);
    text = `${item.position}. ${lane?.entry?.name ?? 'Empty'}`;
  }
  return (
    <div className="flex max-w-xs cursor-grabbing items-center gap-2 rounded-xl border border-brand-600 bg-white px-3 py-2 text-sm font-bold text-slate-900 shadow-xl">
      <GripVertical aria-hidden="true" className="size-4 text-slate-500" />
      <span className="truncate">{text}</span>
    </div>
  );
}

export function RunOrderBoardScreen({ runId, board, back }: { runId: number; board: RunOrderBoard; back: ReactNode }) {
  const { view, state, entries, act, viewers } = board;
  const queryClient = useQueryClient();
  const [generateOpen, setGenerateOpen] = useState(false);
  const [historyPage, setHistoryPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const [active, setActive] = useState<DragItem | undefined>();
  const [entrantAt, setEntrantAt] = useState<number | null>(null);
  const [lateOpen, setLateOpen] = useState(false);

  const model = useMemo(() => (state ? boardModel(state, entries) : null), [state, entries]);
  const unplaced = useMemo(() => (state ? unplacedEntries(state, entries) : []), [state, entries]);
  const undoing = board.waiting.some((p) => p.action.type === 'undo');
  const redoing = board.waiting.some((p) => p.action.type === 'redo');
  const canUndo = (state?.undo.length ?? 0) > 0;
  const canRedo = (state?.redo.length ?? 0) > 0;
  const orderLocked = state?.orderLocked ?? false;
  const nextHeat = state
    ? nextHeatStep({
        currentHeat: state.currentHeat,
        heatCount: heatCount(state.slots.length, state.heatSize),
        currentHeatStartedAt: state.currentHeatStartedAt,
      })
    : null;
  const viewingPast = viewing !== null;

  // The history shows each new version as it is confirmed (the socket or an answer brings it).
  const { confirmedVersion } = board;
  useEffect(() => {
    if (confirmedVersion !== undefined) void queryClient.invalidateQueries({ queryKey: runOrderKeys.history(runId) });
  }, [confirmedVersion, queryClient, runId]);

  // Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z anywhere on the board, except while typing or in a dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = boardShortcut(event);
      if (!shortcut || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      if (viewingPast) return;
      if (shortcut === 'undo' && canUndo && !orderLocked) act({ type: 'undo' });
      if (shortcut === 'redo' && canRedo && !orderLocked) act({ type: 'redo' });
      if (shortcut === 'next-heat' && nextHeat) act({ type: 'current-heat', heat: nextHeat.heat });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [act, canUndo, canRedo, orderLocked, nextHeat, viewingPast]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const lanes = useMemo(() => model?.heats.flatMap((h) => h.pairs.flatMap((p) => p.lanes)) ?? [], [model]);
  const entryName = (id: number) => entries[String(id)]?.name ?? `registration ${id}`;
  const spoken = useMemo(
    () =>
      announcements({
        atPosition: (position) => lanes.find((l) => l.position === position)?.entry?.name ?? 'the empty position',
        entry: (id) => entries[String(id)]?.name ?? `registration ${id}`,
      }),
    [lanes, entries],
  );

  if (!view || !state || !model) return <LoadingState label="Loading the run order" />;

  const heats = heatCount(state.slots.length, state.heatSize);
  // A refused drop is shown where the drag ended, when that place is on the live board.
  const { notice } = board;
  const anchor = viewingPast ? undefined : notice?.anchor;
  const anchored =
    anchor !== undefined &&
    (anchor.kind === 'heat' ? anchor.number <= heats : lanes.some((l) => l.position === anchor.number));
  const noteAt = (at: NoticeAnchor) =>
    anchored && notice && anchor?.kind === at.kind && anchor.number === at.number ? (
      <DropNote notice={notice} onDismiss={board.dismissNotice} />
    ) : undefined;
  const activeKind = active?.kind ?? null;
  const controls = {
    onToggleLock: (lane: BoardLane) =>
      act({ type: lane.locked ? 'unlock-positions' : 'lock-positions', positions: [lane.position] }),
    onRemove: (lane: BoardLane) => {
      if (lane.registrationId !== null) act({ type: 'remove', registrationId: lane.registrationId });
    },
    onTogglePairLock: (pair: { pair: number; locked: boolean }) =>
      act({ type: pair.locked ? 'unlock-pair' : 'lock-pair', pair: pair.pair }),
    onEntrant: (lane: BoardLane) => setEntrantAt(lane.position),
  };

  const header = (
    <PortalPageHeader
      back={back}
      title={view.runName}
      description={
        <>
          {view.eventName} · {view.runCategory}
        </>
      }
      actions={
        <>
          <a
            href={`/display/runs/${runId}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary')}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Venue display
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          {state.exists && (
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => setGenerateOpen(true)}
              disabled={orderLocked || viewingPast}
              title={viewingPast ? 'Go back to the live order to generate' : undefined}
            >
              <Shuffle aria-hidden="true" className="size-4" />
              Generate
            </button>
          )}
        </>
      }
    />
  );

  const dialogs = (
    <>
      <GenerateDialog
        open={generateOpen}
        state={state}
        entries={entries}
        onClose={() => setGenerateOpen(false)}
        onGenerate={(request) => {
          setGenerateOpen(false);
          act({ type: 'generate', ...request });
        }}
      />
      <EntrantDialog
        key={entrantAt ?? 0}
        runId={runId}
        lane={lanes.find((l) => l.position === entrantAt && l.registrationId !== null) ?? null}
        orderLocked={orderLocked}
        onClose={() => setEntrantAt(null)}
        onMark={(registrationId, mark) => act({ type: 'mark', registrationId, mark })}
      />
      <LateEntryDialog
        runId={runId}
        runType={runTypeOf(view.runType)}
        open={lateOpen}
        onClose={() => setLateOpen(false)}
      />
    </>
  );

  if (!state.exists) {
    return (
      <div>
        {header}
        <BoardToolbar
          version={state.version}
          connection={board.connection}
          viewers={viewers}
          canUndo={false}
          canRedo={false}
          undoing={false}
          redoing={false}
          orderLocked={false}
          exists={false}
          heatCount={0}
          currentHeat={1}
          onUndo={() => undefined}
          onRedo={() => undefined}
          onToggleOrderLock={() => undefined}
          onCurrentHeat={() => undefined}
        />
        <NoticeBanner notice={board.notice} anchored={false} onDismiss={board.dismissNotice} />
        <EmptyState
          title="No run order yet"
          icon={<ListOrdered className="size-10 text-slate-400" aria-hidden="true" />}
          action={
            <div className="flex flex-col gap-2 sm:flex-row">
              <button type="button" className={buttonClass('primary')} onClick={() => setGenerateOpen(true)}>
                <Shuffle aria-hidden="true" className="size-4" />
                Generate
              </button>
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => act({ type: 'create-empty' })}
                disabled={board.waiting.some((p) => p.action.type === 'create-empty')}
              >
                <FilePlus2 aria-hidden="true" className="size-4" />
                Create empty
              </button>
            </div>
          }
        >
          {unplaced.length === 0
            ? 'This run has no confirmed entries yet. Create an empty order to place them as they come, or generate one later.'
            : `${unplaced.length} confirmed ${unplaced.length === 1 ? 'entry is' : 'entries are'} waiting. Generate an order from them, or create an empty one and place them yourself.`}
        </EmptyState>
        {dialogs}
      </div>
    );
  }

  return (
    <div>
      {header}
      <BoardToolbar
        runId={runId}
        version={state.version}
        connection={board.connection}
        viewers={viewers}
        canUndo={canUndo}
        canRedo={canRedo}
        undoing={undoing}
        redoing={redoing}
        orderLocked={orderLocked}
        exists
        heatCount={heats}
        currentHeat={state.currentHeat}
        currentHeatStartedAt={state.currentHeatStartedAt}
        onUndo={() => act({ type: 'undo' })}
        onRedo={() => act({ type: 'redo' })}
        onToggleOrderLock={() => act({ type: orderLocked ? 'unlock-order' : 'lock-order' })}
        onCurrentHeat={(heat) => act({ type: 'current-heat', heat })}
        readOnly={viewingPast}
      />
      <NoticeBanner notice={board.notice} anchored={anchored} onDismiss={board.dismissNotice} />
      {board.conflict && <OfflineConflictPanel conflict={board.conflict} onChoose={board.resolveConflict} />}
      {orderLocked && (
        <p className="mb-4 rounded-xl border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          The whole order is locked: nothing moves until it is unlocked.
        </p>
      )}
      {model.flaggedCount > 0 && viewing === null && (
        <p className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {model.flaggedCount} placed {model.flaggedCount === 1 ? 'entry is' : 'entries are'} no longer confirmed.
          Remove {model.flaggedCount === 1 ? 'it' : 'them'} from the order.
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        accessibility={{ announcements: spoken, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
        onDragStart={({ active: dragged }) => {
          const item = parseDragId(dragged.id);
          setActive(item);
          board.setDragging(presenceOf(item));
        }}
        onDragEnd={({ active: dragged, over }) => {
          const action = dropAction(parseDragId(dragged.id), parseDragId(over?.id));
          setActive(undefined);
          board.setDragging(null);
          if (action) act(action);
        }}
        onDragCancel={() => {
          setActive(undefined);
          board.setDragging(null);
        }}
      >
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_19rem] xl:grid-cols-[minmax(0,1fr)_21rem]">
          <div className="min-w-0">
            {viewing !== null ? (
              <PastArrangement
                runId={runId}
                version={viewing}
                currentHeat={state.currentHeat}
                entries={entries}
                onBack={() => setViewing(null)}
              />
            ) : (
              <SortableContext
                items={model.heats.map((h) => dragId({ kind: 'heat', heat: h.heat }))}
                strategy={noShift}
              >
                {model.heats.length === 0 ? (
                  <EmptyState title="The order has no positions">
                    Place an entry from "Not placed" to add one.
                  </EmptyState>
                ) : (
                  <div className="flex flex-col gap-3" data-testid="heats">
                    {model.heats.map((heat: BoardHeat) => (
                      <SortableHeat
                        key={heat.heat}
                        heat={heat}
                        currentHeat={state.currentHeat}
                        orderLocked={orderLocked}
                        activeKind={activeKind}
                        controls={controls}
                        viewers={viewers}
                        noteAt={noteAt}
                      />
                    ))}
                  </div>
                )}
              </SortableContext>
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            <UnplacedPanel
              entries={unplaced}
              disabled={orderLocked || viewing !== null}
              onPlace={(entry) => act({ type: 'insert', registrationId: entry.registrationId })}
              onLateEntry={() => setLateOpen(true)}
            />
            <SavedStatesPanel
              states={state.savedStates
                .map((s) => ({
                  name: s.name,
                  version: s.version,
                  savedBy:
                    view.savedStates.find((v) => v.name === s.name && v.version === s.version)?.savedBy?.name ?? null,
                }))
                .sort((a, b) => b.version - a.version)}
              canApply={!orderLocked}
              onSave={(name) => act({ type: 'save-state', name })}
              onApply={(name) => act({ type: 'apply-state', name })}
            />
            <HistoryPanel
              runId={runId}
              page={historyPage}
              onPageChange={setHistoryPage}
              viewing={viewing}
              onView={setViewing}
            />
          </div>
        </div>
        <DragOverlay dropAnimation={null}>
          {active ? <DragPreview item={active} model={model} entryName={entryName} /> : null}
        </DragOverlay>
      </DndContext>
      {dialogs}
    </div>
  );
}

/** The arrangement after a past change, read-only, until "Back to live". */
function PastArrangement({
  runId,
  version,
  currentHeat,
  entries,
  onBack,
}: {
  runId: number;
  version: number;
  currentHeat: number;
  entries: RunOrderBoard['entries'];
  onBack: () => void;
}) {
  const past = useQuery(runOrderAtQuery(runId, version));
  const model = useMemo(
    () => (past.data ? modelOfPositions(past.data.positions, entries) : null),
    [past.data, entries],
  );
  return (
    <div>
      <div className="mb-3 flex flex-col gap-3 rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 font-medium">
          <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            You are looking at the order as it was at version {version}. It is read-only; the live board goes on without
            you.
          </span>
        </p>
        <button type="button" className={buttonClass('primary', 'sm')} onClick={onBack} data-autofocus="true">
          Back to live
        </button>
      </div>
      {past.isPending ? (
        <LoadingState label={`Loading version ${version}`} />
      ) : past.isError || !model ? (
        <ErrorState
          title={`Version ${version} couldn't be loaded.`}
          error={past.error}
          onRetry={() => void past.refetch()}
          retrying={past.isFetching}
        />
      ) : model.heats.length === 0 ? (
        <EmptyState title="No positions at this version" />
      ) : (
        <div className="flex flex-col gap-3" data-testid="past-heats">
          {model.heats.map((heat) => (
            <StaticHeat key={heat.heat} heat={heat} currentHeat={currentHeat} />
          ))}
        </div>
      )}
    </div>
  );
}
