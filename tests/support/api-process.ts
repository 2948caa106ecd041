import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { TEST_JWT_SECRET } from './app.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The server as a real process: where a test must prove that the process stays up, or runs built. */
export interface ApiProcess {
  child: ChildProcess;
  /** host:port it listens on. */
  base: string;
  output(): string;
  /** True while the process runs. */
  alive(): boolean;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** A compiled tree's `node dist/server.js` (decision 051), or the sources through tsx's loader. */
export type ApiEntry = { kind: 'built'; root: string } | { kind: 'source' };

/**
 * The root of the compiled tree of the processes project's global setup (tests/support/processes-setup.ts),
 * from which its child processes run.
 */
export function builtRoot(): string {
  const root = inject('builtRoot');
  if (!root)
    throw new Error('No compiled tree: only the processes project builds one (tests/support/processes-setup.ts)');
  return root;
}

/** `node <builtRoot>/dist/<tool>.js`'s arguments: a compiled tool of the processes project's tree. */
export const builtTool = (tool: string, ...args: string[]): string[] => [
  path.join(builtRoot(), 'dist', `${tool}.js`),
  ...args,
];

/**
 * Starts the server on the given database (a PostgreSQL URL, or undefined for the embedded one in the
 * env's DATA_DIR), on a free port unless the env names one, signing tokens with the tests' secret;
 * resolves once it listens. By default the processes project's compiled tree runs it.
 */
export async function startApiProcess(
  databaseUrl: string | undefined,
  env: NodeJS.ProcessEnv = {},
  entry: ApiEntry = { kind: 'built', root: builtRoot() },
): Promise<ApiProcess> {
  const [cwd, args] =
    entry.kind === 'source' ? [ROOT, ['--import', 'tsx', 'api/server.ts']] : [entry.root, ['dist/server.js']];
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JWT_SECRET: TEST_JWT_SECRET,
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) {
      return {
        child,
        base: `127.0.0.1:${port}`,
        output: () => output,
        alive: () => child.exitCode === null && child.signalCode === null,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      };
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the API process did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
