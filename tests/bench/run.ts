import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm run bench`: runs every tests/bench/*.bench.ts in turn (or those named on the command line).
 * Each prints its own figures; nothing here asserts on time.
 */
const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

if (files.length === 0) {
  process.stdout.write('No benchmarks match.\n');
}
for (const file of files) {
  process.stdout.write(`\n== ${file}\n`);
  const bench = (await import(pathToFileURL(path.join(dir, file)).href)) as { run: () => Promise<void> };
  await bench.run();
}
