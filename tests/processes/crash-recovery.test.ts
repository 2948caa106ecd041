import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres, pgliteOptions, wrapPGlite } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { builtRoot } from '../support/api-process.ts';
import { appOn } from '../support/app.ts';
import {
  type Answered,
  type BurstFixture,
  liveAndRebuilt,
  missingFromLog,
  runBurst,
  seedBurst,
} from '../support/crash-burst.ts';
import { ThrowawayCluster } from '../support/pg-cluster.ts';

/**
 * The fault test (docs/decisions/024-database-outages.md): a burst of concurrent registrations and
 * run-order commands, the database killed with SIGKILL in the middle of it, then started again. Every
 * command answered 2xx must be in the log, and every read model must equal, row for row, a rebuild
 * from the log into scratch tables. On a PostgreSQL cluster of the test's own (never the machine's
 * shared server), and on an embedded data folder written by a child process.
 */

/** Answers seen before the kill: about a fifth of the burst's 71 commands. */
const KILL_AFTER = 15;

/** A migrated embedded database as a tarball: the suite's template when it has one, else made here. */
async function migratedPGliteDump(): Promise<Blob> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') return new Blob([await readFile(source.templateFile)]);
  const pglite = new PGlite({ ...pgliteOptions });
  const handle = wrapPGlite(pglite);
  try {
    await migrateToLatest(handle.db);
    return await pglite.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

describe('a database killed with SIGKILL in the middle of a burst of commands', () => {
  it('PostgreSQL server: every acknowledged command is in the log, every read model equals a rebuild from it', async () => {
    const cluster = await ThrowawayCluster.create();
    try {
      await cluster.start();
      const handle = await openPostgres(cluster.url, 20);
      await migrateToLatest(handle.db);
      const fixture = await seedBurst(handle.db);
      const app = await appOn(handle);

      const answered: Answered[] = [];
      let killed: Promise<void> | undefined;
      await runBurst(app, fixture, (answer) => {
        answered.push(answer);
        if (answered.length === KILL_AFTER) killed = cluster.killHard();
      });
      await killed;
      expect(killed, 'the burst ended before the kill').toBeDefined();
      expect(answered.length).toBeLessThan(fixture.userIds.length);

      await cluster.start(); // with crash recovery
      // The same app, all of whose connections died, answers again.
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect(await missingFromLog(handle.db, answered)).toEqual([]);
      await app.close();
      await handle.close();

      const single = await openPostgres(cluster.url, 1);
      try {
        const { live, rebuilt } = await liveAndRebuilt(single.db);
        expect(live.registrations?.length).toBeGreaterThan(0);
        expect(rebuilt).toEqual(live);
      } finally {
        await single.close();
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- server log ---\n${cluster.log().slice(-3000)}`, {
        cause: error,
      });
    } finally {
      await cluster.destroy();
    }
  }, 60_000);

  it('embedded database: a child process writing to the data folder killed, the folder reopened, the same holds', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ff-crash-pglite-'));
    try {
      let fixture: BurstFixture;
      const setup = wrapPGlite(new PGlite({ dataDir, loadDataDir: await migratedPGliteDump(), ...pgliteOptions }));
      try {
        fixture = await seedBurst(setup.db);
      } finally {
        await setup.close();
      }

      // Compiled into the project's tree by its global setup (tests/support/processes-setup.ts): no tsx.
      const child = spawn(process.execPath, [path.join(builtRoot(), 'dist-tests', 'crash-burst-child.js')], {
        cwd: builtRoot(),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          FF_DATA_DIR: dataDir,
          FF_BURST_FIXTURE: JSON.stringify(fixture),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const answered: Answered[] = [];
      let output = '';
      let pending = '';
      child.stderr.on('data', (d) => (output += d));
      child.stdout.on('data', (d) => {
        output += d;
        pending += d;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.startsWith('answered ')) continue;
          answered.push(JSON.parse(line.slice('answered '.length)) as Answered);
          if (answered.length === KILL_AFTER) child.kill('SIGKILL');
        }
      });
      const stuck = setTimeout(() => child.kill('SIGKILL'), 40_000);
      const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
      clearTimeout(stuck);
      expect(answered.length, output).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(signal, output).toBe('SIGKILL');
      expect(output).not.toContain('\ndone\n');

      const reopened = wrapPGlite(new PGlite({ dataDir, ...pgliteOptions }));
      try {
        expect(await missingFromLog(reopened.db, answered)).toEqual([]);
        const { live, rebuilt } = await liveAndRebuilt(reopened.db);
        expect(live.registrations?.length).toBeGreaterThan(0);
        expect(rebuilt).toEqual(live);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
