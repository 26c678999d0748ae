/**
 * Prometheus metrics (prom-client): requests by route pattern, method and status with their
 * latency, rate-limit refusals, the database connections, the event and outbox backlogs, and the
 * outbox's attempts (src/events/outbox/metrics.ts). Labels carry route patterns, queue names and
 * statuses only: never an organization, a user, an id or a raw URL.
 *
 * Served only when a setting asks for it: on a separate address (BIZPLAT_METRICS_ADDRESS), or at
 * /metrics on the API's address to a bearer of BIZPLAT_METRICS_TOKEN; with both, the separate
 * address asks for the token too.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { deliveryBacklogs, eventBacklog } from '../events/backlog.ts';
import type { Backlog } from '../events/backlog.ts';
import { outboxMetrics } from '../events/outbox/metrics.ts';
import { NO_STORE, installErrorHandler, installNotFoundHandler, routePattern } from './error-handler.ts';
import { AppError } from './errors.ts';
import { CHECK_TIMEOUT_MS, within } from './health.ts';
import { metricsListenError } from './listen-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The separate metrics address's URL once listening (BIZPLAT_METRICS_ADDRESS), else undefined. */
    metricsUrl(): string | undefined;
  }
}

/** Backlogs are counted up to this many rows per scrape (bounded work); more shows as this. */
const COUNT_CAP = 100_000;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const METRICS_PATH = '/metrics';

let processMetrics: Registry | undefined;
/** Node's own metrics (CPU, memory, event-loop delay), once per process. */
function processRegistry(): Registry {
  if (processMetrics === undefined) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

interface Backlogs {
  events: Backlog | undefined;
  queues: Map<string, Backlog>;
}

function installRequestMetrics(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({ name: 'bizplat_http_requests_total', help: 'Requests answered, by route pattern, method and status.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'bizplat_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'bizplat_rate_limit_refusals_total',
    help: 'Requests refused with 429: over the per-token rate limit or the failed-authentication limit.',
    registers: [registry],
  });
  // Callback style: it runs on every request.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc();
    done();
  });
}

function installStorageMetrics(app: FastifyInstance, registry: Registry): void {
  const { storage } = app;
  const connection = (name: string, help: string, read: () => number) =>
    new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
  connection('bizplat_db_pool_size', 'Database connections held (SQLite: its one writing connection).', () => storage.connections().size);
  connection('bizplat_db_pool_in_use', 'Database connections in use (SQLite: 1 while a batch of writes runs).', () => storage.connections().inUse);
  connection('bizplat_db_pool_waiting', 'Callers waiting for a database connection (SQLite: writes queued for the writer).', () => storage.connections().waiting);

  const { availability } = storage;
  new Gauge({
    name: 'bizplat_database_outage',
    help: 'An outage under way: 1 while the database cannot be reached (kind "unreachable") or its disk is full ("full"), else 0.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      for (const kind of ['unreachable', 'full'] as const) this.set({ kind }, availability.outage === kind ? 1 : 0);
    },
  });
  const outages = new Counter({ name: 'bizplat_database_outages_total', help: 'Outages begun since the start, by kind (unreachable, full).', labelNames: ['kind'] as const, registers: [registry] });
  availability.listen({ down: ({ kind }) => outages.inc({ kind }) });
  new Counter({
    name: 'bizplat_database_outage_failures_total',
    help: 'Requests answered 503 database_unavailable or 507 storage_full, and background passes failed, because of an outage.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(availability.failures);
    },
  });

  // The gauges of one scrape are collected together: they share one reading while it runs.
  let reading: Promise<Backlogs> | undefined;
  const backlogs = (): Promise<Backlogs> => {
    reading ??= (async () => ({
      events: await within(eventBacklog(storage, COUNT_CAP).catch(() => undefined), CHECK_TIMEOUT_MS, undefined),
      queues: (await within(deliveryBacklogs(storage, COUNT_CAP).catch(() => undefined), CHECK_TIMEOUT_MS, undefined)) ?? new Map<string, Backlog>(),
    }))().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const eventGauge = (name: string, help: string, read: (b: Backlog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const { events } = await backlogs();
        if (events !== undefined) this.set(read(events));
      },
    });
  eventGauge('bizplat_event_backlog', `Event-consumer records due and not yet handled, every consumer and organization together (counted up to ${COUNT_CAP}).`, (b) => b.due);
  eventGauge('bizplat_event_lag_seconds', 'How long the earliest due event-consumer record has waited, in seconds (0: none waits).', (b) => b.lagSeconds);
  const queueGauge = (name: string, help: string, read: (b: Backlog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        for (const [queue, backlog] of (await backlogs()).queues) this.set({ queue }, read(backlog));
      },
    });
  queueGauge('bizplat_job_backlog', `Outbox jobs due and not yet sent, by queue (counted up to ${COUNT_CAP}).`, (b) => b.due);
  queueGauge('bizplat_job_lag_seconds', 'How long the earliest due job of a queue has waited, in seconds; meeting_reminders: how late reminders go out.', (b) => b.lagSeconds);
}

/** Constant-time: both sides are hashed to one length first. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

function serveMetrics(target: FastifyInstance, registry: Registry, token: string | undefined): void {
  target.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      throw new AppError(401, 'unauthorized', 'metrics_token_required', 'the metrics need the header Authorization: Bearer <BIZPLAT_METRICS_TOKEN>', {}, { 'www-authenticate': 'Bearer' });
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}

/** The separate metrics address: its own small server, answering GET /metrics only, in the envelope otherwise. */
async function metricsServer(registry: Registry, token: string | undefined): Promise<FastifyInstance> {
  const server = Fastify({ logger: false, return503OnClosing: false });
  installErrorHandler(server);
  server.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', NO_STORE);
    done();
  });
  serveMetrics(server, registry, token);
  installNotFoundHandler(server, () => [{ method: 'GET', pattern: routePattern(METRICS_PATH) }]);
  return server;
}

export function installMetrics(app: FastifyInstance): void {
  const { config } = app;
  let url: string | undefined;
  app.decorate('metricsUrl', () => url);
  // Not served (the default): no request pays for counting what nobody can read.
  if (config.metricsAddress === undefined && config.metricsToken === undefined) return;
  const own = new Registry();
  installRequestMetrics(app, own);
  installStorageMetrics(app, own);
  const registry = Registry.merge([own, outboxMetrics, processRegistry()]);

  let separate: FastifyInstance | undefined;
  const address = config.metricsAddress;
  if (address !== undefined) {
    app.addHook('onReady', async () => {
      separate = await metricsServer(registry, config.metricsToken);
      await separate.listen({ host: address.host, port: address.port }).catch((error: unknown) => {
        throw metricsListenError(error, address.host, address.port);
      });
      const bound = separate.server.address();
      const port = typeof bound === 'object' && bound !== null ? bound.port : address.port;
      url = `http://${address.host.includes(':') ? `[${address.host}]` : address.host}:${port}${METRICS_PATH}`;
    });
    app.addHook('onClose', async () => {
      await separate?.close();
      url = undefined;
    });
  } else if (config.metricsToken !== undefined) {
    serveMetrics(app, registry, config.metricsToken);
  }
}
