/**
 * The consent step of OAuth for MCP clients (src/oauth/routes.ts sends the browser to the
 * console's consent page, which calls these): what a client asks for, and the signed-in user's
 * answer. Only a person signed in with a password (a console session) may consent, and only to
 * scopes within their rights: `admin:all` for an administrator alone.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, RouteAccess } from '../http/access.ts';
import { requestSource } from '../http/audit-source.ts';
import { forbidden, invalidField } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { Nullable, StringEnum, Text } from '../http/schemas.ts';
import { recordAudit } from '../platform/audit.ts';
import { findClient, issueCodeIn, purgeExpiredCodes } from '../platform/oauth.ts';
import type { OauthClient } from '../platform/oauth.ts';
import { SCOPES } from '../platform/rights.ts';
import { tokenKey } from '../platform/token-key.ts';
import { originOf } from '../oauth/urls.ts';

const SIGNED_IN_READ: RouteAccess = { scope: 'any', capability: 'admin', mode: 'read' };
const SIGNED_IN_WRITE: RouteAccess = { scope: 'any', capability: 'admin', mode: 'write' };

const ConsentQuery = Type.Object({
  client_id: Text({ minLength: 1, maxLength: 100 }),
  redirect_uri: Text({ minLength: 1, maxLength: 2000 }),
});

const ConsentRequest = Type.Object(
  {
    client: Type.Object({ id: Type.String(), name: Type.String() }),
    redirectUri: Type.String(),
    offeredScopes: Type.Array(Type.String(), { description: 'the scopes this user may grant' }),
  },
  { $id: 'AdminOauthConsentRequest', description: 'An MCP client asking for access.' },
);

const ConsentBody = Type.Object(
  {
    clientId: Text({ minLength: 1, maxLength: 100 }),
    redirectUri: Text({ minLength: 1, maxLength: 2000 }),
    codeChallenge: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
    state: Type.Optional(Text({ maxLength: 1000 })),
    decision: StringEnum(['allow', 'deny'] as const),
    scopes: Type.Array(StringEnum(SCOPES), { maxItems: SCOPES.length }),
  },
  { $id: 'AdminOauthConsent', additionalProperties: false },
);

const ConsentAnswer = Type.Object(
  { redirectTo: Type.String({ description: 'where the browser goes next: the client, with a code or an error' }), code: Nullable(Type.String()) },
  { $id: 'AdminOauthConsentAnswer' },
);

/** The scopes a user may grant: every scope but admin:all, which only an administrator may. */
function offeredScopes(actor: Actor): string[] {
  return SCOPES.filter((s) => s !== 'admin:all' || actor.isAdmin);
}

async function clientFor(app: FastifyInstance, clientId: string, redirectUri: string): Promise<OauthClient> {
  const client = await findClient(app.storage.db, clientId);
  if (!client) throw invalidField('clientId', 'no such MCP client is registered');
  if (!client.redirectUris.includes(redirectUri)) throw invalidField('redirectUri', 'not one the client registered');
  return client;
}

function backTo(request: FastifyRequest, redirectUri: string, params: Record<string, string | undefined>): string {
  const to = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) to.searchParams.set(name, value);
  to.searchParams.set('iss', originOf(request));
  return to.href;
}

export async function consentRoutes(app: FastifyInstance): Promise<void> {
  const key = await tokenKey(app.storage, app.config.tokenPepper);
  const tags = ['sign-in'];

  route(app, {
    method: 'GET', url: '/oauth/consent', operationId: 'adminOauthConsentRequest', tags, access: SIGNED_IN_READ, conditional: false,
    summary: 'What an MCP client asks for, and which scopes the signed-in user may grant it',
    query: ConsentQuery,
    response: { status: 200, schema: ConsentRequest, description: 'The client and the scopes on offer.' },
  }, async (request) => {
    const client = await clientFor(app, request.query.client_id, request.query.redirect_uri);
    return { client: { id: client.id, name: client.name }, redirectUri: request.query.redirect_uri, offeredScopes: offeredScopes(request.actor) };
  });

  route(app, {
    method: 'POST', url: '/oauth/consent', operationId: 'adminOauthConsent', tags, access: SIGNED_IN_WRITE,
    summary: 'Allow or deny an MCP client access with the chosen scopes (console session only)',
    description: 'Allowed, the answer sends the browser back to the client with a code it exchanges at /oauth/token for an API token of this user (30 days, revocable, listed with the tokens). Audited.',
    body: ConsentBody,
    response: { status: 200, schema: ConsentAnswer, description: 'Where to send the browser.' },
  }, async (request) => {
    const { actor, body } = request;
    if (actor.sessionId === undefined) throw forbidden('session_required', 'consent is given by a person signed in to the console with e-mail and password, not with a token');
    const client = await clientFor(app, body.clientId, body.redirectUri);
    if (body.decision === 'deny') {
      return { redirectTo: backTo(request, body.redirectUri, { error: 'access_denied', error_description: 'the user denied access', state: body.state }), code: null };
    }
    const offered = offeredScopes(actor);
    const scopes = [...new Set(body.scopes)];
    if (scopes.length === 0) throw invalidField('scopes', 'choose at least one scope');
    const beyond = scopes.filter((s) => !offered.includes(s));
    if (beyond.length > 0) throw invalidField('scopes', `beyond your rights: ${beyond.join(', ')}`);
    await purgeExpiredCodes(app.storage.db);
    // Not through write(): an idempotent replay would keep the code; a repeat simply gets a new one.
    return app.storage.transaction(async (tx) => {
      const code = await issueCodeIn(tx, key, { clientId: client.id, orgId: actor.orgId, orgUserId: actor.orgUserId, scopes, redirectUri: body.redirectUri, codeChallenge: body.codeChallenge });
      await recordAudit(tx, await requestSource(tx.db, request), {
        orgId: actor.orgId, action: 'oauth.consent', targetType: 'oauth_client', targetId: client.id,
        changes: { client: { before: null, after: client.name }, scopes: { before: null, after: scopes } },
      });
      return { redirectTo: backTo(request, body.redirectUri, { code, state: body.state }), code };
    });
  });
}
