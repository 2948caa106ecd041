import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { REPOSITORY_ROOT } from '../paths.ts';

/**
 * What production runs, compiled to plain JavaScript (decision 051): the server and the command-line
 * tools an operator needs, each one file at the top of dist/ (api/paths.ts relies on that depth), and
 * every migration as its own module in dist/migrations/. Packages stay external: node_modules is used
 * as it is, so no TypeScript or tsx is needed at run time.
 */
export const SERVER_ENTRIES = {
  server: 'api/server.ts',
  migrate: 'api/cli/migrate.ts',
  seed: 'api/cli/seed.ts',
  'admin-create': 'api/cli/admin-create.ts',
  'db-backup': 'api/cli/db-backup.ts',
  'db-restore': 'api/cli/db-restore.ts',
  'projections-rebuild': 'api/cli/projections-rebuild.ts',
  'legacy-import': 'api/cli/legacy-import.ts',
  // Not a tool: the worker thread the server renders documents in (decision 073).
  'pdf-worker': 'api/modules/documents/pdf-worker.ts',
  // Not a tool either: creates an embedded database in an empty folder, in a process of its own (decision 078).
  'pglite-init': 'api/cli/pglite-init.ts',
} as const;

/**
 * The version and commit the metrics report as firefit_build_info (decision 077): SOURCE_COMMIT where
 * the build has no git (an image's build stage), else the checkout's HEAD, else none.
 */
function buildStamp(): { version: string; commit: string } {
  const { version } = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  let commit = process.env.SOURCE_COMMIT?.trim() ?? '';
  if (commit === '') {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], {
        cwd: REPOSITORY_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      // no git, or not a checkout: the build says 'unknown'
    }
  }
  return { version, commit };
}

export async function buildServer(outDir = path.join(REPOSITORY_ROOT, 'dist')): Promise<void> {
  const common = {
    define: { __FIREFIT_BUILD__: JSON.stringify(buildStamp()) },
    absWorkingDir: REPOSITORY_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  } as const;
  const migrationsDir = path.join(REPOSITORY_ROOT, 'migrations');
  const migrations = readdirSync(migrationsDir).filter((f) => f.endsWith('.ts'));
  // A migration removed from the sources must not live on in the build.
  rmSync(path.join(outDir, 'migrations'), { recursive: true, force: true });
  await Promise.all([
    build({ ...common, entryPoints: SERVER_ENTRIES, outdir: outDir }),
    build({
      ...common,
      entryPoints: migrations.map((f) => path.join(migrationsDir, f)),
      outdir: path.join(outDir, 'migrations'),
    }),
  ]);
}
