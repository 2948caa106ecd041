import { queryOptions } from '@tanstack/react-query';
import type { MyHeats } from '../../../api/contracts/run-orders.ts';
import { apiGet } from '../../lib/api.ts';
import { eventDayKeys } from '../../lib/query-keys.ts';

/** GET /api/run-orders/mine: the signed-in competitor's heats (all events, or one). Kept fresh by the live socket. */
export const myHeatsQuery = (userId: number, eventId?: number) =>
  queryOptions({
    queryKey: eventDayKeys.mine(userId, eventId),
    queryFn: ({ signal }) =>
      apiGet<MyHeats>(eventId === undefined ? '/run-orders/mine' : `/run-orders/mine?eventId=${eventId}`, {
        signal,
        silent: true,
      }),
    staleTime: 0,
  });
