/**
 * OAuth for a remote MCP client, end to end with the official SDK's client (its auth() flow
 * through StreamableHTTPClientTransport's authProvider): the 401's resource metadata, the
 * authorization server's metadata, dynamic registration, authorize with PKCE, the consent in
 * the console driven over HTTP with a password session, the token, then tools/list with it.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { ADMIN_PREFIX } from '../../src/admin/api.ts';
import { cliSource } from '../../src/platform/audit.ts';
import { setPasswordIn } from '../../src/platform/passwords.ts';
import { createUser } from '../../src/platform/service.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { auditOf } from '../admin/helpers.ts';
import { serverUrl } from './helpers.ts';

const REDIRECT = 'http://127.0.0.1:9/callback';

/** What an MCP client keeps between runs, in memory. */
function memoryProvider() {
  const kept: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string; authorizationUrl?: URL } = {};
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return REDIRECT;
    },
    get clientMetadata() {
      return { client_name: 'Test agent', redirect_uris: [REDIRECT], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'none' };
    },
    state: () => 'state-123',
    clientInformation: () => kept.client,
    saveClientInformation: (info) => void (kept.client = info),
    tokens: () => kept.tokens,
    saveTokens: (tokens) => void (kept.tokens = tokens),
    redirectToAuthorization: (url) => void (kept.authorizationUrl = url),
    saveCodeVerifier: (verifier) => void (kept.verifier = verifier),
    codeVerifier: () => kept.verifier ?? '',
  };
  return { provider, kept };
}

describeEachDatabase('MCP OAuth with the SDK client', (ctx) => {
  let p: Principal;
  let base: string;
  let cookie: string;
  let csrf: string;
  before(async () => {
    base = await serverUrl(ctx());
    p = await createPrincipal(ctx());
    const email = `agent-owner-${p.slug}@example.com`;
    const user = await createUser(ctx().storage, { orgSlug: p.slug, name: 'Agent Owner', email, rights: ['crm.clients'] });
    await ctx().storage.transaction((tx) => setPasswordIn(tx, p.orgId, user.id, 'agent owner password', cliSource()));
    const signedIn = await fetch(`${base}${ADMIN_PREFIX}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'agent owner password' }) });
    assert.equal(signedIn.status, 200);
    cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    csrf = String(((await signedIn.json()) as { csrfToken: string }).csrfToken);
  });

  it('answers a 401 from /mcp with where to authorize, and serves both metadata documents', async () => {
    const res = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    const resource = (await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    assert.equal(resource.resource, `${base}/mcp`);
    assert.deepEqual(resource.authorization_servers, [base]);
    const server = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    assert.deepEqual(server.code_challenge_methods_supported, ['S256']);
    assert.equal(server.registration_endpoint, `${base}/oauth/register`);
  });

  it('registers, authorizes with PKCE through the console\'s consent, gets a token and lists tools with it; the token is listed, audited and revocable', async () => {
    const { provider, kept } = memoryProvider();
    const url = new URL(`${base}/mcp`);
    await assert.rejects(new Client({ name: 'agent', version: '1' }).connect(new StreamableHTTPClientTransport(url, { authProvider: provider })), UnauthorizedError);
    assert.ok(kept.client?.client_id, 'registered dynamically');
    const authorize = kept.authorizationUrl;
    assert.ok(authorize);
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');

    // The browser follows the authorization URL to the console's consent page.
    const sent = await fetch(authorize, { redirect: 'manual' });
    assert.equal(sent.status, 302);
    const consentPage = new URL(sent.headers.get('location') ?? '', base);
    assert.equal(consentPage.pathname, '/admin');
    const params = new URLSearchParams(consentPage.hash.slice('#consent?'.length));
    const asked = await fetch(`${base}${ADMIN_PREFIX}/oauth/consent?${new URLSearchParams({ client_id: params.get('client_id')!, redirect_uri: params.get('redirect_uri')! }).toString()}`, { headers: { cookie } });
    const offered = ((await asked.json()) as { offeredScopes: string[] }).offeredScopes;
    assert.ok(!offered.includes('admin:all'), 'not an administrator: admin:all is not on offer');

    const consent = (body: Record<string, unknown>, headers: Record<string, string> = { cookie, 'x-csrf-token': csrf }) =>
      fetch(`${base}${ADMIN_PREFIX}/oauth/consent`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: params.get('client_id'), redirectUri: params.get('redirect_uri'), codeChallenge: params.get('code_challenge'), state: params.get('state'), decision: 'allow', ...body }),
      });
    assert.equal((await consent({ scopes: ['crm:read', 'admin:all'] })).status, 422, 'never beyond the user\'s rights');
    assert.equal((await consent({ scopes: ['crm:read'] }, { 'x-api-token': p.token })).status, 403, 'a token cannot consent for a person');
    const allowed = await consent({ scopes: ['crm:read'] });
    assert.equal(allowed.status, 200);
    const back = new URL(((await allowed.json()) as { redirectTo: string }).redirectTo);
    assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
    assert.equal(back.searchParams.get('state'), 'state-123');

    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await transport.finishAuth(back.searchParams.get('code')!);
    assert.match(kept.tokens?.access_token ?? '', /^bzp_/);
    assert.equal(kept.tokens?.token_type, 'Bearer');
    const client = new Client({ name: 'agent', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    const tools = (await client.listTools()).tools.map((t) => t.name);
    await client.close();
    assert.ok(tools.includes('listClients'), tools.join(', '));
    assert.ok(!tools.some((t) => t.startsWith('create')), 'crm:read alone: no writes');

    // The code works once; the token is an ordinary one: listed, audited, revocable.
    const again = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, client_id: kept.client.client_id, redirect_uri: REDIRECT, code_verifier: kept.verifier! }).toString(),
    });
    assert.equal(again.status, 400);
    assert.equal(((await again.json()) as { error: string }).error, 'invalid_grant');
    const tokens = (await (await fetch(`${base}${ADMIN_PREFIX}/tokens`, { headers: { 'x-api-token': p.token } })).json()) as { items: Array<{ id: string; name: string; scopes: string[]; expiresAt: string | null; revokedAt: string | null }> };
    const issued = tokens.items.find((t) => t.name === 'OAuth: Test agent');
    assert.ok(issued);
    assert.deepEqual(issued.scopes, ['crm:read']);
    assert.ok(issued.expiresAt !== null && Date.parse(issued.expiresAt) > Date.now());
    assert.ok(issued.revokedAt !== null, 'the code presented again revoked the token made from it');
    const actions = (await auditOf(ctx(), p.token)).map((e) => e.action);
    assert.ok(actions.includes('oauth.consent') && actions.includes('token.create') && actions.includes('token.revoke'));
    const refused = await fetch(`${base}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${kept.tokens!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    assert.equal(refused.status, 401);
  });
});
