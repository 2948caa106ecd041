import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtRoot, builtTool } from '../support/api-process.ts';

/** The server and admin:create as production runs them: node on the compiled tree (decision 051). */

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: NodeJS.ProcessEnv): Started {
  // node itself, no wrapper (npm, tsx) in between: a signal reaches the server directly.
  const child = spawn(process.execPath, builtTool('server'), {
    cwd: builtRoot(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// Generous: a cold start seeds the demo data, which takes a while on a busy 2-core machine.
async function waitFor(started: Started, text: string | RegExp, ms = 120_000): Promise<void> {
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

describe('the server process', { timeout: 300_000 }, () => {
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

  it('refuses an unusable DATA_DIR with one line naming the setting and the cause (78): a file, a full disk, a small disk, a read-only mount, /sys, /proc', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ff-datadir-'));
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    // Real file systems of a few megabytes: mounting needs root, which CI has; a failure here fails the test.
    const mounts: string[] = [];
    const mount = (name: string, options: string) => {
      const at = path.join(root, name);
      mkdirSync(at);
      execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', at]);
      mounts.push(at);
      return at;
    };
    try {
      const full = mount('full', 'size=1m');
      execFileSync('dd', ['if=/dev/zero', `of=${path.join(full, 'filler')}`, 'bs=64k', 'count=100'], {
        stdio: 'ignore',
      });
    } catch {
      // dd stops with "No space left on device": the disk is full, as wanted
    }
    const small = mount('small', 'size=8m');
    const readOnly = mount('read-only', 'size=8m,ro');
    const cases: [string, string][] = [
      [file, 'is a file, not a folder'],
      [path.join(file, 'inside'), 'is under a file, not a folder'],
      [path.join(root, 'full'), 'has no space left on its disk'],
      [small, 'has only 8.0 MB free; the embedded database needs at least 100 MB'],
      [readOnly, 'is on a read-only file system'],
      ['/sys/firefit-data', 'cannot be written to: permission denied'],
      ['/proc/firefit-data', 'cannot be created there'],
    ];
    try {
      for (const [dataDir, cause] of cases) {
        const started = startServer({ DATA_DIR: dataDir, PORT: '0' });
        expect(await started.exited, started.output()).toBe(78);
        expect(started.output()).toBe(`Invalid configuration: DATA_DIR (${dataDir}) ${cause}\n`);
      }
    } finally {
      for (const at of mounts) execFileSync('umount', ['-l', at]);
    }
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

  it('seeds nothing in production, pointing at the tool that is there (node dist/admin-create.js), which creates the first super-admin without the JWT secret it does not use (decisions 025, 077)', async () => {
    const env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ff-prod-')), PORT: '0', NODE_ENV: 'production' };
    const secrets = { JWT_SECRET: 'a-production-secret-that-is-long-enough-to-sign' };
    const login = (port: number, email: string, password: string) =>
      fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });

    const first = startServer({ ...env, ...secrets });
    // The hint is a line of its own after the banner: waited for, not assumed to have come with it.
    await waitFor(first, 'Create the first one with');
    expect(first.output()).not.toContain('demo data');
    expect(first.output()).not.toContain('superadmin@firefit.example');
    expect(first.output()).toContain('Create the first one with: node dist/admin-create.js (it asks');
    expect(first.output()).not.toContain('npm run admin:create');
    const port = portOf(first.output());
    expect((await login(port, 'superadmin@firefit.example', 'FireFit-Super1')).status).toBe(401);
    expect(await (await fetch(`http://127.0.0.1:${port}/api/events/available-years`)).json()).toEqual([]);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const createAdmin = (extra: NodeJS.ProcessEnv, args: string[]) =>
      runTool('admin-create', args, { ...env, ...extra });
    const weak = await createAdmin({ ADMIN_PASSWORD: 'short' }, ['--email', 'chief@fire.example']);
    expect(weak.code).toBe(64);
    const made = await createAdmin({ ADMIN_PASSWORD: 'Strong-Pass-2026' }, [
      '--email',
      'chief@fire.example',
      '--first-name',
      'Pat',
      '--last-name',
      'Chief',
    ]);
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('Created the super-admin chief@fire.example');
    const again = await createAdmin({ ADMIN_PASSWORD: 'Strong-Pass-2026' }, [
      '--email',
      'other@fire.example',
      '--first-name',
      'O',
      '--last-name',
      'T',
    ]);
    expect(again.code).toBe(64);
    expect(again.output).toContain('already has a super-admin');

    const second = startServer({ ...env, ...secrets });
    await waitFor(second, 'running at');
    expect(second.output()).not.toContain('No super-admin yet');
    const signedIn = await login(portOf(second.output()), 'chief@fire.example', 'Strong-Pass-2026');
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).user).toMatchObject({ role: 'super-admin', isVerified: true });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});

describe('the server process in production', { timeout: 300_000 }, () => {
  /** Starts the built server with standard output apart, waits for its banner, stops it with SIGTERM. */
  async function startAndStop(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
    const child = spawn(process.execPath, builtTool('server'), {
      cwd: builtRoot(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: '0',
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-that-is-long-enough-to-sign',
        DATABASE_URL: 'memory://',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr?.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const until = Date.now() + 120_000;
    while (!stdout.includes('running at') && child.exitCode === null && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const port = portOf(stdout);
    expect(port, `${stdout}${stderr}`).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    child.kill('SIGTERM');
    return { code: await exited, stdout };
  }

  /** Every line of standard output as JSON: a line that is not fails the test with its text. */
  const jsonLines = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        try {
          return JSON.parse(line) as { level: number; msg: string; [field: string]: unknown };
        } catch {
          throw new Error(`not a JSON line on standard output: ${line}`);
        }
      });

  it('writes only JSON lines to standard output, from the banner and the demo accounts to the clean stop (decision 077)', async () => {
    const seeded = await startAndStop({ SEED_DEMO_DATA: 'true', LOG_LEVEL: 'info' });
    expect(seeded.code).toBe(0);
    const lines = jsonLines(seeded.stdout);
    const messages = lines.map((l) => l.msg);
    expect(messages).toContain('Empty database: loading the demo data...');
    expect(messages).toContain('Stopped cleanly.');
    const banner = lines.find((l) => l.msg.startsWith('FireFit Canada is running at'));
    expect(banner).toMatchObject({ level: 30, database: 'embedded PostgreSQL in memory' });
    expect(banner?.port).toBe(portOf(seeded.stdout));
    const demo = lines.find((l) => l.msg.startsWith('Demo accounts'));
    expect(demo?.accounts).toContainEqual(expect.objectContaining({ email: 'superadmin@firefit.example' }));

    // Quieter than info, the process's own lines are still there, as the text lines were.
    const empty = await startAndStop({ LOG_LEVEL: 'warn' });
    expect(empty.code).toBe(0);
    const hint = jsonLines(empty.stdout).find((l) => l.msg.startsWith('No super-admin yet'));
    expect(hint).toMatchObject({ level: 30, command: 'node dist/admin-create.js' });
    expect(jsonLines(empty.stdout).at(-1)?.msg).toBe('Stopped cleanly.');
  });
});

/**
 * Runs a compiled command-line tool (`node dist/<tool>.js`, what its npm script runs from the sources)
 * to its end; stdin is not a terminal, so it never waits for input.
 */
function runTool(
  tool: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, builtTool(tool, ...args), {
    cwd: builtRoot(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
