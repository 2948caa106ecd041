import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Zod runs a refine (and an object's refine) even after an earlier check refused the value, so every
 * refine and transform of every contract must hold on input the schema already refused: hostile values
 * are refused with issues, never with a thrown error (a 500 instead of a 400, decision 072).
 */

const HOSTILE: unknown[] = [
  'abc',
  '',
  '\u0000',
  '1\u0000',
  '9'.repeat(400),
  '99999999999999999999',
  '-1',
  '0',
  '1e309',
  '1.5',
  '0x10',
  "'",
  "1' or '1'='1",
  '\ud800',
  ' ',
  -1,
  0,
  1.5,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  Number.MAX_SAFE_INTEGER + 2,
  null,
  true,
  {},
  [],
  ['abc'],
  { id: 'abc' },
];

type Def = { shape?: Record<string, unknown>; in?: unknown; schema?: unknown; innerType?: unknown; element?: unknown };
const defOf = (schema: unknown) => (schema as { def?: Def } | null | undefined)?.def;

/** The object shape under a schema's wrappers (optional, default, pipe, refine...), if any. */
function shapeOf(schema: unknown, depth = 0): Record<string, unknown> | undefined {
  const def = defOf(schema);
  if (!def || depth > 10) return undefined;
  if (def.shape) return def.shape;
  return shapeOf(def.in ?? def.schema ?? def.innerType, depth + 1);
}

/** Hostile values at the top, in each field alone, in every field at once, and one level down. */
function* inputsFor(schema: unknown, depth = 0): Generator<unknown> {
  yield* HOSTILE;
  const shape = shapeOf(schema);
  if (!shape || depth > 2) return;
  const keys = Object.keys(shape);
  for (const value of HOSTILE) {
    yield Object.fromEntries(keys.map((k) => [k, value]));
    for (const key of keys) yield { [key]: value };
  }
  for (const key of keys) {
    for (const inner of inputsFor(shape[key], depth + 1)) yield { [key]: inner };
    const element = defOf(shapeOf(shape[key]) ? undefined : shape[key])?.element;
    if (element) for (const inner of inputsFor(element, depth + 1)) yield { [key]: [inner] };
  }
}

/** Factories whose argument is a schema, not a label: their schemas are walked where they are used. */
const TAKES_A_SCHEMA = new Set(['pageOf']);

const dir = fileURLToPath(new URL('.', import.meta.url));
const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('every contract schema refuses hostile input without throwing', () => {
  it.each(modules)('%s', async (file) => {
    const exported = (await import(path.join(dir, file))) as Record<string, unknown>;
    const schemas = Object.entries(exported).filter(([, v]) => v instanceof z.ZodType) as [string, z.ZodType][];
    // Schema factories that take a label (legacyId(), textInput()...) are called with one.
    for (const [name, v] of Object.entries(exported)) {
      if (typeof v !== 'function' || v instanceof z.ZodType || TAKES_A_SCHEMA.has(name)) continue;
      try {
        const made = (v as (...args: unknown[]) => unknown)('field');
        if (made instanceof z.ZodType) schemas.push([`${name}('field')`, made]);
      } catch {
        // not a schema factory
      }
    }
    const thrown: string[] = [];
    for (const [name, schema] of schemas) {
      for (const input of inputsFor(schema)) {
        try {
          schema.safeParse(input);
        } catch (error) {
          thrown.push(`${name} on ${JSON.stringify(input)}: ${String(error)}`);
          break;
        }
      }
    }
    expect(thrown).toEqual([]);
  });
});
