import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders read at run time, from the sources (tsx) and from the build alike (decision 051). This file
 * sits one level below the repository root, and so does every compiled entry (dist/server.js,
 * dist/migrate.js...) that inlines it: '../' is the root either way.
 */
export const COMPILED = !import.meta.url.endsWith('.ts');
export const REPOSITORY_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const WEB_ROOT = `${REPOSITORY_ROOT}dist/web/`;
/** The migrations' sources, or their compiled copies next to the compiled server. */
export const MIGRATIONS_DIR = `${REPOSITORY_ROOT}${COMPILED ? 'dist/migrations/' : 'migrations/'}`;
/** The document render worker (decision 073): its source under tsx, its compiled entry beside dist/server.js. */
export const PDF_WORKER = COMPILED
  ? `${REPOSITORY_ROOT}dist/pdf-worker.js`
  : `${REPOSITORY_ROOT}api/modules/documents/pdf-worker.ts`;

/**
 * How an operator runs the first-admin tool where this process runs (decision 077): the compiled tool
 * beside dist/server.js (an image has no sources, no tsx and no npm script that works), or the npm
 * script of the sources under tsx.
 */
export function adminCreateCommand(cwd = process.cwd()): string {
  if (!COMPILED) return 'npm run admin:create';
  const file = path.relative(cwd, `${REPOSITORY_ROOT}dist/admin-create.js`);
  return `node ${file.includes(' ') ? JSON.stringify(file) : file}`;
}

/** The process that creates an embedded database in an empty folder (decision 078). */
export const PGLITE_INIT = COMPILED
  ? `${REPOSITORY_ROOT}dist/pglite-init.js`
  : `${REPOSITORY_ROOT}api/cli/pglite-init.ts`;
