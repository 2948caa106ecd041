import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A pg Pool or Client without an 'error' listener ends the process when its server goes away
 * (docs/decisions/024-database-outages.md). Every file that creates one must attach a listener, and a
 * pool must give one to each client it connects (pg-pool covers idle clients only).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['api', 'projections', 'tests'];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(folder, f));
}

describe('pg clients and pools', () => {
  const files = FOLDERS.flatMap(sourceFiles);

  it('are found by the scan', () => {
    expect(files).toContain(path.join('api', 'db', 'database.ts'));
  });

  it.each(files.filter((f) => /new pg\.(Client|Pool)\(/.test(readFileSync(path.join(ROOT, f), 'utf8'))))(
    "%s handles 'error' on each one it creates",
    (file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const created = text.match(/new pg\.(Client|Pool)\(/g)?.length ?? 0;
      const handled = text.match(/\.on\('error'/g)?.length ?? 0;
      expect(handled).toBeGreaterThanOrEqual(created);
      // pg-pool listens on idle clients only: a pool must give each client its own listener as it connects.
      if (/new pg\.Pool\(/.test(text)) expect(text).toMatch(/\.on\('connect', \(client\) => \{\s*client\.on\('error'/);
    },
  );
});
