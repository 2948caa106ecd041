import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.ts';

/**
 * What bounds picture uploads (docs/decisions/029): each kind's pixel cap is in its own module (the
 * photo, the event picture); here are the queue every upload is re-encoded through, at most
 * UPLOAD_CONCURRENCY at once, and the per-user rate limit of the upload routes.
 */

export interface Limiter {
  /** Runs the job when fewer than `concurrency` run; waits its turn otherwise (first come, first served). */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/** 503 when the queue is full: the upload is refused before it waits behind too many others. */
export const uploadsBusy = (retryAfterSeconds: number) =>
  new DomainError(503, 'UPLOADS_BUSY', 'Too many pictures are being processed right now. Try again in a moment.', {
    retryAfter: retryAfterSeconds,
  });

/**
 * A small first-in first-out queue: at most `concurrency` jobs run at once, at most `maxWaiting` wait
 * (one more is refused at once with 503 UPLOADS_BUSY, so waiting uploads cannot pile up in memory).
 */
export function createLimiter(concurrency: number, maxWaiting = 50): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be at least 1');
  let running = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    const start = queue.shift();
    if (start) start();
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (queue.length >= maxWaiting) throw uploadsBusy(5);
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      running += 1;
      try {
        return await job();
      } finally {
        running -= 1;
        next();
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue every uploaded picture is re-encoded through (decision 029). */
    imageQueue: Limiter;
  }
}

/** Decorates the app with the image queue, sized by UPLOAD_CONCURRENCY. */
export const imageQueuePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('imageQueue', createLimiter(app.config.uploadConcurrency));
});

export const UPLOAD_RATE_WINDOW = '10 minutes';

/**
 * Registers the per-user upload rate limit in the calling plugin's context and answers the route
 * config that applies it: UPLOAD_RATE_LIMIT uploads per signed-in user and upload route in ten
 * minutes, then 429 RATE_LIMITED with Retry-After. It runs after the access check (preHandler), so it
 * counts by account, never by address, and before the upload is read.
 */
export async function registerUploadRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `upload-user:${(request.user as { sub?: unknown } | undefined)?.sub}`,
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        429,
        'RATE_LIMITED',
        `Too many uploads: at most ${context.max} in ${UPLOAD_RATE_WINDOW}. Try again in ${context.after}.`,
        { retryAfter: Math.ceil(context.ttl / 1000) },
      ),
  });
  return { max: app.config.uploadRateLimit, timeWindow: UPLOAD_RATE_WINDOW };
}

/** A route's options with the upload rate limit added to its config. */
export function withUploadRateLimit<O extends { config: object }>(
  limit: Awaited<ReturnType<typeof registerUploadRateLimit>>,
  options: O,
): O {
  return { ...options, config: { ...options.config, rateLimit: limit } };
}
