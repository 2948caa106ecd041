import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGLITE_INIT } from '../paths.ts';

/**
 * PGlite's first open of an empty folder runs initdb, which takes its WebAssembly memory to about
 * 600 MB resident; a WebAssembly memory never shrinks, so a server (or a restore) that did it would
 * carry that to its end. It is done in a short-lived process of its own instead (api/cli/pglite-init.ts),
 * and the caller opens the folder once initialised (docs/decisions/078-memory-small-and-flat.md).
 */
export async function initialiseEmbeddedFolder(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const execArgv = PGLITE_INIT.endsWith('.ts')
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : [];
  const child = spawn(process.execPath, [...execArgv, PGLITE_INIT, dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(stderr.trim().split('\n').at(-1) || `the initialisation exited with ${code}`);
}
