import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_JWT_SECRET } from './app.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `api/server.ts` as a real process: where a test must prove that the process stays up. */
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

/**
 * Starts `node --import tsx api/server.ts` on the given database, on a free port, signing tokens with
 * the tests' secret; resolves once it listens.
 */
export async function startApiProcess(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
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
