import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../api/cli/build-server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A page standing in for the built web app: the web build takes seconds, the tests need only its place. */
export const BUILT_INDEX_HTML = '<!doctype html><meta charset="utf-8"><title>FireFit built tree</title>';

/**
 * A production tree in a temporary folder, as a deployment has it: dist/ from the server build, the web
 * root's index.html, and node_modules (linked), no sources. Its own folder, so a running `npm start`
 * never sees the repository's dist/ change.
 */
export async function makeBuiltTree(): Promise<{ root: string; remove(): void }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ff-built-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await buildServer(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist', 'web'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'web', 'index.html'), BUILT_INDEX_HTML);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
