import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { api, createContext, createPrincipal, json, POSTGRES_URL } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';

/** Far beyond any plain statement of these requests, however loaded the machine; a lock wait outlasts it. */
const STATEMENT_TIMEOUT_MS = 2000;

describe('a statement stopped by the statement time-out [postgres]', { skip: POSTGRES_URL ? false : 'skipped: TEST_DATABASE_URL is not set' }, () => {
  let ctx: (TestContext & { close(): Promise<void> }) | undefined;
  let p: Principal;
  before(async () => {
    // A connection of a transaction pooler holds no session setting, so the time-out is the server's own
    // there (docs/operations.md): the server's time-out is tested on direct connections.
    ctx = await createContext('postgres', { BIZPLAT_DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) }, undefined, { direct: true });
    p = await createPrincipal(ctx);
  });
  after(async () => {
    await ctx?.close();
  });

  it('is answered 503 statement_timeout with Retry-After, counts as no outage, and the server keeps serving', async () => {
    const c = ctx!;
    const created = json<{ id: string }>(await api(c, p.token, 'POST', '/webhooks', { body: { name: 'n', url: 'https://hooks.example.com/x', events: '*' } }));
    const schema = new URL(c.config.databaseUrl).searchParams.get('schema');
    assert.ok(schema);
    // Another connection holds the subscriptions table: the request's statements wait on it until the time-out stops them.
    const holder = new pg.Client({ connectionString: POSTGRES_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`LOCK TABLE ${schema}.webhook_subscriptions IN ACCESS EXCLUSIVE MODE`);
      for (const [method, path] of [['GET', '/webhooks'], ['DELETE', `/webhooks/${created.id}`]] as const) {
        const res = await api(c, p.token, method, path);
        assert.equal(res.statusCode, 503, `${method} ${path}: ${res.body}`);
        const body = json<{ error: string; message: string; request_id: string; details: { error: string } }>(res);
        assert.equal(body.error, 'service_unavailable');
        assert.equal(body.details.error, 'statement_timeout');
        assert.match(body.message, /too long/);
        assert.equal(body.request_id, res.headers['x-request-id']);
        assert.equal(res.headers['retry-after'], '5');
      }
      assert.equal(c.storage.availability.outage, undefined, 'the database answered: no outage');
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const list = await api(c, p.token, 'GET', '/webhooks');
    assert.equal(list.statusCode, 200);
    assert.equal(json<{ items: Array<{ id: string; isActive: boolean }> }>(list).items[0]?.isActive, true, 'the stopped DELETE kept nothing');
    assert.equal((await api(c, p.token, 'DELETE', `/webhooks/${created.id}`)).statusCode, 200);
  });
});
