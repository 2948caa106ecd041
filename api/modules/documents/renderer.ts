import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.ts';
import { PDF_WORKER } from '../../paths.ts';
import { etagOf } from '../../plugins/http-cache.ts';
import { createReadCache } from '../../plugins/public-read-cache.ts';
import type { DocumentData, DocumentKind } from './definitions.ts';
import { createRenderPool, type RenderPool } from './render-pool.ts';

/**
 * How documents are rendered (docs/decisions/073-document-render-workers.md): by the data's version
 * (its ETag, a hash of the kind and the data), each version once, in the render pool; rendered PDFs
 * kept in a small cache by that version; renders for anyone but an admin counted per address.
 */

/** How a document request was answered, for the metrics and the benchmark. */
export type DocumentOutcome = 'rendered' | 'cached' | 'not-modified' | 'busy' | 'limited';

export interface DocumentRenderer {
  /** The data's version: the ETag of the document it renders to. */
  etag<K extends DocumentKind>(kind: K, data: DocumentData<K>): string;
  /**
   * The PDF of this version: from the cache when it was rendered (or is being rendered), else rendered in
   * the pool, after charging `chargeTo` (an address) one render of its limit.
   */
  pdf<K extends DocumentKind>(kind: K, data: DocumentData<K>, etag: string, chargeTo?: string): Promise<Buffer>;
  count(outcome: DocumentOutcome): void;
  stats(): Record<DocumentOutcome, number> & { running: number; waiting: number; threads: number };
  readonly pool: RenderPool;
}

/** Rendered PDFs kept: a results book is tens to hundreds of KB. */
const RENDERED_ENTRIES = 64;
const RENDERED_TTL_MS = 10 * 60_000;
/** A results book runs to megabytes: the rendered PDFs kept are bounded by bytes too (decision 078). */
const RENDERED_BYTES = 32 * 1024 * 1024;
const LIMIT_WINDOW_MS = 60_000;
/** Addresses counted at once; the oldest window goes first (keys come from the network). */
const LIMIT_ADDRESSES = 10_000;

/** A fixed one-minute window per address: `max` renders in it, then 429 RATE_LIMITED until it ends. */
export function createAddressLimit(max: number, { now = Date.now, windowMs = LIMIT_WINDOW_MS } = {}) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    take(address: string): void {
      const at = now();
      let window = windows.get(address);
      if (!window || at - window.startedAt >= windowMs) {
        windows.delete(address);
        if (windows.size >= LIMIT_ADDRESSES) windows.delete(windows.keys().next().value as string);
        window = { startedAt: at, count: 0 };
        windows.set(address, window);
      }
      if (window.count >= max) {
        const seconds = Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
        throw new DomainError(
          429,
          'RATE_LIMITED',
          `Too many documents prepared for this address: at most ${max} a minute. Try again in ${seconds} s.`,
          { retryAfter: seconds },
        );
      }
      window.count += 1;
    },
  };
}

export function createDocumentRenderer(options: {
  workers: number;
  maxWaiting: number;
  rateLimit: number;
  workerFile?: string;
}): DocumentRenderer {
  const pool = createRenderPool({
    workerFile: options.workerFile ?? PDF_WORKER,
    workers: options.workers,
    maxWaiting: options.maxWaiting,
  });
  // Keyed by version, so an entry is never stale: a change to the data is another key.
  const rendered = createReadCache({ ttlMs: RENDERED_TTL_MS, maxEntries: RENDERED_ENTRIES, maxBytes: RENDERED_BYTES });
  const limit = createAddressLimit(options.rateLimit);
  const counts: Record<DocumentOutcome, number> = {
    rendered: 0,
    cached: 0,
    'not-modified': 0,
    busy: 0,
    limited: 0,
  };
  const count = (outcome: DocumentOutcome) => {
    counts[outcome] += 1;
  };
  return {
    pool,
    count,
    etag: (kind, data) => etagOf(`${kind}\n${JSON.stringify(data)}`),
    async pdf(kind, data, etag, chargeTo) {
      if (rendered.has(etag)) {
        count('cached');
        return rendered.read(etag, () => pool.render(kind, data));
      }
      try {
        if (chargeTo !== undefined) limit.take(chargeTo);
        const bytes = await rendered.read(etag, () => pool.render(kind, data));
        count('rendered');
        return bytes;
      } catch (error) {
        if (error instanceof DomainError && error.statusCode === 429) count('limited');
        if (error instanceof DomainError && error.statusCode === 503) count('busy');
        throw error;
      }
    },
    stats: () => ({ ...counts, running: pool.running, waiting: pool.waiting, threads: pool.threads }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders documents off the event loop, by version, with the per-address limit (decision 073). */
    documentRenderer: DocumentRenderer;
  }
}

/** Decorates the app with its document renderer, sized by DOCUMENT_WORKERS and DOCUMENT_QUEUE_LIMIT. */
export const documentRendererPlugin = fp(async (app: FastifyInstance) => {
  const renderer = createDocumentRenderer({
    workers: app.config.documentWorkers,
    maxWaiting: app.config.documentQueueLimit,
    rateLimit: app.config.documentRateLimit,
  });
  app.decorate('documentRenderer', renderer);
  app.addHook('onClose', () => renderer.pool.close());
});
