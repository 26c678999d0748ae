import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { auditOf } from '../admin/helpers.ts';
import { createContext, createPrincipal, json } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';

/** The address the audit records for a token made by a request from `remoteAddress` with X-Forwarded-For `forwarded`. */
async function auditedFrom(ctx: TestContext, remoteAddress: string, forwarded: string): Promise<string> {
  const p = await createPrincipal(ctx);
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/v1/tokens',
    headers: { 'x-api-token': p.token, 'x-forwarded-for': forwarded },
    remoteAddress,
    payload: { scopes: ['crm:read'] },
  });
  assert.equal(made.statusCode, 201, made.body);
  const id = json<{ id: string }>(made).id;
  const entry = (await auditOf(ctx, p.token)).find((e) => e.action === 'token.create' && e.target.id === id);
  assert.ok(entry, 'the token creation was audited');
  return entry.address;
}

describe('X-Forwarded-For behind a balancer (BIZPLAT_TRUSTED_PROXIES)', () => {
  let trusting: Awaited<ReturnType<typeof createContext>>;
  let plain: Awaited<ReturnType<typeof createContext>>;
  before(async () => {
    trusting = await createContext('sqlite', { BIZPLAT_TRUSTED_PROXIES: '10.0.0.5,192.168.7.0/24' });
    plain = await createContext('sqlite');
  });
  after(async () => {
    await trusting?.close();
    await plain?.close();
  });

  it('is believed from a balancer named, so the audit records the client\'s address', async () => {
    assert.equal(await auditedFrom(trusting, '10.0.0.5', '203.0.113.7'), '203.0.113.7');
    assert.equal(await auditedFrom(trusting, '192.168.7.20', '203.0.113.8'), '203.0.113.8', 'an address of a range named');
  });

  it('is ignored from anyone else, and when no balancer is named', async () => {
    assert.equal(await auditedFrom(trusting, '10.0.0.6', '203.0.113.7'), '10.0.0.6');
    assert.equal(await auditedFrom(plain, '10.0.0.5', '203.0.113.7'), '10.0.0.5');
  });

  it('a setting that is not a list of addresses or ranges stops the start, naming it', () => {
    for (const bad of ['balancer.local', '10.0.0.0/33', '10.0.0.1/8/2', 'fd00::/129']) {
      assert.throws(() => loadConfig({ BIZPLAT_TRUSTED_PROXIES: bad }), /BIZPLAT_TRUSTED_PROXIES/, bad);
    }
    assert.deepEqual(loadConfig({ BIZPLAT_TRUSTED_PROXIES: ' 10.0.0.5 , fd00::/8' }).trustedProxies, ['10.0.0.5', 'fd00::/8']);
  });
});
