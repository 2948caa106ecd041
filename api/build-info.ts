import { readFileSync } from 'node:fs';
import { REPOSITORY_ROOT } from './paths.ts';

/** Set by the server build (api/cli/build-server.ts) in every compiled entry; absent under tsx. */
declare const __FIREFIT_BUILD__: { version: string; commit: string } | undefined;

export interface BuildInfo {
  /** package.json's version. */
  version: string;
  /** The commit the build was made from; 'unknown' from the sources or without git (decision 077). */
  commit: string;
  /** The Node.js version running this process. */
  node: string;
}

/** What this process runs: the build's version and commit, baked in at build time, and Node's version. */
export function buildInfo(): BuildInfo {
  const built = typeof __FIREFIT_BUILD__ === 'undefined' ? undefined : __FIREFIT_BUILD__;
  const version =
    built?.version ??
    (JSON.parse(readFileSync(`${REPOSITORY_ROOT}package.json`, 'utf8')) as { version: string }).version;
  return { version, commit: built?.commit || 'unknown', node: process.versions.node };
}
