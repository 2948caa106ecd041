import { statSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * One process at a time on an embedded database folder (docs/decisions/075-one-writer-per-embedded-database.md).
 *
 * The lock is a listening Unix socket in Linux's abstract namespace, named after the folder's device and
 * inode: binding it is atomic (of two processes, exactly one gets it), and the kernel releases it when its
 * process ends, however it ends (kill -9 included), so there is never a stale lock to judge. A process
 * that finds it taken connects to it and the owner answers who it is.
 */

/** The owner of an embedded database, as it answers whoever finds the folder taken. */
export interface LockOwner {
  pid: number;
  /** 'server', or the tool's name (db-backup, db-restore, migrate...). */
  role: string;
  /** When it opened the folder (ISO). */
  since: string;
}

/** The folder is another live process's: exit 75 (sysexits EX_TEMPFAIL, decision 075). */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(inUseMessage(dataDir, owner));
  }
}

/** The route a backup takes while the server holds the folder (api/modules/admin-backup/routes.ts). */
export const BACKUP_ROUTE = '/api/admin/backup';

function inUseMessage(dataDir: string, owner: LockOwner | undefined): string {
  const who = owner
    ? `${owner.role === 'server' ? 'the server' : `the tool ${owner.role}`} (pid ${owner.pid}, since ${owner.since})`
    : 'another process';
  const hint =
    owner?.role === 'server'
      ? `stop it first, or take a backup through it: GET ${BACKUP_ROUTE} as a super-admin.`
      : 'wait for it to end, or stop it.';
  return `The embedded database in ${dataDir} is in use by ${who}; one process at a time: ${hint}`;
}

export interface EmbeddedLock {
  release(): Promise<void>;
}

/** What a process that runs a tool is called: its script's name (dist/db-backup.js is db-backup). */
export function processRole(): string {
  return path.basename(process.argv[1] ?? 'node').replace(/\.(c|m)?(j|t)s$/, '');
}

/**
 * Takes the folder for this process, or throws DatabaseInUseError naming the owner. The folder must exist.
 * On a system without abstract sockets, a socket file in the folder stands in (its take-over after a crash is
 * not atomic there: decision 075).
 */
export async function lockEmbeddedDatabase(dataDir: string, role: string): Promise<EmbeddedLock> {
  const { dev, ino } = statSync(dataDir);
  const abstract = process.platform === 'linux';
  const address = abstract ? `\0firefit-pglite:${dev}:${ino}` : path.join(dataDir, '.firefit-lock.sock');
  const me: LockOwner = { pid: process.pid, role, since: new Date().toISOString() };
  const answer = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; ; attempt++) {
    const server = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.end(answer);
    });
    server.on('error', () => {});
    const taken = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once('error', resolve);
      server.listen(address, () => resolve(undefined));
    });
    if (!taken) {
      // The lock must not keep a finished tool alive; the server has its own reasons to stay.
      server.unref();
      return {
        release: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            if (!abstract) removeQuietly(address);
          }),
      };
    }
    if (taken.code !== 'EADDRINUSE') {
      throw new Error(`Cannot take the embedded database in ${dataDir} for this process: ${taken.message}`);
    }
    const owner = await askOwner(address);
    if (owner.kind === 'answered') throw new DatabaseInUseError(dataDir, owner.owner);
    // Nobody listens: the owner ended between our bind and our question, or (a socket file) it crashed.
    if (attempt >= 2) throw new DatabaseInUseError(dataDir, undefined);
    if (!abstract && owner.kind === 'refused') removeQuietly(address);
  }
}

type Asked = { kind: 'answered'; owner: LockOwner | undefined } | { kind: 'refused' };

/** Connects to the owner and reads its one line; a busy owner that does not answer within 3 s is unnamed. */
function askOwner(address: string): Promise<Asked> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(address);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ kind: 'answered', owner: undefined });
    }, 3000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve({ kind: 'answered', owner: parseOwner(text) });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(
        error.code === 'ECONNREFUSED' || error.code === 'ENOENT'
          ? { kind: 'refused' }
          : { kind: 'answered', owner: undefined },
      );
    });
  });
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid === 'number' && typeof value.role === 'string' && typeof value.since === 'string') {
      return { pid: value.pid, role: value.role, since: value.since };
    }
  } catch {
    // not an owner's answer
  }
  return undefined;
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
