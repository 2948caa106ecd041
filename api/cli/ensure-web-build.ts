import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** `npm start` builds the web app only when dist/web is missing or older than any source under web/. */
const root = fileURLToPath(new URL('../../', import.meta.url));
const webDir = path.join(root, 'web');
const builtIndex = path.join(root, 'dist', 'web', 'index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'routeTree.gen.ts') continue; // written by the build itself
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const stale = !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestMtime(webDir);
if (stale) {
  process.stdout.write('Building the web app...\n');
  await build({ configFile: path.join(webDir, 'vite.config.ts'), logLevel: 'warn' });
}
