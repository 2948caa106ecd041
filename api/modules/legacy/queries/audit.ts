import type { Kysely } from 'kysely';
import type { LegacyAuditEntry } from '../../../contracts/legacy.ts';
import { iso } from '../../../db/rows.ts';
import type { Database } from '../../../db/schema.ts';
import type { Page, Paging } from './common.ts';

export async function pageOfAudit(
  db: Kysely<Database>,
  filter: { entity?: 'invoice' | 'invoice_line' | 'payment'; entityId?: string; invoiceId?: string },
  { page, limit }: Paging,
): Promise<Page<LegacyAuditEntry>> {
  let q = db.selectFrom('legacy_audit as a');
  if (filter.entity) q = q.where('a.entity', '=', filter.entity);
  if (filter.entityId) q = q.where('a.entity_id', '=', filter.entityId);
  if (filter.invoiceId) q = q.where('a.invoice_id', '=', filter.invoiceId);
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .innerJoin('users as u', 'u.id', 'a.actor_id')
      .select([
        'a.id',
        'a.entity',
        'a.entity_id',
        'a.invoice_id',
        'a.source',
        'a.actor_id',
        'u.first_name',
        'u.last_name',
        'a.at',
        'a.before',
        'a.after',
        'a.reason',
      ])
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      entity: r.entity,
      entityId: r.entity_id,
      invoiceId: r.invoice_id,
      source: r.source,
      actorId: r.actor_id,
      actorName: `${r.first_name} ${r.last_name}`.trim(),
      at: iso(r.at),
      before: r.before,
      after: r.after,
      reason: r.reason,
    })),
    meta: { total: Number(total.n), page, perPage: limit },
  };
}
