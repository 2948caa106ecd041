import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtRoot, startApiProcess } from '../support/api-process.ts';
import { BUILT_INDEX_HTML } from '../support/built-tree.ts';

/**
 * The compiled server (decision 051): plain `node dist/server.js`, no tsx, on an embedded database; from
 * the tree the project's global setup builds (tests/support/processes-setup.ts).
 */

describe('the built server', () => {
  it('is plain JavaScript that loads no TypeScript at run time', () => {
    // The document render worker (decision 073) is an entry of its own beside the server.
    for (const [file, least] of [
      ['server.js', 10],
      ['pdf-worker.js', 1],
    ] as const) {
      const code = readFileSync(path.join(builtRoot(), 'dist', file), 'utf8');
      // Every import is a package (left external) or a node: module: no tsx, no .ts file.
      const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
      expect(imports.length, file).toBeGreaterThanOrEqual(least);
      expect(imports.filter((name) => name?.startsWith('.') || name?.includes('tsx'))).toEqual([]);
    }
  });

  it("renders a results book in the compiled render worker, with its version's ETag and a 304", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ff-built-data-'));
    const server = await startApiProcess(undefined, { DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' });
    try {
      const url = `http://${server.base}/api/documents/event/1/results-book.pdf`;
      const book = await fetch(url);
      expect(book.status, await book.clone().text()).toBe(200);
      expect(book.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await book.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const etag = book.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    } finally {
      await server.stop();
    }
    expect(server.output()).toContain('Stopped cleanly.');
  }, 60_000);

  it('migrates an embedded database from dist/migrations, serves the web root and the API, and stops cleanly', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ff-built-data-'));
    const server = await startApiProcess(undefined, { DATA_DIR: dataDir });
    try {
      const ready = await fetch(`http://${server.base}/api/ready`);
      expect(await ready.json()).toMatchObject({ status: 'ready', pendingMigrations: [] });
      const page = await fetch(`http://${server.base}/events`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(BUILT_INDEX_HTML);
      const years = await fetch(`http://${server.base}/api/events/available-years`);
      expect(years.status).toBe(200);
      expect(await years.json()).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(server.output()).toContain('Stopped cleanly.');
  }, 60_000);
});
