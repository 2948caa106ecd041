import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public, cacheable read: seconds browsers and CDNs may keep it. Adds an ETag and answers 304. */
    cacheSeconds?: number;
  }
}

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** What a public read of `cacheSeconds` may be kept for, by browsers and CDNs. */
export function cacheControlFor(seconds: number): string {
  return `public, max-age=${seconds}, stale-while-revalidate=${seconds * 5}`;
}

function withCacheControl<P>(reply: FastifyReply, seconds: number, payload: P): P {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControlFor(seconds));
  return payload;
}

/** ETag and Cache-Control on public reads, with 304 for a matching If-None-Match. */
export const httpCachePlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not async: it runs on every answer (decision 058).
  app.addHook('onSend', (request, reply, payload, done) => {
    const seconds = request.routeOptions.config?.cacheSeconds;
    if (seconds === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return done(null, payload);
    // A route that answered 304 itself (the public read cache) still says how long to keep the copy.
    if (reply.statusCode === 304) return done(null, withCacheControl(reply, seconds, payload));
    if (reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const etag = reply.getHeader('etag')?.toString() ?? etagOf(payload);
    reply.header('etag', etag);
    withCacheControl(reply, seconds, payload);
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      reply.removeHeader('content-type');
      return done(null, '');
    }
    done(null, payload);
  });
});
