import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapStatistics } from 'node:v8';
import { pino } from 'pino';
import { buildApp, API_PREFIX } from './app.ts';
import type { Config } from './config.ts';
import { bootstrapDemo } from './demo.ts';
import { domainModules } from './domains/index.ts';
import type { DomainModule } from './domains/module.ts';
import { startConsumerRunner } from './events/runner.ts';
import { ListenError } from './http/listen-error.ts';
import { ConnectionWatch } from './http/shutdown.ts';
import { openMigratedStorage } from './setup.ts';
import type { Availability } from './storage/availability.ts';
import { isDatabaseUnavailable } from './storage/errors.ts';
import type { Storage } from './storage/storage.ts';
import { VERSION } from './version.ts';

export interface ServeOptions {
  bootstrapDemo?: boolean;
  /** Where the one-time token notice goes (stdout by default). */
  print?: (line: string) => void;
  /** The domains to serve (default: every registered domain). */
  modules?: DomainModule[];
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
  /** Stops without losing a request (http/shutdown.ts); resolves with the requests answered meanwhile. */
  drain(skipGrace: Promise<void>): Promise<number>;
}


function listenFailure(error: unknown, config: Config): string {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${config.host}:${config.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `PORT ${config.port} is already in use on ${config.host}: stop what listens there or set another PORT (serve --port)`;
    case 'EACCES':
      return `PORT ${config.port} may not be listened on by this user (ports below 1024 need privileges): set another PORT (serve --port)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return `HOST "${config.host}" does not resolve to an address: set HOST (serve --host) to a name or address of this machine`;
    case 'EADDRNOTAVAIL':
      return `HOST "${config.host}" is not an address of this machine: set HOST (serve --host) to one of its addresses, e.g. 127.0.0.1 or 0.0.0.0`;
    default:
      return `cannot listen on ${where} (HOST, PORT): ${error instanceof Error ? error.message : String(error)}`;
  }
}

type OutageLog = Pick<FastifyInstance['log'], 'warn' | 'info'>;

/**
 * Opens and migrates the database; while it cannot be reached, tries again (every 0.5 s, then
 * up to every 5 s), saying so in the log, until BIZPLAT_DATABASE_START_TIMEOUT_MS (0: for ever).
 * Any other failure (a wrong URL, a refused password, a failed migration) stops the start at once.
 */
async function openReachableStorage(config: Config, modules: DomainModule[]): Promise<Storage> {
  const giveUpAt = config.databaseStartTimeoutMs > 0 ? Date.now() + config.databaseStartTimeoutMs : Infinity;
  let log: OutageLog | undefined;
  for (let waitMs = 500; ; waitMs = Math.min(waitMs * 2, 5000)) {
    try {
      const storage = await openMigratedStorage(config, {}, modules);
      log?.info('the database is reachable: starting');
      return storage;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + waitMs > giveUpAt) throw error;
      log ??= pino({ level: config.logLevel });
      log.warn({ reason: error instanceof Error ? error.message : String(error), retryInMs: waitMs }, 'the database cannot be reached yet: trying again');
      await sleep(waitMs);
    }
  }
}

/** Says once that an outage began and once that it ended, with how long it lasted. */
function logOutages(availability: Availability, log: OutageLog): void {
  availability.listen({
    down: ({ kind, reason }) =>
      log.warn(
        { outage: kind, reason },
        kind === 'full'
          ? 'the disk holding the database is full: writes are answered 507 storage_full until there is room'
          : 'the database cannot be reached: requests that need it are answered 503 database_unavailable until it is back',
      ),
    up: ({ kind, ms }) =>
      log.info(
        { outage: kind, outageMs: ms },
        kind === 'full' ? `the disk holding the database has room again after ${(ms / 1000).toFixed(1)} s` : `the database is reachable again after ${(ms / 1000).toFixed(1)} s`,
      ),
  });
}

/** config → storage (migrated) → app → workers → listen. stop() drains requests, then workers, then storage. */
export async function startServer(config: Config, options: ServeOptions = {}): Promise<RunningServer> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const modules = options.modules ?? domainModules;
  const storage = await openReachableStorage(config, modules);
  const stops: Array<() => Promise<void>> = [];
  let app: FastifyInstance | undefined;
  // Everything started so far is stopped again when a later step fails, so the process can end.
  const stopAll = async () => {
    await app?.close();
    for (const s of stops.reverse()) await s();
    await storage.close();
  };
  let demo: Awaited<ReturnType<typeof bootstrapDemo>> | null;
  let address: string;
  let connections: ConnectionWatch;
  try {
    demo = options.bootstrapDemo ? await bootstrapDemo(storage, config.tokenPepper) : null;
    app = await buildApp({ config, storage, modules });
    logOutages(storage.availability, app.log);
    connections = new ConnectionWatch(app.server);
    for (const module of modules) {
      for (const worker of module.workers ?? []) stops.push(await worker({ storage, config, log: app.log }));
    }
    stops.push(
      await startConsumerRunner(
        { storage, config, log: app.log },
        modules.flatMap((m) => m.consumers ?? []),
        modules.flatMap((m) => (m.prune ? [m.prune] : [])),
      ),
    );
    address = await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
      // The metrics listener, started as the app gets ready, names its own setting.
      throw error instanceof ListenError ? error : new ListenError(listenFailure(error, config));
    });
  } catch (error) {
    await stopAll().catch(() => {});
    throw error;
  }
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${(app.server.address() as { port: number }).port}${API_PREFIX}`;
  if (demo) {
    print('');
    print('Demo organization "demo" created. Its admin:all API token (shown only this once):');
    print(`  ${demo.token}`);
    print('Try it:');
    print(`  curl -H 'X-API-Token: ${demo.token}' ${url}/ping`);
    print(`API documentation: ${url}/docs`);
    print('');
  }
  // Whether this runs as the compiled build (dist/, plain JavaScript) or from the sources.
  const compiled = import.meta.url.endsWith('.js');
  // What bounds the heap (BIZPLAT_HEAP_LIMIT_MB, or the operator's own --max-old-space-size), young generation included.
  const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 1_048_576);
  app.log.info({ version: VERSION, address, url, compiled, heapLimitMb }, 'serving the public API');
  if (!compiled && process.env.NODE_ENV === 'production') {
    app.log.warn('running from the TypeScript sources: dist/ is missing or older than src/ (an install without the dev dependencies builds none); build it with `npm ci` or `npm run build` (docs/operations.md, "Upgrades")');
  }
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= stopAll());
  const running = app;
  const drain = (skipGrace: Promise<void>) => connections.drain(running, { graceMs: config.shutdownGraceMs, skipGrace, stop });
  return { app, url, stop, drain };
}

/**
 * Runs until SIGTERM or SIGINT, then drains (the grace, then the requests already accepted) and
 * returns, so the process exits 0. A second signal ends the grace at once.
 */
export async function serveUntilSignalled(config: Config, options: ServeOptions = {}): Promise<void> {
  const server = await startServer(config, options);
  const { log } = server.app;
  let skipGrace!: () => void;
  const graceSkipped = new Promise<void>((resolve) => (skipGrace = resolve));
  await new Promise<void>((resolve) => {
    let stopping = false;
    const onSignal = (signal: string) => {
      if (stopping) {
        log.info({ signal }, 'stopping: a second signal ends the grace now');
        return skipGrace();
      }
      stopping = true;
      log.info({ signal }, 'stopping: draining');
      server.drain(graceSkipped).then(
        (drained) => {
          log.info({ drained }, `stopped: drained ${drained} requests`);
          resolve();
        },
        (error: unknown) => {
          log.error({ err: error }, 'error while stopping');
          resolve();
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
