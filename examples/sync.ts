/**
 * An integration with @bizplat/client, end to end:
 *   1. keeps the organization's clients in a local JSON file: a full read the first time, then
 *      only what the events feed says changed (the feed's cursor is stored in the file);
 *   2. posts a stock movement (goods received into the default warehouse);
 *   3. subscribes an HTTPS endpoint to webhooks, receives a delivery and verifies its signature.
 *
 * Run: BIZPLAT_URL=https://host/api/public/v1 BIZPLAT_TOKEN=… SYNC_FILE=clients.json \
 *      WEBHOOK_CERT=cert.pem WEBHOOK_KEY=key.pem WEBHOOK_HOST=hooks.example.com \
 *      node --import tsx examples/sync.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { BizplatError, createBizplatClient, cursorItems, data, listItems, verifyWebhook } from '@bizplat/client';
import type { BizplatApi, components, WebhookEvent } from '@bizplat/client';

type Client = components['schemas']['Client'];

interface SyncState {
  /** Where the events feed was read up to. */
  cursor: string | undefined;
  clients: Record<string, Client>;
}

export interface ExampleSettings {
  BIZPLAT_URL?: string;
  BIZPLAT_TOKEN?: string;
  SYNC_FILE?: string;
  WEBHOOK_CERT?: string;
  WEBHOOK_KEY?: string;
  /** The host name the server reaches this machine by (default 127.0.0.1). */
  WEBHOOK_HOST?: string;
}

function required(settings: ExampleSettings, name: keyof ExampleSettings): string {
  const value = settings[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** Brings the local file up to date; returns how many clients were read from the API. */
export async function syncClients(api: BizplatApi, file: string): Promise<number> {
  const state: SyncState = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SyncState) : { cursor: undefined, clients: {} };
  let read = 0;
  const feed = cursorItems((cursor) => api.GET('/events', { params: { query: { entity_type: 'client', limit: 200, ...(cursor ? { cursor } : {}) } } }), state.cursor);
  try {
    if (state.cursor === undefined) {
      // First run: take the feed's position first, so nothing written during the full read is missed.
      for await (const _ of feed) void _;
      for await (const client of listItems(api, '/clients', { include_archived: true })) {
        state.clients[client.id] = client;
        read += 1;
      }
    } else {
      const changed = new Set<string>();
      for await (const event of feed) changed.add(event.data.entityId);
      for (const id of changed) {
        state.clients[id] = await data(api.GET('/clients/{id}', { params: { path: { id } } }));
        read += 1;
      }
    }
  } catch (error) {
    // The cursor is older than the event retention: read everything again.
    if (error instanceof BizplatError && error.code === 'cursor_expired') {
      writeFileSync(file, JSON.stringify({ cursor: undefined, clients: {} }));
      return syncClients(api, file);
    }
    throw error;
  }
  state.cursor = feed.position.cursor;
  writeFileSync(file, JSON.stringify(state, null, 2));
  return read;
}

/** Receives goods: a movement of kind in to the default warehouse. */
export async function receiveGoods(api: BizplatApi, itemId: string, qty: number): Promise<components['schemas']['Movement']> {
  const warehouses = await data(api.GET('/warehouses'));
  const main = warehouses.items.find((w) => w.isDefault) ?? warehouses.items[0];
  if (!main) throw new Error('the organization has no warehouse');
  return data(api.POST('/movements', { body: { kind: 'in', warehouse_id: main.id, lines: [{ item_id: itemId, qty }], notes: 'Delivery' } }));
}

/** Subscribes an HTTPS endpoint, creates a client and returns the verified client.created delivery. */
export async function receiveWebhook(api: BizplatApi, settings: ExampleSettings): Promise<WebhookEvent> {
  let secret = '';
  let resolve: (event: WebhookEvent) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const delivered = new Promise<WebhookEvent>((ok, fail) => ((resolve = ok), (reject = fail)));
  const server = createServer({ cert: readFileSync(required(settings, 'WEBHOOK_CERT')), key: readFileSync(required(settings, 'WEBHOOK_KEY')) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      verifyWebhook(Buffer.concat(chunks), req.headers, secret).then(
        (event) => {
          res.writeHead(204).end();
          if (event.event === 'client.created') resolve(event);
        },
        (error: Error) => {
          res.writeHead(401).end();
          reject(error);
        },
      );
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `https://${settings.WEBHOOK_HOST ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}/bizplat`;
  const subscription = await data(api.POST('/webhooks', { body: { name: 'example receiver', url, events: ['client.created'] } }));
  if (!subscription.secret) throw new Error('the subscription came without its secret');
  secret = subscription.secret;
  try {
    await data(api.POST('/clients', { body: { name: 'Webhook Example Ltd' } }));
    const timeout = setTimeout(() => reject(new Error('no webhook within 30 s')), 30_000);
    try {
      return await delivered;
    } finally {
      clearTimeout(timeout);
    }
  } finally {
    await data(api.DELETE('/webhooks/{id}', { params: { path: { id: subscription.id } } }));
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
  }
}

export async function main(settings: ExampleSettings, log: (line: string) => void = console.log): Promise<void> {
  const api = createBizplatClient({ baseUrl: required(settings, 'BIZPLAT_URL'), token: required(settings, 'BIZPLAT_TOKEN') });
  const file = settings.SYNC_FILE ?? 'clients.json';
  log(`synced ${await syncClients(api, file)} clients into ${file}`);
  const products = await data(api.GET('/products', { params: { query: { limit: 200 } } }));
  const product = products.items.find((p) => p.item_type !== 'service');
  if (product) log(`movement ${(await receiveGoods(api, product.id, 5)).id} posted`);
  const event = await receiveWebhook(api, settings);
  log(`verified webhook ${event.event} for ${event.data.entityType} ${event.data.entityId}`);
  log(`synced ${await syncClients(api, file)} changed clients into ${file}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.env).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
