/**
 * A PgBouncer of a test's own (transaction pooling by default) on a free port, which the test may
 * kill, start again on the same port, and re-point with RELOAD after rewriting its databases, as
 * an operator does in a failover. PgBouncer refuses to run as root: as root it runs as postgres.
 * It runs as a daemon (not a child of the test process): `remove()` ends it, or else the end of
 * the test process.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntil } from './patience.ts';
import { asPostgres, cleanUpAfterThisProcess, postgresOwnedDir, runAsPostgres } from './pg-cluster.ts';
import { freePort } from './ports.ts';

const PGBOUNCER = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';

/** Why a private PgBouncer cannot run here, or undefined when it can. */
export const NO_PGBOUNCER_REASON: string | undefined = existsSync('/usr/sbin/pgbouncer') || existsSync('/usr/bin/pgbouncer') ? undefined : 'PgBouncer is not installed (/usr/sbin/pgbouncer)';

/** One [databases] entry: the name clients ask for, where it leads, and its pool mode when not the default. */
export interface BouncerDatabase {
  name: string;
  port: number;
  dbname: string;
  poolMode?: 'session' | 'transaction';
}


export class PgBouncer {
  private readonly forgetCleanUp: () => void;

  private constructor(
    readonly dir: string,
    readonly port: number,
    private databases: BouncerDatabase[],
  ) {
    this.forgetCleanUp = cleanUpAfterThisProcess(`kill -9 "$(cat ${this.pidFile} 2>/dev/null)" 2>/dev/null; rm -rf ${dir}`);
  }

  static async create(databases: BouncerDatabase[]): Promise<PgBouncer> {
    const bouncer = new PgBouncer(postgresOwnedDir('bizplat-pgbouncer-'), await freePort(), databases);
    bouncer.writeIni();
    writeFileSync(join(bouncer.dir, 'userlist.txt'), '"postgres" ""\n');
    await bouncer.start();
    return bouncer;
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private get pidFile(): string {
    return join(this.dir, 'pgbouncer.pid');
  }

  private writeIni(): void {
    const entries = this.databases.map((d) => `${d.name} = host=127.0.0.1 port=${d.port} dbname=${d.dbname}${d.poolMode ? ` pool_mode=${d.poolMode}` : ''}`);
    writeFileSync(
      join(this.dir, 'pgbouncer.ini'),
      [
        '[databases]',
        ...entries,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${this.port}`,
        // No Unix socket: a killed PgBouncer leaves none behind to stop its restart.
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(this.dir, 'userlist.txt')}`,
        'admin_users = postgres',
        'pool_mode = transaction',
        'max_client_conn = 500',
        'default_pool_size = 20',
        'server_login_retry = 1',
        // Only what node-postgres sends at start-up: the server's session connections (DATABASE_SESSION_URL
        // through a session-mode entry) set their time zone, schema and statement time-out once connected.
        'ignore_startup_parameters = extra_float_digits',
        `logfile = ${join(this.dir, 'pgbouncer.log')}`,
        `pidfile = ${this.pidFile}`,
        '',
      ].join('\n'),
    );
  }

  /** Starts the daemon on its port and waits until it answers. */
  async start(): Promise<void> {
    rmSync(this.pidFile, { force: true });
    const ini = join(this.dir, 'pgbouncer.ini');
    await runAsPostgres(PGBOUNCER, ['-d', ini]);
    await waitUntil('the private PgBouncer to answer', async () => (await this.admin('SHOW VERSION').then(() => true, () => false)), undefined, () => this.log());
  }

  /** SIGKILL, as a crash: every client and server connection drops. */
  async kill(): Promise<void> {
    this.killSync();
    await waitUntil('the private PgBouncer to be gone', async () => !(await this.admin('SHOW VERSION').then(() => true, () => false)));
  }

  private killSync(): void {
    try {
      process.kill(Number(readFileSync(this.pidFile, 'utf8').trim()), 'SIGKILL');
    } catch {
      // not running
    }
  }

  /** Rewrites the [databases] section and tells the running PgBouncer to RELOAD it. */
  async repoint(databases: BouncerDatabase[]): Promise<void> {
    this.databases = databases;
    this.writeIni();
    await this.admin('RELOAD');
  }

  /** One command on the admin console (psql -d pgbouncer). */
  admin(command: string): Promise<string> {
    return asPostgres('psql', ['-X', '-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-d', 'pgbouncer', '-tAc', command]);
  }

  log(): string {
    try {
      return readFileSync(join(this.dir, 'pgbouncer.log'), 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '';
    }
  }

  /** Kills it and removes its files. */
  async remove(): Promise<void> {
    this.killSync();
    rmSync(this.dir, { recursive: true, force: true });
    this.forgetCleanUp();
  }
}
