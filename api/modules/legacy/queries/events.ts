import type { LegacyEvent } from '../../../contracts/legacy.ts';
import { asText, count, dateOnly, id } from '../../../db/legacy-values.ts';
import { type LegacyDb, type Paging, pageOf } from './common.ts';

export function pageOfEvents(db: LegacyDb, year: number | undefined, paging: Paging) {
  let q = db.selectFrom('events as e');
  if (year !== undefined) q = q.where('e.year', '=', year);
  return pageOf(
    q,
    (s) =>
      s
        .select([
          asText('e.id').as('id'),
          'e.name',
          'e.year',
          asText('e.event_date').as('event_date'),
          'e.city',
          (eb) =>
            eb
              .selectFrom('registrations as rr')
              .select((eb2) => eb2.fn.countAll().as('n'))
              .whereRef('rr.event_id', '=', 'e.id')
              .as('registrations'),
        ])
        .orderBy('e.year', 'desc')
        .orderBy('e.name'),
    (r: {
      id: string | null;
      name: string;
      year: number;
      event_date: string | null;
      city: string;
      registrations: unknown;
    }): LegacyEvent => ({
      id: id(r.id),
      name: r.name,
      year: Number(r.year),
      eventDate: dateOnly(r.event_date),
      city: r.city,
      registrations: count(r.registrations),
    }),
    paging,
  );
}
