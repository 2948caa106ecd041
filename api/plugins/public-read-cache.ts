import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { cacheControlFor, etagOf, matchesEtag } from './http-cache.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this, compression saves less than its headers cost (the @fastify/compress default too). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A small in-process cache of public reads, keyed by the validated request, kept for a few seconds
 * (docs/decisions/007-public-read-cache.md). Loads are shared: a burst of identical requests on an
 * expired key runs one query, not a hundred. Beside it, the answers sent from it by request URL, which
 * an early hook sends again before the route's own work (docs/decisions/058).
 */
export interface ReadCache {
  readonly ttlMs: number;
  /** `load` is told when its entry expires (0 when the cache is off). */
  read<T>(key: string, load: (expiresAt: number) => Promise<T>): Promise<T>;
  /** Whether `read` of this key would be answered without loading (kept, or being loaded). */
  has(key: string): boolean;
  /** The answer last sent to an anonymous GET of this URL, while its body's entry lives. */
  answer(url: string): CachedAnswer | undefined;
  remember(url: string, answer: CachedAnswer): void;
  /** Forgets everything: call after a write that public pages show, so this instance shows it at once. */
  clear(): void;
}

/** What a public read answered besides its body: the headers its route set, sent again with the body. */
export interface CachedAnswer {
  body: JsonBody;
  /** What the route varies by before Accept-Encoding (Authorization, where an admin's answer differs). */
  vary: string | undefined;
  cacheControl: string | undefined;
}

export const PUBLIC_READ_TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;
/** What the public read cache holds at most, in each of its two maps (docs/decisions/078). */
export const PUBLIC_READ_MAX_BYTES = 16 * 1024 * 1024;

/** The bytes a cached value holds: a body's text and its compressed copies, a buffer (a PDF), a string. */
export function cachedBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (Buffer.isBuffer(value)) return value.byteLength;
  if (typeof value === 'object' && value !== null && 'text' in value && typeof value.text === 'string') {
    const body = value as JsonBody;
    return Buffer.byteLength(body.text) + (body.br?.byteLength ?? 0) + (body.gzip?.byteLength ?? 0);
  }
  return 0;
}

export function createReadCache({
  ttlMs,
  maxEntries = MAX_ENTRIES,
  maxBytes = Number.POSITIVE_INFINITY,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  /** Past this many bytes of loaded values (cachedBytes), the oldest go first; each map on its own. */
  maxBytes?: number;
  now?: () => number;
}): ReadCache {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown>; bytes: number }>();
  const answers = new Map<string, { answer: CachedAnswer; bytes: number }>();
  let entryBytes = 0;
  let answerBytes = 0;
  const dropEntry = (key: string) => {
    entryBytes -= entries.get(key)?.bytes ?? 0;
    entries.delete(key);
  };
  const dropAnswer = (url: string) => {
    answerBytes -= answers.get(url)?.bytes ?? 0;
    answers.delete(url);
  };
  // Keys come from request input (ids, years, filter lists, URLs), so each map is bounded by count and
  // by bytes: oldest out first.
  const oldest = (map: Map<string, unknown>) => map.keys().next().value as string;
  return {
    ttlMs,
    read<T>(key: string, load: (expiresAt: number) => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load(0);
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value as Promise<T>;
      dropEntry(key);
      if (entries.size >= maxEntries) dropEntry(oldest(entries));
      const expiresAt = at + ttlMs;
      const value = load(expiresAt);
      const entry = { expiresAt, value: value as Promise<unknown>, bytes: 0 };
      entries.set(key, entry);
      value.then(
        (loaded) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = cachedBytes(loaded);
          entryBytes += entry.bytes;
          while (entryBytes > maxBytes && entries.size > 0) dropEntry(oldest(entries));
        },
        () => {
          if (entries.get(key) === entry) dropEntry(key);
        },
      );
      return value;
    },
    has(key) {
      return ttlMs > 0 && (entries.get(key)?.expiresAt ?? 0) > now();
    },
    answer(url) {
      const hit = answers.get(url)?.answer;
      if (hit && hit.body.expiresAt > now()) return hit;
      if (hit) dropAnswer(url);
      return undefined;
    },
    remember(url, answer) {
      if (answer.body.expiresAt <= now()) return;
      dropAnswer(url);
      if (answers.size >= maxEntries) dropAnswer(oldest(answers));
      const bytes = cachedBytes(answer.body);
      answers.set(url, { answer, bytes });
      answerBytes += bytes;
      while (answerBytes > maxBytes && answers.size > 0) dropAnswer(oldest(answers));
    },
    clear() {
      entries.clear();
      answers.clear();
      entryBytes = 0;
      answerBytes = 0;
    },
  };
}

/** A response body serialised and compressed once per cache entry, with its ETag (of the JSON text). */
export interface JsonBody {
  text: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** When its cache entry expires (0: not cached). */
  expiresAt: number;
}

/** Brotli and gzip of a body, off the event loop (zlib's thread pool), once per cache entry. */
async function compressed(text: string, expiresAt: number): Promise<JsonBody> {
  const etag = etagOf(text);
  if (Buffer.byteLength(text) < COMPRESS_FROM_BYTES) return { text, etag, expiresAt };
  const [br, gz] = await Promise.all([
    brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(text, { level: 9 }),
  ]);
  return { text, etag, br, gzip: gz, expiresAt };
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
  return cache.read(key, async (expiresAt) => {
    const data = await load();
    if (data === undefined) return undefined;
    return compressed(JSON.stringify(schema.encode(data)), expiresAt);
  });
}

/**
 * Sends a serialised body as is, compressed as the client accepts: a matching If-None-Match is
 * answered 304 at once, and a body already encoded is left alone by @fastify/compress. The HTTP cache
 * plugin reuses the ETag. An anonymous GET's answer is remembered by URL, for the early hook below.
 */
export function sendJson(reply: FastifyReply, body: JsonBody): FastifyReply {
  const { request } = reply;
  if (
    body.expiresAt > 0 &&
    request.method === 'GET' &&
    request.headers.authorization === undefined &&
    request.routeOptions.config.access === 'public'
  ) {
    const cacheSeconds = request.routeOptions.config.cacheSeconds;
    reply.server.publicReadCache.remember(request.url, {
      body,
      vary: reply.getHeader('vary')?.toString(),
      // What the HTTP cache plugin would add, unless the route said otherwise (results: no-cache).
      cacheControl:
        reply.getHeader('cache-control')?.toString() ??
        (cacheSeconds === undefined ? undefined : cacheControlFor(cacheSeconds)),
    });
  }
  return sendBody(reply, body);
}

function sendBody(reply: FastifyReply, body: JsonBody): FastifyReply {
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

/**
 * Decorates the app with its public read cache; off under NODE_ENV=test, so a test sees its own writes at once.
 * Its onRequest hook answers an anonymous GET of a URL already answered from the cache with the same
 * bytes and headers, before validation, the handler and the later hooks (docs/decisions/058): registered
 * after the request id, security headers, access and metrics hooks, which every answer still passes.
 */
export const publicReadCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = createReadCache({
    ttlMs: app.config.env === 'test' ? 0 : PUBLIC_READ_TTL_MS,
    maxBytes: PUBLIC_READ_MAX_BYTES,
  });
  app.decorate('publicReadCache', cache);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return done();
    const answer = cache.answer(request.url);
    if (answer === undefined || request.routeOptions.config.access !== 'public') return done();
    if (answer.cacheControl !== undefined) reply.header('cache-control', answer.cacheControl);
    if (answer.vary !== undefined) reply.header('vary', answer.vary);
    // Answered here: the remaining hooks and the route do not run (done is not called); onSend and onResponse do.
    sendBody(reply, answer.body);
  });
});
