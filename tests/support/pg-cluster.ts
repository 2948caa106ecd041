import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder (Debian's layout). */
function binDir(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((v) => existsSync(path.join(POSTGRES_ROOT, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest)
    throw new Error(
      `The fault test needs PostgreSQL's server binaries in ${POSTGRES_ROOT}/<version>/bin (initdb, pg_ctl).`,
    );
  return path.join(POSTGRES_ROOT, newest, 'bin');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes whose parent is pid (the postmaster's backends and helpers). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * A throwaway PostgreSQL cluster of the test's own (never the machine's shared server): initdb into a
 * temporary folder, pg_ctl start on a free port, and a hard kill of the whole server (decision 024).
 * As root the binaries run as the postgres user, since initdb refuses root.
 */
export class ThrowawayCluster {
  private constructor(
    private readonly bin: string,
    readonly dataDir: string,
    readonly port: number,
    private readonly asUser: string | undefined,
  ) {}

  /** postgres://postgres@127.0.0.1:port/postgres */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<ThrowawayCluster> {
    const bin = binDir();
    const asUser = process.getuid?.() === 0 ? 'postgres' : undefined;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ff-pgcluster-'));
    if (asUser) {
      const uid = Number((await run('id', ['-u', asUser])).stdout.trim());
      const gid = Number((await run('id', ['-g', asUser])).stdout.trim());
      chownSync(dataDir, uid, gid);
    }
    const cluster = new ThrowawayCluster(bin, dataDir, await freePort(), asUser);
    await cluster.exec('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
    return cluster;
  }

  private exec(tool: string, args: string[]) {
    const file = path.join(this.bin, tool);
    return this.asUser
      ? run('runuser', ['-u', this.asUser, '--', file, ...args], { timeout: 60_000 })
      : run(file, args, { timeout: 60_000 });
  }

  /** Starts the server (after a hard kill this includes crash recovery) and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c max_connections=40 -c shared_buffers=16MB`;
    await this.exec('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dataDir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
  }

  /** The postmaster's pid, from its lock file. */
  postmasterPid(): number {
    return Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** SIGKILL to the postmaster, then to every process it had started; resolves once all are gone. */
  async killHard(): Promise<void> {
    const postmaster = this.postmasterPid();
    const children = childrenOf(postmaster);
    for (const pid of [postmaster, ...children]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const deadline = Date.now() + 10_000;
    while ([postmaster, ...children].some(alive)) {
      if (Date.now() > deadline) throw new Error('the killed PostgreSQL processes did not go away');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The server's own log, for failure messages. */
  log(): string {
    try {
      return readFileSync(path.join(this.dataDir, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async destroy(): Promise<void> {
    await this.exec('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', 'stop']).catch(() => {});
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
