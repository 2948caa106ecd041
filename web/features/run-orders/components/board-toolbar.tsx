import { Lock, LockOpen, Redo2, Undo2 } from 'lucide-react';
import { useId } from 'react';
import type { PresenceViewer } from '../../../../api/contracts/live.ts';
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
  const heatId = useId();
  const { exists } = props;
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
            <label htmlFor={heatId} className="text-sm font-semibold whitespace-nowrap text-slate-800">
              Now running
            </label>
            <select
              id={heatId}
              className="rounded-lg border border-slate-300 bg-white py-1.5 pl-2 pr-8 text-sm text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
              value={props.currentHeat}
              disabled={props.heatCount === 0 || props.readOnly}
              onChange={(e) => props.onCurrentHeat(Number(e.target.value))}
            >
              {Array.from({ length: Math.max(1, props.heatCount) }, (_, i) => i + 1).map((heat) => (
                <option key={heat} value={heat}>
                  Heat {heat}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </div>
  );
}
