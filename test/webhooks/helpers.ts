import type { Config } from '../../src/config.ts';
import { emit } from '../../src/events/emit.ts';
import { handleDue } from '../../src/events/handling.ts';
import { ConsumerRunner } from '../../src/events/runner.ts';
import { Dispatcher } from '../../src/domains/webhooks/dispatcher.ts';
import { newId } from '../../src/storage/ids.ts';
import type { Storage } from '../../src/storage/storage.ts';
import type { TestContext } from '../helpers/harness.ts';
import { PATIENCE_MS } from '../helpers/patience.ts';

/** Emits client.created as a CRM service would, inside a write transaction; returns the event's and the entity's ids. */
export async function emitClientCreated(storage: Storage, orgId: string, context: { version: number } = { version: 1 }): Promise<{ eventId: string; entityId: string }> {
  const entityId = newId();
  const eventId = await storage.transaction((tx) => emit(tx, { orgId, name: 'client.created', entityType: 'client', entityId, context }));
  return { eventId, entityId };
}

/** What a server runs for webhooks: the event consumers (fan-out to deliveries) and a dispatcher. */
export async function startDelivery(ctx: TestContext, config: Partial<Config> = {}): Promise<{ stop(): Promise<void> }> {
  const runtime = { storage: ctx.storage, config: { ...ctx.config, ...config }, log: ctx.app.log };
  const runner = new ConsumerRunner(runtime, ctx.modules.flatMap((m) => m.consumers ?? []));
  const dispatcher = new Dispatcher(runtime);
  await runner.start();
  await dispatcher.start();
  return {
    stop: async () => {
      await runner.stop();
      await dispatcher.stop();
    },
  };
}

/** Runs the consumers once, now, in this process (the webhook fan-out turns due events into deliveries). */
export async function handleEventsNow(ctx: TestContext): Promise<void> {
  await handleDue(ctx.storage, ctx.modules.flatMap((m) => m.consumers ?? []), 1000, ctx.config.eventRetryBaseMs);
}

export function settle(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `read` until `done` holds for its value (attempts are recorded in batches, after the answer); fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = PATIENCE_MS): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await settle(20);
  }
}

/**
 * Ends what a test started (dispatchers, then receivers) and settles what is still queued: a
 * later receiver may reuse a closed one's port, and nothing queued may reach it.
 */
export async function endDelivery(ctx: TestContext, running: Array<{ stop(): Promise<void> }>, receivers: Array<{ close(): Promise<void> }>): Promise<void> {
  for (const d of running.splice(0)) await d.stop();
  for (const r of receivers.splice(0)) await r.close();
  await ctx.storage.db.updateTable('webhook_deliveries').set({ status: 'cancelled' }).where('status', '=', 'pending').execute();
  await ctx.storage.db.updateTable('event_progress').set({ status: 'done', completed_at: new Date().toISOString() }).where('status', '=', 'pending').execute();
}
