import { Link } from '@tanstack/react-router';
import { ClipboardCheck, FileUp, MonitorPlay, SkipForward, Wifi, WifiOff } from 'lucide-react';
import { buttonClass } from '../../../components/button.ts';
import { DocumentLinks, runDocumentLinks } from '../../documents/document-links.tsx';
import { heatLine, liveLabel } from '../timing-state.ts';
import type { TimingTable } from '../use-timing-table.ts';

/** Where the run stands, the connection, and the table's commands: next heat, import, validate, display, hold. */
export function TimingToolbar({ table }: { table: TimingTable }) {
  const { view, live, step, state, provisional } = table;
  const runId = view.runId;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <p className="mr-auto text-sm font-semibold text-slate-900" data-testid="current-heat">
        {heatLine(view)}
      </p>
      <span
        className={`inline-flex items-center gap-1 text-xs font-semibold ${live === 'open' ? 'text-green-800' : 'text-amber-800'}`}
        data-testid="live-status"
      >
        {live === 'open' ? (
          <Wifi aria-hidden="true" className="size-4" />
        ) : (
          <WifiOff aria-hidden="true" className="size-4" />
        )}
        {liveLabel(live)}
      </span>
      <button
        type="button"
        onClick={() => void table.nextHeat()}
        disabled={state.heatBusy || !step}
        className={buttonClass('primary', 'sm')}
        aria-keyshortcuts="PageDown"
      >
        <SkipForward aria-hidden="true" className="size-4" /> {step?.label ?? 'Next heat'}{' '}
        <kbd className="text-xs opacity-80">PgDn</kbd>
      </button>
      <button
        type="button"
        onClick={() => table.openImport(true)}
        className={buttonClass('secondary', 'sm')}
        disabled={view.heats.length === 0}
      >
        <FileUp aria-hidden="true" className="size-4" /> Import CSV
      </button>
      <Link
        to="/portal/results/$runId/validate"
        params={{ runId: String(runId) }}
        className={buttonClass('secondary', 'sm')}
      >
        <ClipboardCheck aria-hidden="true" className="size-4" /> Validate
        {provisional > 0 && (
          <span className="rounded-full bg-amber-100 px-1.5 text-xs text-amber-900">{provisional}</span>
        )}
      </Link>
      <a href={`/display/runs/${runId}`} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'sm')}>
        <MonitorPlay aria-hidden="true" className="size-4" /> Venue display
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <DocumentLinks links={runDocumentLinks(runId, 'timing')} withToken />
      <label className="flex w-full items-center gap-2 text-sm text-slate-800 sm:w-auto">
        <input
          type="checkbox"
          checked={state.holdPending ?? view.held}
          disabled={state.holdPending !== null}
          onChange={() => void table.toggleHold()}
          className="size-4 accent-brand-700"
          data-testid="hold-toggle"
        />
        Hold results from the public
      </label>
    </div>
  );
}
