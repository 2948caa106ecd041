import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../api/paths.ts';
import { builtRoot, startApiProcess } from '../support/api-process.ts';

const run = promisify(execFile);
const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/**
 * What a deployment installs (docs/decisions/077-lean-production-install.md): the compiled tree, the
 * package files and `npm ci --omit=dev`, nothing else. A package the server imports at run time but
 * that sits in devDependencies fails here; the size of the tree is printed for CI's log.
 */
describe('a production install', () => {
  it('runs the built server and its render worker from `npm ci --omit=dev` alone', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ff-production-'));
    try {
      cpSync(path.join(builtRoot(), 'dist'), path.join(root, 'dist'), { recursive: true });
      for (const file of ['package.json', 'package-lock.json']) {
        cpSync(path.join(REPOSITORY_ROOT, file), path.join(root, file));
      }
      await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production' },
        timeout: 600_000,
        maxBuffer: 16 * 1024 * 1024,
      });

      const lock = JSON.parse(readFileSync(path.join(root, 'node_modules', '.package-lock.json'), 'utf8')) as {
        packages: Record<string, unknown>;
      };
      const packages = Object.keys(lock.packages).filter((p) => p.startsWith('node_modules/')).length;
      const kilobytes = Number((await run('du', ['-sk', path.join(root, 'node_modules')])).stdout.split('\t')[0]);
      console.log(
        `production install: node_modules ${(kilobytes / 1024).toFixed(1)} MB, ${packages} packages (npm ci --omit=dev)`,
      );
      // Bundled into dist/web or used by tests only: none of them belongs in production.
      for (const devOnly of ['tsx', 'esbuild', 'react', 'react-dom', 'vite', 'smtp-server', '@tanstack/react-router']) {
        expect(lock.packages[`node_modules/${devOnly}`], devOnly).toBeUndefined();
      }

      const server = await startApiProcess(
        undefined,
        { DATABASE_URL: 'memory://', SEED_DEMO_DATA: 'true', METRICS_TOKEN: TOKEN },
        { kind: 'built', root },
      );
      try {
        const ready = await fetch(`http://${server.base}/api/ready`);
        expect(ready.status, await ready.clone().text()).toBe(200);
        const book = await fetch(`http://${server.base}/api/documents/event/1/results-book.pdf`);
        expect(book.status, await book.clone().text()).toBe(200);
        expect(
          Buffer.from(await book.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
        // The build stamped its version and commit in (decision 077).
        const metrics = await fetch(`http://${server.base}/api/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        const commit = (await run('git', ['rev-parse', 'HEAD'], { cwd: REPOSITORY_ROOT })).stdout.trim();
        const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
        expect(await metrics.text()).toContain(
          `firefit_build_info{version="${version}",commit="${commit}",node="${process.versions.node}"} 1`,
        );
      } finally {
        await server.stop();
      }
      expect(server.output()).toContain('Stopped cleanly.');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 600_000);
});
