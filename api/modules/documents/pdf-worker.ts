import { parentPort } from 'node:worker_threads';
import { DOCUMENTS, type DocumentKind } from './definitions.ts';
import { renderPdf } from './pdf.ts';

/**
 * A render worker (docs/decisions/073-document-render-workers.md): builds a document's definition from
 * its kind and plain data and renders it with pdfmake, off the event loop that answers requests. One
 * job at a time; the bytes go back as a transferred buffer.
 */

export interface RenderJob {
  id: number;
  kind: DocumentKind;
  data: unknown;
}

export type RenderOutcome = { id: number; bytes: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('pdf-worker runs as a worker thread only');

port.on('message', async ({ id, kind, data }: RenderJob) => {
  try {
    const build = DOCUMENTS[kind] as (data: unknown) => Parameters<typeof renderPdf>[0];
    const rendered = await renderPdf(build(data));
    const bytes = new Uint8Array(rendered); // a buffer of its own, to transfer whole
    port.postMessage({ id, bytes } satisfies RenderOutcome, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies RenderOutcome);
  }
});
