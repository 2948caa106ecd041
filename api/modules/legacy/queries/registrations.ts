import type { LegacyRegistration, LegacyRegistrationFilter } from '../../../contracts/legacy.ts';
import { asText, dateTime, id, nullableId } from '../../../db/legacy-values.ts';
import { type LegacyDb, nameOf, type Paging, pageOf, perYear } from './common.ts';

function registrationsFrom(db: LegacyDb) {
  return db
    .selectFrom('registrations as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('events as e', 'e.id', 'r.event_id');
}

function selectRegistration(q: ReturnType<typeof registrationsFrom>) {
  return q.select([
    asText('r.id').as('id'),
    asText('r.user_id').as('user_id'),
    'u.email as user_email',
    'u.first_name',
    'u.last_name',
    asText('r.event_id').as('event_id'),
    'e.name as event_name',
    'r.year',
    'r.category',
    'r.status',
    asText('r.registered_at').as('registered_at'),
    asText('r.invoice_id').as('invoice_id'),
  ]);
}
type RegistrationRow = Awaited<ReturnType<ReturnType<typeof selectRegistration>['executeTakeFirstOrThrow']>>;

const toRegistration = (r: RegistrationRow): LegacyRegistration => ({
  id: id(r.id),
  userId: id(r.user_id),
  userEmail: r.user_email ?? null,
  userName: nameOf(r.first_name, r.last_name),
  eventId: id(r.event_id),
  eventName: r.event_name ?? null,
  year: Number(r.year),
  category: r.category,
  status: r.status,
  registeredAt: dateTime(r.registered_at),
  invoiceId: nullableId(r.invoice_id),
});

export async function registrationYears(db: LegacyDb) {
  return { data: await perYear(db.selectFrom('registrations as r'), 'r.year') };
}

export function pageOfRegistrations(db: LegacyDb, filter: Partial<LegacyRegistrationFilter>, paging: Paging) {
  let q = registrationsFrom(db);
  if (filter.year !== undefined) q = q.where('r.year', '=', filter.year);
  if (filter.eventId !== undefined) q = q.where('r.event_id', '=', filter.eventId);
  if (filter.userId !== undefined) q = q.where('r.user_id', '=', filter.userId);
  if (filter.status !== undefined) q = q.where('r.status', '=', filter.status);
  return pageOf(
    q,
    (s) => selectRegistration(s).orderBy('r.registered_at', 'desc').orderBy('r.id', 'desc'),
    toRegistration,
    paging,
  );
}

export async function registrationById(db: LegacyDb, registrationId: string) {
  const row = await selectRegistration(registrationsFrom(db)).where('r.id', '=', registrationId).executeTakeFirst();
  return row && toRegistration(row);
}
