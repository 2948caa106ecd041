import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { importHeat } from '../timing-state.ts';
import type { TimingTable } from '../use-timing-table.ts';
import { HistoryDialog } from './history-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { KeysHelp } from './keys-help.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { TimingHeats } from './timing-heats.tsx';
import { TimingToolbar } from './timing-toolbar.tsx';
import { UnplacedResults } from './unplaced-results.tsx';

/** The timing table of one run: what the hook (use-timing-table.ts) holds, shown. */
export function TimingTableScreen({ table, back }: { table: TimingTable; back: ReactNode }) {
  const { view, state } = table;
  const runId = view.runId;
  const heatCount = view.heats.length;
  return (
    <div>
      <div className="mb-4">{back}</div>
      <PortalPageHeader
        title={`Timing table · ${view.runName}`}
        description={`${view.eventName} · ${view.runCategory}${view.bestEver ? ` · best ever ${view.bestEver}` : ''}`}
      />
      <div className="sr-only" aria-live="polite" data-testid="timing-announcer">
        {state.announcement}
      </div>
      <div className="sr-only" role="alert" data-testid="timing-alert">
        {state.alert}
      </div>

      <TimingToolbar table={table} />

      <KeysHelp />

      {heatCount === 0 ? (
        <EmptyState title="This run has no run order yet">
          Generate its order on the{' '}
          <Link
            to="/portal/run-orders/$runId"
            params={{ runId: String(runId) }}
            className="font-semibold text-brand-800 underline"
          >
            run-order board
          </Link>{' '}
          first; the timing table follows it.
        </EmptyState>
      ) : (
        <TimingHeats table={table} />
      )}

      {view.unplaced.length > 0 && <UnplacedResults unplaced={view.unplaced} onHistory={table.showHistory} />}

      <HistoryDialog
        resultId={state.historyOf?.id ?? null}
        title={state.historyOf ? `History of ${state.historyOf.name}'s result` : ''}
        onClose={() => table.showHistory(null)}
      />
      <ReasonDialog request={state.reason?.request ?? null} onSubmit={table.giveReason} onClose={table.closeReason} />
      {state.importOpen && (
        <ImportDialog
          open
          runId={runId}
          heats={view.heats.map((h) => h.heat)}
          defaultHeat={importHeat(view.currentHeat, heatCount)}
          onClose={() => table.openImport(false)}
          onApplied={table.imported}
        />
      )}
    </div>
  );
}
