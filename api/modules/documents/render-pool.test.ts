import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.ts';
import { PDF_WORKER } from '../../paths.ts';
import { DOCUMENTS, type ResultsBookData } from './definitions.ts';
import { renderPdf } from './pdf.ts';
import { createRenderPool, type RenderPool } from './render-pool.ts';
import { createAddressLimit } from './renderer.ts';

/** The render threads and the per-address limit (docs/decisions/073-document-render-workers.md). */

const book: ResultsBookData = {
  eventName: 'Défi de Québec',
  eventDates: '2027-06-01',
  draft: true,
  runs: [
    {
      runId: 1,
      eventName: 'Défi de Québec',
      runName: 'Individuel hommes',
      runCategory: 'Open Men',
      draft: true,
      omittedProvisional: false,
      overall: [
        {
          rank: 1,
          name: 'Hélène Bérubé',
          departmentName: "Service d'incendie de Lévis",
          rawTime: '1:40.00',
          penalties: '',
          officialTime: '1:40.00',
          gap: null,
          outcome: 'Finished',
          provisional: true,
        },
      ],
      categories: [],
      teams: [],
    },
  ],
};

/** What differs between two renders of the same definition: the creation date, and the file id made from it. */
const withoutMoment = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:[^)]*\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID []');

let pool: RenderPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the render pool', () => {
  it('renders in a worker thread exactly the PDF the same definition renders to in process', async () => {
    pool = createRenderPool({ workerFile: PDF_WORKER, workers: 1, maxWaiting: 1 });
    const [inWorker, inProcess] = await Promise.all([
      pool.render('results-book', book),
      renderPdf(DOCUMENTS['results-book'](book)),
    ]);
    expect(pool.threads).toBe(1);
    expect(inWorker.subarray(0, 5).toString()).toBe('%PDF-');
    expect(inWorker.length).toBe(inProcess.length);
    expect(withoutMoment(inWorker)).toBe(withoutMoment(inProcess));
  });

  it('runs one render per thread, keeps at most maxWaiting in line, and refuses one more with 503 DOCUMENTS_BUSY', async () => {
    pool = createRenderPool({ workerFile: PDF_WORKER, workers: 1, maxWaiting: 1 });
    const first = pool.render('results-book', book);
    const second = pool.render('results-book', { ...book, eventName: 'Second' });
    expect(pool.running).toBe(1);
    expect(pool.waiting).toBe(1);
    const refused = pool.render('results-book', { ...book, eventName: 'Third' });
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      code: 'DOCUMENTS_BUSY',
      details: { retryAfter: 5 },
    });
    const done = await Promise.all([first, second]);
    expect(done.map((pdf) => pdf.subarray(0, 5).toString())).toEqual(['%PDF-', '%PDF-']);
    expect(pool.running + pool.waiting).toBe(0);
    // A free place takes a render again.
    expect(
      (await pool.render('start-list', { ...book.runs[0], asOf: 'Now', rows: [] } as never)).length,
    ).toBeGreaterThan(0);
  });

  it('answers a render that fails with its error and keeps serving the next', async () => {
    pool = createRenderPool({ workerFile: PDF_WORKER, workers: 1, maxWaiting: 1 });
    await expect(pool.render('results-book', { ...book, runs: null } as never)).rejects.toThrow(
      /Rendering a results-book failed/,
    );
    expect((await pool.render('results-book', book)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses renders once closed, and stops its threads', async () => {
    pool = createRenderPool({ workerFile: PDF_WORKER, workers: 2, maxWaiting: 0 });
    await pool.render('results-book', book);
    await pool.close();
    expect(pool.threads).toBe(0);
    await expect(pool.render('results-book', book)).rejects.toMatchObject({ code: 'DOCUMENTS_BUSY' });
  });
});

describe('the per-address render limit', () => {
  it('allows max renders per address a minute, then 429 RATE_LIMITED with the seconds left; other addresses are apart', () => {
    let now = 1_000_000;
    const limit = createAddressLimit(2, { now: () => now });
    limit.take('10.0.0.1');
    limit.take('10.0.0.1');
    let refused: unknown;
    now += 15_000;
    try {
      limit.take('10.0.0.1');
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', details: { retryAfter: 45 } });
    limit.take('10.0.0.2');
    now += 45_000;
    limit.take('10.0.0.1');
  });
});
