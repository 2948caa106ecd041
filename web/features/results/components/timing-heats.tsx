import { draftValue } from '../entry.ts';
import { provisionalRank, type TableLane } from '../table.ts';
import { draftFor, isDirty } from '../timing-state.ts';
import type { TimingTable } from '../use-timing-table.ts';
import { LaneRow } from './lane-row.tsx';

/** The run order's heats, pair by pair, each lane an entry row; the heat on the course stands out. */
export function TimingHeats({ table }: { table: TimingTable }) {
  const { view, lanes, timed, state } = table;
  return (
    <div className="flex flex-col gap-4">
      {view.heats.map((heat) => (
        <section
          key={heat.heat}
          aria-labelledby={`heat-${heat.heat}-title`}
          data-testid={`heat-${heat.heat}`}
          className={`rounded-2xl border p-3 sm:p-4 ${heat.heat === view.currentHeat ? 'border-brand-300 bg-brand-50/40' : 'border-slate-200 bg-slate-50'}`}
        >
          <h2
            id={`heat-${heat.heat}-title`}
            className="mb-2 flex items-center gap-2 text-base font-bold text-slate-900"
          >
            Heat {heat.heat}
            {heat.heat === view.currentHeat && (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                On the course
              </span>
            )}
          </h2>
          <div className="flex flex-col gap-3">
            {heat.pairs.map((pair) => (
              <ul key={pair.pair} aria-label={`Pair ${pair.pair}`} className="flex flex-col gap-2">
                {pair.lanes.map((lane) => {
                  const index = lanes.findIndex((l) => l.position === lane.position);
                  const tableLane = lanes[index] as TableLane;
                  const draft = draftFor(state.drafts, tableLane);
                  const registrationId = lane.registrationId;
                  const check = draftValue(draft);
                  return (
                    <LaneRow
                      key={lane.position}
                      lane={tableLane}
                      draft={draft}
                      dirty={isDirty(state.drafts, tableLane, draft)}
                      active={registrationId !== null && state.active === registrationId}
                      status={registrationId !== null ? state.statuses[registrationId] : undefined}
                      rank={
                        registrationId !== null && check.ok ? provisionalRank(timed, registrationId, check.value) : null
                      }
                      onDraft={(next) => {
                        if (registrationId !== null) table.typed(registrationId, next);
                      }}
                      onCommand={(cmd, next) => table.command(index, cmd, next)}
                      onRefused={table.refuse}
                      onFocus={() => table.focused(registrationId)}
                      inputRef={(node) => {
                        if (registrationId !== null) table.laneInput(registrationId, node);
                      }}
                      onHistory={() =>
                        lane.result && table.showHistory({ id: lane.result.id, name: lane.entrant?.name ?? 'Result' })
                      }
                      onVoid={() => table.askVoid(tableLane)}
                    />
                  );
                })}
              </ul>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
