import { sql, type Transaction } from 'kysely';
import { registrationRowToState, registrationStateToRow } from '../../api/db/read-models.ts';
import type { Database } from '../../api/db/schema.ts';
import { REGISTRATION_STREAM_TYPE, registrationIdOf } from '../../api/domain/registrations/events.ts';
import {
  evolve,
  initialRegistrationState,
  type RegistrationEventEnvelope,
  type RegistrationState,
} from '../../api/domain/registrations/evolve.ts';
import type { Projection } from '../../api/event-store/projection.ts';
import type { RecordedEvent } from '../../api/event-store/store.ts';

/**
 * The registrations read model: one row per registration stream, the fold of its events by the same
 * evolve the browser uses. Idempotent: an event at or below a row's version is skipped, and the upsert
 * never moves a row back to an older version. Batched (at most one read and one write per call), so the inline
 * path and a rebuild of the whole log share it.
 */
const SCHEMA_VERSION = 1;

const CHUNK = 5000;

async function projectRegistrations(trx: Transaction<Database>, events: readonly RecordedEvent[]): Promise<void> {
  const byStream = new Map<number, RecordedEvent[]>();
  for (const event of events) {
    if (event.streamType !== REGISTRATION_STREAM_TYPE) continue;
    const id = registrationIdOf(event.streamId);
    if (id === undefined) continue;
    const list = byStream.get(id);
    if (list) list.push(event);
    else byStream.set(id, [event]);
  }
  const ids = [...byStream.keys()];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    // A stream whose events here start at version 1 folds from the initial state: its row, if any, adds
    // nothing (the upsert keeps a newer one), so only the others are read (decision 055).
    const toRead = chunk.filter((id) => (byStream.get(id)?.[0]?.version ?? 1) > 1);
    const rows =
      toRead.length === 0 ? [] : await trx.selectFrom('registrations').selectAll().where('id', 'in', toRead).execute();
    const current = new Map(rows.map((row) => [row.id, registrationRowToState(row)]));
    const changed: RegistrationState[] = [];
    for (const id of chunk) {
      const before = current.get(id) ?? initialRegistrationState(id);
      let state = before;
      for (const event of byStream.get(id) ?? []) {
        if (event.version > state.version) state = evolve(state, event as RegistrationEventEnvelope);
      }
      if (state.exists && state.version !== before.version) changed.push(state);
    }
    if (changed.length === 0) continue;
    await sql`
      insert into registrations (id, run_id, event_id, team_id, user_id, registered_by, status, waitlist_position,
        is_hybrid_opt_in, is_late, notes, submitted_at, confirmed_at, cancelled_at, deleted_at, updated_at, version)
      select * from jsonb_to_recordset(${JSON.stringify(changed.map(registrationStateToRow))}::jsonb) as x(id int, run_id int, event_id int,
        team_id int, user_id int, registered_by int, status text, waitlist_position int, is_hybrid_opt_in boolean, is_late boolean, notes text,
        submitted_at timestamptz, confirmed_at timestamptz, cancelled_at timestamptz, deleted_at timestamptz,
        updated_at timestamptz, version int)
      on conflict (id) do update set
        run_id = excluded.run_id, event_id = excluded.event_id, team_id = excluded.team_id, user_id = excluded.user_id,
        registered_by = excluded.registered_by, status = excluded.status, waitlist_position = excluded.waitlist_position,
        is_hybrid_opt_in = excluded.is_hybrid_opt_in, is_late = excluded.is_late, notes = excluded.notes, submitted_at = excluded.submitted_at,
        confirmed_at = excluded.confirmed_at, cancelled_at = excluded.cancelled_at, deleted_at = excluded.deleted_at,
        updated_at = excluded.updated_at, version = excluded.version
      where registrations.version < excluded.version`.execute(trx);
  }
}

export const registrationsProjection: Projection & { schemaVersion: number } = {
  name: 'registrations',
  schemaVersion: SCHEMA_VERSION,
  streamTypes: [REGISTRATION_STREAM_TYPE],
  tables: ['registrations'],
  project: projectRegistrations,
};
