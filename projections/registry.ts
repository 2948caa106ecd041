import type { Projection } from '../api/event-store/projection.ts';
import { registrationsProjection } from './registrations/projector.ts';
import { resultsProjection } from './results/projector.ts';
import { runOrdersProjection } from './run-orders/projector.ts';

/**
 * Every read model, in the order they are applied. Add a projection here when it lands. api/app.ts
 * gives them to the event store (inline), and `npm run projections:rebuild` rebuilds them.
 */
export const PROJECTIONS: readonly Projection[] = [registrationsProjection, runOrdersProjection, resultsProjection];
