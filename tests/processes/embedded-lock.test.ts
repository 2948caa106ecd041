import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/database.ts';
import { type ApiProcess, builtRoot, builtTool, startApiProcess } from '../support/api-process.ts';
import { TEST_JWT_SECRET } from '../support/app.ts';

/**
 * One process at a time on an embedded database folder (docs/decisions/075-one-writer-per-embedded-database.md):
 * servers and tools compiled as production runs them, on real folders.
 */

const folders: string[] = [];
const processes: ApiProcess[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const p of processes) await p.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(prefix = 'ff-lock-'): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

const ADMIN = { email: 'chief@fire.example', password: 'Strong-Pass-2026' };
const BASE_ENV = { NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'warn' };

interface Ended {
  code: number | null;
  output: string;
}

/** A compiled tool or server run to its end; a server that starts instead of being refused is stopped and reported. */
function run(tool: string, args: string[], dataDir: string, extra: NodeJS.ProcessEnv = {}): Promise<Ended> {
  const child = spawn(process.execPath, builtTool(tool, ...args), {
    cwd: builtRoot(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...BASE_ENV, DATA_DIR: dataDir, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
    // Not refused: a second server is running on the folder. Stop it, so the test reports instead of hanging.
    if (tool === 'server' && output.includes('running at')) child.kill('SIGTERM');
  });
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

const startServer = (dataDir: string) => startApiProcess(undefined, { DATA_DIR: dataDir }).then(keep);
function keep(p: ApiProcess): ApiProcess {
  processes.push(p);
  return p;
}

async function createAdmin(dataDir: string): Promise<void> {
  const made = await run(
    'admin-create',
    ['--email', ADMIN.email, '--first-name', 'Pat', '--last-name', 'Chief'],
    dataDir,
    { ADMIN_PASSWORD: ADMIN.password },
  );
  expect(made.code, made.output).toBe(0);
}

async function signIn(server: ApiProcess): Promise<string> {
  const answer = await fetch(`http://${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()).accessToken;
}

async function addDepartment(server: ApiProcess, token: string, name: string): Promise<void> {
  const answer = await fetch(`http://${server.base}/api/departments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, city: 'Halifax', province: 'NS' }),
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
}

async function departmentNames(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }, { role: 'test' });
  try {
    const rows = await database.db.selectFrom('departments').select('name').orderBy('name').execute();
    return rows.map((r) => r.name);
  } finally {
    await database.close();
  }
}

/** The one line a refused process prints, naming the folder and its owner. */
const refusal = (dataDir: string, owner: string, pid: number | undefined) =>
  new RegExp(
    `^The embedded database in ${escapeRegExp(path.join(dataDir, 'pglite'))} is in use by ${escapeRegExp(owner)} \\(pid ${pid}, since \\d{4}-\\d\\d-\\d\\dT[^)]+\\); one process at a time: [^\\n]+\\n$`,
  );
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('one process at a time on an embedded database', { timeout: 300_000 }, () => {
  it('refuses a second server and a migration on a live server folder (75), and the first keeps every write', async () => {
    const dataDir = tempFolder();
    await createAdmin(dataDir);
    const first = await startServer(dataDir);
    const token = await signIn(first);
    await addDepartment(first, token, 'Before the second');

    const second = await run('server', [], dataDir, { PORT: '0', HOST: '127.0.0.1' });
    expect(second.output).toMatch(refusal(dataDir, 'the server', first.child.pid));
    expect(second.output).toContain(`GET /api/admin/backup`);
    expect(second.code).toBe(75);
    const migrate = await run('migrate', [], dataDir);
    expect(migrate.output).toMatch(refusal(dataDir, 'the server', first.child.pid));
    expect(migrate.code).toBe(75);

    expect(first.alive()).toBe(true);
    await addDepartment(first, token, 'After the second');
    await first.stop();
    expect(await departmentNames(dataDir)).toEqual(['After the second', 'Before the second']);
  });

  it('refuses db:backup on a live server folder during writes, leaving no file; the server gives the backup, which restores to the same data', async () => {
    const dataDir = tempFolder();
    await createAdmin(dataDir);
    const server = await startServer(dataDir);
    const token = await signIn(server);
    const out = tempFolder('ff-lock-out-');
    const file = path.join(out, 'live.sql');

    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) await addDepartment(server, token, `Written ${++written}`);
    })();
    const backup = await run('db-backup', [file], dataDir);
    writing = false;
    await writes;
    expect(backup.output).toMatch(refusal(dataDir, 'the server', server.child.pid));
    expect(backup.code).toBe(75);
    expect(readdirSync(out)).toEqual([]);
    expect(server.alive()).toBe(true);

    // Anyone but a super-admin is refused by the access matrix (tests/integration/access-matrix.test.ts).
    const download = await fetch(`http://${server.base}/api/admin/backup`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/sql; charset=utf-8');
    const text = await download.text();
    expect(text.startsWith('-- FireFit backup\n')).toBe(true);
    expect(text.endsWith('commit;\n')).toBe(true);
    await server.stop();

    // The download restores to what the stopped server's folder holds: the tool's backup of both is the same file.
    const downloaded = path.join(out, 'downloaded.sql');
    writeFileSync(downloaded, text);
    const restoredDir = tempFolder();
    const restored = await run('db-restore', [downloaded], restoredDir);
    expect(restored.code, restored.output).toBe(0);
    const ofServer = await run('db-backup', [path.join(out, 'of-server.sql')], dataDir);
    expect(ofServer.code, ofServer.output).toBe(0);
    const ofRestored = await run('db-backup', [path.join(out, 'of-restored.sql')], restoredDir);
    expect(ofRestored.code, ofRestored.output).toBe(0);
    expect(readFileSync(path.join(out, 'of-restored.sql'), 'utf8')).toBe(
      readFileSync(path.join(out, 'of-server.sql'), 'utf8'),
    );
    expect(text).toBe(readFileSync(path.join(out, 'of-server.sql'), 'utf8'));
    expect((await departmentNames(restoredDir)).length).toBe(written);
  });

  it('takes the folder over after a kill -9, and the new owner is then the one named', async () => {
    const dataDir = tempFolder();
    const killed = await startServer(dataDir);
    killed.child.kill('SIGKILL');
    await killed.stop();

    const next = await startServer(dataDir);
    expect(next.alive()).toBe(true);
    const third = await run('server', [], dataDir, { PORT: '0', HOST: '127.0.0.1' });
    expect(third.output).toMatch(refusal(dataDir, 'the server', next.child.pid));
    expect(third.code).toBe(75);
    await next.stop();
  });

  it('lets exactly one of two servers started at once on a fresh folder have it', async () => {
    const dataDir = tempFolder();
    const env = { PORT: '0', HOST: '127.0.0.1' };
    const a = spawnServer(dataDir, env);
    const b = spawnServer(dataDir, env);
    const [first, second] = await Promise.all([a.settled, b.settled]);
    const outcomes = [first, second].map((s) => s.kind).sort();
    expect(outcomes, `${first.output}\n---\n${second.output}`).toEqual(['refused', 'running']);
    const winner = first.kind === 'running' ? a : b;
    const loser = first.kind === 'running' ? second : first;
    expect(loser.output).toMatch(refusal(dataDir, 'the server', winner.child.pid));
    winner.child.kill('SIGTERM');
    expect(await winner.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  });
});

type Settled = { kind: 'running' | 'refused' | 'other'; output: string };

/** A server started without waiting: settled when it runs or exits, whichever comes first. */
function spawnServer(dataDir: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, builtTool('server'), {
    cwd: builtRoot(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...BASE_ENV, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const settled = new Promise<Settled>((resolve) => {
    child.stdout?.on('data', (d) => {
      output += d;
      if (output.includes('running at')) resolve({ kind: 'running', output });
    });
    child.stderr?.on('data', (d) => (output += d));
    void exited.then((code) => resolve({ kind: code === 75 ? 'refused' : 'other', output }));
  });
  return { child, settled, exited };
}
