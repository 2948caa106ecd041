import { RUN_ORDER_STREAM_TYPE, runOrderStreamId } from '../../domain/run-orders/events.ts';
import type { LiveStreamType } from '../live/stream-type.ts';
import { runForOrder } from './queries/run.ts';

/**
 * The fields of a run-order event's data a public subscriber (the venue display) sees: the arrangement
 * and what moved, never who moved it.
 */
export const RUN_ORDER_PUBLIC_FIELDS = [
  'slots',
  'heatSize',
  'positions',
  'pair',
  'sourcePosition',
  'targetPosition',
  'sourceHeatNumber',
  'targetHeatNumber',
  'position',
  'registrationId',
] as const;

/**
 * Run orders on the live socket (docs/decisions/018-live-protocol.md): one stream per run. Admins follow
 * any run; the public only runs of public events, as GET /api/run-orders/run/{runId}/display does.
 */
export const runOrderLiveStream: LiveStreamType = {
  streamType: RUN_ORDER_STREAM_TYPE,
  streamId: runOrderStreamId,
  mayFollow: async (db, runId, audience) =>
    (await runForOrder(db, runId, { publicOnly: audience !== 'admin' })) !== undefined,
  publicFields: RUN_ORDER_PUBLIC_FIELDS,
};
