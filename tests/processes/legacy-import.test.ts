import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/database.ts';
import { insertLegacyRows, legacyRows } from '../../api/demo/seed-legacy.ts';
import { builtRoot, builtTool } from '../support/api-process.ts';
import { createMariaDbDatabase, type MariaDbDatabase } from '../support/mariadb.ts';

/**
 * npm run legacy:import (docs/legacy-billing.md) as production runs it, compiled
 * (`node dist/legacy-import.js`): a MariaDB legacy database copied into an embedded database's `legacy`
 * schema, with progress and the comparison printed. The import itself, on each database kind:
 * tests/integration/legacy-import.test.ts.
 */
const execFileAsync = promisify(execFile);
const ID_BASE = 9007199254740980n;

let maria: MariaDbDatabase;
const rows = legacyRows({ idBase: ID_BASE, zeroDates: true, users: 25, invoices: 230 });

beforeAll(async () => {
  maria = await createMariaDbDatabase('ff_legacy_import');
  await insertLegacyRows(maria.db, rows);
});
afterAll(async () => {
  await maria?.drop();
});

describe('legacy import', () => {
  it('runs as the compiled legacy:import tool, printing progress and the comparison', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-legacy-import-'));
    try {
      const run = (...args: string[]) =>
        execFileAsync(process.execPath, builtTool('legacy-import', ...args), {
          cwd: builtRoot(),
          env: {
            ...process.env,
            DATABASE_URL: '',
            DATA_DIR: dataDir,
            LEGACY_DATABASE_URL: maria.url,
            LOG_LEVEL: 'silent',
          },
          timeout: 120_000,
        });
      const { stdout } = await run('--batch-size', '50');
      expect(stdout).toMatch(/invoice_lines\s+\[#{30}\] 100% 690\/690/);
      expect(stdout).toMatch(/ok\s+invoices\s+230\s+230\s+subtotal/);
      expect(stdout).toMatch(/Every table has the same rows and sums/);
      await expect(run()).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/--replace/) });
      await expect(run('--batch-size', 'many')).rejects.toMatchObject({ code: 64 });
      const copy = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      try {
        const n = await copy.db
          .withSchema('legacy')
          .selectFrom('invoices' as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number((n as { n: unknown }).n)).toBe(230);
      } finally {
        await copy.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
