import { REGISTRATION_STREAM_TYPE, registrationIdOf, registrationStreamId } from '../../domain/registrations/events.ts';
import type { LiveStreamType } from '../live/stream-type.ts';
import { runForOrder } from './queries/run.ts';

/**
 * A run's registrations (the order's entries) on the live socket (`stream: 'registrations'`, docs/decisions/043): the run-order
 * board and the venue display follow them so a cancellation or a new confirmed entry reaches them without
 * a reload. They read their views again on each event; the public learns only that something changed
 * (type and version), never who or what. A subscription starts from each registration's current version
 * (the screen has just read its view), and follows new registrations of the run from their first event.
 */
export const registrationLiveStream: LiveStreamType = {
  name: 'registrations',
  streamType: REGISTRATION_STREAM_TYPE,
  // Unused: a run's registrations are many streams (perRun).
  streamId: (runId) => `registrations-of-run:${runId}`,
  // Whoever may follow the run's order may learn that its entries changed.
  mayFollow: async (db, runId, audience) =>
    (await runForOrder(db, runId, { publicOnly: audience !== 'admin' })) !== undefined,
  publicFields: [],
  perRun: {
    fromCurrent: true,
    async streamsOf(db, runId) {
      const rows = await db
        .selectFrom('registrations')
        .select(['id', 'version'])
        .where('run_id', '=', runId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ streamId: registrationStreamId(r.id), key: r.id, version: r.version }));
    },
    async runOf(db, streamId) {
      const id = registrationIdOf(streamId);
      if (id === undefined) return undefined;
      const row = await db.selectFrom('registrations').select('run_id').where('id', '=', id).executeTakeFirst();
      return row?.run_id;
    },
    keyOf: registrationIdOf,
  },
};
