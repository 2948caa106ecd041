import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../api/db/schema.ts';
import type { RouteEntry } from '../../api/plugins/access.ts';

/** A digest of whole tables, to show that a refused call changed nothing. */
export async function tablesFingerprint(db: Kysely<Database>, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const row = await sql<{
      digest: string;
    }>`select count(*) || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as digest from ${sql.table(table)} t`.execute(
      db,
    );
    parts.push(`${table}=${row.rows[0]?.digest}`);
  }
  return parts.join(' ');
}

/** Field names a schema knows, under its wrappers, so generated payloads hit real fields. */
export function knownKeys(schema: unknown): string[] {
  const def = (schema as { def?: { shape?: object; in?: unknown; schema?: unknown; innerType?: unknown } } | undefined)
    ?.def;
  if (!def) return [];
  if (def.shape) return Object.keys(def.shape);
  return knownKeys(def.in ?? def.schema ?? def.innerType);
}

/** The /api routes of the route table that take a JSON body with a zod schema. */
export const bodyRoutesOf = (routeTable: readonly RouteEntry[]): RouteEntry[] =>
  routeTable.filter(
    (r) => r.url.startsWith('/api/') && r.body && typeof (r.body as z.ZodType).safeParse === 'function',
  );

/** The legacy billing tables (the embedded source) and the audit trail: a refused correction changes none of them. */
export const LEGACY_FINGERPRINT_TABLES = [
  'legacy.invoices',
  'legacy.invoice_lines',
  'legacy.payments',
  'legacy.payment_allocations',
  'legacy_audit',
] as const;

/**
 * Announcement bodies that must be refused (docs/decisions/035): a block of an unknown type, a known type
 * with the wrong data, a list that is not a list, a video off YouTube and Vimeo. Each with the block index
 * the 400 must name.
 */
export const MALFORMED_BLOCK_LISTS: ReadonlyArray<{ name: string; content: unknown; index?: number }> = [
  { name: 'not a list', content: { type: 'paragraph', data: { text: 'x' } } },
  { name: 'a string', content: 'paragraph' },
  {
    name: 'an unknown type',
    content: [
      { type: 'paragraph', data: { text: 'ok' } },
      { type: 'raw', data: { html: '<script>' } },
    ],
    index: 1,
  },
  { name: 'a type in capitals', content: [{ type: 'Paragraph', data: { text: 'x' } }], index: 0 },
  { name: 'no type', content: [{ data: { text: 'x' } }], index: 0 },
  { name: 'no data', content: [{ type: 'paragraph' }], index: 0 },
  { name: 'data that is a string', content: [{ type: 'paragraph', data: 'x' }], index: 0 },
  { name: 'a paragraph of a number', content: [{ type: 'paragraph', data: { text: 5 } }], index: 0 },
  {
    name: 'a paragraph with extra fields',
    content: [{ type: 'paragraph', data: { text: 'x', onclick: 'y' } }],
    index: 0,
  },
  { name: 'a heading level 1', content: [{ type: 'heading', data: { text: 'x', level: 1 } }], index: 0 },
  { name: 'a heading level 7', content: [{ type: 'heading', data: { text: 'x', level: 7 } }], index: 0 },
  { name: 'a list of numbers', content: [{ type: 'list', data: { items: [1, 2] } }], index: 0 },
  { name: 'a checklist', content: [{ type: 'list', data: { style: 'checklist', items: ['a'] } }], index: 0 },
  { name: 'an image without an id', content: [{ type: 'image', data: { url: 'https://x.test/a.png' } }], index: 0 },
  { name: 'an image id 0', content: [{ type: 'image', data: { imageId: 0 } }], index: 0 },
  {
    name: 'a video elsewhere',
    content: [{ type: 'video', data: { url: 'https://evil.test/watch?v=dQw4w9WgXcQ' } }],
    index: 0,
  },
  { name: 'a javascript video', content: [{ type: 'video', data: { url: 'javascript:alert(1)' } }], index: 0 },
  {
    name: 'a YouTube channel',
    content: [{ type: 'video', data: { url: 'https://www.youtube.com/@channel' } }],
    index: 0,
  },
  { name: 'a divider with data', content: [{ type: 'divider', data: { html: '<hr onclick=x>' } }], index: 0 },
  { name: 'a NUL in a quote', content: [{ type: 'quote', data: { text: 'a\u0000b' } }], index: 0 },
  { name: 'too long a paragraph', content: [{ type: 'paragraph', data: { text: 'x'.repeat(20_001) } }], index: 0 },
  { name: 'too many blocks', content: Array.from({ length: 201 }, () => ({ type: 'divider', data: {} })) },
];
