import { describe, expect, it } from 'vitest';
import { draftOf, type EntryDraft, emptyDraft } from './entry.ts';
import { lanesOf, type TableLane } from './table.ts';
import { resultOf, timingView } from './test-fixtures.ts';
import {
  conflictText,
  draftFor,
  entryOf,
  heatLine,
  importHeat,
  initialTimingState,
  isDirty,
  isKept,
  type KeptResult,
  keptAfterLoad,
  keptWithout,
  liveLabel,
  namesOf,
  openingLane,
  provisionalCount,
  saveStep,
  spoken,
  type TimingState,
  timingReducer,
  valueKey,
  voidRequest,
  withResult,
} from './timing-state.ts';

const typed = (digits: string, over: Partial<EntryDraft> = {}): EntryDraft => ({ ...emptyDraft(), digits, ...over });

const laneOf = (lanes: TableLane[], registrationId: number): TableLane =>
  lanes.find((l) => l.registrationId === registrationId) as TableLane;

const kept = (commandId: string, registrationId = 11): KeptResult => ({
  registrationId,
  resultId: null,
  expectedVersion: 0,
  value: { outcome: 'finished', rawTimeMs: 107_320, penalties: [] },
  reason: null,
  commandId,
  heat: 1,
  position: 1,
});

describe('the timing reducer', () => {
  const run = (...events: Parameters<typeof timingReducer>[1][]): TimingState =>
    events.reduce(timingReducer, initialTimingState);

  it('speaks in one live region at a time: a refusal silences the announcement and back', () => {
    const said = run({ type: 'say', text: 'Saved.' });
    expect([said.announcement, said.alert]).toEqual(['Saved.', '']);
    const refused = timingReducer(said, { type: 'refuse', text: 'No.' });
    expect([refused.announcement, refused.alert]).toEqual(['', 'No.']);
    expect(timingReducer(refused, { type: 'say', text: 'Again.' })).toMatchObject({
      announcement: 'Again.',
      alert: '',
    });
  });

  it('typing keeps the draft and clears a problem or warnings shown for the old value, not a conflict', () => {
    const draft = typed('1');
    const erred = run(
      { type: 'status', registrationId: 11, status: { error: 'Too short.' } },
      { type: 'typed', registrationId: 11, draft },
    );
    expect(erred.drafts[11]).toEqual(draft);
    expect(erred.statuses[11]).toBeUndefined();
    const withWarning = run(
      { type: 'warned', registrationId: 11, key: 'k', warnings: [{ code: 'same-time', message: 'Same.' }] },
      { type: 'typed', registrationId: 11, draft },
    );
    expect(withWarning.statuses[11]).toBeUndefined();
    const conflicted = run(
      { type: 'status', registrationId: 11, status: { conflict: 'Ari first.' } },
      { type: 'typed', registrationId: 11, draft },
    );
    expect(conflicted.statuses[11]).toEqual({ conflict: 'Ari first.' });
  });

  it('dropping a draft forgets the value its warnings were shown for, and only that lane', () => {
    const state = run(
      { type: 'typed', registrationId: 11, draft: typed('1') },
      { type: 'typed', registrationId: 12, draft: typed('2') },
      { type: 'warned', registrationId: 11, key: 'k', warnings: [] },
      { type: 'drop-draft', registrationId: 11 },
    );
    expect(Object.keys(state.drafts)).toEqual(['12']);
    expect(state.warnedFor).toEqual({});
    expect(state.statuses[11]).toEqual({ warnings: [] });
  });

  it('sets and clears a lane status', () => {
    const saving = run({ type: 'status', registrationId: 11, status: { saving: true } });
    expect(saving.statuses).toEqual({ 11: { saving: true } });
    expect(timingReducer(saving, { type: 'status', registrationId: 11, status: undefined }).statuses).toEqual({});
  });

  it('holds the cursor, the dialogs, the heat in flight and the hold switch', () => {
    const state = run(
      { type: 'focus', registrationId: 12 },
      { type: 'history', of: { id: 5, name: 'Runner 12' } },
      { type: 'import', open: true },
      { type: 'heat-busy', busy: true },
      { type: 'hold-pending', held: true },
    );
    expect(state).toMatchObject({
      active: 12,
      historyOf: { id: 5, name: 'Runner 12' },
      importOpen: true,
      heatBusy: true,
      holdPending: true,
    });
  });
});

describe('Enter on a lane', () => {
  const view = timingView([11, 12, 13, 14], { 12: resultOf(12, { status: 'official', rawTimeMs: 107_320 }) });
  const lanes = lanesOf(view);
  const context = { name: 'Runner 11', bestEverMs: null, lanes, warnedKey: undefined };

  it('moves on when the value is the saved one', () => {
    expect(saveStep(laneOf(lanes, 11), emptyDraft(), context)).toEqual({ kind: 'unchanged' });
  });

  it('refuses a value that is not one, naming the entrant', () => {
    expect(saveStep(laneOf(lanes, 12), typed(''), context)).toEqual({
      kind: 'invalid',
      message: 'Type the time (digits), or d for DNF, n for DNS, q for DQ.',
      alert: 'Runner 11: Type the time (digits), or d for DNF, n for DNS, q for DQ.',
    });
    expect(saveStep(laneOf(lanes, 11), typed('16000'), context)).toEqual({
      kind: 'invalid',
      message: '1:60.00 is not a time: seconds go up to 59.',
      alert: 'Runner 11: 1:60.00 is not a time: seconds go up to 59.',
    });
  });

  it('warns once per value, then saves the same value', () => {
    const fast = typed('5000');
    const first = saveStep(laneOf(lanes, 11), fast, { ...context, bestEverMs: 100_000 });
    expect(first.kind).toBe('warn');
    if (first.kind !== 'warn') return;
    expect(first.key).toBe(valueKey(fast));
    expect(first.alert).toMatch(/^Check before saving: .* Press Enter again to save\.$/);
    expect(first.warnings.map((w) => w.code)).toEqual(['faster-than-run-best']);
    expect(saveStep(laneOf(lanes, 11), fast, { ...context, bestEverMs: 100_000, warnedKey: first.key })).toEqual({
      kind: 'send',
    });
  });

  it('sends a plain value', () => {
    expect(saveStep(laneOf(lanes, 11), typed('14900'), context)).toEqual({ kind: 'send' });
  });

  it('asks for a reason before correcting an official result', () => {
    expect(saveStep(laneOf(lanes, 12), typed('14732'), context)).toEqual({ kind: 'unchanged' });
    const step = saveStep(laneOf(lanes, 12), typed('15000'), { ...context, name: 'Runner 12' });
    expect(step).toEqual({
      kind: 'ask-reason',
      request: {
        title: "Correct Runner 12's official result",
        description: 'It becomes provisional again until a second official validates it. 1:47.32 → 1:50.00',
        label: 'Reason for the correction',
        confirmLabel: 'Save the correction',
      },
    });
  });
});

describe('the entries sent and kept', () => {
  const view = timingView([11, 12], { 12: resultOf(12, { version: 4 }) });
  const lanes = lanesOf(view);

  it('records on the version the lane holds, or corrects the recorded result', () => {
    expect(entryOf(laneOf(lanes, 11), typed('14732'), null, 'c1')).toEqual({
      registrationId: 11,
      resultId: null,
      expectedVersion: 0,
      value: { outcome: 'finished', rawTimeMs: 107_320, penalties: [] },
      reason: null,
      commandId: 'c1',
      heat: 1,
      position: 1,
    });
    expect(entryOf(laneOf(lanes, 12), typed('14732'), 'typo', 'c2')).toMatchObject({
      resultId: 12,
      expectedVersion: 4,
      reason: 'typo',
      position: 2,
    });
  });

  it('makes no entry of a value that is not one', () => {
    expect(entryOf(laneOf(lanes, 11), typed(''), null, 'c1')).toBeNull();
  });

  it('keeps the entries an earlier page kept first, and each command once', () => {
    const stored = [kept('a'), kept('b')];
    expect(keptAfterLoad(stored, [kept('b'), kept('c')]).map((k) => k.commandId)).toEqual(['a', 'b', 'c']);
    expect(keptWithout(stored, 'a').map((k) => k.commandId)).toEqual(['b']);
    expect([isKept(stored, 'b'), isKept(stored, 'z')]).toEqual([true, false]);
  });

  it('puts an answered result in the cached view, on its lane only', () => {
    const saved = resultOf(11, { version: 2, rawTimeMs: 99_000 });
    const next = lanesOf(withResult(view, saved));
    expect(laneOf(next, 11)).toMatchObject({ result: saved, resultVersion: 2 });
    expect(laneOf(next, 12)).toEqual(laneOf(lanes, 12));
  });

  it('says who changed a result first and what it is now', () => {
    const entry = kept('a');
    const fresh = laneOf(lanesOf(timingView([11], { 11: resultOf(11, { outcome: 'dnf', rawTimeMs: null }) })), 11);
    expect(conflictText(entry, 'Runner 11', fresh)).toBe(
      "Ari Benn changed Runner 11's result first (heat 1, position 1): it is now DNF. Yours (1:47.32) was not saved; type it again if it is right.",
    );
    expect(conflictText(entry, 'Runner 11', undefined)).toMatch(/^another official changed .*it is now no result\./);
  });
});

describe('what the table shows', () => {
  it('names placed and unplaced entrants', () => {
    const view = { ...timingView([11, null]), unplaced: [resultOf(20)] };
    expect([...namesOf(lanesOf(view), view.unplaced)]).toEqual([
      [11, 'Runner 11'],
      [20, 'Runner 20'],
    ]);
  });

  it("opens on the current heat's first lane without a result, else on the heat's first lane", () => {
    const lanes = lanesOf(
      timingView([11, 12, 13, 14, 15, 16, 17, 18], {
        11: resultOf(11),
        15: resultOf(15),
        16: resultOf(16),
        17: resultOf(17),
        18: resultOf(18),
      }),
    );
    expect(openingLane(lanes, 1)).toBe(1);
    expect(openingLane(lanes, 2)).toBe(4);
  });

  it('shows the draft over the saved value, and calls it dirty only when it differs', () => {
    const lane = laneOf(lanesOf(timingView([11], { 11: resultOf(11, { rawTimeMs: 107_320 }) })), 11);
    const saved = draftOf({ outcome: 'finished', rawTimeMs: 107_320, penalties: [] });
    expect(draftFor({}, lane)).toEqual(saved);
    expect(isDirty({}, lane, saved)).toBe(false);
    expect(isDirty({ 11: saved }, lane, saved)).toBe(false);
    expect(draftFor({ 11: typed('1') }, lane)).toEqual(typed('1'));
    expect(isDirty({ 11: typed('1') }, lane, typed('1'))).toBe(true);
  });

  it('says where the run stands', () => {
    const view = timingView([11, 12, 13, 14, 15]);
    expect(heatLine(view)).toBe('Heat 1 of 2 on the course');
    expect(heatLine({ ...view, currentHeatStartedAt: null })).toBe('Not started: 2 heats');
    expect(heatLine({ ...view, heats: view.heats.slice(0, 1), currentHeatStartedAt: null })).toBe(
      'Not started: 1 heat',
    );
    expect(heatLine({ ...view, heats: [] })).toBe('No heats yet');
  });

  it('labels the connection, counts provisional results and picks the import heat', () => {
    expect([liveLabel('open'), liveLabel('connecting'), liveLabel('reconnecting'), liveLabel('closed')]).toEqual([
      'Live',
      'Connecting…',
      'Reconnecting…',
      'Reconnecting…',
    ]);
    const lanes = lanesOf(timingView([11, 12, 13], { 11: resultOf(11), 12: resultOf(12, { status: 'official' }) }));
    expect(provisionalCount(lanes)).toBe(1);
    expect([importHeat(0, 3), importHeat(2, 3), importHeat(5, 3), importHeat(1, 0)]).toEqual([1, 2, 3, 1]);
  });

  it('speaks a value and asks for a void with the attempt', () => {
    expect(spoken(resultOf(1, { outcome: 'dns', rawTimeMs: null }))).toBe('DNS');
    expect(spoken(resultOf(1, { rawTimeMs: 107_320 }))).toBe('1:47.32');
    expect(voidRequest('Runner 1', { attempt: 2 })).toMatchObject({
      title: "Void Runner 1's attempt 2 for a rerun",
      confirmLabel: 'Void the attempt',
      tone: 'danger',
    });
  });
});
