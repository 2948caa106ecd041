import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';

/**
 * Gzipped JavaScript of the home page's initial load (target: at most 130 KB): builds the web app,
 * serves it with the real server on an in-memory database, opens / in Chromium and gzips every
 * script the page fetched before the network went idle.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function run() {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'ff-bundle-'));
  await build({
    configFile: path.join(ROOT, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: webRoot, emptyOutDir: true },
  });
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['tests/bench/serve-web-for-bench.ts', webRoot], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.stdout.on('data', (d: Buffer) => {
      const m = /port=(\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
      process.stdout.write(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}\n`);
    }
    process.stdout.write(
      `Home page initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files (target: at most 130 KB)\n`,
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(webRoot, { recursive: true, force: true });
  }
}
