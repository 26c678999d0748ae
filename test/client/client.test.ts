import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { BizplatConflictError, BizplatConnectionError, BizplatError, BizplatNotFoundError, BizplatRateLimitError, BizplatValidationError, createBizplatClient, cursorItems, data, eventFeed, ifMatch, listItems, offsetItems, WebhookSecretNotShownError } from '@bizplat/client';
import type { BizplatClientOptions } from '@bizplat/client';
import { API_PREFIX } from '../../src/app.ts';
import { describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';
import { stockedOrg } from '../inventory/fixtures.ts';
import type { Stocked } from '../inventory/fixtures.ts';

/** Listens on a free loopback port; the API base. */
async function listen(ctx: TestContext): Promise<string> {
  if (!ctx.app.server.listening) await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}${API_PREFIX}`;
}

/** What the client sent: method, path and the headers that matter, one entry per attempt. */
interface Sent {
  method: string;
  path: string;
  token: string | null;
  key: string | null;
  ifMatch: string | null;
}

function recording(fail: (request: Request, attempt: number) => 'before' | 'after' | undefined = () => undefined) {
  const sent: Sent[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const attempt = sent.filter((s) => s.method === request.method && s.path === new URL(request.url).pathname).length;
    sent.push({ method: request.method, path: new URL(request.url).pathname, token: request.headers.get('x-api-token'), key: request.headers.get('idempotency-key'), ifMatch: request.headers.get('if-match') });
    const failure = fail(request, attempt);
    if (failure === 'before') throw new TypeError('fetch failed: connection refused');
    const response = await globalThis.fetch(request);
    if (failure === 'after') {
      await response.arrayBuffer();
      throw new TypeError('fetch failed: connection reset');
    }
    return response;
  };
  return { sent, fetch };
}

/** Before the suite's tests: the server listening and a stocked organization; `client` makes a client of its token. */
function liveOrg(ctx: () => TestContext, items: number) {
  let base = '';
  let stocked: Stocked | undefined;
  before(async () => {
    base = await listen(ctx());
    stocked = await stockedOrg(ctx(), items);
  });
  const org = (): Stocked => {
    if (!stocked) throw new Error('the organization is made before the tests');
    return stocked;
  };
  const client = (options: Partial<BizplatClientOptions> = {}) => createBizplatClient({ baseUrl: base, token: org().token, sleep: async () => {}, ...options });
  return { org, client };
}

describeEachDatabase('@bizplat/client against a live server', (ctx) => {
  const { org, client } = liveOrg(ctx, 2);

  it('sends the token, makes an Idempotency-Key for a POST and keeps a given one, and sends If-Match from the version', async () => {
    const rec = recording();
    const api = client({ fetch: rec.fetch });
    const created = await data(api.POST('/clients', { body: { name: 'Typed Ltd' } }));
    const given = await data(api.POST('/clients', { body: { name: 'Keyed Ltd' }, params: { header: { 'Idempotency-Key': 'import-7' } } }));
    const changed = await data(api.PATCH('/clients/{id}', { params: { path: { id: created.id }, header: ifMatch(created) }, body: { city: 'Tashkent' } }));
    assert.equal(changed.version, 2);
    assert.ok(rec.sent.every((s) => s.token === org().token));
    assert.match(rec.sent[0]!.key ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(rec.sent[1]!.key, 'import-7');
    assert.equal(rec.sent[2]!.key, null, 'no key on a PATCH');
    assert.equal(rec.sent[2]!.ifMatch, '1');
    const replay = await api.POST('/clients', { body: { name: 'Keyed Ltd' }, params: { header: { 'Idempotency-Key': 'import-7' } } });
    assert.equal(replay.data?.id, given.id);
    assert.equal(replay.response.headers.get('idempotent-replayed'), 'true');
  });

  it('throws the error class of each kind carrying the envelope and headers: stale version, not found, validation', async () => {
    const api = client();
    const created = await data(api.POST('/clients', { body: { name: 'Stale Ltd' } }));
    await data(api.PATCH('/clients/{id}', { params: { path: { id: created.id }, header: ifMatch(created) }, body: { city: 'Riga' } }));
    const stale = await api.PATCH('/clients/{id}', { params: { path: { id: created.id }, header: ifMatch(created) }, body: { city: 'Oslo' } }).catch((e: unknown) => e);
    assert.ok(stale instanceof BizplatConflictError && stale instanceof BizplatError);
    assert.equal(stale.status, 409);
    assert.equal(stale.headers.get('x-request-id'), stale.request_id);
    assert.equal(stale.error, 'conflict');
    assert.equal(stale.code, 'stale_version');
    assert.equal(stale.details.expected_version, 1);
    assert.match(stale.request_id ?? '', /\S/);
    const missing = await api.GET('/clients/{id}', { params: { path: { id: '0193b1d0-0000-7000-8000-00000000dead' } } }).catch((e: unknown) => e);
    assert.ok(missing instanceof BizplatNotFoundError && missing.status === 404 && missing.code === 'not_found');
    const invalid = await api.POST('/clients', { body: { name: 'Bad', email: 'not-an-email' } }).catch((e: unknown) => e);
    assert.ok(invalid instanceof BizplatValidationError && invalid.status === 422 && invalid.code === 'validation_error', String(invalid));
    assert.ok(Array.isArray(invalid.details.fields));
  });

  it('retries a POST after a lost answer with the same key (written once) and a GET after a refused connection; never a PATCH', async () => {
    const rec = recording((request, attempt) => (attempt === 0 ? (request.method === 'GET' ? 'before' : 'after') : undefined));
    const waits: number[] = [];
    const api = client({ fetch: rec.fetch, sleep: async (ms) => void waits.push(ms), backoffMs: 10 });
    const created = await data(api.POST('/clients', { body: { name: 'Once Ltd' } }));
    const posts = rec.sent.filter((s) => s.method === 'POST');
    assert.equal(posts.length, 2);
    assert.equal(posts[0]!.key, posts[1]!.key, 'the retry reuses the key');
    const rows = await ctx().storage.db.selectFrom('crm_clients').select('id').where('org_id', '=', org().orgId).where('name', '=', 'Once Ltd').execute();
    assert.deepEqual(rows.map((r) => r.id), [created.id], 'written once');
    assert.equal((await data(api.GET('/clients/{id}', { params: { path: { id: created.id } } }))).name, 'Once Ltd');
    assert.equal(waits.length, 2);
    for (const ms of waits) assert.ok(ms >= 5 && ms <= 10, `a jittered first back-off: ${ms}`);
    const patched = await api.PATCH('/clients/{id}', { params: { path: { id: created.id }, header: ifMatch(created) }, body: { city: 'Baku' } }).catch((e: unknown) => e);
    assert.ok(patched instanceof BizplatConnectionError && patched.cause instanceof TypeError, 'a PATCH whose answer was lost is not sent again');
    assert.equal(rec.sent.filter((s) => s.method === 'PATCH').length, 1);
  });

  it('iterates every item of offset pages and of the movements cursor', async () => {
    const api = client();
    for (let i = 0; i < 5; i++) await data(api.POST('/clients', { body: { name: `Paged ${i}` } }));
    const names: string[] = [];
    for await (const c of offsetItems((offset) => api.GET('/clients', { params: { query: { offset, limit: 2, search: 'Paged' } } }))) names.push(c.name);
    assert.deepEqual(names.sort(), ['Paged 0', 'Paged 1', 'Paged 2', 'Paged 3', 'Paged 4']);
    const posted: string[] = [];
    for (let i = 0; i < 5; i++) {
      const m = await data(api.POST('/movements', { body: { kind: 'in', warehouse_id: org().main, lines: [{ item_id: org().items[0]!, qty: i + 1 }] } }));
      posted.push(m.id);
    }
    const seen: string[] = [];
    for await (const m of cursorItems((cursor) => api.GET('/movements', { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } }))) seen.push(m.id);
    assert.deepEqual(seen, [...posted].reverse(), 'newest first, each once');
  });
});


describeEachDatabase('@bizplat/client: pagination, the events feed and webhook secrets on a live server', (ctx) => {
  const { client } = liveOrg(ctx, 1);

  it('listItems pages any list by cursor: every record once while others are created and archived, filters typed', async () => {
    const api = client();
    const existing: string[] = [];
    for (let i = 0; i < 7; i++) existing.push((await data(api.POST('/clients', { body: { name: `Walk ${i}` } }))).id);
    const archived = new Set<string>();
    const yielded: string[] = [];
    const walk = listItems(api, '/clients', { search: 'walk', limit: 2 });
    for await (const c of walk) {
      yielded.push(c.id);
      // After each page: a new client, and an archive, by turns of one already met and of one not yet met.
      if (yielded.length % 2 === 0) {
        await data(api.POST('/clients', { body: { name: `Walk new ${yielded.length}` } }));
        const victim = yielded.length % 4 === 0 ? existing[yielded.length / 4 - 1] : yielded[0];
        if (victim !== undefined && !archived.has(victim)) {
          archived.add(victim);
          await data(api.PATCH('/clients/{id}', { params: { path: { id: victim } }, body: { is_archived: true } }));
        }
      }
    }
    assert.equal(new Set(yielded).size, yielded.length, 'no record yielded twice');
    assert.ok(archived.size >= 2);
    for (const id of existing) if (!archived.has(id)) assert.ok(yielded.includes(id), `record ${id} yielded`);
    assert.equal(walk.position.cursor !== undefined, true, 'the walk went past its first page');
    const none: string[] = [];
    for await (const task of listItems(api, '/tasks', { status: 'No such status' })) none.push(task.id);
    assert.deepEqual(none, []);
  });

  it('offset auto-pagination yields every record once while records are created between pages', async () => {
    const api = client();
    const existing: string[] = [];
    for (let i = 0; i < 7; i++) existing.push((await data(api.POST('/clients', { body: { name: `Shift ${i}` } }))).id);
    const fetched: string[] = [];
    const created: string[] = [];
    const yielded: string[] = [];
    const pages = offsetItems(async (offset) => {
      const call = await api.GET('/clients', { params: { query: { offset, limit: 3, search: 'Shift' } } });
      fetched.push(...(call.data?.items ?? []).map((c) => c.id));
      return call;
    });
    for await (const c of pages) {
      yielded.push(c.id);
      // A record created after each page was read: it goes first and pushes the rest down.
      if (yielded.length % 3 === 0) created.push((await data(api.POST('/clients', { body: { name: `Shift new ${yielded.length}` } }))).id);
    }
    assert.ok(fetched.length > new Set(fetched).size, 'the pages overlapped, as newest-first pages do when records are created');
    assert.equal(new Set(yielded).size, yielded.length, 'no record yielded twice');
    for (const id of existing) assert.ok(yielded.includes(id), `record ${id} yielded`);
    assert.ok(created.length >= 2);
  });

  it('the events feed reads up to the newest event and resumes from the stored cursor: nothing missed, a whole page never repeated', async () => {
    const api = client();
    // On PostgreSQL the feed shows an event once every older transaction in the database has ended, and other
    // schemas' tests share the database: read until this marker has come, so the stored cursor is past everything before it.
    const marker = (await data(api.POST('/clients', { body: { name: 'Fed marker' } }))).id;
    let stored: string | undefined;
    await waitUntil('the marker event in the feed', async () => {
      const first = eventFeed(api, { entity_type: 'client', limit: 2, cursor: stored });
      let seen = false;
      for await (const e of first) if (e.event === 'client.created' && e.data.entityId === marker) seen = true;
      stored = first.position.cursor ?? stored;
      return seen;
    });
    assert.ok(stored);
    const fresh: string[] = [];
    for (let i = 0; i < 3; i++) fresh.push((await data(api.POST('/clients', { body: { name: `Fed ${i}` } }))).id);
    const read: Array<{ id: string; entityId: string }> = [];
    let cursor: string | undefined = stored;
    // On PostgreSQL an event shows in the feed once older transactions have ended: read on until all three have come.
    await waitUntil('the three client.created events in the feed', async () => {
      const feed = eventFeed(api, { entity_type: 'client', limit: 2, cursor });
      for await (const e of feed) if (e.event === 'client.created') read.push({ id: e.id, entityId: e.data.entityId });
      cursor = feed.position.cursor;
      return read.length >= 3;
    });
    assert.deepEqual(read.map((e) => e.entityId), fresh, 'exactly the events after the stored cursor, in order');
    assert.equal(new Set(read.map((e) => e.id)).size, 3);

    // A read that stops inside a page resumes at that page: the event is given again, never lost.
    const partial = eventFeed(api, { entity_type: 'client', limit: 2, cursor: stored });
    let stoppedAt = '';
    for await (const e of partial) {
      stoppedAt = e.id;
      break;
    }
    const again = eventFeed(api, { entity_type: 'client', limit: 2, cursor: partial.position.cursor });
    const next = await again.next();
    assert.equal(next.done ? undefined : next.value.id, stoppedAt);
  });

  it('a webhook create retried after a lost answer throws WebhookSecretNotShownError naming rotate-secret, which gives a working new secret', async () => {
    const rec = recording((request, attempt) => (request.method === 'POST' && new URL(request.url).pathname.endsWith('/webhooks') && attempt === 0 ? 'after' : undefined));
    const api = client({ fetch: rec.fetch });
    const error = await api.POST('/webhooks', { body: { name: 'lost answer', url: 'https://hooks.example.com/bizplat', events: ['client.created'] } }).catch((e: unknown) => e);
    assert.ok(error instanceof WebhookSecretNotShownError, String(error));
    const posts = rec.sent.filter((s) => s.method === 'POST');
    assert.equal(posts.length, 2);
    assert.equal(posts[0]!.key, posts[1]!.key);
    assert.match(error.message, new RegExp(`POST /webhooks/${error.subscriptionId}/rotate-secret`));
    const subscriptions = await data(api.GET('/webhooks'));
    assert.deepEqual(subscriptions.items.filter((w) => w.name === 'lost answer').map((w) => w.id), [error.subscriptionId], 'created once');
    const rotated = await data(api.POST('/webhooks/{id}/rotate-secret', { params: { path: { id: error.subscriptionId } } }));
    assert.match(rotated.secret ?? '', /^whsec_/);
  });
});

describeEachDatabase('@bizplat/client on 429', (ctx) => {
  it('waits Retry-After between attempts (when maxWaitMs allows the minute window), then throws the rate_limited envelope', async () => {
    const { createPrincipal } = await import('../helpers/harness.ts');
    const p = await createPrincipal(ctx());
    const waits: number[] = [];
    const api = createBizplatClient({ baseUrl: await listen(ctx()), token: p.token, retries: 2, maxWaitMs: 60_000, sleep: async (ms) => void waits.push(ms) });
    for (let i = 0; i < 2; i++) await data(api.GET('/ping'));
    const error = await api.GET('/ping').catch((e: unknown) => e);
    assert.ok(error instanceof BizplatRateLimitError, String(error));
    assert.equal(error.status, 429);
    assert.ok((error.retryAfterMs ?? 0) >= 1000);
    assert.equal(waits.length, 2, 'two retries');
    for (const ms of waits) assert.ok(ms >= 1000 && ms <= 60_000 && ms % 1000 === 0, `waited Retry-After seconds: ${ms}`);
  });
}, { env: { BIZPLAT_RATE_LIMIT: '2' } });
