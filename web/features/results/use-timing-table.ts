/**
 * The timing table of one run (docs/decisions/033-timing-table-entry.md): the timing view read and kept
 * fresh by the live socket, the lanes' entry flow (timing-state.ts has the rules), the entries sent or
 * kept on the device (use-kept-results.ts), the heat moved on, the results held, attempts voided.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ImportApply } from '../../../api/contracts/results.ts';
import { nextHeatStep } from '../../../api/domain/run-orders/current-heat.ts';
import { useRecord } from '../../lib/detail-route.ts';
import { isAppError } from '../../lib/errors.ts';
import { isTypingTarget } from '../../lib/keyboard.ts';
import { resultKeys } from '../../lib/query-keys.ts';
import { useLiveRun } from '../live/use-live-run.ts';
import { type EntryCommand, type EntryDraft, NEXT_HEAT_KEYS } from './entry.ts';
import { refreshRun, setCurrentHeat, setHold, voidResult } from './mutations.ts';
import { timingQuery } from './queries.ts';
import { firstLaneOfHeat, lanesOf, resultVersions, stepLane, type TableLane, timedResults } from './table.ts';
import {
  failure,
  importedText,
  initialTimingState,
  namesOf,
  openingLane,
  provisionalCount,
  saveStep,
  timingReducer,
  voidRequest,
} from './timing-state.ts';
import { useKeptResults } from './use-kept-results.ts';

export function useTimingTable(routeRunId: number) {
  const queryClient = useQueryClient();
  const timing = useRecord(timingQuery(routeRunId));
  const view = timing.data;
  const live = useLiveRun(routeRunId, [resultKeys.timing(routeRunId)], {
    audience: 'admin',
    runOrderVersion: timing.data.runOrderVersion,
    resultVersions: () => resultVersions(timing.data),
  }).status;
  const runId = view.runId;
  const lanes = useMemo(() => lanesOf(view), [view]);
  const timed = useMemo(() => timedResults(view), [view]);
  const names = useMemo(() => namesOf(lanes, view.unplaced), [lanes, view.unplaced]);
  const [state, dispatch] = useReducer(timingReducer, initialTimingState);
  const say = useCallback((text: string) => dispatch({ type: 'say', text }), []);
  const refuse = useCallback((text: string) => dispatch({ type: 'refuse', text }), []);
  const inputs = useRef(new Map<number, HTMLInputElement>());

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
    focusLane(openingLane(lanes, view.currentHeat));
  }, [lanes, view.currentHeat, focusLane]);

  const { send } = useKeptResults({ view, names, live, dispatch });

  const save = (index: number, draft: EntryDraft) => {
    const lane = lanes[index];
    if (!lane || lane.registrationId === null) return;
    const registrationId = lane.registrationId;
    const name = names.get(registrationId) ?? 'this entrant';
    const step = saveStep(lane, draft, {
      name,
      bestEverMs: view.bestEverMs,
      lanes,
      warnedKey: state.warnedFor[registrationId],
    });
    switch (step.kind) {
      case 'unchanged':
        dispatch({ type: 'drop-draft', registrationId });
        dispatch({ type: 'status', registrationId, status: undefined });
        focusLane(stepLane(lanes, index));
        return;
      case 'invalid':
        dispatch({ type: 'status', registrationId, status: { error: step.message } });
        refuse(step.alert);
        return;
      case 'warn':
        dispatch({ type: 'warned', registrationId, key: step.key, warnings: step.warnings });
        refuse(step.alert);
        return;
      case 'ask-reason':
        dispatch({ type: 'ask-reason', ask: { kind: 'correct', request: step.request, lane, draft } });
        return;
      case 'send':
        void send(lane, draft, null);
        focusLane(stepLane(lanes, index));
        return;
    }
  };

  const currentHeat = view.currentHeat;
  const heatCount = view.heats.length;
  const step = nextHeatStep({ currentHeat, heatCount, currentHeatStartedAt: view.currentHeatStartedAt });
  const nextHeat = async () => {
    if (state.heatBusy) return;
    if (!step) {
      refuse(`Heat ${currentHeat} is the last heat.`);
      return;
    }
    dispatch({ type: 'heat-busy', busy: true });
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
      dispatch({ type: 'heat-busy', busy: false });
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
        dispatch({ type: 'drop-draft', registrationId: lane.registrationId });
        dispatch({ type: 'status', registrationId: lane.registrationId, status: undefined });
        return;
      case 'next-heat':
        void nextHeat();
        return;
    }
  };

  const toggleHold = async () => {
    const held = !view.held;
    // The switch shows the new setting at once; the server's answer and a fresh read confirm it.
    dispatch({ type: 'hold-pending', held });
    try {
      await setHold(runId, held);
      say(held ? 'Results held from the public.' : 'Results released to the public.');
      await queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
    } catch (error) {
      refuse(`The setting could not be changed: ${failure(error)}`);
    } finally {
      dispatch({ type: 'hold-pending', held: null });
    }
  };

  const askVoid = (lane: TableLane) => {
    const result = lane.result;
    if (!result?.recorded) return;
    const name = names.get(result.registrationId) ?? 'this entrant';
    dispatch({ type: 'ask-reason', ask: { kind: 'void', request: voidRequest(name, result), result, name } });
  };

  /** The command the reason dialog was opened for, with the reason typed. */
  const giveReason = async (text: string) => {
    const ask = state.reason;
    if (!ask) return;
    if (ask.kind === 'correct') return send(ask.lane, ask.draft, text);
    const { result, name } = ask;
    await voidResult(result.id, result.version, text);
    dispatch({ type: 'drop-draft', registrationId: result.registrationId });
    say(`${name}'s attempt ${result.attempt} was voided; enter the rerun's time.`);
    await queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
  };

  return {
    view,
    live,
    lanes,
    timed,
    state,
    /** The next heat's step (null on the last heat). */
    step,
    provisional: provisionalCount(lanes),
    nextHeat,
    toggleHold,
    command,
    askVoid,
    giveReason,
    refuse,
    typed: (registrationId: number, draft: EntryDraft) => dispatch({ type: 'typed', registrationId, draft }),
    focused: (registrationId: number | null) => dispatch({ type: 'focus', registrationId }),
    laneInput: (registrationId: number, node: HTMLInputElement | null) => {
      if (node) inputs.current.set(registrationId, node);
      else inputs.current.delete(registrationId);
    },
    showHistory: (of: { id: number; name: string } | null) => dispatch({ type: 'history', of }),
    closeReason: () => dispatch({ type: 'ask-reason', ask: null }),
    openImport: (open: boolean) => dispatch({ type: 'import', open }),
    imported: (applied: ImportApply) => {
      say(importedText(applied));
      void queryClient.invalidateQueries({ queryKey: resultKeys.timing(runId) });
    },
  };
}

export type TimingTable = ReturnType<typeof useTimingTable>;
