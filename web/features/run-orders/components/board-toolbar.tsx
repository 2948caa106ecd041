import { Lock, LockOpen, Redo2, SkipForward, Undo2 } from 'lucide-react';
import type { PresenceViewer } from '../../../../api/contracts/live.ts';
import { nextHeatStep } from '../../../../api/domain/run-orders/current-heat.ts';
import { buttonClass } from '../../../components/button.ts';
import { DocumentLinks, runDocumentLinks } from '../../documents/document-links.tsx';
import type { ConnectionState } from '../use-run-order-board.ts';
import { PresenceAvatars } from './presence-avatars.tsx';

const CONNECTION: Record<ConnectionState, { label: string; dot: string }> = {
  open: { label: 'Live', dot: 'bg-green-600' },
  connecting: { label: 'Connecting…', dot: 'bg-amber-500 animate-pulse' },
  reconnecting: { label: 'Reconnecting…', dot: 'bg-amber-500 animate-pulse' },
  closed: { label: 'Offline', dot: 'bg-slate-400' },
};

export function ConnectionBadge({ connection }: { connection: ConnectionState }) {
  const { label, dot } = CONNECTION[connection];
  return (
    <span
      role="status"
      className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs font-semibold text-slate-800"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
      <span className="sr-only">Connection: </span>
      {label}
    </span>
  );
}

export interface ToolbarProps {
  version: number;
  connection: ConnectionState;
  viewers: PresenceViewer[];
  canUndo: boolean;
  canRedo: boolean;
  undoing: boolean;
  redoing: boolean;
  orderLocked: boolean;
  exists: boolean;
  heatCount: number;
  currentHeat: number;
  /** When the timing table started the current heat; null before the run starts. */
  currentHeatStartedAt?: string | null;
  onUndo: () => void;
  onRedo: () => void;
  onToggleOrderLock: () => void;
  onCurrentHeat: (heat: number) => void;
  /** The run, for the print and export links (docs/decisions/040-print-documents.md). */
  runId?: number;
  /** A past version is on screen: nothing that changes the order is offered. */
  readOnly?: boolean;
}

/** Version, connection and presence; undo, redo, the whole-order lock and the heat on the course. */
export function BoardToolbar(props: ToolbarProps) {
  const { exists } = props;
  const step = nextHeatStep(props);
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm md:flex-row md:items-center md:justify-between">
      <div className="flex flex-wrap items-center gap-3">
        <ConnectionBadge connection={props.connection} />
        <span className="text-sm text-slate-600" data-testid="board-version">
          Version <span className="font-semibold tabular-nums text-slate-900">{props.version}</span>
        </span>
        <PresenceAvatars viewers={props.viewers} />
        {exists && props.runId !== undefined && <DocumentLinks links={runDocumentLinks(props.runId)} withToken />}
      </div>
      {exists && (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={props.onUndo}
            disabled={!props.canUndo || props.orderLocked || props.undoing || props.readOnly}
            aria-keyshortcuts="Control+Z Meta+Z"
            title="Undo (Ctrl+Z)"
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {props.undoing ? 'Undoing…' : 'Undo'}
          </button>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={props.onRedo}
            disabled={!props.canRedo || props.orderLocked || props.redoing || props.readOnly}
            aria-keyshortcuts="Shift+Control+Z Shift+Meta+Z"
            title="Redo (Shift+Ctrl+Z)"
          >
            <Redo2 aria-hidden="true" className="size-4" />
            {props.redoing ? 'Redoing…' : 'Redo'}
          </button>
          <button
            type="button"
            className={`${buttonClass(props.orderLocked ? 'primary' : 'secondary', 'sm')}`}
            onClick={props.onToggleOrderLock}
            disabled={props.readOnly}
          >
            {props.orderLocked ? (
              <Lock aria-hidden="true" className="size-4" />
            ) : (
              <LockOpen aria-hidden="true" className="size-4" />
            )}
            {props.orderLocked ? 'Unlock whole order' : 'Lock whole order'}
          </button>
          <div className="flex items-center gap-2">
            <span className="text-sm whitespace-nowrap text-slate-700" data-testid="board-current-heat">
              {props.currentHeatStartedAt ? (
                <>
                  Now running:{' '}
                  <span className="font-semibold text-slate-900">
                    heat {props.currentHeat} of {props.heatCount}
                  </span>
                </>
              ) : (
                'Not started'
              )}
            </span>
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              disabled={!step || props.readOnly}
              onClick={() => step && props.onCurrentHeat(step.heat)}
              aria-keyshortcuts="PageDown"
              title={step ? 'Page Down (or >)' : 'The last heat is on the course'}
            >
              <SkipForward aria-hidden="true" className="size-4" />
              {step?.label ?? 'Next heat'} <kbd className="text-xs opacity-80">PgDn</kbd>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
