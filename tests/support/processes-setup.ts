import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { REPOSITORY_ROOT } from '../../api/paths.ts';
import { makeBuiltTree } from './built-tree.ts';
import { prepareTestDatabases } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled tree the processes project's children run from: `node <builtRoot>/dist/<tool>.js`. */
    builtRoot: string;
  }
}

/** Test-only programs, compiled into the same tree as `dist-tests/<name>.js`. */
const TEST_ENTRIES = { 'crash-burst-child': 'tests/support/crash-burst-child.ts' } as const;

/** The production tree, plus the test programs built as buildServer builds the tools (packages external). */
async function compiledTree(): Promise<{ root: string; remove(): void }> {
  const tree = await makeBuiltTree();
  try {
    await build({
      absWorkingDir: REPOSITORY_ROOT,
      entryPoints: TEST_ENTRIES,
      // One level below the root, like dist/: api/paths.ts finds the root from there.
      outdir: path.join(tree.root, 'dist-tests'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    return tree;
  } catch (error) {
    tree.remove();
    throw error;
  }
}

/**
 * The processes project's global setup: one compiled tree for every child process of the run, built
 * once, never tsx (what production runs, decision 051); and the database template, prepared as the
 * integration projects' global setup does.
 */
export default async function setup(project: TestProject) {
  const [tree, databases] = await Promise.allSettled([
    compiledTree(),
    prepareTestDatabases(project.getProvidedContext().databaseKind),
  ]);
  if (tree.status === 'rejected' || databases.status === 'rejected') {
    if (tree.status === 'fulfilled') tree.value.remove();
    if (databases.status === 'fulfilled') await databases.value.teardown();
    throw tree.status === 'rejected' ? tree.reason : (databases as PromiseRejectedResult).reason;
  }
  project.provide('builtRoot', tree.value.root);
  project.provide('testDatabase', databases.value.source);
  return async () => {
    tree.value.remove();
    await databases.value.teardown();
  };
}
