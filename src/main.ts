import type { FastifyInstance } from 'fastify';
import { buildApp, API_PREFIX } from './app.ts';
import type { Config } from './config.ts';
import { bootstrapDemo } from './demo.ts';
import { domainModules } from './domains/index.ts';
import type { DomainModule } from './domains/module.ts';
import { startConsumerRunner } from './events/runner.ts';
import { openMigratedStorage } from './setup.ts';

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
}

/** config → storage (migrated) → app → workers → listen. stop() drains requests, then workers, then storage. */
export async function startServer(config: Config, options: ServeOptions = {}): Promise<RunningServer> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const modules = options.modules ?? domainModules;
  const storage = await openMigratedStorage(config, {}, modules);
  const demo = options.bootstrapDemo ? await bootstrapDemo(storage, config.tokenPepper) : null;
  const app = await buildApp({ config, storage, modules });
  const stops: Array<() => Promise<void>> = [];
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
  const address = await app.listen({ port: config.port, host: config.host });
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
  app.log.info({ address, url, compiled }, 'serving the public API');
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await app.close();
      for (const s of stops.reverse()) await s();
      await storage.close();
    })());
  return { app, url, stop };
}

/** Runs until SIGTERM or SIGINT, then drains in-flight requests and exits 0. */
export async function serveUntilSignalled(config: Config, options: ServeOptions = {}): Promise<void> {
  const server = await startServer(config, options);
  await new Promise<void>((resolve) => {
    const onSignal = (signal: string) => {
      server.app.log.info({ signal }, 'stopping: draining in-flight requests');
      void server.stop().then(resolve, (error: unknown) => {
        server.app.log.error({ err: error }, 'error while stopping');
        resolve();
      });
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  });
}
