import { CircleAlert, CloudOff, History, Minus, Plus, RotateCcw, TriangleAlert } from 'lucide-react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { RESULT_OUTCOMES } from '../../../../api/domain/results/events.ts';
import { officialTimeMs } from '../../../../api/domain/results/evolve.ts';
import { INFRACTIONS, penaltyMs } from '../../../../api/domain/results/penalties.ts';
import { formatTime } from '../../../../api/domain/times.ts';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { formatChangeTime } from '../../run-orders/format.ts';
import {
  addPenalty,
  draftFromText,
  draftValue,
  type EntryCommand,
  type EntryDraft,
  entryKey,
  OUTCOME_LABELS,
  removePenalty,
  shownEntry,
} from '../entry.ts';
import { rankLabel, type TableLane } from '../table.ts';
import type { LaneStatus } from '../timing-state.ts';

const chip =
  'inline-flex min-h-9 items-center gap-1 rounded-lg border px-2.5 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700';

export function LaneRow({
  lane,
  draft,
  dirty,
  active,
  status,
  rank,
  onDraft,
  onCommand,
  onRefused,
  onFocus,
  inputRef,
  onHistory,
  onVoid,
}: {
  lane: TableLane;
  draft: EntryDraft;
  /** The draft differs from the saved value. */
  dirty: boolean;
  active: boolean;
  status: LaneStatus | undefined;
  rank: number | null;
  onDraft: (draft: EntryDraft) => void;
  onCommand: (command: EntryCommand, draft: EntryDraft) => void;
  onRefused: (message: string) => void;
  onFocus: () => void;
  inputRef: (node: HTMLInputElement | null) => void;
  onHistory: () => void;
  onVoid: () => void;
}) {
  const { entrant, result } = lane;
  const name = entrant?.name ?? 'Nobody placed';
  const check = draftValue(draft);
  const value = check.ok ? check.value : null;
  const official = value ? officialTimeMs(value) : null;
  const counts = INFRACTIONS.map((i) => ({ ...i, count: draft.penalties.filter((p) => p === i.code).length }));
  const called = counts.filter((c) => c.count > 0);
  const added = penaltyMs(draft.penalties);
  const fieldId = `lane-${lane.position}-time`;
  const helpId = `lane-${lane.position}-help`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const out = entryKey(draft, {
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      capsLock: event.getModifierState?.('CapsLock') ?? false,
    });
    if (!out) return;
    event.preventDefault();
    if (out.kind === 'draft') onDraft(out.draft);
    else if (out.kind === 'refused') onRefused(out.message);
    else onCommand(out.command, out.draft);
  };

  if (lane.registrationId === null) {
    return (
      <li
        data-testid={`lane-${lane.position}`}
        className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-500"
      >
        <PositionBadge lane={lane} />
        <span>Nobody placed in this lane</span>
      </li>
    );
  }

  return (
    <li
      data-testid={`lane-${lane.position}`}
      data-registration-id={lane.registrationId}
      aria-label={`Position ${lane.position}, ${lane.lane} lane: ${name}`}
      className={`rounded-xl border bg-white px-3 py-2 shadow-sm ${
        active ? 'border-brand-600 ring-2 ring-brand-600' : dirty ? 'border-amber-400' : 'border-slate-200'
      }`}
    >
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 lg:grid-cols-[auto_minmax(0,1.4fr)_9rem_minmax(0,1fr)_9rem]">
        <PositionBadge lane={lane} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-600">
            {[entrant?.departmentName, lane.bestOfficialMs ? `best ${formatTime(lane.bestOfficialMs)}` : null]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor={fieldId} className="sr-only">
            Time for {name}, heat {lane.heat}, pair {lane.pair}, {lane.lane} lane
          </label>
          <input
            id={fieldId}
            ref={inputRef}
            data-testid={`time-${lane.position}`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            value={shownEntry(draft)}
            placeholder="0:00.00"
            onKeyDown={onKeyDown}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onDraft(draftFromText(draft, event.target.value))}
            onFocus={onFocus}
            aria-describedby={helpId}
            aria-invalid={status?.error ? true : undefined}
            className={`w-full rounded-lg border px-3 py-2 text-right font-mono text-lg font-bold tabular-nums focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 ${
              draft.outcome !== 'finished' ? 'text-brand-800' : 'text-slate-900'
            } ${status?.error ? 'border-brand-600' : 'border-slate-300'}`}
          />
        </div>
        <div className="col-span-2 min-w-0 text-sm lg:col-span-1" id={helpId}>
          {called.length > 0 ? (
            <span className="text-slate-800">
              +{added / 1000} s: {called.map((c) => (c.count > 1 ? `${c.count}× ${c.label}` : c.label)).join(', ')}
            </span>
          ) : (
            <span className="text-slate-500">No penalties</span>
          )}
          {draft.removing && <span className="ml-2 font-semibold text-amber-800">Removing: press a penalty key</span>}
        </div>
        <div className="col-span-2 flex items-center justify-between gap-2 lg:col-span-1 lg:flex-col lg:items-end">
          <span
            className="font-mono text-base font-bold tabular-nums text-slate-900"
            data-testid={`official-${lane.position}`}
          >
            {value && value.outcome !== 'finished'
              ? OUTCOME_LABELS[value.outcome]
              : official !== null
                ? formatTime(official)
                : value
                  ? 'DQ'
                  : ''}
          </span>
          <span className="text-xs text-slate-600" data-testid={`rank-${lane.position}`}>
            {rankLabel(rank, { result, dirty })}
          </span>
        </div>
      </div>

      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {status?.saving ? (
          <Badge className="bg-slate-100 text-slate-800">Saving…</Badge>
        ) : dirty ? (
          <Badge className="bg-amber-100 text-amber-900">Not saved</Badge>
        ) : result?.recorded ? (
          result.status === 'official' ? (
            <Badge className="bg-green-100 text-green-900" testId={`status-${lane.position}`}>
              Official
            </Badge>
          ) : (
            <Badge className="bg-amber-100 text-amber-900" testId={`status-${lane.position}`}>
              Provisional
            </Badge>
          )
        ) : null}
        {result?.recorded && (
          <span>
            {result.source === 'import' ? 'Imported' : 'Entered'} by {result.enteredBy?.name ?? 'someone'}
            {result.enteredAt && ` · ${formatChangeTime(result.enteredAt)}`}
            {result.validatedBy && ` · validated by ${result.validatedBy.name}`}
            {result.attempt > 1 && ` · attempt ${result.attempt}`}
          </span>
        )}
        {result?.returnedReason && (
          <span className="font-semibold text-brand-800">Sent back: {result.returnedReason}</span>
        )}
      </div>

      {status?.conflict && (
        <p role="alert" className="mt-2 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {status.conflict}
        </p>
      )}
      {status?.kept && (
        <p
          data-testid="kept-offline"
          className="mt-2 flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-900"
        >
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {status.kept}
        </p>
      )}
      {status?.error && (
        <p className="mt-2 flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {status.error}
        </p>
      )}
      {status?.warnings && status.warnings.length > 0 && (
        <div
          className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid={`warnings-${lane.position}`}
        >
          <ul className="flex flex-col gap-1">
            {status.warnings.map((w) => (
              <li key={w.code} className="flex items-start gap-2">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {w.message}
              </li>
            ))}
          </ul>
          <p className="mt-1 font-semibold">Press Enter again, or Save anyway, to save it.</p>
        </div>
      )}

      {active && (
        <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
          <fieldset>
            <legend className="mb-1 text-xs font-semibold uppercase tracking-wider text-slate-600">Outcome</legend>
            <div className="flex flex-wrap gap-2">
              {RESULT_OUTCOMES.map((outcome) => (
                <button
                  key={outcome}
                  type="button"
                  aria-pressed={draft.outcome === outcome}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() =>
                    onDraft({ ...draft, outcome, digits: outcome === 'finished' ? draft.digits : '', removing: false })
                  }
                  className={`${chip} ${draft.outcome === outcome ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
                >
                  {OUTCOME_LABELS[outcome]}
                  <kbd className="text-xs font-normal opacity-70">
                    {{ finished: 'f', dnf: 'd', dns: 'n', dq: 'q' }[outcome]}
                  </kbd>
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-1 text-xs font-semibold uppercase tracking-wider text-slate-600">Penalties</legend>
            <ul className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
              {counts.map((c) => (
                <li key={c.code} className="flex min-w-0 items-center gap-1.5">
                  <button
                    type="button"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onDraft(removePenalty(draft, c.code))}
                    disabled={c.count === 0}
                    aria-label={`Remove one ${c.label}`}
                    className={`${chip} border-slate-300 bg-white px-2 text-slate-700 disabled:opacity-40`}
                  >
                    <Minus aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onDraft(addPenalty(draft, c.code))}
                    aria-keyshortcuts={c.key}
                    className={`${chip} min-w-0 flex-1 justify-between ${c.count > 0 ? 'border-amber-400 bg-amber-50 text-amber-950' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
                  >
                    <span className="flex min-w-0 items-center gap-1.5">
                      <Plus aria-hidden="true" className="size-4 shrink-0" />
                      <span className="sr-only">Add </span>
                      <span className="truncate">{c.label}</span>
                    </span>
                    <span className="flex shrink-0 items-center gap-1.5">
                      <span className={c.disqualifies ? 'text-brand-800' : 'text-slate-500'}>
                        {c.disqualifies ? 'DQ' : '2 s'}
                      </span>
                      <kbd className="hidden rounded bg-slate-100 px-1 text-xs font-normal text-slate-700 sm:inline">
                        {c.key}
                      </kbd>
                      <span className="min-w-5 text-right tabular-nums">
                        <span className="sr-only">, called </span>
                        {c.count}
                        <span className="sr-only"> {c.count === 1 ? 'time' : 'times'}</span>
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onCommand('save', draft)}
              className={buttonClass('primary', 'sm')}
            >
              {status?.warnings?.length ? 'Save anyway' : 'Save and next'}{' '}
              <kbd className="text-xs opacity-80">Enter</kbd>
            </button>
            {dirty && (
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onCommand('revert', draft)}
                className={buttonClass('secondary', 'sm')}
              >
                <RotateCcw aria-hidden="true" className="size-4" /> Put back{' '}
                <kbd className="text-xs opacity-70">Esc</kbd>
              </button>
            )}
            {(result?.recorded || (result?.voidedAttempts.length ?? 0) > 0) && (
              <button type="button" onClick={onHistory} className={buttonClass('ghost', 'sm')}>
                <History aria-hidden="true" className="size-4" /> History
              </button>
            )}
            {result?.recorded && (
              <button type="button" onClick={onVoid} className={buttonClass('ghost', 'sm')}>
                Void for a rerun
              </button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

function PositionBadge({ lane }: { lane: TableLane }) {
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="grid h-7 min-w-7 place-items-center rounded-full bg-slate-900 px-1.5 text-xs font-bold text-white"
      >
        {lane.position}
      </span>
      <span className="w-10 text-xs font-semibold uppercase tracking-wider text-slate-600">
        {lane.lane === 'left' ? 'Left' : 'Right'}
      </span>
    </span>
  );
}
