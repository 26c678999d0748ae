import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { ADMIN_PREFIX } from '../../src/admin/api.ts';
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT } from '../../src/admin/signin-limit.ts';
import { createUser } from '../../src/platform/service.ts';
import { RIGHTS } from '../../src/platform/rights.ts';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { serverUrl } from '../mcp/helpers.ts';
import { auditOf } from './helpers.ts';

interface SignedIn {
  cookie: string;
  setCookie: string;
  csrf: string;
  sessionId: string;
}

/** An admin API request over real HTTP. */
async function http(ctx: TestContext, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${await serverUrl(ctx)}${ADMIN_PREFIX}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

async function signIn(ctx: TestContext, email: string, password: string): Promise<SignedIn> {
  const res = await http(ctx, 'POST', '/session', { 'user-agent': 'signin-test' }, { email, password });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, setCookie, csrf: String(res.body.csrfToken), sessionId: String(res.body.sessionId) };
}

function detailOf(body: Record<string, unknown>, key: string): unknown {
  return (body.details as Record<string, unknown> | undefined)?.[key];
}

describeEachDatabase('console password sign-in', (ctx) => {
  let p: Principal;
  let email: string;
  let password: string;
  let userId: string;

  /** A user with an e-mail and a password set by the CLI (`user password --generate`). */
  async function userWithPassword(rights: string[]): Promise<{ id: string; email: string; password: string }> {
    const address = `u${Math.random().toString(36).slice(2)}@example.com`;
    const user = await createUser(ctx().storage, { orgSlug: p.slug, name: 'Signing In', email: address, rights });
    const printed = onlyJson(await runCli(['user', 'password', '--org', p.slug, '--id', user.id, '--generate', '--json', '--db', ctx().config.databaseUrl]));
    assert.equal(printed.id, user.id);
    return { id: user.id, email: address, password: String(printed.password) };
  }

  before(async () => {
    p = await createPrincipal(ctx());
    ({ id: userId, email, password } = await userWithPassword([...RIGHTS]));
  });

  it('signs in with e-mail and password: a Secure, HttpOnly, SameSite=Strict host cookie that opens the admin API, audited', async () => {
    const s = await signIn(ctx(), email.toUpperCase(), password);
    assert.match(s.setCookie, /^__Host-bizplat_session=bzs_[A-Za-z0-9_-]{43};/);
    for (const flag of ['Path=/', 'Secure', 'HttpOnly', 'SameSite=Strict', 'Max-Age=43200']) assert.ok(s.setCookie.split('; ').includes(flag), flag);
    const users = await http(ctx(), 'GET', '/users', { cookie: s.cookie });
    assert.equal(users.status, 200);
    const me = await http(ctx(), 'GET', '/session', { cookie: s.cookie });
    assert.equal(me.body.csrfToken, s.csrf);
    assert.equal((me.body.user as { id: string }).id, userId);
    assert.equal((await http(ctx(), 'GET', '/users', { cookie: '__Host-bizplat_session=bzs_' + 'x'.repeat(43) })).status, 401);
    const entry = (await auditOf(ctx(), p.token)).find((e) => e.action === 'session.signin' && e.target.id === s.sessionId);
    assert.ok(entry);
    assert.equal(entry.actor.userId, userId);
    assert.equal(entry.address, '127.0.0.1');
    // The password is kept only as a scrypt hash.
    const stored = await ctx().storage.db.selectFrom('user_passwords').select('hash').where('user_id', '=', userId).executeTakeFirstOrThrow();
    assert.match(stored.hash, /^scrypt\$15\$8\$1\$/);
    assert.ok(!stored.hash.includes(password));
  });

  it('refuses a change made with the cookie without the CSRF token or from another origin', async () => {
    const s = await signIn(ctx(), email, password);
    const body = { name: 'Made With Cookie', rights: [] };
    const bare = await http(ctx(), 'POST', '/users', { cookie: s.cookie }, body);
    assert.equal(bare.status, 403);
    assert.equal(detailOf(bare.body, 'error'), 'csrf_refused');
    const wrong = await http(ctx(), 'POST', '/users', { cookie: s.cookie, 'x-csrf-token': s.csrf.slice(1) + 'A' }, body);
    assert.equal(wrong.status, 403);
    const foreign = await http(ctx(), 'POST', '/users', { cookie: s.cookie, 'x-csrf-token': s.csrf, origin: 'https://evil.example' }, body);
    assert.equal(foreign.status, 403);
    assert.equal(detailOf(foreign.body, 'error'), 'csrf_refused');
    assert.equal((await http(ctx(), 'POST', '/session', { origin: 'https://evil.example' }, { email, password })).status, 403, 'no sign-in from a page of another site');
    const made = await http(ctx(), 'POST', '/users', { cookie: s.cookie, 'x-csrf-token': s.csrf, origin: await serverUrl(ctx()) }, body);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const audited = (await auditOf(ctx(), p.token)).find((e) => e.action === 'user.create' && e.target.id === made.body.id);
    assert.equal(audited?.actor.userId, userId);
  });

  it('signing out, ending a session and deactivating the user each end the session at once', async () => {
    const first = await signIn(ctx(), email, password);
    assert.equal((await http(ctx(), 'DELETE', '/session', { cookie: first.cookie })).status, 403, 'signing out is a change: it needs the CSRF token');
    const out = await http(ctx(), 'DELETE', '/session', { cookie: first.cookie, 'x-csrf-token': first.csrf });
    assert.equal(out.status, 200);
    assert.match(out.headers.get('set-cookie') ?? '', /^__Host-bizplat_session=; Path=\/; Max-Age=0/);
    assert.equal((await http(ctx(), 'GET', '/users', { cookie: first.cookie })).status, 401);

    const second = await signIn(ctx(), email, password);
    const listed = await http(ctx(), 'GET', '/sessions', { 'x-api-token': p.token });
    const ids = (listed.body.items as Array<{ id: string; user: { id: string } }>).map((s) => s.id);
    assert.ok(ids.includes(second.sessionId) && !ids.includes(first.sessionId));
    assert.equal((await http(ctx(), 'DELETE', `/sessions/${second.sessionId}`, { 'x-api-token': p.token })).status, 200);
    assert.equal((await http(ctx(), 'GET', '/session', { cookie: second.cookie })).status, 401);

    const other = await userWithPassword(['crm.clients']);
    const third = await signIn(ctx(), other.email, other.password);
    assert.equal((await http(ctx(), 'GET', '/users', { cookie: third.cookie })).status, 403, 'a session has its user\'s rights, no more');
    assert.equal((await http(ctx(), 'GET', '/session', { cookie: third.cookie })).status, 200);
    assert.equal((await http(ctx(), 'POST', `/users/${other.id}/deactivate`, { 'x-api-token': p.token })).status, 200);
    assert.equal((await http(ctx(), 'GET', '/session', { cookie: third.cookie })).status, 401);
    assert.equal((await http(ctx(), 'POST', '/session', {}, { email: other.email, password: other.password })).status, 401, 'a deactivated user cannot sign in');

    const actions = (await auditOf(ctx(), p.token)).map((e) => `${e.action}:${e.target.id}`);
    assert.ok(actions.includes(`session.signout:${first.sessionId}`));
    assert.ok(actions.includes(`session.revoke:${second.sessionId}`));
    assert.ok(actions.includes(`session.signin_failed:${other.id}`));
  });

  it('limits wrong passwords per account, then per address, and audits each failure', async () => {
    const victim = await userWithPassword([...RIGHTS]);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
      const res = await http(ctx(), 'POST', '/session', {}, { email: victim.email, password: `wrong-password-${i}` });
      assert.equal(res.status, 401, `attempt ${i + 1}`);
      assert.equal(res.headers.get('set-cookie'), null);
    }
    const blocked = await http(ctx(), 'POST', '/session', {}, { email: victim.email, password: victim.password });
    assert.equal(blocked.status, 429, 'even the right password waits out the window');
    assert.equal(detailOf(blocked.body, 'reason'), 'failed_sign_in_account');
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
    const failures = (await auditOf(ctx(), p.token)).filter((e) => e.action === 'session.signin_failed' && e.target.id === victim.id);
    assert.equal(failures.length, ACCOUNT_FAILURE_LIMIT);
    assert.deepEqual(failures[0]!.changes.reason, { before: null, after: 'wrong password' });

    // Wrong guesses spread over many e-mails are limited by the address they come from.
    let status = 0;
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT && status !== 429; i += 1) {
      status = (await http(ctx(), 'POST', '/session', {}, { email: `nobody-${i}@example.com`, password: 'not-the-password' })).status;
    }
    const fresh = await userWithPassword([...RIGHTS]);
    const refused = await http(ctx(), 'POST', '/session', {}, { email: fresh.email, password: fresh.password });
    assert.equal(refused.status, 429);
    assert.equal(detailOf(refused.body, 'reason'), 'failed_sign_in_address');
  });
});
