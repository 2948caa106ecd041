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

function withCacheControl<P>(reply: FastifyReply, seconds: number, payload: P): P {
  if (!reply.hasHeader('cache-control')) {
    reply.header('cache-control', `public, max-age=${seconds}, stale-while-revalidate=${seconds * 5}`);
  }
  return payload;
}

/** ETag and Cache-Control on public reads, with 304 for a matching If-None-Match. */
export const httpCachePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const seconds = request.routeOptions.config?.cacheSeconds;
    if (seconds === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return payload;
    // A route that answered 304 itself (the public read cache) still says how long to keep the copy.
    if (reply.statusCode === 304) return withCacheControl(reply, seconds, payload);
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = reply.getHeader('etag')?.toString() ?? etagOf(payload);
    reply.header('etag', etag);
    withCacheControl(reply, seconds, payload);
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      reply.removeHeader('content-type');
      return '';
    }
    return payload;
  });
});
