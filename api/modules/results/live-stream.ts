import { RESULT_STREAM_TYPE, registrationIdOfResultStream, resultStreamId } from '../../domain/results/events.ts';
import type { LiveStreamType } from '../live/stream-type.ts';
import { runForResults } from './queries/run.ts';

/**
 * The fields of a result event's data a public subscriber (the venue display) sees: the value and where
 * it was run, never who entered, changed or validated it, and never a reason.
 */
export const RESULT_PUBLIC_FIELDS = [
  'runId',
  'heat',
  'position',
  'attempt',
  'rawTimeMs',
  'outcome',
  'penalties',
  'infraction',
] as const;

/**
 * Results on the live socket (docs/decisions/030-results.md): one stream per result, so a subscription
 * (`stream: 'results'`) follows every result stream of a run, and the ones recorded later. Admins follow
 * any run; the public only runs of public events, and nothing of a run whose results are held.
 */
export const resultLiveStream: LiveStreamType = {
  name: 'results',
  streamType: RESULT_STREAM_TYPE,
  // Unused: a run's results are many streams (perRun).
  streamId: (runId) => `results-of-run:${runId}`,
  mayFollow: async (db, runId, audience) =>
    (await runForResults(db, runId, { publicOnly: audience !== 'admin' })) !== undefined,
  publicFields: RESULT_PUBLIC_FIELDS,
  publicVisible: async (db, runId) => {
    const run = await runForResults(db, runId, { publicOnly: true });
    return run !== undefined && !run.held;
  },
  perRun: {
    async streamsOf(db, runId) {
      const rows = await db
        .selectFrom('results')
        .select('registration_id')
        .where('run_id', '=', runId)
        .where('version', '>', 0)
        .orderBy('registration_id')
        .execute();
      return rows.map((r) => ({ streamId: resultStreamId(r.registration_id), key: r.registration_id }));
    },
    async runOf(db, streamId) {
      const id = registrationIdOfResultStream(streamId);
      if (id === undefined) return undefined;
      const row = await db.selectFrom('results').select('run_id').where('registration_id', '=', id).executeTakeFirst();
      return row?.run_id;
    },
    keyOf: registrationIdOfResultStream,
  },
};
