/** The admin API's own operations: users and rights, tokens, organization settings, the audit trail. */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../http/access.ts';
import { invalidField, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { IdParam } from '../http/schemas.ts';
import { requestSource } from '../http/audit-source.ts';
import { write } from '../http/write.ts';
import { listAudit, listMembers, listTokens } from '../platform/directory.ts';
import { outgoingStateOf, switchOutgoing } from '../platform/outgoing.ts';
import type { OutgoingState } from '../platform/outgoing.ts';
import { findMember, findOrganizationBySlug } from '../platform/queries.ts';
import { RIGHTS, SCOPES } from '../platform/rights.ts';
import { createTokenIn, createUserIn, deactivateMemberIn, revokeTokenIn, setMemberRightsIn } from '../platform/service.ts';
import type { MemberRow } from '../platform/queries.ts';
import { tokenKey } from '../platform/token-key.ts';
import type { Tx } from '../storage/storage.ts';
import { isoWithOffset } from '../storage/codecs.ts';
import { requireFound } from '../storage/resource.ts';
import {
  AdminCatalog, AdminTokenList, AdminUser, AdminUserList, AuditPage, AuditQuery, CreatedToken, CreateTokenBody, CreateUserBody,
  DeliveriesPatch, DeliveriesState, OrganizationSettings, RevokedToken, SettingsPatch, UserRightsBody,
} from './schemas.ts';
import { VERSION } from '../version.ts';
import { changeSettings, getSettings } from './settings.ts';

/** Every admin operation: an `admin:all` token of an administrator (every role right). */
const ADMIN_READ: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'admin', mode: 'read' };
const ADMIN_CHANGE: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'admin', mode: 'write', risk: 'high' };

const TOKEN_SHOWN_ONCE = 'The token is shown only in this answer; the server keeps only a hash of it.';

async function userView(tx: Tx, orgId: string, member: MemberRow) {
  const created = await tx.db.selectFrom('org_users').select('created_at').where('id', '=', member.orgUserId).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return { id: member.userId, orgUserId: member.orgUserId, name: member.name, email: member.email, rights: member.rights, active: member.active, createdAt: isoWithOffset(created.created_at) };
}

function deliveriesView(state: OutgoingState) {
  return { ...state, pausedAt: state.pausedAt === null ? null : isoWithOffset(state.pausedAt) };
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['admin'];
  const none = { conditional: false } as const;

  route(app, {
    method: 'GET', url: '/catalog', operationId: 'adminCatalog', tags, access: ADMIN_READ, ...none,
    summary: 'The token scopes and role rights there are, and the server\'s release',
    response: { status: 200, schema: AdminCatalog, description: 'Scopes, rights and the release.' },
  }, async () => ({ scopes: [...SCOPES], rights: [...RIGHTS], version: VERSION }));

  route(app, {
    method: 'GET', url: '/users', operationId: 'adminListUsers', tags: ['users'], access: ADMIN_READ, ...none,
    summary: 'The organization\'s users with their role rights',
    response: { status: 200, schema: AdminUserList, description: 'Every member, oldest first.' },
  }, async (request) => ({ items: await listMembers(app.storage.db, request.actor.orgId) }));

  route(app, {
    method: 'POST', url: '/users', operationId: 'adminCreateUser', tags: ['users'], access: ADMIN_CHANGE,
    summary: 'Add a user with role rights',
    body: CreateUserBody,
    response: { status: 201, schema: AdminUser, description: 'The new user.' },
  }, async (request, reply) =>
    write(request, reply, 201, async (tx) => {
      const { id } = await createUserIn(tx, request.actor.orgId, { ...request.body, rights: request.body.rights ?? [] }, await requestSource(tx.db, request));
      const member = await requireFound(await findMember(tx.db, request.actor.orgId, id), 'user');
      return userView(tx, request.actor.orgId, member);
    }));

  route(app, {
    method: 'PATCH', url: '/users/:id', operationId: 'adminSetUserRights', tags: ['users'], access: ADMIN_CHANGE,
    summary: 'Replace a user\'s role rights',
    description: 'Takes effect from the next request of any of the user\'s tokens.',
    params: IdParam, body: UserRightsBody,
    response: { status: 200, schema: AdminUser, description: 'The user with the new rights.' },
  }, async (request, reply) =>
    write(request, reply, 200, async (tx) =>
      userView(tx, request.actor.orgId, await setMemberRightsIn(tx, request.actor.orgId, request.params.id, request.body.rights, await requestSource(tx.db, request)))));

  route(app, {
    method: 'POST', url: '/users/:id/deactivate', operationId: 'adminDeactivateUser', tags: ['users'], access: ADMIN_CHANGE,
    summary: 'Deactivate a user: every token of theirs is refused (401) from the next request on',
    params: IdParam,
    response: { status: 200, schema: AdminUser, description: 'The deactivated user.' },
  }, async (request, reply) => {
    const { actor } = request;
    if (request.params.id === actor.userId || request.params.id === actor.orgUserId) {
      throw invalidField('id', 'is your own user: another administrator must deactivate you, so the organization keeps one');
    }
    return write(request, reply, 200, async (tx) =>
      userView(tx, actor.orgId, await deactivateMemberIn(tx, actor.orgId, request.params.id, await requestSource(tx.db, request))));
  });

  route(app, {
    method: 'GET', url: '/tokens', operationId: 'adminListTokens', tags: ['tokens'], access: ADMIN_READ, ...none,
    summary: 'The organization\'s API tokens (never their values)',
    response: { status: 200, schema: AdminTokenList, description: 'Every token, newest first, revoked ones included.' },
  }, async (request) => ({ items: await listTokens(app.storage.db, request.actor.orgId) }));

  route(app, {
    method: 'POST', url: '/tokens', operationId: 'adminCreateToken', tags: ['tokens'], access: ADMIN_CHANGE,
    summary: 'Issue a token with the chosen scopes (its value is shown only in this answer)',
    body: CreateTokenBody,
    errors: { 404: 'No user userId in this organization (not_found).' },
    response: { status: 201, schema: CreatedToken, description: 'The token id and value.' },
  }, async (request, reply) => {
    const key = await tokenKey(app.storage, app.config.tokenPepper);
    return write<CreatedToken>(request, reply, 201, async (tx) => {
      const org = await requireFound(await findOrganizationBySlug(tx.db, request.actor.orgSlug), 'organization');
      const { body } = request;
      const created = await createTokenIn(
        tx, key, org,
        { user: body.userId ?? request.actor.userId, scopes: body.scopes, name: body.name, expires: body.expiresAt },
        await requestSource(tx.db, request),
      );
      return { id: created.id, token: created.token, note: TOKEN_SHOWN_ONCE };
    }, { shownOnce: ['token'] });
  });

  route(app, {
    method: 'DELETE', url: '/tokens/:id', operationId: 'adminRevokeToken', tags: ['tokens'], access: ADMIN_CHANGE,
    summary: 'Revoke a token: it is refused (401) from the next request on',
    params: IdParam,
    response: { status: 200, schema: RevokedToken, description: 'The token is revoked.' },
  }, async (request, reply) =>
    write(request, reply, 200, async (tx) => {
      if (!(await revokeTokenIn(tx, request.actor.orgId, request.params.id, await requestSource(tx.db, request)))) throw notFound('token');
      return { id: request.params.id, revoked: true as const };
    }));

  route(app, {
    method: 'GET', url: '/settings', operationId: 'adminGetSettings', tags: ['settings'], access: ADMIN_READ, ...none,
    summary: 'The organization\'s settings',
    response: { status: 200, schema: OrganizationSettings, description: 'The settings.' },
  }, async (request) => getSettings(app.storage.db, request.actor));

  route(app, {
    method: 'PATCH', url: '/settings', operationId: 'adminChangeSettings', tags: ['settings'], access: ADMIN_CHANGE,
    summary: 'Change organization settings',
    body: SettingsPatch,
    response: { status: 200, schema: OrganizationSettings, description: 'The settings after the change.' },
  }, async (request, reply) => write(request, reply, 200, async (tx) => changeSettings(tx, request.actor, request.body, await requestSource(tx.db, request))));

  route(app, {
    method: 'GET', url: '/audit', operationId: 'adminListAudit', tags: ['audit'], access: ADMIN_READ, ...none,
    summary: 'The audit trail, newest first',
    description: 'Pages through `cursor`: pass the previous page\'s nextCursor for older entries.',
    query: AuditQuery,
    response: { status: 200, schema: AuditPage, description: 'One page of entries.' },
  }, async (request) => listAudit(app.storage.db, request.actor.orgId, { cursor: request.query.cursor, limit: request.query.limit }));

  route(app, {
    method: 'GET', url: '/deliveries', operationId: 'adminGetDeliveries', tags: ['settings'], access: ADMIN_READ, ...none,
    summary: 'Whether outgoing webhooks and messenger messages are paused',
    response: { status: 200, schema: DeliveriesState, description: 'The switch.' },
  }, async (request) => deliveriesView(await outgoingStateOf(app.storage.db, request.actor.orgId)));

  route(app, {
    method: 'PATCH', url: '/deliveries', operationId: 'adminSwitchDeliveries', tags: ['settings'], access: ADMIN_CHANGE,
    summary: 'Pause or resume outgoing webhooks and messenger messages',
    description: 'Paused, they are queued and not sent (an operator\'s redeliver is refused); resumed, the queued ones go out. A restored copy starts paused. Audited.',
    body: DeliveriesPatch,
    response: { status: 200, schema: DeliveriesState, description: 'The switch after the change.' },
  }, async (request, reply) =>
    write(request, reply, 200, async (tx) => {
      const org = { id: request.actor.orgId, slug: request.actor.orgSlug };
      await switchOutgoing(tx, [org], request.body.paused, request.body.reason ?? 'paused by an administrator', await requestSource(tx.db, request));
      return deliveriesView(await outgoingStateOf(tx.db, org.id));
    }));
}
