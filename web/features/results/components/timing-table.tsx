import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ClipboardCheck, FileUp, Keyboard, MonitorPlay, SkipForward, Wifi, WifiOff } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ResultDto, TimingView } from '../../../../api/contracts/results.ts';
import type { ResultValue } from '../../../../api/domain/results/events.ts';
import { INFRACTIONS } from '../../../../api/domain/results/penalties.ts';
import { nextHeatStep } from '../../../../api/domain/run-orders/current-heat.ts';
import { formatTime } from '../../../../api/domain/times.ts';
import { buttonClass } from '../../../components/button.ts';
import { EmptyState, PortalPageHeader } from '../../../components/states.tsx';
import { isAppError } from '../../../lib/errors.ts';
import { isTypingTarget } from '../../../lib/keyboard.ts';
import type { LiveStatus } from '../../../lib/live-socket.ts';
import { offlineQueue } from '../../../lib/offline-queue.ts';
import { DocumentLinks, runDocumentLinks } from '../../documents/document-links.tsx';
import { newCommandId } from '../../run-orders/actions.ts';
import {
  draftOf,
  draftValue,
  type EntryCommand,
  type EntryDraft,
  NEXT_HEAT_KEYS,
  OUTCOME_LABELS,
  sameValue,
} from '../entry.ts';
import { correctResult, recordResult, refreshRun, setCurrentHeat, setHold, voidResult } from '../mutations.ts';
import { resultKeys } from '../queries.ts';
import {
  firstLaneOfHeat,
  lanesOf,
  laneWarnings,
  provisionalRank,
  stepLane,
  type TableLane,
  timedResults,
  valueOfResult,
} from '../table.ts';
import { HistoryDialog } from './history-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { LaneRow, type LaneStatus } from './lane-row.tsx';
import { ReasonDialog, type ReasonRequest } from './reason-dialog.tsx';

const valueKey = (draft: EntryDraft) => JSON.stringify([draft.digits, draft.outcome, [...draft.penalties].sort()]);

/** The value in words, for the live region: "1:47.32 + 2 s", "DNF". */
function spoken(result: Pick<ResultDto, 'outcome' | 'officialTime' | 'rawTime'>): string {
  if (result.outcome !== 'finished') return OUTCOME_LABELS[result.outcome];
  return result.officialTime ?? result.rawTime ?? '';
}

/** Puts an answered result in the cached timing view at once (the refetch that follows confirms it). */
function withResult(view: TimingView, result: ResultDto): TimingView {
  return {
    ...view,
    heats: view.heats.map((heat) => ({
      ...heat,
      pairs: heat.pairs.map((pair) => ({
        ...pair,
        lanes: pair.lanes.map((lane) =>
          lane.registrationId === result.registrationId ? { ...lane, result, resultVersion: result.version } : lane,
        ),
      })),
    })),
  };
}

/** An entry as typed, with the version it was typed on: what is kept while the server cannot be reached. */
interface KeptResult {
  registrationId: number;
  /** Set when it corrects a recorded result. */
  resultId: number | null;
  expectedVersion: number;
  value: ResultValue;
  reason: string | null;
  commandId: string;
  heat: number;
  position: number;
}

/** While entries are kept, they are tried again this often (besides the socket and the browser's `online`). */
const RETRY_OFFLINE_MS = 5_000;

const failure = (error: unknown): string => (error instanceof Error ? error.message : 'It could not be saved.');

interface Pending {
  title: string;
  request: ReasonRequest;
  run: (reason: string) => Promise<void>;
}

export function TimingTableScreen({ view, live, back }: { view: TimingView; live: LiveStatus; back: ReactNode }) {
  const queryClient = useQueryClient();
  const runId = view.runId;
  const lanes = useMemo(() => lanesOf(view), [view]);
  const timed = useMemo(() => timedResults(view), [view]);
  const names = useMemo(() => {
    const byId = new Map<number, string>();
    for (const lane of lanes)
      if (lane.registrationId !== null && lane.entrant) byId.set(lane.registrationId, lane.entrant.name);
    for (const result of view.unplaced) byId.set(result.registrationId, result.entrant.name);
    return byId;
  }, [lanes, view.unplaced]);

  const [drafts, setDrafts] = useState<Record<number, EntryDraft>>({});
  const [statuses, setStatuses] = useState<Record<number, LaneStatus>>({});
  const warnedFor = useRef<Record<number, string>>({});
  const [active, setActive] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [alert, setAlert] = useState('');
  const [historyOf, setHistoryOf] = useState<{ id: number; name: string } | null>(null);
  const [reason, setReason] = useState<Pending | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [heatBusy, setHeatBusy] = useState(false);
  const [holdPending, setHoldPending] = useState<boolean | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());

  const say = useCallback((text: string) => {
    setAlert('');
    setAnnouncement(text);
  }, []);
  const refuse = useCallback((text: string) => {
    setAnnouncement('');
    setAlert(text);
  }, []);
  const setStatus = useCallback((registrationId: number, status: LaneStatus | undefined) => {
    setStatuses((all) => {
      const next = { ...all };
      if (status) next[registrationId] = status;
      else delete next[registrationId];
      return next;
    });
  }, []);
  const dropDraft = useCallback((registrationId: number) => {
    setDrafts((all) => {
      const next = { ...all };
      delete next[registrationId];
      return next;
    });
    delete warnedFor.current[registrationId];
  }, []);

  const focusLane = useCallback(
    (index: number) => {
      const lane = lanes[index];
      if (!lane || lane.registrationId === null) return;
      const input = inputs.current.get(lane.registrationId);
      input?.focus();
      input?.scrollIntoView?.({ block: 'nearest' });
    },
    [lanes],
  );

  // On opening, the cursor waits in the current heat's first lane without a result (keyboard first).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || lanes.length === 0) return;
    opened.current = true;
    const waiting = lanes.findIndex(
      (lane) => lane.heat === view.currentHeat && lane.registrationId !== null && !lane.result?.recorded,
    );
    focusLane(waiting >= 0 ? waiting : firstLaneOfHeat(lanes, view.currentHeat));
  }, [lanes, view.currentHeat, focusLane]);

  const draftFor = (lane: TableLane): EntryDraft =>
    (lane.registrationId !== null ? drafts[lane.registrationId] : undefined) ?? draftOf(valueOfResult(lane.result));

  // Entries that could not reach the server, kept on this device and sent again in order (docs/decisions/044).
  const keptQueue = useMemo(() => offlineQueue<KeptResult>('results', runId), [runId]);
  const kept = useRef<KeptResult[]>([]);
  const [keptCount, setKeptCount] = useState(0);
  const keep = useCallback(
    (next: KeptResult[]) => {
      kept.current = next;
      setKeptCount(next.length);
      void keptQueue.save({ items: next });
    },
    [keptQueue],
  );

  /**
   * Sends one entry with the version it was typed on: records it, or corrects it (with the reason an
   * official result needs). Answers whether it reached the server (false: kept for later).
   */
  const submit = useCallback(
    async (entry: KeptResult): Promise<boolean> => {
      const { registrationId, value } = entry;
      const name = names.get(registrationId) ?? 'this entrant';
      const forget = () => keep(kept.current.filter((k) => k.commandId !== entry.commandId));
      setStatus(registrationId, { saving: true });
      try {
        const saved =
          entry.resultId !== null
            ? await correctResult(entry.resultId, entry.expectedVersion, value, entry.reason, entry.commandId)
            : await recordResult(registrationId, entry.expectedVersion, value, entry.commandId);
        forget();
        queryClient.setQueryData<TimingView>(resultKeys.timing(runId), (old) => (old ? withResult(old, saved) : old));
        dropDraft(registrationId);
        setStatus(registrationId, undefined);
        const current = queryClient.getQueryData<TimingView>(resultKeys.timing(runId)) ?? view;
        const rank = provisionalRank(timedResults(current), registrationId, valueOfResult(saved));
        say(`Saved ${spoken(saved)} for ${name}${rank !== null ? `, provisional rank ${rank}` : ''}.`);
        return true;
      } catch (error) {
        const yours = spoken({ ...value, officialTime: null, rawTime: formatTime(value.rawTimeMs) });
        if (!isAppError(error) || error.status === undefined) {
          // Not answered: keep it, in order, until the connection returns; the same command id goes again.
          if (!kept.current.some((k) => k.commandId === entry.commandId)) keep([...kept.current, entry]);
          dropDraft(registrationId);
          setStatus(registrationId, {
            kept: `Not sent yet: ${yours} is kept on this device and will be saved when the connection returns.`,
          });
          return false;
        }
        forget();
        if (error.status === 409) {
          // Someone changed it first: show the lane's current value and who changed it, drop ours.
          await queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
          const fresh = lanesOf(queryClient.getQueryData<TimingView>(resultKeys.timing(runId)) ?? view).find(
            (l) => l.registrationId === registrationId,
          );
          const current = fresh?.result?.recorded ? spoken(fresh.result) : 'no result';
          const who = fresh?.result?.lastChangedBy?.name ?? 'another official';
          const text = `${who} changed ${name}'s result first (heat ${entry.heat}, position ${entry.position}): it is now ${current}. Yours (${yours}) was not saved; type it again if it is right.`;
          dropDraft(registrationId);
          setStatus(registrationId, { conflict: text });
          refuse(text);
        } else {
          const text = failure(error);
          setStatus(registrationId, { error: text });
          refuse(`${name}: ${text}`);
        }
        return true;
      }
    },
    [names, queryClient, runId, view, dropDraft, setStatus, say, refuse, keep],
  );

  /** Sends a lane's value as typed now, on the version the lane holds. */
  const send = useCallback(
    async (lane: TableLane, draft: EntryDraft, correctionReason: string | null) => {
      const check = draftValue(draft);
      if (!check.ok || lane.registrationId === null) return;
      const entry: KeptResult = {
        registrationId: lane.registrationId,
        resultId: lane.result?.recorded === true ? lane.result.id : null,
        expectedVersion: lane.resultVersion,
        value: check.value,
        reason: correctionReason,
        commandId: newCommandId(),
        heat: lane.heat,
        position: lane.position,
      };
      // Behind kept entries: they go first, in order.
      if (kept.current.length > 0) {
        keep([...kept.current, entry]);
        setStatus(entry.registrationId, { kept: 'Not sent yet: waiting for the entries kept before it.' });
        return;
      }
      await submit(entry);
    },
    [submit, keep, setStatus],
  );

  // Kept entries (this page's, or an earlier page's) go again when the socket is back, when the browser
  // says it is online, and every few seconds, one at a time, stopping at the first that cannot get through.
  const replaying = useRef(false);
  const replay = useCallback(async () => {
    if (replaying.current) return;
    replaying.current = true;
    try {
      while (kept.current.length > 0) {
        const [first] = kept.current;
        if (!first || !(await submit(first))) break;
      }
    } finally {
      replaying.current = false;
    }
  }, [submit]);
  useEffect(() => {
    let cancelled = false;
    void keptQueue.load().then((stored) => {
      if (cancelled || !stored || stored.items.length === 0) return;
      kept.current = [
        ...stored.items,
        ...kept.current.filter((k) => !stored.items.some((s) => s.commandId === k.commandId)),
      ];
      setKeptCount(kept.current.length);
      void replay();
    });
    return () => {
      cancelled = true;
    };
  }, [keptQueue, replay]);
  useEffect(() => {
    if (live === 'open' && keptCount > 0) void replay();
  }, [live, keptCount, replay]);
  useEffect(() => {
    if (keptCount === 0) return;
    const again = () => void replay();
    const timer = setInterval(again, RETRY_OFFLINE_MS);
    window.addEventListener('online', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [keptCount, replay]);

  const save = (index: number, draft: EntryDraft) => {
    const lane = lanes[index];
    if (!lane || lane.registrationId === null) return;
    const registrationId = lane.registrationId;
    const saved = valueOfResult(lane.result);
    const name = names.get(registrationId) ?? 'this entrant';
    const check = draftValue(draft);
    if (sameValue(draft, saved)) {
      dropDraft(registrationId);
      setStatus(registrationId, undefined);
      focusLane(stepLane(lanes, index));
      return;
    }
    if (!check.ok) {
      setStatus(registrationId, { error: check.message });
      refuse(`${name}: ${check.message}`);
      return;
    }
    const warnings = laneWarnings(lane, check.value, { bestEverMs: view.bestEverMs, lanes });
    const key = valueKey(draft);
    if (warnings.length > 0 && warnedFor.current[registrationId] !== key) {
      warnedFor.current[registrationId] = key;
      setStatus(registrationId, { warnings });
      refuse(`Check before saving: ${warnings.map((w) => w.message).join(' ')} Press Enter again to save.`);
      return;
    }
    if (lane.result?.recorded && lane.result.status === 'official') {
      setReason({
        title: name,
        request: {
          title: `Correct ${name}'s official result`,
          description: `It becomes provisional again until a second official validates it. ${lane.result.officialTime ?? spoken(lane.result)} → ${formatTime(check.value.rawTimeMs) || OUTCOME_LABELS[check.value.outcome]}`,
          label: 'Reason for the correction',
          confirmLabel: 'Save the correction',
        },
        run: (text) => send(lane, draft, text),
      });
      return;
    }
    void send(lane, draft, null);
    focusLane(stepLane(lanes, index));
  };

  const currentHeat = view.currentHeat;
  const heatCount = view.heats.length;
  const step = nextHeatStep({ currentHeat, heatCount, currentHeatStartedAt: view.currentHeatStartedAt });
  const nextHeat = async () => {
    if (heatBusy) return;
    if (!step) {
      refuse(`Heat ${currentHeat} is the last heat.`);
      return;
    }
    setHeatBusy(true);
    try {
      await setCurrentHeat(runId, view.runOrderVersion, step.heat);
      say(`Heat ${step.heat} is on the course.`);
      refreshRun(queryClient, runId);
      focusLane(firstLaneOfHeat(lanes, step.heat));
    } catch (error) {
      refuse(
        isAppError(error) && error.status === 409
          ? 'The run order changed meanwhile; it was read again. Press Next heat again.'
          : `The heat could not be moved: ${failure(error)}`,
      );
      void queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
    } finally {
      setHeatBusy(false);
    }
  };
  const nextHeatRef = useRef(nextHeat);
  nextHeatRef.current = nextHeat;

  // Page Down (or >) anywhere on the table moves the heat, except while typing in another field or in a dialog.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!NEXT_HEAT_KEYS.includes(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      void nextHeatRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const command = (index: number, cmd: EntryCommand, draft: EntryDraft) => {
    const lane = lanes[index];
    if (!lane || lane.registrationId === null) return;
    switch (cmd) {
      case 'save':
        save(index, draft);
        return;
      case 'next':
        focusLane(stepLane(lanes, index));
        return;
      case 'previous':
        focusLane(stepLane(lanes, index, -1));
        return;
      case 'revert':
        dropDraft(lane.registrationId);
        setStatus(lane.registrationId, undefined);
        return;
      case 'next-heat':
        void nextHeat();
        return;
    }
  };

  const toggleHold = async () => {
    const held = !view.held;
    // The switch shows the new setting at once; the server's answer and a fresh read confirm it.
    setHoldPending(held);
    try {
      await setHold(runId, held);
      say(held ? 'Results held from the public.' : 'Results released to the public.');
      await queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
    } catch (error) {
      refuse(`The setting could not be changed: ${failure(error)}`);
    } finally {
      setHoldPending(null);
    }
  };

  const askVoid = (lane: TableLane) => {
    const result = lane.result;
    if (!result?.recorded) return;
    const name = names.get(result.registrationId) ?? 'this entrant';
    setReason({
      title: name,
      request: {
        title: `Void ${name}'s attempt ${result.attempt} for a rerun`,
        description: 'The attempt stays on record in the history; the lane waits for the rerun\u2019s time.',
        label: 'Reason (equipment failure, interference…)',
        confirmLabel: 'Void the attempt',
        tone: 'danger',
      },
      run: async (text) => {
        await voidResult(result.id, result.version, text);
        dropDraft(result.registrationId);
        say(`${name}'s attempt ${result.attempt} was voided; enter the rerun's time.`);
        await queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
      },
    });
  };

  const provisional = lanes.filter((l) => l.result?.recorded && l.result.status === 'provisional').length;
  const heatsList = view.heats.map((h) => h.heat);

  return (
    <div>
      <div className="mb-4">{back}</div>
      <PortalPageHeader
        title={`Timing table · ${view.runName}`}
        description={`${view.eventName} · ${view.runCategory}${view.bestEver ? ` · best ever ${view.bestEver}` : ''}`}
      />
      <div className="sr-only" aria-live="polite" data-testid="timing-announcer">
        {announcement}
      </div>
      <div className="sr-only" role="alert" data-testid="timing-alert">
        {alert}
      </div>

      <div className="mb-4 flex flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <p className="mr-auto text-sm font-semibold text-slate-900" data-testid="current-heat">
          {heatCount === 0
            ? 'No heats yet'
            : view.currentHeatStartedAt
              ? `Heat ${currentHeat} of ${heatCount} on the course`
              : `Not started: ${heatCount} ${heatCount === 1 ? 'heat' : 'heats'}`}
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
          {live === 'open' ? 'Live' : live === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
        </span>
        <button
          type="button"
          onClick={() => void nextHeat()}
          disabled={heatBusy || !step}
          className={buttonClass('primary', 'sm')}
          aria-keyshortcuts="PageDown"
        >
          <SkipForward aria-hidden="true" className="size-4" /> {step?.label ?? 'Next heat'}{' '}
          <kbd className="text-xs opacity-80">PgDn</kbd>
        </button>
        <button
          type="button"
          onClick={() => setImportOpen(true)}
          className={buttonClass('secondary', 'sm')}
          disabled={heatCount === 0}
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
            checked={holdPending ?? view.held}
            disabled={holdPending !== null}
            onChange={() => void toggleHold()}
            className="size-4 accent-brand-700"
            data-testid="hold-toggle"
          />
          Hold results from the public
        </label>
      </div>

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
        <div className="flex flex-col gap-4">
          {view.heats.map((heat) => (
            <section
              key={heat.heat}
              aria-labelledby={`heat-${heat.heat}-title`}
              data-testid={`heat-${heat.heat}`}
              className={`rounded-2xl border p-3 sm:p-4 ${heat.heat === currentHeat ? 'border-brand-300 bg-brand-50/40' : 'border-slate-200 bg-slate-50'}`}
            >
              <h2
                id={`heat-${heat.heat}-title`}
                className="mb-2 flex items-center gap-2 text-base font-bold text-slate-900"
              >
                Heat {heat.heat}
                {heat.heat === currentHeat && (
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
                      const draft = draftFor(tableLane);
                      const registrationId = lane.registrationId;
                      const check = draftValue(draft);
                      const dirty =
                        registrationId !== null &&
                        registrationId in drafts &&
                        !sameValue(draft, valueOfResult(lane.result));
                      return (
                        <LaneRow
                          key={lane.position}
                          lane={tableLane}
                          draft={draft}
                          dirty={dirty}
                          active={registrationId !== null && active === registrationId}
                          status={registrationId !== null ? statuses[registrationId] : undefined}
                          rank={
                            registrationId !== null && check.ok
                              ? provisionalRank(timed, registrationId, check.value)
                              : null
                          }
                          onDraft={(next) => {
                            if (registrationId === null) return;
                            setDrafts((all) => ({ ...all, [registrationId]: next }));
                            if (statuses[registrationId]?.error || statuses[registrationId]?.warnings)
                              setStatus(registrationId, undefined);
                          }}
                          onCommand={(cmd, next) => command(index, cmd, next)}
                          onRefused={refuse}
                          onFocus={() => setActive(registrationId)}
                          inputRef={(node) => {
                            if (registrationId === null) return;
                            if (node) inputs.current.set(registrationId, node);
                            else inputs.current.delete(registrationId);
                          }}
                          onHistory={() =>
                            lane.result && setHistoryOf({ id: lane.result.id, name: lane.entrant?.name ?? 'Result' })
                          }
                          onVoid={() => askVoid(tableLane)}
                        />
                      );
                    })}
                  </ul>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}

      {view.unplaced.length > 0 && (
        <section aria-labelledby="unplaced-title" className="mt-6">
          <h2 id="unplaced-title" className="mb-2 text-base font-bold text-slate-900">
            Results of entrants no longer in the run order
          </h2>
          <ul className="flex flex-col gap-2">
            {view.unplaced.map((result) => (
              <li
                key={result.id}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm"
              >
                <span className="font-semibold">{result.entrant.name}</span>
                <span className="font-mono tabular-nums">{spoken(result)}</span>
                <span className="text-slate-600">{result.status === 'official' ? 'Official' : 'Provisional'}</span>
                <button
                  type="button"
                  onClick={() => setHistoryOf({ id: result.id, name: result.entrant.name })}
                  className={buttonClass('ghost', 'sm')}
                >
                  History
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <HistoryDialog
        resultId={historyOf?.id ?? null}
        title={historyOf ? `History of ${historyOf.name}'s result` : ''}
        onClose={() => setHistoryOf(null)}
      />
      <ReasonDialog
        request={reason?.request ?? null}
        onSubmit={(text) => reason?.run(text) ?? Promise.resolve()}
        onClose={() => setReason(null)}
      />
      {importOpen && (
        <ImportDialog
          open
          runId={runId}
          heats={heatsList}
          defaultHeat={Math.min(Math.max(currentHeat, 1), Math.max(heatCount, 1))}
          onClose={() => setImportOpen(false)}
          onApplied={(applied) => {
            say(
              `${applied.outcomes.filter((o) => o.outcome === 'recorded').length} imported results recorded as provisional.`,
            );
            void queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
          }}
        />
      )}
    </div>
  );
}

function KeysHelp() {
  return (
    <details className="mb-4 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-slate-900">
        <Keyboard aria-hidden="true" className="size-4" /> Keys
      </summary>
      <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        <Key k="0–9">the time, from the right: 14732 is 1:47.32</Key>
        <Key k="Enter">save and go to the next lane</Key>
        <Key k="↑ ↓">previous / next lane without saving</Key>
        <Key k="Esc">put the saved value back</Key>
        <Key k="Backspace / Delete">last digit / clear the lane</Key>
        <Key k="d n q f">DNF, DNS, DQ, finished</Key>
        <Key k="PgDn or >">next heat (the venue display follows)</Key>
        <Key k="-  then a penalty key">take one call of it away</Key>
        {INFRACTIONS.map((i) => (
          <Key key={i.code} k={i.key}>
            {i.label} {i.disqualifies ? '(DQ)' : '(+2 s)'}
          </Key>
        ))}
      </dl>
    </details>
  );
}

function Key({ k, children }: { k: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt>
        <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{k}</kbd>
      </dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}
