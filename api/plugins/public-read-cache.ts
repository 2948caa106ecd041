import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { etagOf } from './http-cache.ts';

/**
 * A small in-process cache of public reads, keyed by the validated request, kept for a few seconds
 * (docs/decisions/007-public-read-cache.md). Loads are shared: a burst of identical requests on an
 * expired key runs one query, not a hundred.
 */
export interface ReadCache {
  readonly ttlMs: number;
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything: call after a write that public pages show, so this instance shows it at once. */
  clear(): void;
}

export const PUBLIC_READ_TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

export function createReadCache({
  ttlMs,
  maxEntries = MAX_ENTRIES,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): ReadCache {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  return {
    ttlMs,
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value as Promise<T>;
      entries.delete(key);
      // Keys come from request input (ids, years, filter lists), so the map is bounded: oldest out first.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = load();
      entries.set(key, { expiresAt: at + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/** A response body serialised once per cache period, with its ETag. */
export interface JsonBody {
  text: string;
  etag: string;
}

/**
 * Reads through the cache and keeps the serialised JSON rather than the rows: encoding through the
 * route's response schema and hashing the ETag cost more than the rest of a cached read.
 * Undefined (nothing to show) is cached too and left to the route to answer 404.
 */
export function readJson<S extends z.ZodType>(
  cache: ReadCache,
  key: string,
  schema: S,
  load: () => Promise<z.output<S>>,
): Promise<JsonBody>;
export function readJson<S extends z.ZodType>(
  cache: ReadCache,
  key: string,
  schema: S,
  load: () => Promise<z.output<S> | undefined>,
): Promise<JsonBody | undefined>;
export function readJson<S extends z.ZodType>(
  cache: ReadCache,
  key: string,
  schema: S,
  load: () => Promise<z.output<S> | undefined>,
): Promise<JsonBody | undefined> {
  return cache.read(key, async () => {
    const data = await load();
    if (data === undefined) return undefined;
    const text = JSON.stringify(schema.encode(data));
    return { text, etag: etagOf(text) };
  });
}

/** Sends a serialised body as is: Fastify does not serialise a string again, and the HTTP cache plugin reuses the ETag. */
export function sendJson(reply: FastifyReply, body: JsonBody): FastifyReply {
  return reply.header('etag', body.etag).type('application/json; charset=utf-8').send(body.text);
}

declare module 'fastify' {
  interface FastifyInstance {
    publicReadCache: ReadCache;
  }
}

/** Decorates the app with its public read cache; off under NODE_ENV=test, so a test sees its own writes at once. */
export const publicReadCachePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('publicReadCache', createReadCache({ ttlMs: app.config.env === 'test' ? 0 : PUBLIC_READ_TTL_MS }));
});
