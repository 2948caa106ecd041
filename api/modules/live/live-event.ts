import type { LiveEvent } from '../../contracts/live.ts';
import type { RecordedEvent } from '../../event-store/store.ts';

/**
 * A recorded event as a live subscriber sees it. Admins get the whole event and who caused it; the
 * public gets only the data fields its stream type lists as public, and no actor.
 */
export function toLiveEvent(event: RecordedEvent, publicFields?: readonly string[]): LiveEvent {
  const recordedAt = event.recordedAt.toISOString();
  const data = (event.data ?? {}) as Record<string, unknown>;
  if (publicFields === undefined) {
    return { version: event.version, type: event.type, data, recordedAt, actorId: event.metadata?.actorId ?? null };
  }
  const visible: Record<string, unknown> = {};
  for (const field of publicFields) {
    if (Object.hasOwn(data, field)) visible[field] = data[field];
  }
  return { version: event.version, type: event.type, data: visible, recordedAt };
}
