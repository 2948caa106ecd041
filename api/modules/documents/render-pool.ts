import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DomainError } from '../../domain/errors.ts';
import type { DocumentData, DocumentKind } from './definitions.ts';
import type { RenderJob, RenderOutcome } from './pdf-worker.ts';

/**
 * The pool of worker threads documents are rendered in (docs/decisions/073-document-render-workers.md):
 * at most `workers` renders at once, each in a thread of its own, so the event loop that answers requests
 * never runs pdfmake; at most `maxWaiting` more wait their turn, first come first served, and one more is
 * refused at once with 503 DOCUMENTS_BUSY. Threads start on the first render and stop after a while idle
 * (pdfmake's fonts and layout are tens of MB each, as libvips is: decision 052).
 */
export interface RenderPool {
  render<K extends DocumentKind>(kind: K, data: DocumentData<K>): Promise<Buffer>;
  readonly running: number;
  readonly waiting: number;
  /** Threads started and alive. */
  readonly threads: number;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** The worker's module: its TypeScript source under tsx, its compiled entry in a built tree. */
  workerFile: string;
  workers: number;
  maxWaiting: number;
  /** A thread idle this long stops; the next render starts one again. */
  idleMs?: number;
}

export const DOCUMENTS_BUSY_RETRY_SECONDS = 5;

export const documentsBusy = () =>
  new DomainError(503, 'DOCUMENTS_BUSY', 'Too many documents are being prepared right now. Try again in a moment.', {
    retryAfter: DOCUMENTS_BUSY_RETRY_SECONDS,
  });

/** A worker's thread options: a TypeScript source needs tsx's loader, which a thread does not inherit under Vitest. */
function workerOptions(file: string) {
  if (!file.endsWith('.ts')) return {};
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { execArgv: ['--import', tsx] };
}

interface Job {
  id: number;
  kind: DocumentKind;
  data: unknown;
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | undefined;
  idle: NodeJS.Timeout | undefined;
}

export function createRenderPool({ workerFile, workers, maxWaiting, idleMs = 60_000 }: RenderPoolOptions): RenderPool {
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError('workers must be at least 1');
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const stop = (thread: Thread) => {
    threads.delete(thread);
    clearTimeout(thread.idle);
    void thread.worker.terminate();
  };

  const start = (): Thread => {
    const worker = new Worker(workerFile, workerOptions(workerFile));
    const thread: Thread = { worker, job: undefined, idle: undefined };
    // A thread that dies takes only its own render with it: the next render starts another.
    const fail = (error: Error) => {
      threads.delete(thread);
      clearTimeout(thread.idle);
      const job = thread.job;
      thread.job = undefined;
      job?.reject(error);
      next();
    };
    worker.on('message', (outcome: RenderOutcome) => {
      const job = thread.job;
      if (!job || job.id !== outcome.id) return;
      thread.job = undefined;
      if ('error' in outcome) job.reject(new Error(`Rendering a ${job.kind} failed: ${outcome.error}`));
      else job.resolve(Buffer.from(outcome.bytes.buffer, outcome.bytes.byteOffset, outcome.bytes.byteLength));
      next();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (threads.has(thread)) fail(new Error(`The render worker stopped (exit code ${code}).`));
    });
    threads.add(thread);
    return thread;
  };

  const dispatch = (thread: Thread, job: Job) => {
    clearTimeout(thread.idle);
    thread.idle = undefined;
    thread.job = job;
    thread.worker.postMessage({ id: job.id, kind: job.kind, data: job.data } satisfies RenderJob);
  };

  /** Hands waiting jobs to free threads, starting threads up to the bound. */
  function next() {
    while (queue.length > 0) {
      const free = [...threads].find((t) => t.job === undefined) ?? (threads.size < workers ? start() : undefined);
      if (!free) return;
      dispatch(free, queue.shift() as Job);
    }
    for (const thread of threads) {
      if (thread.job === undefined && thread.idle === undefined && !closed) {
        thread.idle = setTimeout(() => stop(thread), idleMs);
        thread.idle.unref();
      }
    }
  }

  const running = () => [...threads].filter((t) => t.job !== undefined).length;

  return {
    get running() {
      return running();
    },
    get waiting() {
      return queue.length;
    },
    get threads() {
      return threads.size;
    },
    render(kind, data) {
      if (closed) return Promise.reject(documentsBusy());
      // Busy means every place is taken: a thread for each render and `maxWaiting` in line.
      if (running() >= workers && queue.length >= maxWaiting) return Promise.reject(documentsBusy());
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, kind, data, resolve, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(documentsBusy());
      await Promise.all(
        [...threads].map(async (thread) => {
          threads.delete(thread);
          clearTimeout(thread.idle);
          thread.job?.reject(documentsBusy());
          await thread.worker.terminate();
        }),
      );
    },
  };
}
