/**
 * A PostgreSQL cluster of a test's own (initdb on a free port, trust auth), which the test may
 * stop, crash and start at will without touching the shared server, and a streaming standby of it
 * that can be promoted. A postmaster started by pg_ctl is not a child of the test process: the
 * test removes it with `remove()` (in an after hook), and any still running when the test process
 * exits are stopped then.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from './patience.ts';
import { freePort } from './ports.ts';

/** The bin directory of the newest PostgreSQL installed under /usr/lib/postgresql, if it has initdb. */
export const PG_BIN: string | undefined = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root).filter((m) => existsSync(join(root, m, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return majors.length ? join(root, majors[0]!, 'bin') : undefined;
})();

/** Why the tests of a private cluster cannot run here, or undefined when they can. */
export const NO_CLUSTER_REASON: string | undefined = PG_BIN ? undefined : 'initdb is not installed (no /usr/lib/postgresql/<major>/bin/initdb): a private PostgreSQL cluster cannot be made';

const asRoot = process.getuid?.() === 0;

/**
 * Runs a PostgreSQL program as the postgres user (PostgreSQL refuses to run as root) and resolves
 * with its output once it exits: on its exit, not once its output closes, since a postmaster
 * started by pg_ctl may hold on to the pipes for its whole life.
 */
export function asPostgres(program: string, args: string[]): Promise<string> {
  return runAsPostgres(join(PG_BIN!, program), args);
}

/** Runs `file` as the postgres user when this process is root (as itself otherwise); its output once it exits. */
export function runAsPostgres(file: string, args: string[]): Promise<string> {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      // What was written before the exit is read before it is judged.
      setImmediate(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        if (code === 0) resolve(stdout);
        else reject(new Error(`${file} ${args.join(' ')} failed (${signal ?? code}):\n${stdout}${stderr}`));
      });
    });
  });
}

/** A directory of the tests' that the postgres user owns. */
export function postgresOwnedDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/**
 * Runs the shell `script` once this process is gone, however it ended (even by SIGKILL): a
 * watcher in a process group of its own waits for this process's end. For servers a test starts
 * as daemons, which are not its children and would outlive it. Returns what cancels it (the
 * test removed them itself).
 */
export function cleanUpAfterThisProcess(script: string): () => void {
  const watcher = spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${script}`], { detached: true, stdio: 'ignore' });
  watcher.unref();
  return () => {
    try {
      process.kill(-watcher.pid!, 'SIGKILL');
    } catch {
      // already ended
    }
  };
}

/** The shell command that stops the cluster in `dir` at once, as the postgres user when this is root. */
function stopCommand(dir: string): string {
  const pgCtl = `${join(PG_BIN!, 'pg_ctl')} -D ${join(dir, 'data')} stop -m immediate`;
  return `${asRoot ? `runuser -u postgres -- ${pgCtl}` : pgCtl} >/dev/null 2>&1`;
}

/** Settings of every cluster here: fast, small, ready for a standby and for a few servers' pools. */
const SETTINGS = [
  'listen_addresses=127.0.0.1',
  'fsync=off',
  'full_page_writes=off',
  'shared_buffers=16MB',
  'max_connections=200',
  'wal_level=replica',
  'max_wal_senders=5',
  'wal_keep_size=64MB',
];

export class PgCluster {
  private readonly forgetCleanUp: () => void;

  /** The port stays the same across stops and starts. */
  constructor(
    readonly dir: string,
    readonly port: number,
    readonly name: string,
  ) {
    this.forgetCleanUp = cleanUpAfterThisProcess(`${stopCommand(dir)}; rm -rf ${dir}`);
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the postmaster and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = ['-p', String(this.port), '-k', this.dir, '-c', `cluster_name=${this.name}`, ...SETTINGS.flatMap((s) => ['-c', s])].join(' ');
    await asPostgres('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', join(this.dir, 'log'), '-w', '-t', '300', 'start']);
  }

  /** Starts the postmaster unless it runs (a case that failed mid-fault leaves it stopped for the next). */
  async ensureStarted(): Promise<void> {
    const runs = await asPostgres('pg_ctl', ['-D', this.dataDir, 'status']).then(() => true, () => false);
    if (!runs) await this.start();
  }

  /** A crash as the operator's `pg_ctl stop -m immediate` makes it: every connection drops at once. */
  async stopImmediately(): Promise<void> {
    await asPostgres('pg_ctl', ['-D', this.dataDir, '-w', 'stop', '-m', 'immediate']);
  }

  /** Ends a standby's recovery: from now on it is a primary. */
  async promote(): Promise<void> {
    await asPostgres('pg_ctl', ['-D', this.dataDir, '-w', '-t', '300', 'promote']);
  }

  /** One statement by psql; its rows as tab-separated lines. */
  async sql(statement: string, database = 'postgres'): Promise<string> {
    return (await asPostgres('psql', ['-X', '-q', '-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-tAc', statement])).trim();
  }

  /** Stops the postmaster (if running) and removes the cluster's files. */
  async remove(): Promise<void> {
    await this.stopImmediately().catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
    this.forgetCleanUp();
  }

  /** Everything the postmaster logged, for a failure message. */
  log(): string {
    try {
      return execFileSync('tail', ['-n', '40', join(this.dir, 'log')], { encoding: 'utf8' });
    } catch {
      return '';
    }
  }
}

/** A new cluster, started, with the database `database` made in it. */
export async function startCluster(options: { database?: string; name?: string } = {}): Promise<PgCluster> {
  const dir = postgresOwnedDir('bizplat-pg-');
  const cluster = new PgCluster(dir, await freePort(), options.name ?? 'primary');
  await asPostgres('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  await cluster.start();
  if (options.database) await cluster.sql(`CREATE DATABASE ${options.database}`);
  return cluster;
}

/**
 * A streaming standby of `primary` (pg_basebackup -R), started; with `synchronous`, the primary
 * waits for it on every commit (synchronous_standby_names names it), so a commit acknowledged
 * by the primary is on the standby too.
 */
export async function startStandby(primary: PgCluster, options: { synchronous?: boolean; name?: string } = {}): Promise<PgCluster> {
  const dir = postgresOwnedDir('bizplat-pg-standby-');
  const standby = new PgCluster(dir, await freePort(), options.name ?? 'standby');
  await asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', standby.dataDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
  await standby.start();
  if (options.synchronous) {
    await primary.sql(`ALTER SYSTEM SET synchronous_standby_names = '${standby.name}'`);
    await primary.sql('SELECT pg_reload_conf()');
    await waitUntil('the standby to replicate synchronously', async () => (await primary.sql(`SELECT sync_state FROM pg_stat_replication WHERE application_name = '${standby.name}'`)) === 'sync', undefined, () => standby.log());
  }
  return standby;
}
