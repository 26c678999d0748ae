import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { waitUntil } from '../helpers/patience.ts';
import { before, it } from 'node:test';
import { ADMIN_PREFIX } from '../../src/admin/api.ts';
import { RIGHTS } from '../../src/platform/rights.ts';
import { createTokenIn } from '../../src/platform/service.ts';
import { findOrganizationBySlug } from '../../src/platform/queries.ts';
import { tokenKey } from '../../src/platform/token-key.ts';
import { cliSource } from '../../src/platform/audit.ts';
import { importData } from '../../src/import.ts';
import { checkEveryAnswer } from '../helpers/contract.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { admin, auditOf } from './helpers.ts';

describeEachDatabase('admin API', (ctx) => {
  let p: Principal;
  before(async () => {
    await checkEveryAnswer(ctx().app, ADMIN_PREFIX);
    p = await createPrincipal(ctx());
  });

  it('serves its own OpenAPI document, apart from the public one', async () => {
    const doc = json<{ info: { title: string }; servers: Array<{ url: string }>; paths: Record<string, unknown> }>(
      await ctx().app.inject({ url: `${ADMIN_PREFIX}/openapi.json` }),
    );
    assert.equal(doc.info.title, 'bizplat admin API');
    assert.deepEqual(doc.servers, [{ url: ADMIN_PREFIX }]);
    for (const path of ['/users', '/users/{id}/deactivate', '/tokens', '/tokens/{id}', '/settings', '/audit', '/webhooks/deliveries', '/webhooks/{id}/replay']) {
      assert.ok(path in doc.paths, path);
    }
    const publicDoc = json<{ paths: Record<string, unknown> }>(await ctx().app.inject({ url: '/api/public/v1/openapi.json' }));
    assert.ok(!('/audit' in publicDoc.paths) && !('/tokens' in publicDoc.paths));
    const capabilities = JSON.stringify(json(await api(ctx(), p.token, 'GET', '/capabilities')));
    assert.doesNotMatch(capabilities, /audit|\/tokens/);
  });

  it('admits only an admin:all token of an administrator, and only for its own organization', async () => {
    assert.equal((await admin(ctx(), undefined, 'GET', '/users')).statusCode, 401);
    const narrow = await createPrincipal(ctx(), { slug: p.slug, scopes: ['crm:read', 'crm:write'] });
    const noScope = await admin(ctx(), narrow.token, 'GET', '/users');
    assert.equal(noScope.statusCode, 403);
    assert.equal(json<{ details: { required_scope: string } }>(noScope).details.required_scope, 'admin:all');
    const notAdmin = await createPrincipal(ctx(), { slug: p.slug, rights: ['crm.clients'], scopes: ['admin:all'] });
    const refused = await admin(ctx(), notAdmin.token, 'GET', '/users');
    assert.equal(refused.statusCode, 403);
    assert.equal(json<{ details: { required_right: string } }>(refused).details.required_right, 'all');

    const other = await createPrincipal(ctx());
    const users = json<{ items: Array<{ id: string }> }>(await admin(ctx(), other.token, 'GET', '/users')).items;
    assert.deepEqual(users.map((u) => u.id), [other.userId]);
    assert.equal((await admin(ctx(), other.token, 'DELETE', `/tokens/${p.tokenId}`)).statusCode, 404);
    assert.equal((await admin(ctx(), other.token, 'PATCH', `/users/${p.userId}`, { body: { rights: [] } })).statusCode, 404);
    assert.equal((await api(ctx(), p.token, 'GET', '/ping')).statusCode, 200, 'the other organization changed nothing');
  });

  it('creates a token shown once, lists tokens without secrets, revokes it (401 at once) and audits both', async () => {
    const created = await admin(ctx(), p.token, 'POST', '/tokens', { body: { name: 'ERP', scopes: ['crm:read', 'tasks:read'] }, headers: { 'idempotency-key': 'tok-1' } });
    assert.equal(created.statusCode, 201);
    const { id, token, note } = json<{ id: string; token: string; note: string }>(created);
    assert.match(note, /only in this answer/);
    assert.equal((await api(ctx(), token, 'GET', '/ping')).statusCode, 200);
    const replayed = await admin(ctx(), p.token, 'POST', '/tokens', { body: { name: 'ERP', scopes: ['crm:read', 'tasks:read'] }, headers: { 'idempotency-key': 'tok-1' } });
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
    assert.equal(json<{ token?: string }>(replayed).token, undefined, 'the value is never sent twice');

    // Last use is written beside the answer, not before it: wait for the write, not for a time.
    await waitUntil('the ping recorded as its last use', async () => (await ctx().storage.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at !== null);
    const listed = await admin(ctx(), p.token, 'GET', '/tokens');
    const hash = (await ctx().storage.db.selectFrom('api_tokens').select('token_hash').where('id', '=', id).executeTakeFirstOrThrow()).token_hash;
    assert.ok(!listed.body.includes(token) && !listed.body.includes(hash), 'neither the value nor its hash');
    const row = json<{ items: Array<Record<string, unknown>> }>(listed).items.find((t) => t.id === id)!;
    assert.deepEqual(
      { name: row.name, scopes: row.scopes, owner: row.owner, revokedAt: row.revokedAt, expiresAt: row.expiresAt },
      { name: 'ERP', scopes: ['crm:read', 'tasks:read'], owner: { id: p.userId, name: 'Test User' }, revokedAt: null, expiresAt: null },
    );
    assert.ok(typeof row.lastUsedAt === 'string', 'the ping was recorded as its last use');

    assert.equal((await admin(ctx(), p.token, 'POST', '/tokens', { body: { scopes: ['no:such'] } })).statusCode, 422);
    assert.equal((await admin(ctx(), p.token, 'POST', '/tokens', { body: { scopes: ['crm:read'], userId: 'nobody' } })).statusCode, 404);

    const revoked = await admin(ctx(), p.token, 'DELETE', `/tokens/${id}`);
    assert.deepEqual(json(revoked), { id, revoked: true });
    const refused = await api(ctx(), token, 'GET', '/ping');
    assert.equal(refused.statusCode, 401);
    assert.match(refused.body, /revoked/);

    const audit = await auditOf(ctx(), p.token);
    const [revokeEntry, createEntry] = [audit.find((e) => e.action === 'token.revoke' && e.target.id === id)!, audit.find((e) => e.action === 'token.create' && e.target.id === id)!];
    assert.deepEqual(createEntry.actor, { via: 'api', userId: p.userId, tokenId: p.tokenId, name: 'Test User' });
    assert.equal(createEntry.address, '127.0.0.1');
    assert.deepEqual(createEntry.changes.scopes, { before: null, after: ['crm:read', 'tasks:read'] });
    assert.deepEqual(createEntry.changes.name, { before: null, after: 'ERP' });
    assert.equal(revokeEntry.changes.revokedAt!.before, null);
    assert.ok(Date.parse(String(revokeEntry.changes.revokedAt!.after)) > 0);
    const all = JSON.stringify(audit);
    assert.ok(!all.includes(token) && !all.includes(hash), 'no secret in the audit trail');
    assert.equal(audit.filter((e) => e.action === 'token.create' && e.target.id === id).length, 1, 'the replay wrote nothing');
  });

  it('creates users, changes their rights and deactivates them: their tokens stop at once', async () => {
    const created = await admin(ctx(), p.token, 'POST', '/users', { body: { name: 'Bob Seller', email: 'bob@example.test', rights: ['crm.clients'] } });
    assert.equal(created.statusCode, 201);
    const bob = json<{ id: string; orgUserId: string; rights: string[]; active: boolean }>(created);
    assert.deepEqual([bob.rights, bob.active], [['crm.clients'], true]);
    const bobToken = json<{ token: string }>(await admin(ctx(), p.token, 'POST', '/tokens', { body: { scopes: ['crm:read'], userId: bob.id } })).token;
    assert.equal((await api(ctx(), bobToken, 'GET', '/ping')).statusCode, 200);

    assert.equal((await admin(ctx(), p.token, 'PATCH', `/users/${bob.id}`, { body: { rights: ['crm.clients', 'made.up'] } })).statusCode, 422);
    const changed = await admin(ctx(), p.token, 'PATCH', `/users/${bob.orgUserId}`, { body: { rights: ['crm.clients', 'tasks.edit'] } });
    assert.deepEqual(json<{ rights: string[] }>(changed).rights, ['crm.clients', 'tasks.edit']);

    const deactivated = await admin(ctx(), p.token, 'POST', `/users/${bob.id}/deactivate`);
    assert.equal(json<{ active: boolean }>(deactivated).active, false);
    const refused = await api(ctx(), bobToken, 'GET', '/ping');
    assert.equal(refused.statusCode, 401);
    assert.match(refused.body, /no longer active/);
    assert.equal(json<{ items: Array<{ id: string; active: boolean }> }>(await admin(ctx(), p.token, 'GET', '/users')).items.find((u) => u.id === bob.id)!.active, false);
    assert.equal((await admin(ctx(), p.token, 'POST', '/users/no-such-user/deactivate')).statusCode, 404);
    const self = await admin(ctx(), p.token, 'POST', `/users/${p.orgUserId}/deactivate`);
    assert.equal(self.statusCode, 422);
    assert.match(self.body, /your own user/);

    const entries = (await auditOf(ctx(), p.token)).filter((e) => e.target.id === bob.id);
    assert.deepEqual(entries.map((e) => e.action), ['user.deactivate', 'user.rights', 'user.create'], 'the refused change left no entry');
    assert.deepEqual(entries[1]!.changes, { rights: { before: ['crm.clients'], after: ['crm.clients', 'tasks.edit'] } });
    assert.deepEqual(entries[0]!.changes, { active: { before: true, after: false } });
    assert.deepEqual(entries[2]!.changes.email, { before: null, after: 'bob@example.test' });
  });

  it('shows and changes the organization settings, refusing bad values, with before and after audited', async () => {
    const before = json<Record<string, unknown>>(await admin(ctx(), p.token, 'GET', '/settings'));
    const { telegramUsers, version, ...rest } = before;
    assert.deepEqual(rest, {
      slug: p.slug, name: `Org ${p.slug}`, currency: 'UZS', phoneRegion: null, allowNegativeStock: false, timeZone: 'UTC',
      approvalRules: [], rates: [], telegramChatId: null,
    });
    assert.equal(version, JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version);
    assert.ok((telegramUsers as Array<{ userId: string }>).some((u) => u.userId === p.userId));
    for (const body of [{ timeZone: 'Mars/Olympus' }, { phoneRegion: 'QQ' }, { currency: 'US' }, {}, { secret: 1 }]) {
      assert.equal((await admin(ctx(), p.token, 'PATCH', '/settings', { body })).statusCode, 422, JSON.stringify(body));
    }
    const after = await admin(ctx(), p.token, 'PATCH', '/settings', { body: { currency: 'usd', phoneRegion: 'uz', allowNegativeStock: true, timeZone: 'Asia/Tashkent' } });
    assert.deepEqual(json(after), { ...before, currency: 'USD', phoneRegion: 'UZ', allowNegativeStock: true, timeZone: 'Asia/Tashkent' });
    const org = await findOrganizationBySlug(ctx().storage.db, p.slug);
    assert.equal(org!.currency, 'USD');
    assert.equal(org!.settings.timeZone, 'Asia/Tashkent');
    const [entry] = (await auditOf(ctx(), p.token)).filter((e) => e.action === 'organization.settings');
    assert.deepEqual(entry!.changes, {
      currency: { before: 'UZS', after: 'USD' },
      phoneRegion: { before: null, after: 'UZ' },
      allowNegativeStock: { before: null, after: true },
      timeZone: { before: null, after: 'Asia/Tashkent' },
    });

    // Saving what is already stored changes and audits nothing; the other domains' settings are audited too.
    const entriesBefore = (await auditOf(ctx(), p.token)).length;
    assert.equal((await admin(ctx(), p.token, 'PATCH', '/settings', { body: { currency: 'USD', phoneRegion: 'UZ', allowNegativeStock: true, timeZone: 'Asia/Tashkent', approvalRules: [], telegramChatId: null } })).statusCode, 200);
    assert.equal((await auditOf(ctx(), p.token)).length, entriesBefore, 'an unchanged save is not audited');
    const more = await admin(ctx(), p.token, 'PATCH', '/settings', {
      body: { approvalRules: [{ above: '1000000', approvals: 2 }], rates: [{ currency: 'EUR', rate: '1.1' }], telegramChatId: '-100123', telegramUsers: [{ userId: p.userId, chatId: '4242' }] },
    });
    assert.equal(more.statusCode, 200, more.body);
    const shown = json<{ approvalRules: unknown; rates: unknown; telegramChatId: unknown; telegramUsers: Array<{ userId: string; chatId: string | null }> }>(more);
    assert.deepEqual(shown.approvalRules, [{ above: '1000000.00', approvals: 2 }]);
    assert.deepEqual(shown.rates, [{ currency: 'EUR', rate: '1.100000' }]);
    assert.equal(shown.telegramChatId, '-100123');
    assert.equal(shown.telegramUsers.find((u) => u.userId === p.userId)!.chatId, '4242');
    const actions = (await auditOf(ctx(), p.token)).slice(0, 3).map((e) => e.action).sort();
    assert.deepEqual(actions, ['finance.rate', 'organization.settings', 'user.telegram_chat']);
  });

  it('writes the audit entry in the change\'s transaction: a rolled-back change leaves neither', async () => {
    const org = (await findOrganizationBySlug(ctx().storage.db, p.slug))!;
    const key = await tokenKey(ctx().storage, ctx().config.tokenPepper);
    const count = async () => Number((await ctx().storage.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', org.id).executeTakeFirstOrThrow()).n);
    const tokens = async () => (await ctx().storage.db.selectFrom('api_tokens').select('id').where('org_id', '=', org.id).execute()).length;
    const [auditBefore, tokensBefore] = [await count(), await tokens()];
    await assert.rejects(
      ctx().storage.transaction(async (tx) => {
        await createTokenIn(tx, key, org, { user: p.userId, scopes: ['crm:read'] }, cliSource());
        throw new Error('later step failed');
      }),
      /later step failed/,
    );
    assert.deepEqual([await count(), await tokens()], [auditBefore, tokensBefore]);
  });

  it('records an import made on the server\'s machine as the CLI\'s operator', async () => {
    await importData(ctx().storage, p.slug, { clients: [] });
    const [entry] = (await auditOf(ctx(), p.token)).filter((e) => e.action === 'import');
    assert.deepEqual([entry!.actor.via, entry!.actor.tokenId, entry!.address, entry!.changes], ['cli', null, 'cli', { clients: { before: null, after: 0 } }]);
  });

  it('pages the audit trail with a cursor, newest first, without overlap', async () => {
    const all = await auditOf(ctx(), p.token);
    assert.ok(all.length >= 5);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ id: string }>; nextCursor: string | null } = json(
        await admin(ctx(), p.token, 'GET', '/audit', { query: { limit: '2', ...(cursor !== null ? { cursor } : {}) } }),
      );
      assert.ok(page.items.length <= 2);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    assert.deepEqual(seen, all.map((e) => e.id));
    assert.equal((await admin(ctx(), p.token, 'GET', '/audit', { query: { cursor: 'abc' } })).statusCode, 422);
    // The release it also names: test/cli/version.test.ts.
    assert.deepEqual(json<{ rights: string[] }>(await admin(ctx(), p.token, 'GET', '/catalog')).rights, [...RIGHTS]);
  });
});
