import { closeSync, fsyncSync, mkdirSync, openSync, statfsSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';

/**
 * Below this much free space the embedded database is refused at start-up: initialising it writes about
 * 40 MB, and a database that fills its disk mid-write stops answering (decision 074).
 */
export const EMBEDDED_DATABASE_MIN_FREE_BYTES = 100 * 1024 * 1024;

/**
 * Makes sure DATA_DIR is a folder this process can write to, with at least `minFreeBytes` free, before
 * anything is written there. Every failure is one line naming the setting and the cause, as a
 * ConfigError (exit 78), instead of PGlite's "failed to initialize" or a stack trace (decision 074).
 */
export function assertDataDirUsable(dir: string, minFreeBytes: number): void {
  const fail = (cause: string): never => {
    throw new ConfigError(`Invalid configuration: DATA_DIR (${dir}) ${cause}`);
  };
  try {
    makeFolders(dir);
  } catch (error) {
    fail(fileSystemCause(error));
  }
  if (!statSync(dir).isDirectory()) fail('is a file, not a folder');
  // A real write, flushed: a read-only mount, a full disk or a pseudo file system (/sys, /proc) refuses it.
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    const fd = openSync(probe, 'w', 0o600);
    try {
      writeSync(fd, Buffer.alloc(64 * 1024));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    fail(fileSystemCause(error));
  } finally {
    try {
      unlinkSync(probe);
    } catch {
      // never created
    }
  }
  const { bavail, bsize } = statfsSync(dir);
  const free = bavail * bsize;
  if (free < minFreeBytes) {
    fail(`has only ${megabytes(free)} free; the embedded database needs at least ${megabytes(minFreeBytes)}`);
  }
}

/**
 * mkdir -p, one level at a time from the nearest folder that exists: Node's recursive mkdir never
 * returns for a path under /proc.
 */
function makeFolders(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    try {
      if (!statSync(at).isDirectory()) {
        if (missing.length > 0) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
        return; // the path itself is a file: the caller says so
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missing.unshift(at);
      const parent = path.dirname(at);
      if (parent === at) break;
      at = parent;
    }
  }
  for (const folder of missing) mkdirSync(folder);
}

function fileSystemCause(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'has no space left on its disk';
    case 'EROFS':
      return 'is on a read-only file system';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be written to: permission denied';
    case 'ENOTDIR':
      return 'is under a file, not a folder';
    case 'ENOENT':
      return 'cannot be created there';
    default:
      return `cannot be written to: ${(error as Error | undefined)?.message ?? String(error)}`;
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
