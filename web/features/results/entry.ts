/**
 * The timing table's keyboard entry, as a pure state machine (docs/decisions/033-timing-table-entry.md).
 * One draft per lane: the digits typed so far, the outcome and the penalties called. A key press either
 * changes the draft, asks the table to do something (save and move on, move, revert, next heat), or is
 * not the table's (undefined), so the browser keeps its own meaning (Tab, shortcuts...).
 *
 * Digits become a time as they are typed, from the right: the last two are hundredths, the two before
 * them seconds, the rest minutes ("14732" is 1:47.32, "4732" is 47.32).
 */

import type { ResultOutcome, ResultValue } from '../../../api/domain/results/events.ts';
import { INFRACTIONS, type InfractionCode, infractionOf } from '../../../api/domain/results/penalties.ts';
import { NEXT_HEAT_KEYS } from '../../../api/domain/run-orders/current-heat.ts';
import { digitsToTimeMs, formatTime, timeMsToDigits } from '../../../api/domain/times.ts';

/** m mm ss hh: 60:00.00 is the longest time a lane can hold. */
export const MAX_DIGITS = 6;

export interface EntryDraft {
  digits: string;
  outcome: ResultOutcome;
  penalties: InfractionCode[];
  /** '-' was pressed: the next penalty key takes one call of that infraction away. */
  removing: boolean;
}

export const emptyDraft = (): EntryDraft => ({ digits: '', outcome: 'finished', penalties: [], removing: false });

/** The digits that type a time back (1:47.32 -> "14732"); '' for no time. */
export const digitsOfTime = timeMsToDigits;

/** A saved result as a draft, to edit it. */
export function draftOf(value: ResultValue | null | undefined): EntryDraft {
  if (!value) return emptyDraft();
  return {
    digits: value.outcome === 'finished' ? digitsOfTime(value.rawTimeMs) : '',
    outcome: value.outcome,
    penalties: [...value.penalties],
    removing: false,
  };
}

/** What the digits show as typed: "147" is 1.47, "14732" is 1:47.32; '' before the first digit. */
export function typedTime(digits: string): string {
  if (digits === '') return '';
  const ms = digitsToTimeMs(digits);
  if (ms !== null) return formatTime(ms);
  // Not a time yet (75 seconds...): show the digits in place so the official sees the typo.
  const padded = digits.padStart(5, '0');
  return `${Number(padded.slice(0, -4))}:${padded.slice(-4, -2)}.${padded.slice(-2)}`;
}

export type DraftCheck = { ok: true; value: ResultValue } | { ok: false; message: string };

/** The value a draft saves, or why it cannot be saved. */
export function draftValue(draft: EntryDraft): DraftCheck {
  if (draft.outcome !== 'finished')
    return { ok: true, value: { rawTimeMs: null, outcome: draft.outcome, penalties: [...draft.penalties] } };
  if (draft.digits === '') return { ok: false, message: 'Type the time (digits), or d for DNF, n for DNS, q for DQ.' };
  const ms = digitsToTimeMs(draft.digits);
  if (ms === null) return { ok: false, message: `${typedTime(draft.digits)} is not a time: seconds go up to 59.` };
  return { ok: true, value: { rawTimeMs: ms, outcome: 'finished', penalties: [...draft.penalties] } };
}

/** Whether the draft says the same as the saved value (nothing to save). */
export function sameValue(draft: EntryDraft, saved: ResultValue | null | undefined): boolean {
  if (!saved) return draft.digits === '' && draft.outcome === 'finished' && draft.penalties.length === 0;
  const check = draftValue(draft);
  if (!check.ok) return false;
  const a = check.value;
  return (
    a.outcome === saved.outcome &&
    a.rawTimeMs === saved.rawTimeMs &&
    [...a.penalties].sort().join(',') === [...saved.penalties].sort().join(',')
  );
}

/** What a key asks the table to do besides changing the draft. */
export type EntryCommand = 'save' | 'next' | 'previous' | 'revert' | 'next-heat';

export interface EntryKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** Caps Lock turns every letter into another key (q into nothing, r into a disqualification): refused. */
  capsLock?: boolean;
}

export type EntryOutcome =
  | { kind: 'draft'; draft: EntryDraft }
  | { kind: 'command'; command: EntryCommand; draft: EntryDraft }
  | { kind: 'refused'; message: string; draft: EntryDraft };

const OUTCOME_KEYS: Readonly<Record<string, ResultOutcome>> = { d: 'dnf', n: 'dns', q: 'dq', f: 'finished' };
const PENALTY_BY_KEY = new Map<string, InfractionCode>(INFRACTIONS.map((i) => [i.key, i.code]));

/** The keys the table takes besides digits, outcomes and penalties: next heat's, shared with the board. */
export { NEXT_HEAT_KEYS };

/** One key press on a lane's draft; undefined when the key is not the timing table's. */
export function entryKey(draft: EntryDraft, press: EntryKey): EntryOutcome | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey) return undefined;
  const { key } = press;
  const plain = { ...draft, removing: false };
  if (/^\d$/.test(key)) {
    const digits = draft.outcome === 'finished' ? draft.digits : '';
    if (digits.length >= MAX_DIGITS)
      return { kind: 'refused', message: 'A time has 6 digits at most (60:00.00).', draft };
    if (digits === '' && key === '0') return { kind: 'draft', draft: { ...plain, outcome: 'finished' } };
    return { kind: 'draft', draft: { ...plain, digits: digits + key, outcome: 'finished' } };
  }
  switch (key) {
    case 'Enter':
      return { kind: 'command', command: 'save', draft: plain };
    case 'ArrowDown':
      return { kind: 'command', command: 'next', draft: plain };
    case 'ArrowUp':
      return { kind: 'command', command: 'previous', draft: plain };
    case 'Escape':
      return { kind: 'command', command: 'revert', draft: plain };
    case 'Backspace':
      if (draft.removing) return { kind: 'draft', draft: plain };
      if (draft.outcome !== 'finished') return { kind: 'draft', draft: { ...plain, outcome: 'finished' } };
      return { kind: 'draft', draft: { ...plain, digits: draft.digits.slice(0, -1) } };
    case 'Delete':
      return { kind: 'draft', draft: emptyDraft() };
    case '-':
      return { kind: 'draft', draft: { ...draft, removing: !draft.removing } };
    default:
      break;
  }
  if (NEXT_HEAT_KEYS.includes(key)) return { kind: 'command', command: 'next-heat', draft: plain };
  if (key.length !== 1 || !/[a-z]/i.test(key)) return undefined;
  if (press.capsLock)
    return { kind: 'refused', message: 'Caps Lock is on: turn it off to use the letter keys.', draft };
  const outcome = OUTCOME_KEYS[key];
  if (outcome) {
    return {
      kind: 'draft',
      draft: { ...plain, outcome, digits: outcome === 'finished' ? draft.digits : '' },
    };
  }
  const code = PENALTY_BY_KEY.get(key);
  if (!code) return { kind: 'refused', message: `${key} is not a key of the timing table.`, draft: plain };
  return { kind: 'draft', draft: draft.removing ? removePenalty(plain, code) : addPenalty(plain, code) };
}

export function addPenalty(draft: EntryDraft, code: InfractionCode): EntryDraft {
  return { ...draft, penalties: [...draft.penalties, code], removing: false };
}

/** Takes one call of the infraction away (the last one); nothing when it was not called. */
export function removePenalty(draft: EntryDraft, code: InfractionCode): EntryDraft {
  const at = draft.penalties.lastIndexOf(code);
  if (at < 0) return { ...draft, removing: false };
  return { ...draft, penalties: draft.penalties.filter((_, i) => i !== at), removing: false };
}

/** How the outcome reads on the table. */
export const OUTCOME_LABELS: Readonly<Record<ResultOutcome, string>> = {
  finished: 'Finished',
  dnf: 'DNF',
  dns: 'DNS',
  dq: 'DQ',
};

/** The infraction's label, for a code the catalogue may no longer hold. */
export const infractionLabel = (code: string): string => infractionOf(code)?.label ?? code;

/** What the lane's time field shows: the typed time, or the outcome. */
export function shownEntry(draft: EntryDraft): string {
  return draft.outcome === 'finished' ? typedTime(draft.digits) : OUTCOME_LABELS[draft.outcome];
}

/**
 * A change of the field's text where no key event says which key it was (a phone's keyboard, a
 * paste): characters added at the end are pressed as keys; any other edit keeps the digits of the
 * text as the time.
 */
export function draftFromText(draft: EntryDraft, text: string): EntryDraft {
  const shown = shownEntry(draft);
  if (text.length > shown.length && text.startsWith(shown)) {
    let next = draft;
    for (const character of text.slice(shown.length)) {
      const out = entryKey(next, { key: /[a-z]/i.test(character) ? character.toLowerCase() : character });
      if (out?.kind === 'draft') next = out.draft;
    }
    return next;
  }
  if (draft.outcome !== 'finished') return { ...draft, outcome: 'finished', digits: '', removing: false };
  const digits = text.replace(/\D/g, '').replace(/^0+/, '').slice(0, MAX_DIGITS);
  return { ...draft, digits, removing: false };
}
