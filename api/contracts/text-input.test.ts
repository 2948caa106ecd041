import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as accounts from './accounts.ts';
import { findNul, textInput } from './common.ts';
import * as departments from './departments.ts';
import * as events from './events.ts';
import * as registrations from './registrations.ts';
import * as runOrders from './run-orders.ts';
import * as runs from './runs.ts';
import * as teams from './teams.ts';

/** Every request schema the contracts export: bodies, queries and params (docs/decisions/027). */
const requestSchemas = Object.entries({
  ...accounts,
  ...departments,
  ...events,
  ...registrations,
  ...runOrders,
  ...runs,
  ...teams,
})
  .filter(([name, value]) => /(Body|Query|Params)Schema$/.test(name) && value instanceof z.ZodType)
  .map(([name, value]) => [name, value as z.ZodType] as const);

/** The object shape under optional/nullable/strict/pipe wrappers, when there is one. */
function shapeOf(schema: unknown): Record<string, z.ZodType> | null {
  const def = (
    schema as { def?: { shape?: Record<string, z.ZodType>; in?: unknown; schema?: unknown; innerType?: unknown } }
  ).def;
  if (!def) return null;
  if (def.shape) return def.shape;
  const inner = def.in ?? def.schema ?? def.innerType;
  return inner ? shapeOf(inner) : null;
}

const SAMPLES = ['Abc Def', 'Abcdef1234XY', 'a.b@example.ca', '2027-06-01', 'cmd-1'];

describe('text input hygiene in the contracts', () => {
  it('finds the request schemas', () => {
    expect(requestSchemas.length).toBeGreaterThanOrEqual(20);
  });

  it('refuses a NUL in every text field of every request schema', () => {
    const letThrough: string[] = [];
    let checked = 0;
    for (const [name, schema] of requestSchemas) {
      for (const [key, field] of Object.entries(shapeOf(schema) ?? {})) {
        // Not a text field: one that takes anything (an ignored actor) or no string at all.
        const sample = SAMPLES.find((s) => field.safeParse(s).success);
        if (sample === undefined || field.safeParse({}).success) continue;
        checked++;
        const withNul = `${sample.slice(0, 2)}\u0000${sample.slice(2)}`;
        if (field.safeParse(withNul).success) letThrough.push(`${name}.${key}`);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    expect(letThrough).toEqual([]);
  });

  it('strips control characters, keeping line breaks only in multi-line text', () => {
    expect(textInput('Title').parse('a\u0007b\tc\nd\u009f')).toBe('abcd');
    expect(textInput('About', 'multiline').parse('a\u0007b\tc\r\nd\u001b')).toBe('ab\tc\r\nd');
  });

  it('refuses names made only of invisible characters and direction controls inside a name', () => {
    const name = textInput('First name', 'name', 'First name is required').trim().min(1, 'First name is required');
    for (const invisible of ['\u200B', '\u200C\u200D', '\uFEFF', '\u200E\u200F', ' \u2060\u200B ']) {
      const result = name.safeParse(invisible);
      expect(result.success, JSON.stringify(invisible)).toBe(false);
    }
    for (const disguised of ['Ann\u202Egro', '\u2066Ann\u2069', 'A\u202Ann', 'Ann\u202C']) {
      expect(name.safeParse(disguised).error?.issues[0]?.message, JSON.stringify(disguised)).toBe(
        'First name must not contain direction-control characters',
      );
    }
    expect(name.parse('\u200B Zoë\u200E ')).toBe('Zoë');
    // A joiner inside a name is legitimate in some scripts.
    expect(name.parse('क्\u200Dष')).toBe('क्\u200Dष');
  });

  it('finds a NUL anywhere in a request part, keys included', () => {
    expect(findNul({ a: [1, { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findNul({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findNul({ a: 'clean', b: [null, 2, true], c: 'pair \u{1F692}' })).toBeNull();
    expect(findNul({ notes: 'half \ud800' })).toEqual(['notes']);
  });
});
