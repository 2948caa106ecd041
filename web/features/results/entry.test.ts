import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  digitsOfTime,
  draftFromText,
  draftOf,
  draftValue,
  type EntryDraft,
  emptyDraft,
  entryKey,
  sameValue,
  shownEntry,
  typedTime,
} from './entry.ts';

/** Presses the keys one after the other, from an empty draft; commands leave the draft as it is. */
function typed(keys: string[], from: EntryDraft = emptyDraft()): EntryDraft {
  let draft = from;
  for (const key of keys) {
    const out = entryKey(draft, { key });
    if (out) draft = out.draft;
  }
  return draft;
}

describe('digits become a time as they are typed', () => {
  it('reads from the right: hundredths, seconds, minutes', () => {
    expect(typedTime('1')).toBe('0:00.01');
    expect(typedTime('147')).toBe('0:01.47');
    expect(typedTime('4732')).toBe('0:47.32');
    expect(typedTime('14732')).toBe('1:47.32');
    expect(typedTime('')).toBe('');
  });

  it('typing 14732 saves 1:47.32', () => {
    const draft = typed(['1', '4', '7', '3', '2']);
    expect(draftValue(draft)).toEqual({ ok: true, value: { rawTimeMs: 107_320, outcome: 'finished', penalties: [] } });
  });

  it('shows seconds above 59 as typed and refuses to save them', () => {
    const draft = typed(['1', '7', '5', '0', '0']);
    expect(typedTime(draft.digits)).toBe('1:75.00');
    const check = draftValue(draft);
    expect(check.ok).toBe(false);
  });

  it('ignores a leading zero and stops at six digits', () => {
    expect(typed(['0', '0', '5']).digits).toBe('5');
    const full = typed(['1', '2', '3', '4', '5', '6']);
    const out = entryKey(full, { key: '7' });
    expect(out?.kind).toBe('refused');
    expect(out?.draft.digits).toBe('123456');
  });

  it('Backspace takes the last digit away, Delete clears the lane', () => {
    expect(typed(['1', '4', '7', 'Backspace']).digits).toBe('14');
    expect(typed(['1', '4', 's', 'Delete'])).toEqual(emptyDraft());
  });

  it('round-trips a saved time through its digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 360_000 }), (hundredths) => {
        const ms = hundredths * 10;
        const draft = typed(digitsOfTime(ms).split(''));
        const check = draftValue(draft);
        expect(check.ok && check.value.rawTimeMs).toBe(ms);
      }),
    );
  });
});

describe('outcome keys', () => {
  it('d, n and q set DNF, DNS and DQ and drop the time', () => {
    expect(typed(['1', '2', 'd'])).toMatchObject({ outcome: 'dnf', digits: '' });
    expect(typed(['n']).outcome).toBe('dns');
    expect(draftValue(typed(['4', '7', 'q']))).toEqual({
      ok: true,
      value: { rawTimeMs: null, outcome: 'dq', penalties: [] },
    });
  });

  it('a digit after an outcome starts a time again; Backspace undoes the outcome', () => {
    expect(typed(['d', '5'])).toMatchObject({ outcome: 'finished', digits: '5' });
    expect(typed(['n', 'Backspace']).outcome).toBe('finished');
  });

  it('an empty finished lane cannot be saved', () => {
    const check = draftValue(emptyDraft());
    expect(check.ok).toBe(false);
  });
});

describe('penalty keys', () => {
  it('each press calls the infraction once more; "-" then the key takes one away', () => {
    const draft = typed(['4', '7', '3', '2', 's', 'm', 'm']);
    expect(draft.penalties).toEqual(['false-start', 'missed-step', 'missed-step']);
    expect(typed(['-', 'm'], draft).penalties).toEqual(['false-start', 'missed-step']);
    expect(typed(['-', 'h'], draft).penalties).toEqual(draft.penalties);
  });

  it('capital letters are the disqualifying infractions', () => {
    expect(typed(['R']).penalties).toEqual(['roll-dropped']);
  });

  it('refuses letters while Caps Lock is on, and unknown letters', () => {
    expect(entryKey(emptyDraft(), { key: 'R', capsLock: true })?.kind).toBe('refused');
    expect(entryKey(emptyDraft(), { key: 'x' })?.kind).toBe('refused');
  });
});

describe('commands and keys that are not the table’s', () => {
  it('Enter saves, arrows move, Escape reverts, Page Down and > move the heat', () => {
    expect(entryKey(emptyDraft(), { key: 'Enter' })).toMatchObject({ kind: 'command', command: 'save' });
    expect(entryKey(emptyDraft(), { key: 'ArrowDown' })).toMatchObject({ command: 'next' });
    expect(entryKey(emptyDraft(), { key: 'ArrowUp' })).toMatchObject({ command: 'previous' });
    expect(entryKey(emptyDraft(), { key: 'Escape' })).toMatchObject({ command: 'revert' });
    expect(entryKey(emptyDraft(), { key: 'PageDown' })).toMatchObject({ command: 'next-heat' });
    expect(entryKey(emptyDraft(), { key: '>' })).toMatchObject({ command: 'next-heat' });
  });

  it('leaves Tab and modified keys to the browser', () => {
    expect(entryKey(emptyDraft(), { key: 'Tab' })).toBeUndefined();
    expect(entryKey(emptyDraft(), { key: 'r', ctrlKey: true })).toBeUndefined();
    expect(entryKey(emptyDraft(), { key: 'c', metaKey: true })).toBeUndefined();
  });
});

describe('saved values', () => {
  it('a saved value becomes a draft that says the same', () => {
    const saved = { rawTimeMs: 107_320, outcome: 'finished' as const, penalties: ['missed-step' as const] };
    expect(draftOf(saved)).toMatchObject({ digits: '14732', penalties: ['missed-step'] });
    expect(sameValue(draftOf(saved), saved)).toBe(true);
    expect(sameValue(typed(['s'], draftOf(saved)), saved)).toBe(false);
    expect(
      sameValue(draftOf({ rawTimeMs: null, outcome: 'dns', penalties: [] }), {
        rawTimeMs: null,
        outcome: 'dns',
        penalties: [],
      }),
    ).toBe(true);
  });
});

describe('text typed on a phone', () => {
  it('reads the digits of the field as the time, and a typed d, n or q as the outcome', () => {
    // The field shows 0:01.47; the phone's keyboard adds a 3 at its end.
    expect(draftFromText(typed(['1', '4', '7']), '0:01.473').digits).toBe('1473');
    // Deleting the last character takes the last digit away.
    expect(draftFromText(typed(['1', '4', '7']), '0:01.4').digits).toBe('14');
    expect(draftFromText(emptyDraft(), 'd').outcome).toBe('dnf');
    expect(draftFromText(typed(['d']), 'DNF5')).toMatchObject({ outcome: 'finished', digits: '5' });
    expect(draftFromText(typed(['d']), 'DN').outcome).toBe('finished');
    expect(shownEntry(typed(['n']))).toBe('DNS');
    expect(shownEntry(typed(['4', '7', '3', '2']))).toBe('0:47.32');
  });
});
