/**
 * The live protocol of WebSocket /api/live (docs/decisions/018-live-protocol.md). JSON text frames.
 *
 * Client -> server:
 *   { type: 'auth', token }                      sign the socket in (an access token); again after each refresh
 *   { type: 'subscribe', runId, fromVersion }    catch up from the version after fromVersion, then every new event
 *   { type: 'subscribe', stream: 'results', runId, versions? }
 *                                                follow every result stream of the run (decision 030): for each
 *                                                result the events after versions[registrationId] (0 when not
 *                                                given: the whole stream), then every new event, and the events
 *                                                of results recorded later from their first
 *   { type: 'unsubscribe', runId, stream? }
 *   { type: 'presence', runId, dragging }        what this admin is dragging now (null when nothing)
 *   { type: 'ping' }                             the client's own heartbeat; answered with pong
 *
 * `stream` is 'run-order' (the default, left out by today's clients), 'results', or 'registrations' (the
 * run's registrations, decision 043: shaped as results, keyed by registration id; a first subscribe
 * without versions starts from each registration's current version).
 *
 * Server -> client:
 *   { type: 'ready' }                            on connect
 *   { type: 'authenticated', userId, role, expiresAt }   expiresAt null for a token without exp
 *   { type: 'subscribed', runId, version, access: 'admin' | 'public' }   after the catch-up was sent
 *   { type: 'subscribed', stream: 'results', runId, version: 0, versions, access }
 *                                                versions: each result's version reached, by registration id
 *   { type: 'event', runId, event }              one run-order event, versions strictly increasing per run
 *   { type: 'event', stream: 'results', runId, registrationId, event }
 *                                                one result event; versions strictly increasing per result
 *   { type: 'presence', runId, viewers }         admins only: who is viewing the board and dragging what
 *   { type: 'error', code, message, runId?, stream? }
 *   { type: 'pong' }
 *
 * Error codes: BAD_MESSAGE (not JSON, or not one of the messages above; the socket stays open),
 * UNAUTHORIZED (bad token or inactive account: the socket is signed out), TOKEN_EXPIRED (the token's exp
 * passed without a fresh auth: admin access ends, public events go on), RUN_NOT_FOUND,
 * TOO_MANY_SUBSCRIPTIONS (per socket, or per client address), TOO_MANY_SOCKETS (too many sockets from
 * the client's address: sent once, then the socket is closed with 1008), FORBIDDEN (presence from a
 * non-admin), NOT_SUBSCRIBED (presence on a run the socket does not follow), INTERNAL_ERROR. When the
 * socket's account or role changes (auth, sign-out, expiry, demotion) every subscription is decided
 * again (decision 071): one the socket may no longer follow ends with RUN_NOT_FOUND (its runId and
 * stream), the others whose access changed are sent `subscribed` again, with the version reached and
 * the new access. A public results `subscribed` of a run whose results are held lists no versions.
 *
 * A signed-in admin receives events whole (with actor ids); anyone else (the venue display) receives
 * only the public fields: type, version, time and the arrangement, never who did it. Which data fields
 * are public is the stream type's choice (run orders: api/modules/run-orders/live-stream.ts; results:
 * api/modules/results/live-stream.ts, the value and the place, never who or why). A public results
 * subscription gets nothing while the run's results are held; after a reconnect a client refetches its
 * view and subscribes again with the versions it holds.
 */
import { z } from 'zod';
import { MAX_ID, textInput } from './common.ts';

const runId = z.number().int().min(1).max(MAX_ID);

/** The stream types a subscription may name; run orders when left out. */
export const LIVE_STREAMS = ['run-order', 'results', 'registrations'] as const;
export type LiveStreamName = (typeof LIVE_STREAMS)[number];
const stream = z.enum(LIVE_STREAMS).optional();
/** The results' versions a client holds, by registration id (at most one run's worth). */
const versions = z
  .record(z.string().regex(/^\d{1,10}$/), z.number().int().min(0).max(MAX_ID))
  .refine((v) => Object.keys(v).length <= 5000, 'versions may name at most 5000 results')
  .optional();

export const draggingSchema = z
  .object({ kind: z.enum(['position', 'heat']), number: z.number().int().min(1).max(100000) })
  .strict()
  .nullable();
export type Dragging = z.infer<typeof draggingSchema>;

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: textInput('token', 'secret').min(1).max(4096) }).strict(),
  z
    .object({
      type: z.literal('subscribe'),
      stream,
      runId,
      fromVersion: z.number().int().min(0).max(MAX_ID).default(0),
      versions,
    })
    .strict(),
  z.object({ type: z.literal('unsubscribe'), stream, runId }).strict(),
  z.object({ type: z.literal('presence'), runId, dragging: draggingSchema }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]);
export type LiveClientMessage = z.input<typeof liveClientMessageSchema>;

/** A run-order event as the live socket carries it. */
export interface LiveEvent {
  version: number;
  type: string;
  data: Record<string, unknown>;
  recordedAt: string;
  /** Admin subscriptions only. */
  actorId?: number | null;
}

export interface PresenceViewer {
  userId: number;
  name: string;
  dragging: Dragging;
}

export type LiveServerMessage =
  | { type: 'ready' }
  | { type: 'authenticated'; userId: number; role: string; expiresAt: string | null }
  | {
      type: 'subscribed';
      stream?: LiveStreamName;
      runId: number;
      version: number;
      /** Results: each result's version reached, by registration id. */
      versions?: Record<string, number>;
      access: 'admin' | 'public';
    }
  | { type: 'event'; stream?: LiveStreamName; runId: number; registrationId?: number; event: LiveEvent }
  | { type: 'presence'; runId: number; viewers: PresenceViewer[] }
  | { type: 'error'; code: string; message: string; runId?: number; stream?: LiveStreamName }
  | { type: 'pong' };
