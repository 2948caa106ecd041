import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { etagOf, matchesEtag } from './http-cache.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this, compression saves less than its headers cost (the @fastify/compress default too). */
const COMPRESS_FROM_BYTES = 1024;

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

/** A response body serialised and compressed once per cache entry, with its ETag (of the JSON text). */
export interface JsonBody {
  text: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Brotli and gzip of a body, off the event loop (zlib's thread pool), once per cache entry. */
async function compressed(text: string): Promise<JsonBody> {
  const etag = etagOf(text);
  if (Buffer.byteLength(text) < COMPRESS_FROM_BYTES) return { text, etag };
  const [br, gz] = await Promise.all([
    brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(text, { level: 9 }),
  ]);
  return { text, etag, br, gzip: gz };
}

/** The best encoding the client accepts among those we hold: brotli, then gzip, else none. */
function acceptedEncoding(request: FastifyRequest, body: JsonBody): 'br' | 'gzip' | undefined {
  const header = request.headers['accept-encoding'];
  if (!header || !body.br) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
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
    return compressed(JSON.stringify(schema.encode(data)));
  });
}

/**
 * Sends a serialised body as is, compressed as the client accepts: a matching If-None-Match is
 * answered 304 at once, and a body already encoded is left alone by @fastify/compress. The HTTP cache
 * plugin reuses the ETag.
 */
export function sendJson(reply: FastifyReply, body: JsonBody): FastifyReply {
  // Added to what the route already varies by (Authorization, where an admin's answer differs).
  const vary = reply.getHeader('vary');
  reply.header('etag', body.etag).header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  if (matchesEtag(reply.request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(reply.request, body);
  if (encoding === undefined) return reply.send(body.text);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? body.br : body.gzip);
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
