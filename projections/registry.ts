import type { Transaction } from 'kysely';
import type { Database } from '../api/db/schema.ts';
import type { InlineProjector, RecordedEvent } from '../api/event-store/store.ts';
import type { Projection } from './projection.ts';
import { registrationsProjection } from './registrations/projector.ts';
import { runOrdersProjection } from './run-orders/projector.ts';

/** Every read model, in the order they are applied. Add a projection here when it lands. */
export const PROJECTIONS: readonly Projection[] = [registrationsProjection, runOrdersProjection];

/** The inline projectors for one stream type: the read models that care about it. */
export function inlineProjectorsFor(
  streamType: string,
  projections: readonly Projection[] = PROJECTIONS,
): InlineProjector[] {
  return projections
    .filter((p) => p.streamTypes.includes(streamType))
    .map((p) => (trx: Transaction<Database>, events: RecordedEvent[]) => p.project(trx, events));
}
