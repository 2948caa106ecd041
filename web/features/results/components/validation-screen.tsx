import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, ClipboardCheck, History, Undo2, Wifi, WifiOff } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ResultDto, TimingView } from '../../../../api/contracts/results.ts';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/button.ts';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { useCurrentUser } from '../../../lib/auth/session.ts';
import { isAppError } from '../../../lib/errors.ts';
import type { LiveStatus } from '../../../lib/live-socket.ts';
import { resultKeys } from '../../../lib/query-keys.ts';
import { formatChangeTime } from '../../run-orders/format.ts';
import { OUTCOME_LABELS } from '../entry.ts';
import { validateResult, withdrawValidation } from '../mutations.ts';
import {
  firstHeatToCheck,
  firstRowToCheck,
  isOwnEntry,
  nextProvisional,
  validationHeats,
  validationKey,
} from '../validation.ts';
import { HistoryDialog } from './history-dialog.tsx';
import { ReasonDialog, type ReasonRequest } from './reason-dialog.tsx';

function valueText(result: ResultDto): string {
  if (result.rawTime === null) return OUTCOME_LABELS[result.outcome];
  const calls = result.penalties.map((p) => (p.count > 1 ? `${p.count}× ${p.label}` : p.label)).join(', ');
  const official = result.outcome === 'dq' ? 'DQ' : result.officialTime;
  if (!calls) return official ?? result.rawTime;
  return result.penaltyMs > 0
    ? `${result.rawTime} + ${result.penaltyMs / 1000} s (${calls}) = ${official}`
    : `${result.rawTime} (${calls}) = ${official}`;
}

/**
 * The validation screen: the run's results heat by heat, each with who entered it and when; a second
 * official validates them, or sends an official one back with a note. Keyboard: ↑/↓ step, v (or
 * Enter) validates, b sends back, h shows the history, Page Down/Up change the heat.
 */
export function ValidationScreen({ view, live, back }: { view: TimingView; live: LiveStatus; back: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const runId = view.runId;
  const heats = useMemo(() => validationHeats(view), [view]);
  const [heatNumber, setHeatNumber] = useState<number | undefined>(() => firstHeatToCheck(heats));
  const heatIndex = Math.max(
    0,
    heats.findIndex((h) => h.heat === heatNumber),
  );
  const heat = heats[heatIndex];
  const [focused, setFocused] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [reason, setReason] = useState<{ request: ReasonRequest; run: (text: string) => Promise<void> } | null>(null);
  const [historyOf, setHistoryOf] = useState<{ id: number; name: string } | null>(null);
  const rows = useRef<(HTMLLIElement | null)[]>([]);

  // A heat that is gone (a refetch) falls back to the first one to check.
  useEffect(() => {
    if (heats.length > 0 && !heats.some((h) => h.heat === heatNumber)) setHeatNumber(firstHeatToCheck(heats));
  }, [heats, heatNumber]);

  const focusRow = useCallback((index: number) => {
    setFocused(index);
    const row = rows.current[index];
    row?.focus();
    row?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  // On opening, and when another heat is shown, the cursor waits on its first result still to check
  // (keyboard first: v validates at once), as the timing table's cursor waits in its first lane.
  const focusedHeat = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!heat || focusedHeat.current === heat.heat) return;
    focusedHeat.current = heat.heat;
    focusRow(firstRowToCheck(heat.lanes));
  }, [heat, focusRow]);
  const say = (text: string) => {
    setAlert('');
    setAnnouncement(text);
  };
  const refuse = (text: string) => {
    setAnnouncement('');
    setAlert(text);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });

  const failureText = (error: unknown, result: ResultDto): string => {
    if (isAppError(error) && error.status === 409) {
      return `${result.entrant.name}'s result changed meanwhile; it was read again. Check it and try again.`;
    }
    return `${result.entrant.name}: ${error instanceof Error ? error.message : 'it could not be sent.'}`;
  };

  const validate = async (index: number) => {
    const lane = heat?.lanes[index];
    if (!lane) return;
    const result = lane.result;
    if (result.status === 'official') {
      say(`${result.entrant.name} is already official.`);
      return;
    }
    const send = async (ownEntryReason?: string) => {
      setBusy(result.id);
      try {
        await validateResult(result.id, result.version, ownEntryReason);
        say(`Validated ${result.entrant.name}: ${valueText(result)}.`);
        // On to the next one at once; the fresh read follows.
        const next = nextProvisional(
          heat.lanes.map((l, i) => (i === index ? { result: { ...l.result, status: 'official' as const } } : l)),
          index,
        );
        if (next >= 0) focusRow(next);
        await refresh();
      } catch (error) {
        refuse(failureText(error, result));
        await refresh();
        throw error;
      } finally {
        setBusy(null);
      }
    };
    if (isOwnEntry(result, me?.id)) {
      setReason({
        request: {
          title: `Validate your own entry: ${result.entrant.name}`,
          description:
            'You entered or last changed this result. A second official should validate it; as an admin you may, with the reason recorded.',
          label: 'Why you validate it yourself',
          confirmLabel: 'Validate',
        },
        run: (text) => send(text),
      });
      return;
    }
    await send().catch(() => undefined);
  };

  const sendBack = (index: number) => {
    const lane = heat?.lanes[index];
    if (!lane) return;
    const result = lane.result;
    setReason({
      request: {
        title: `Send ${result.entrant.name}'s result back`,
        description:
          result.status === 'official'
            ? 'It becomes provisional again; the note shows to whoever checks it at the timing table.'
            : 'It stays unvalidated; the note shows at the timing table for whoever entered it.',
        label: 'Note',
        confirmLabel: 'Send back',
        tone: 'danger',
      },
      run: async (text) => {
        setBusy(result.id);
        try {
          await withdrawValidation(result.id, result.version, text);
          say(`Sent ${result.entrant.name}'s result back with your note.`);
        } finally {
          setBusy(null);
          await refresh();
        }
      },
    });
  };

  const changeHeat = (step: 1 | -1) => {
    const next = heats[heatIndex + step];
    if (!next) return;
    setHeatNumber(next.heat);
    say(`Heat ${next.heat}: ${next.provisional} provisional.`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const key = validationKey(event);
    if (!key || !heat) return;
    event.preventDefault();
    switch (key) {
      case 'validate':
        void validate(index);
        return;
      case 'send-back':
        sendBack(index);
        return;
      case 'history': {
        const result = heat.lanes[index]?.result;
        if (result) setHistoryOf({ id: result.id, name: result.entrant.name });
        return;
      }
      case 'next':
        focusRow(Math.min(index + 1, heat.lanes.length - 1));
        return;
      case 'previous':
        focusRow(Math.max(index - 1, 0));
        return;
      case 'next-heat':
        changeHeat(1);
        return;
      case 'previous-heat':
        changeHeat(-1);
        return;
    }
  };

  const provisionalTotal = heats.reduce((sum, h) => sum + h.provisional, 0);

  return (
    <div>
      <div className="mb-4">{back}</div>
      <PortalPageHeader
        title={`Validate · ${view.runName}`}
        description={`${view.eventName} · ${provisionalTotal} provisional ${provisionalTotal === 1 ? 'result' : 'results'} to check`}
      />
      <div className="sr-only" aria-live="polite" data-testid="validation-announcer">
        {announcement}
      </div>
      <div className="sr-only" role="alert">
        {alert}
      </div>
      {alert && (
        <p
          className="mb-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950"
          aria-hidden="true"
        >
          {alert}
        </p>
      )}

      <div className="mb-4 flex flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <button
          type="button"
          onClick={() => changeHeat(-1)}
          disabled={heatIndex <= 0}
          className={buttonClass('secondary', 'sm')}
          aria-keyshortcuts="PageUp"
        >
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous heat
        </button>
        <p className="px-2 text-sm font-semibold text-slate-900" data-testid="validation-heat">
          {heat ? `Heat ${heat.heat} · ${heat.provisional} provisional` : 'No results yet'}
        </p>
        <button
          type="button"
          onClick={() => changeHeat(1)}
          disabled={heatIndex >= heats.length - 1}
          className={buttonClass('secondary', 'sm')}
          aria-keyshortcuts="PageDown"
        >
          Next heat <ChevronRight aria-hidden="true" className="size-4" />
        </button>
        <span
          className={`ml-auto inline-flex items-center gap-1 text-xs font-semibold ${live === 'open' ? 'text-green-800' : 'text-amber-800'}`}
        >
          {live === 'open' ? (
            <Wifi aria-hidden="true" className="size-4" />
          ) : (
            <WifiOff aria-hidden="true" className="size-4" />
          )}
          {live === 'open' ? 'Live' : 'Reconnecting…'}
        </span>
        <Link to="/portal/results/$runId" params={{ runId: String(runId) }} className={buttonClass('ghost', 'sm')}>
          Timing table
        </Link>
      </div>
      <p className="mb-3 text-sm text-slate-600">
        Keys: <kbd className="font-mono">↑ ↓</kbd> step, <kbd className="font-mono">v</kbd> or{' '}
        <kbd className="font-mono">Enter</kbd> validate, <kbd className="font-mono">b</kbd> send back,{' '}
        <kbd className="font-mono">h</kbd> history, <kbd className="font-mono">PgDn PgUp</kbd> heats.
      </p>

      {!heat ? (
        <EmptyState
          title="No results to check yet"
          icon={<ClipboardCheck className="size-10 text-slate-400" aria-hidden="true" />}
        >
          Results entered at the timing table show here, heat by heat.
        </EmptyState>
      ) : (
        <ul aria-label={`Heat ${heat.heat} results`} className="flex flex-col gap-2" data-testid="validation-list">
          {heat.lanes.map((lane, index) => {
            const result = lane.result;
            const own = isOwnEntry(result, me?.id);
            return (
              <li
                key={result.id}
                ref={(node) => {
                  rows.current[index] = node;
                }}
                tabIndex={index === focused ? 0 : -1}
                onKeyDown={(event) => {
                  if (event.target === event.currentTarget) onKeyDown(event, index);
                }}
                onFocus={(event) => {
                  if (event.target === event.currentTarget) setFocused(index);
                }}
                aria-label={`Position ${lane.position}, ${result.entrant.name}: ${valueText(result)}, ${result.status}`}
                data-testid={`validate-row-${lane.position}`}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span
                      className="grid h-6 min-w-6 place-items-center rounded-full bg-slate-900 px-1.5 text-xs font-bold text-white"
                      aria-hidden="true"
                    >
                      {lane.position}
                    </span>
                    <span className="font-semibold text-slate-900">{result.entrant.name}</span>
                    {result.status === 'official' ? (
                      <Badge className="bg-green-100 text-green-900" testId={`validate-status-${lane.position}`}>
                        Official
                      </Badge>
                    ) : (
                      <Badge className="bg-amber-100 text-amber-900" testId={`validate-status-${lane.position}`}>
                        Provisional
                      </Badge>
                    )}
                  </p>
                  <p className="mt-1 font-mono text-base font-bold tabular-nums text-slate-900">{valueText(result)}</p>
                  <p className="text-xs text-slate-600">
                    {result.source === 'import' ? 'Imported' : 'Entered'} by {result.enteredBy?.name ?? 'someone'}
                    {result.enteredAt && (
                      <>
                        {' '}
                        · <time dateTime={result.enteredAt}>{formatChangeTime(result.enteredAt)}</time>
                      </>
                    )}
                    {result.lastChangedBy &&
                      result.lastChangedBy.id !== result.enteredBy?.id &&
                      ` · last changed by ${result.lastChangedBy.name}`}
                    {result.validatedBy && ` · validated by ${result.validatedBy.name}`}
                    {own && result.status === 'provisional' && (
                      <span className="font-semibold text-amber-800">
                        {' '}
                        · your entry: validating it asks for a reason
                      </span>
                    )}
                  </p>
                  {result.returnedReason && (
                    <p className="text-xs font-semibold text-brand-800">Sent back: {result.returnedReason}</p>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  {result.status === 'provisional' && (
                    <button
                      type="button"
                      onClick={() => void validate(index)}
                      disabled={busy === result.id}
                      className={buttonClass('primary', 'sm')}
                    >
                      <ClipboardCheck aria-hidden="true" className="size-4" /> Validate
                      <span className="sr-only"> {result.entrant.name}</span>
                    </button>
                  )}
                  <button
                    type="button"
                    onClick={() => sendBack(index)}
                    disabled={busy === result.id}
                    className={buttonClass('secondary', 'sm')}
                  >
                    <Undo2 aria-hidden="true" className="size-4" /> Send back
                    <span className="sr-only"> {result.entrant.name}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => setHistoryOf({ id: result.id, name: result.entrant.name })}
                    className={buttonClass('ghost', 'sm')}
                  >
                    <History aria-hidden="true" className="size-4" /> History
                    <span className="sr-only"> of {result.entrant.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ReasonDialog
        request={reason?.request ?? null}
        onSubmit={(text) => reason?.run(text) ?? Promise.resolve()}
        onClose={() => setReason(null)}
      />
      <HistoryDialog
        resultId={historyOf?.id ?? null}
        title={historyOf ? `History of ${historyOf.name}'s result` : ''}
        onClose={() => setHistoryOf(null)}
      />
    </div>
  );
}
