// `npm start`: builds what is missing or older than its sources (a fresh clone, an edited file), then
// runs the compiled server in this same process. Plain JavaScript so that a built tree needs neither
// tsx nor TypeScript (decision 051).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outputs = ['dist/server.js', 'dist/web/index.html'].map((p) => path.join(root, p));
const sources = ['api', 'projections', 'migrations', 'web'].map((p) => path.join(root, p));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'routeTree.gen.ts') continue; // written by the build itself
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const built = outputs.every((p) => existsSync(p));
// An image holds only dist/: without sources there is nothing to compare.
const present = sources.filter((p) => existsSync(p));
const stale =
  !built ||
  (present.length > 0 && Math.min(...outputs.map((p) => statSync(p).mtimeMs)) < Math.max(...present.map(newestMtime)));
if (stale) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(new URL('../../dist/server.js', import.meta.url).href);
