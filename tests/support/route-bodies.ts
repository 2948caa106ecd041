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
  const def = (schema as { def?: { shape?: object; in?: unknown; schema?: unknown; innerType?: unknown } }).def;
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
