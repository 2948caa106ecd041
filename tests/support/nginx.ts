import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE_CONF = fileURLToPath(new URL('../../docker/nginx.conf', import.meta.url));

/** A port that was free a moment ago: for processes that must come back on the same one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Nginx {
  port: number;
  stop(): Promise<void>;
}

/**
 * Debian's nginx as a child process (not a daemon) in front of the given local ports, with the
 * repository's docker/nginx.conf: only its instances' names, their fronts' ports and the listen address
 * are swapped for local ones (IP addresses: no resolver needed). Its pid, logs and temporary files live in a folder of its own. Throws when nginx is missing:
 * the several-instance test must fail, never skip, without it.
 */
export async function startNginx(upstreamPorts: number[]): Promise<Nginx> {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);
  if (!binary) throw new Error('This test needs nginx (Debian: apt-get install -y nginx), which is not installed.');
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ff-nginx-'));
  const original = readFileSync(SITE_CONF, 'utf8');
  // Each instance's name (api-1:3000, ...) becomes a local port, and so does its front's loopback port.
  let site = original.replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  for (const [i, upstream] of upstreamPorts.entries()) {
    const front = await freePort();
    const before = site;
    site = site
      .replaceAll(`api-${i + 1}:3000`, `127.0.0.1:${upstream}`)
      .replaceAll(`127.0.0.1:${8101 + i}`, `127.0.0.1:${front}`);
    if (site === before) throw new Error(`docker/nginx.conf no longer names api-${i + 1}:3000 and its front`);
  }
  if (site === original || !site.includes(`listen 127.0.0.1:${port};`) || /api-\d+:3000/.test(site)) {
    throw new Error('docker/nginx.conf no longer has the instances and listen line this test adapts');
  }
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${dir}/${name};`)
    .join('\n');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
${temp}
${site}
}
`,
  );
  const child: ChildProcess = spawn(
    binary,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = path.join(dir, 'error.log');
      throw new Error(`nginx did not start:\n${output}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
