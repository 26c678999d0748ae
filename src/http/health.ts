/**
 * The operator's probes at the server's root, without a token: /healthz (the process answers)
 * and /readyz (it should be sent traffic). Their answers name failing checks only, never an
 * organization or a count: anyone who can reach the server may ask. /healthz also names the
 * running release (package.json's version).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { deliveryBacklogs, eventBacklog } from '../events/backlog.ts';
import { missingMigrations } from '../storage/migrations.ts';
import { VERSION } from '../version.ts';
import { StringEnum } from './schemas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on /readyz fails, so a balancer moves away; requests are still served (see docs/architecture.md). */
    startDraining(): void;
    isDraining(): boolean;
  }
}

/** A probe never waits longer on the database than this: an unanswered check is a failed one. */
export const CHECK_TIMEOUT_MS = 2000;

const REASONS = ['database', 'storage', 'migrations', 'draining', 'event_backlog', 'delivery_backlog'] as const;
type Reason = (typeof REASONS)[number];

const Alive = Type.Object(
  {
    status: StringEnum(['ok']),
    /** The running release (package.json), so an operator sees which one answers after an upgrade. */
    version: Type.String(),
  },
  { additionalProperties: false },
);
const Readiness = Type.Object(
  {
    status: StringEnum(['ok', 'failing']),
    /** The failing checks, by name. */
    failing: Type.Array(StringEnum(REASONS)),
  },
  { additionalProperties: false },
);

export interface ReadinessOptions {
  /** Every migration the served modules expect to have run. */
  migrations: readonly string[];
}

/** Settles with the work's value, or with `fallback` once `ms` have passed. */
export async function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function failingChecks(app: FastifyInstance, options: ReadinessOptions): Promise<Reason[]> {
  const { storage, config } = app;
  const failing: Reason[] = app.isDraining() ? ['draining'] : [];
  // An outage under way answers at once (no check waits on an unreachable database); one that
  // has just ended is noticed here, not only at the next probe.
  await within(storage.availability.recheck(), CHECK_TIMEOUT_MS, undefined);
  if (storage.availability.outage === 'unreachable') return [...failing, 'database'];
  if (storage.availability.outage === 'full') failing.push('storage');
  const missing = await within(
    missingMigrations(storage.db, options.migrations).catch((error: unknown) => void storage.availability.report(error)),
    CHECK_TIMEOUT_MS,
    undefined,
  );
  if (missing === undefined) return [...failing, 'database'];
  if (missing.length > 0) failing.push('migrations');
  // A backlog is counted only up to one past its threshold: the check's work stays bounded.
  if (config.readyEventBacklog > 0) {
    const events = await within(eventBacklog(storage, config.readyEventBacklog + 1).catch(() => undefined), CHECK_TIMEOUT_MS, undefined);
    if (events === undefined || events.due > config.readyEventBacklog) failing.push('event_backlog');
  }
  if (config.readyDeliveryBacklog > 0) {
    const queues = await within(deliveryBacklogs(storage, config.readyDeliveryBacklog + 1).catch(() => undefined), CHECK_TIMEOUT_MS, undefined);
    if (queues === undefined || [...queues.values()].some((q) => q.due > config.readyDeliveryBacklog)) failing.push('delivery_backlog');
  }
  return failing;
}

/** Registers /healthz, /readyz and the draining flag; neither route is in the public API's document. */
export function installHealth(app: FastifyInstance, options: ReadinessOptions): void {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('isDraining', () => draining);

  app.get('/healthz', { schema: { hide: true, response: { 200: Alive } } }, async () => ({ status: 'ok' as const, version: VERSION }));

  app.get('/readyz', { schema: { hide: true, response: { 200: Readiness, 503: Readiness } } }, async (_request, reply) => {
    const failing = await failingChecks(app, options);
    if (failing.length > 0) reply.code(503);
    return { status: failing.length > 0 ? ('failing' as const) : ('ok' as const), failing };
  });
}
