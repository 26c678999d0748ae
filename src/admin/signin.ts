/**
 * Password sign-in to the admin console: POST /session signs in (sets the session cookie),
 * GET /session says who is signed in (and the CSRF token the console sends with changes),
 * DELETE /session signs out; administrators list and end sessions at /sessions.
 * Every sign-in, right or wrong, is audited in the account's organization.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteAccess } from '../http/access.ts';
import { requestSource } from '../http/audit-source.ts';
import { csrfTokenOf, SESSION_COOKIE, cookieOf, foreignOrigin, sessionCookie } from '../http/console-session.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { ErrorEnvelopeSchema, IdParam } from '../http/schemas.ts';
import { write } from '../http/write.ts';
import { recordAudit } from '../platform/audit.ts';
import type { AuditSource } from '../platform/audit.ts';
import { dummyHash, emailKey, findPasswordAccount, verifyPassword } from '../platform/passwords.ts';
import type { PasswordAccount } from '../platform/passwords.ts';
import { findMember } from '../platform/queries.ts';
import { RIGHTS } from '../platform/rights.ts';
import { endSessionIn, listSessions, SESSION_LIFETIME_MS, startSessionIn } from '../platform/sessions.ts';
import { tokenKey } from '../platform/token-key.ts';
import { isoWithOffset } from '../storage/codecs.ts';
import { SigninLimiter } from './signin-limit.ts';
import { ConsoleSession, EndedSession, SessionList, SignedOut, SignInBody } from './signin-schemas.ts';

const SIGNED_IN: RouteAccess = { scope: 'any', capability: 'admin', mode: 'read' };
const SIGN_OUT: RouteAccess = { scope: 'any', capability: 'admin', mode: 'write' };
const ADMIN_READ: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'admin', mode: 'read' };
const ADMIN_CHANGE: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'admin', mode: 'write', risk: 'high' };
const WRONG = 'the e-mail address or the password is not right';

function sourceOf(request: FastifyRequest, account: PasswordAccount): AuditSource {
  return { via: 'api', userId: account.userId, tokenId: null, name: account.name, address: request.ip };
}

function userAgentOf(request: FastifyRequest): string {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent : '';
}

function isAdministrator(rights: readonly string[]): boolean {
  return RIGHTS.every((r) => rights.includes(r));
}

export async function signinRoutes(app: FastifyInstance): Promise<void> {
  const limiter = new SigninLimiter(app);
  const key = await tokenKey(app.storage, app.config.tokenPepper);
  const tags = ['sign-in'];
  const errorAnswer = (description: string) => ({ ...ErrorEnvelopeSchema, description });

  /** A wrong sign-in: counted against the account and the address, audited when the account exists. */
  const refuseSignIn = async (request: FastifyRequest, email: string, account: PasswordAccount | undefined, reason: string): Promise<never> => {
    await limiter.failed(request, emailKey(email));
    if (account === undefined) {
      // No organization holds this address: the server log is the only place to say it.
      request.log.warn({ email: emailKey(email).slice(0, 320), address: request.ip }, 'console sign-in refused: no password account for this e-mail');
    } else {
      await app.storage.transaction((tx) =>
        recordAudit(tx, sourceOf(request, account), { orgId: account.orgId, action: 'session.signin_failed', targetType: 'user', targetId: account.userId, changes: { reason: { before: null, after: reason } } }),
      );
    }
    throw unauthorized(WRONG);
  };

  app.route<{ Body: SignInBody }>({
    method: 'POST',
    url: '/session',
    schema: { body: SignInBody, response: { 200: ConsoleSession } },
    config: {
      openapi: {
        operationId: 'adminSignIn',
        summary: 'Sign in to the console with e-mail and password',
        description:
          `Sets the session cookie \`${SESSION_COOKIE}\` (Secure, HttpOnly, SameSite=Strict) for 12 hours and answers the CSRF token to send as X-CSRF-Token with every change. `
          + 'Wrong passwords are limited per account and per address (429 with Retry-After once over). Needs no token.',
        tags,
        security: [],
        body: SignInBody,
        response: {
          200: { ...ConsoleSession, description: 'Signed in.' },
          401: errorAnswer('The e-mail address or the password is not right, or the user is deactivated.'),
          403: errorAnswer('The request came from a page of another site (csrf_refused).'),
          422: errorAnswer('The body is not an e-mail and a password.'),
          429: errorAnswer('Too many wrong passwords for this account or from this address (rate_limited; Retry-After).'),
        },
      },
    },
    handler: async (request, reply) => {
      const { email, password } = request.body;
      // No page of another site may sign the browser in (to an account of its choosing).
      const foreign = foreignOrigin(request);
      if (foreign !== undefined) throw forbidden('csrf_refused', `a page of ${foreign} may not sign in to this console`);
      limiter.check(request, emailKey(email));
      const account = await findPasswordAccount(app.storage.db, email);
      const right = await verifyPassword(password, account?.hash ?? (await dummyHash()));
      if (!right || account === undefined) return refuseSignIn(request, email, account, 'wrong password');
      if (!account.active) return refuseSignIn(request, email, account, 'user deactivated');
      const session = await app.storage.transaction(async (tx) => {
        const started = await startSessionIn(tx, key, { orgId: account.orgId, orgUserId: account.orgUserId, address: request.ip, userAgent: userAgentOf(request) });
        await recordAudit(tx, sourceOf(request, account), { orgId: account.orgId, action: 'session.signin', targetType: 'session', targetId: started.id, changes: { user: { before: null, after: account.userId } } });
        return started;
      });
      reply.header('set-cookie', sessionCookie(session.value, SESSION_LIFETIME_MS / 1000)).header('cache-control', 'no-store');
      return {
        user: { id: account.userId, name: account.name, email: account.email },
        organization: { slug: account.orgSlug },
        administrator: isAdministrator(account.rights),
        rights: account.rights,
        sessionId: session.id,
        csrfToken: csrfTokenOf(key, session.value),
        expiresAt: isoWithOffset(session.expiresAt),
      } satisfies ConsoleSession;
    },
  });

  route(app, {
    method: 'GET', url: '/session', operationId: 'adminGetSession', tags, access: SIGNED_IN, conditional: false,
    summary: 'Who the console is signed in as, with the CSRF token of the session',
    response: { status: 200, schema: ConsoleSession, description: 'The signed-in user.' },
  }, async (request, reply) => {
    const { actor } = request;
    const member = await findMember(app.storage.db, actor.orgId, actor.orgUserId);
    if (member === undefined) throw unauthorized();
    const value = actor.sessionId === undefined ? undefined : cookieOf(request, SESSION_COOKIE);
    const expires = actor.sessionId === undefined ? undefined
      : await app.storage.db.selectFrom('console_sessions').select('expires_at').where('id', '=', actor.sessionId).executeTakeFirst();
    reply.header('cache-control', 'no-store');
    return {
      user: { id: member.userId, name: member.name, email: member.email },
      organization: { slug: actor.orgSlug },
      administrator: actor.isAdmin,
      rights: member.rights,
      sessionId: actor.sessionId ?? null,
      csrfToken: value === undefined ? null : csrfTokenOf(key, value),
      expiresAt: expires === undefined ? null : isoWithOffset(expires.expires_at),
    } satisfies ConsoleSession;
  });

  route(app, {
    method: 'DELETE', url: '/session', operationId: 'adminSignOut', tags, access: SIGN_OUT,
    summary: 'Sign out: the session ends at once and the cookie is removed',
    description: 'With an API token instead of the cookie, only the cookie is removed (the token stays valid).',
    response: { status: 200, schema: SignedOut, description: 'Signed out.' },
  }, async (request, reply: FastifyReply) => {
    const { sessionId } = request.actor;
    if (sessionId !== undefined) {
      const by = await requestSource(app.storage.db, request);
      await app.storage.transaction((tx) => endSessionIn(tx, request.actor.orgId, sessionId, 'session.signout', by));
    }
    reply.header('set-cookie', sessionCookie(null));
    return { signedOut: true as const };
  });

  route(app, {
    method: 'GET', url: '/sessions', operationId: 'adminListSessions', tags, access: ADMIN_READ, conditional: false,
    summary: 'The organization\'s live console sessions, newest first (at most 200)',
    response: { status: 200, schema: SessionList, description: 'Sessions not ended and not expired.' },
  }, async (request) => ({
    items: (await listSessions(app.storage.db, request.actor.orgId)).map((s) => ({ ...s, current: s.id === request.actor.sessionId })),
  }));

  route(app, {
    method: 'DELETE', url: '/sessions/:id', operationId: 'adminEndSession', tags, access: ADMIN_CHANGE,
    summary: 'End a console session: its next request is refused (401)',
    params: IdParam,
    response: { status: 200, schema: EndedSession, description: 'The session has ended.' },
  }, async (request, reply) =>
    write(request, reply, 200, async (tx) => {
      if (!(await endSessionIn(tx, request.actor.orgId, request.params.id, 'session.revoke', await requestSource(tx.db, request)))) throw notFound('session');
      return { id: request.params.id, ended: true as const };
    }));
}
