import type { RouteOptions } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One delete of ended windows per this many attempts counted by one instance. */
const PRUNE_EVERY = 100;

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/**
 * A store for @fastify/rate-limit whose counts live in the database (decision 076), so every API
 * instance counts the same attempts: N instances still allow `max` per window per address, not N times
 * it. One upsert per attempt; a window that has ended starts again at 1. Each route has its own bucket,
 * as with the plugin's in-memory store.
 */
export function sharedRateLimitStore(db: Kysely<Database>) {
  let counted = 0;
  return class SharedRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    /** A route's own bucket. The plugin passes its merged limit options, with the route under routeInfo. */
    child(options: RouteOptions & { path: string; prefix: string }) {
      const route = (options as { routeInfo?: RouteOptions }).routeInfo ?? options;
      return new SharedRateLimitStore(undefined, `${[route.method].flat().join(',')} ${route.url ?? ''}`);
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      void this.count(`${this.scope}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }

    private async count(key: string, windowMs: number): Promise<Counted> {
      const window = sql`${Math.max(1, Math.round(windowMs))}::integer * interval '1 millisecond'`;
      const result = await sql<{ attempts: number; ttl_ms: number | string }>`
        insert into rate_limit_counters as c (key, attempts, expires_at) values (${key}, 1, now() + ${window})
        on conflict (key) do update set
          attempts = case when c.expires_at <= now() then 1 else c.attempts + 1 end,
          expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
        returning attempts, ceil(extract(epoch from (expires_at - now())) * 1000) as ttl_ms`.execute(db);
      if (++counted % PRUNE_EVERY === 0) {
        await db.deleteFrom('rate_limit_counters').where('expires_at', '<', sql<Date>`now()`).execute();
      }
      const row = result.rows[0] as { attempts: number; ttl_ms: number | string };
      return { current: row.attempts, ttl: Math.max(0, Number(row.ttl_ms)) };
    }
  };
}
