/** examples/sync.ts against a live server: sync clients to a file, post a movement, receive and verify a webhook. */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { createBizplatClient } from '@bizplat/client';
import { API_PREFIX } from '../../src/app.ts';
import { main, syncClients } from '../../examples/sync.ts';
import { api, describeEachDatabase } from '../helpers/harness.ts';
import { makeCertificate } from '../helpers/https-receiver.ts';
import { PATIENCE_MS } from '../helpers/patience.ts';
import { stockedOrg } from '../inventory/fixtures.ts';
import { startDelivery } from '../webhooks/helpers.ts';

const cert = makeCertificate();
const dir = mkdtempSync(join(tmpdir(), 'bizplat-example-'));
after(() => {
  cert.remove();
  rmSync(dir, { recursive: true, force: true });
});

describeEachDatabase('examples/sync.ts', (ctx) => {
  it('syncs clients into a file, posts a movement, verifies a webhook, then syncs only what changed', async () => {
    const org = await stockedOrg(ctx(), 1);
    for (const name of ['Acme', 'Globex', 'Initech']) assert.equal((await api(ctx(), org.token, 'POST', '/clients', { body: { name } })).statusCode, 201);
    await ctx().app.listen({ host: '127.0.0.1', port: 0 });
    const delivery = await startDelivery(ctx(), { webhookPollMs: 100 });
    const file = join(dir, `clients-${ctx().kind}.json`);
    const lines: string[] = [];
    const baseUrl = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}${API_PREFIX}`;
    try {
      await main(
        {
          BIZPLAT_URL: baseUrl,
          BIZPLAT_TOKEN: org.token,
          SYNC_FILE: file,
          WEBHOOK_CERT: cert.certFile,
          WEBHOOK_KEY: cert.keyFile,
        },
        (line) => lines.push(line),
      );
    } finally {
      await delivery.stop();
    }
    assert.equal(lines[0], `synced 3 clients into ${file}`);
    assert.match(lines[1] ?? '', /^movement \S+ posted$/);
    assert.match(lines[2] ?? '', /^verified webhook client\.created for client \S+$/);
    // On PostgreSQL the new client's event shows in the feed once every older transaction of the
    // server has ended: a moment after the webhook at most; sync again until it has.
    assert.match(lines[3] ?? '', new RegExp(`^synced [01] changed clients into `));
    const read = () => JSON.parse(readFileSync(file, 'utf8')) as { clients: Record<string, unknown> };
    for (const until = Date.now() + PATIENCE_MS; Object.keys(read().clients).length < 4 && Date.now() < until; ) {
      await syncClients(createBizplatClient({ baseUrl, token: org.token }), file);
    }
    const state = JSON.parse(readFileSync(file, 'utf8')) as { cursor: string; clients: Record<string, { name: string }> };
    assert.deepEqual(Object.values(state.clients).map((c) => c.name).sort(), ['Acme', 'Globex', 'Initech', 'Webhook Example Ltd']);
    assert.ok(state.cursor);
    const movements = await ctx().storage.db.selectFrom('stock_movements').select('id').where('org_id', '=', org.orgId).execute();
    assert.equal(movements.length, 1);
  });
}, { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } });
