/**
 * OAuth 2.1 for remote MCP clients: protected-resource metadata (RFC 9728), authorization-server
 * metadata (RFC 8414), dynamic client registration (RFC 7591), the authorization endpoint (code
 * with PKCE S256 only; the consent is the admin console's, src/admin/consent.ts) and the token
 * endpoint, which issues an API token of the usual kind (hashed, expiring, revocable, listed and
 * audited like any other). These endpoints speak OAuth's own errors (`error`,
 * `error_description`), which OAuth clients read.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findMember, findOrganizationBySlug } from '../platform/queries.ts';
import { findClient, findCode, registerClient, useCodeIn, verifierMatches } from '../platform/oauth.ts';
import { SCOPES } from '../platform/rights.ts';
import { createTokenIn, revokeTokenIn } from '../platform/service.ts';
import { tokenKey } from '../platform/token-key.ts';
import { MCP_PATH } from '../mcp/http.ts';
import {
  AUTHORIZATION_SERVER_PATH, AUTHORIZE_PATH, CONSENT_PAGE, PROTECTED_RESOURCE_PATH, REGISTER_PATH, TOKEN_PATH, isAcceptableRedirect, originOf,
} from './urls.ts';

/** An access token lives 30 days (no refresh tokens: the user authorizes again). */
export const ACCESS_TOKEN_LIFETIME_S = 30 * 24 * 3600;
const REGISTRATIONS_PER_HOUR = 20;
const hide = { schema: { hide: true } } as const;

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

function text(value: unknown, max = 2000): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const key = await tokenKey(app.storage, app.config.tokenPepper);
  const countRegistration = app.createRateLimit({ max: REGISTRATIONS_PER_HOUR, timeWindow: 3_600_000, keyGenerator: (r) => `oauth-register:${r.ip}`, allowList: () => false });
  // The token endpoint takes a form body (RFC 6749 §4.1.3); only within this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const resourceMetadata = async (request: FastifyRequest) => ({
    resource: `${originOf(request)}${MCP_PATH}`,
    authorization_servers: [originOf(request)],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'bizplat MCP server',
  });
  app.get(PROTECTED_RESOURCE_PATH, hide, resourceMetadata);
  app.get(`${PROTECTED_RESOURCE_PATH}${MCP_PATH}`, hide, resourceMetadata);

  app.get(AUTHORIZATION_SERVER_PATH, hide, async (request) => {
    const origin = originOf(request);
    return {
      issuer: origin,
      authorization_endpoint: `${origin}${AUTHORIZE_PATH}`,
      token_endpoint: `${origin}${TOKEN_PATH}`,
      registration_endpoint: `${origin}${REGISTER_PATH}`,
      scopes_supported: [...SCOPES],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    };
  });

  app.post(REGISTER_PATH, hide, async (request, reply) => {
    const counted = await countRegistration(request);
    if (!counted.isAllowed && counted.isExceeded) return oauthError(reply.header('retry-after', String(counted.ttlInSeconds)), 429, 'too_many_requests', 'too many registrations from this address: retry later');
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    const uris = body.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) return oauthError(reply, 400, 'invalid_redirect_uri', 'redirect_uris: give 1 to 10 redirect URIs');
    const redirectUris = uris.map((u) => text(u));
    const bad = redirectUris.findIndex((u) => u === undefined || !isAcceptableRedirect(u));
    if (bad >= 0) return oauthError(reply, 400, 'invalid_redirect_uri', `redirect_uris[${bad}]: must be https, http on a loopback address, or an app's own scheme, without a fragment`);
    const method = body.token_endpoint_auth_method;
    if (method !== undefined && method !== 'none') return oauthError(reply, 400, 'invalid_client_metadata', 'token_endpoint_auth_method: only "none" (a public client proving itself with PKCE)');
    const name = text(body.client_name, 200)?.trim() || 'MCP client';
    const client = await registerClient(app.storage.db, name, redirectUris.filter((u): u is string => u !== undefined));
    return reply.code(201).header('cache-control', 'no-store').send({
      client_id: client.id,
      client_id_issued_at: Math.floor(Date.parse(client.createdAt) / 1000),
      client_name: client.name,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  app.get(AUTHORIZE_PATH, hide, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const client = await findClient(app.storage.db, text(query.client_id, 100) ?? '');
    const redirectUri = text(query.redirect_uri);
    // Without a known client and one of its redirect URIs there is nowhere safe to send an error.
    if (!client) return oauthError(reply, 400, 'invalid_client', 'client_id: no such client is registered here');
    if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) return oauthError(reply, 400, 'invalid_request', 'redirect_uri: not one the client registered');
    const state = text(query.state, 1000);
    const back = (error: string, description: string) => {
      const to = new URL(redirectUri);
      to.searchParams.set('error', error);
      to.searchParams.set('error_description', description);
      if (state !== undefined) to.searchParams.set('state', state);
      to.searchParams.set('iss', originOf(request));
      return reply.redirect(to.href, 302);
    };
    if (query.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code');
    const challenge = text(query.code_challenge, 128);
    if (challenge === undefined || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return back('invalid_request', 'code_challenge: a PKCE S256 challenge is required');
    if (query.code_challenge_method !== 'S256') return back('invalid_request', 'code_challenge_method: only S256');
    const scope = text(query.scope, 2000) ?? '';
    const unknown = scope.split(' ').filter((s) => s !== '' && !(SCOPES as readonly string[]).includes(s));
    if (unknown.length > 0) return back('invalid_scope', `unknown scope(s): ${unknown.join(', ')}`);
    const resource = text(query.resource);
    if (resource !== undefined && resource.replace(/\/$/, '') !== `${originOf(request)}${MCP_PATH}`) return back('invalid_target', `resource: this server is ${originOf(request)}${MCP_PATH}`);
    const consent = new URLSearchParams({ client_id: client.id, redirect_uri: redirectUri, code_challenge: challenge, scope, ...(state !== undefined ? { state } : {}) });
    return reply.header('cache-control', 'no-store').redirect(`${CONSENT_PAGE}${consent.toString()}`, 302);
  });

  app.post(TOKEN_PATH, hide, async (request, reply) => {
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    if (body.grant_type !== 'authorization_code') return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type: only authorization_code');
    const code = await findCode(app.storage.db, key, text(body.code, 100) ?? '');
    const refuse = (description: string) => oauthError(reply, 400, 'invalid_grant', description);
    if (!code) return refuse('the code is not valid');
    if (code.usedAt !== null) {
      // A code presented twice was intercepted: the token made from it is revoked as well.
      if (code.tokenId !== null) await app.storage.transaction((tx) => revokeTokenIn(tx, code.orgId, code.tokenId!, { via: 'api', userId: null, tokenId: null, name: 'OAuth code reuse', address: request.ip }));
      return refuse('the code was used already; the token made from it is revoked');
    }
    if (Date.parse(code.expiresAt) <= Date.now()) return refuse('the code has expired');
    if (body.client_id !== code.clientId) return refuse('client_id: the code was issued to another client');
    if (body.redirect_uri !== code.redirectUri) return refuse('redirect_uri: not the one the code was issued for');
    if (!verifierMatches(text(body.code_verifier, 128) ?? '', code.codeChallenge)) return refuse('code_verifier: does not match the code_challenge');
    const client = await findClient(app.storage.db, code.clientId);
    const issued = await app.storage.transaction(async (tx) => {
      const member = await findMember(tx.db, code.orgId, code.orgUserId);
      const org = await tx.db.selectFrom('organizations').select('slug').where('id', '=', code.orgId).executeTakeFirst();
      const orgRow = org && (await findOrganizationBySlug(tx.db, org.slug));
      if (!member?.active || !orgRow) return undefined;
      const expires = new Date(Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000).toISOString();
      const by = { via: 'api' as const, userId: member.userId, tokenId: null, name: member.name, address: request.ip };
      const token = await createTokenIn(tx, key, orgRow, { user: member.orgUserId, scopes: code.scopes, name: `OAuth: ${client?.name ?? code.clientId}`, expires }, by);
      if (!(await useCodeIn(tx, code.codeHash, token.id))) throw new CodeRaced();
      return token;
    }).catch((error: unknown) => {
      if (error instanceof CodeRaced) return 'raced' as const;
      throw error;
    });
    if (issued === 'raced') return refuse('the code was used already');
    if (issued === undefined) return refuse('the user who authorized is no longer active');
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({
      access_token: issued.token,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      scope: code.scopes.join(' '),
    });
  });
}

class CodeRaced extends Error {}
