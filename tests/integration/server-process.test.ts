import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: NodeJS.ProcessEnv): Started {
  // node itself with tsx's loader, not the tsx wrapper: a signal then reaches the server directly (the
  // wrapper forwards it, and on a busy machine may kill the child before it has stopped cleanly).
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string | RegExp, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const out = started.output();
    if (typeof text === 'string' ? out.includes(text) : text.test(out)) return;
    if (started.child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${text}:\n${started.output()}`);
}

const portOf = (out: string) => Number(/running at http:\/\/localhost:(\d+)/.exec(out)?.[1]);

describe('the server process', () => {
  it('exits with a clear line for a bad setting (78) and an unreachable database (69)', async () => {
    const badPort = startServer({ PORT: 'abc', DATABASE_URL: 'memory://' });
    expect(await badPort.exited).toBe(78);
    expect(badPort.output()).toContain('Invalid configuration: PORT must be a whole number from 0 to 65535');

    const unreachable = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', PORT: '0' });
    expect(await unreachable.exited).toBe(69);
    expect(unreachable.output()).toContain(
      'Cannot reach the PostgreSQL server at postgres://postgres@127.0.0.1:1/none',
    );
  });

  it('seeds an empty embedded database, stops cleanly on SIGINT and keeps the data for the next start', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ff-data-'));
    const first = startServer({ DATA_DIR: dataDir, PORT: '0' });
    await waitFor(first, 'running at');
    expect(first.output()).toContain('loading the demo data');
    expect(first.output()).toContain('superadmin@firefit.example');
    const port = portOf(first.output());
    const before = await (await fetch(`http://127.0.0.1:${port}/api/events/available-years`)).json();
    expect(before.length).toBeGreaterThan(2);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped cleanly.');

    const second = startServer({ DATA_DIR: dataDir, PORT: '0' });
    await waitFor(second, 'running at');
    expect(second.output()).not.toContain('loading the demo data');
    const after = await (await fetch(`http://127.0.0.1:${portOf(second.output())}/api/events/available-years`)).json();
    expect(after).toEqual(before);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
