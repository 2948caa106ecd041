import type { MyHeat } from '../../../api/contracts/run-orders.ts';
import { ENTRANT_MARK_LABELS } from '../../../api/domain/run-orders/events.ts';
import { venueHeatTime } from '../display/clock.ts';

/**
 * A competitor's place in words: "Heat 2, pair 3, right lane, estimated at 10:42", or "on the course
 * now" for the heat running, "done" for one already run; a scratched or no-show entry says so instead,
 * with the run order's mark as the board and the venue display show it (docs/decisions/046).
 */
export function myHeatText(
  entry: Pick<MyHeat, 'heat' | 'pair' | 'lane' | 'currentHeat' | 'started' | 'estimatedStart' | 'mark' | 'timeZone'>,
): string {
  const place = `Heat ${entry.heat}, pair ${entry.pair}, ${entry.lane} lane`;
  if (entry.mark) return `${place}: ${ENTRANT_MARK_LABELS[entry.mark]}, will not run`;
  if (entry.started && entry.heat === entry.currentHeat) return `${place}: on the course now`;
  if (entry.started && entry.heat < entry.currentHeat) return `${place}: already run`;
  return entry.estimatedStart ? `${place}, estimated at ${venueHeatTime(entry.estimatedStart, entry.timeZone)}` : place;
}
