/** The CRM endpoints: thin handlers (parse → one service call → reply). */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { taggedByCollection, taggedByVersion } from '../../http/conditional.ts';
import { expectedVersion } from '../../http/versions.ts';
import { write } from '../../http/write.ts';
import { createClient, getClient, listClients, updateClient } from './clients.ts';
import { createContact, getContact, listContacts, updateContact } from './contacts.ts';
import { createDeal, getDeal, listDeals, updateDeal } from './deals.ts';
import { funnels } from './funnels.queries.ts';
import { listFunnels } from './funnels.ts';
import { FunnelList, FunnelListQuery } from './schemas.ts';
import { clients, contacts, deals } from './queries.ts';
import {
  Client, ClientCreate, ClientList, ClientListQuery, ClientPatch,
  Contact, ContactCreate, ContactList, ContactListQuery, ContactPatch,
  Deal, DealCreate, DealList, DealListQuery, DealPatch,
} from './schemas.ts';

const read: RouteAccess = { scope: 'crm:read', capability: 'crm', mode: 'read' };
const clientWrite: RouteAccess = { scope: 'crm:write', right: 'crm.clients', capability: 'crm', mode: 'write', risk: 'low' };
const dealWrite: RouteAccess = { scope: 'crm:write', right: 'crm.deals.edit', capability: 'crm', mode: 'write', risk: 'low' };
const tags = ['crm'];
const duplicate = { 409: 'The id is taken (duplicate_id, with details.id), or the Idempotency-Key is in use (idempotency_in_progress).' };
const stale = { 409: 'The record changed since the If-Match version (stale_version, with details.expected_version).' };

export async function crmRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  route(app, {
    method: 'GET', url: '/funnels', operationId: 'listFunnels', tags, access: read,
    summary: 'List sales funnels with their stages',
    description: 'The organization\'s sales funnels (the default first), each with its stages in order: id, name, kind (open, won, lost) and order. A deal moves to a stage by stage_id or stage name.',
    query: FunnelListQuery,
    conditional: taggedByCollection(funnels),
    response: { status: 200, schema: FunnelList, description: 'A page of funnels.' },
  }, async (req) => listFunnels(db(), req.actor, req.query));

  // ---- clients ----
  route(app, {
    method: 'GET', url: '/clients', operationId: 'listClients', tags, access: read,
    summary: 'List clients',
    description: 'Clients (counterparties) by name; archived ones only with include_archived=true.',
    query: ClientListQuery,
    conditional: taggedByCollection(clients),
    response: { status: 200, schema: ClientList, description: 'A page of clients.' },
  }, async (req) => listClients(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/clients/:id', operationId: 'getClient', tags, access: read,
    summary: 'Get a client',
    params: IdParam,
    conditional: taggedByVersion(clients),
    response: { status: 200, schema: Client, description: 'The client, with its version as ETag.' },
  }, async (req) => getClient(db(), req.actor, req.params.id));

  route(app, {
    method: 'POST', url: '/clients', operationId: 'createClient', tags, access: clientWrite,
    summary: 'Create a client',
    description: 'Creates a client at version 1. The id may be supplied (a UUID); phone and email are validated.',
    body: ClientCreate,
    response: { status: 201, schema: Client, description: 'The client created.' },
    errors: duplicate,
  }, async (req, reply) => write(req, reply, 201, (tx) => createClient(tx, req.actor, req.body)));

  route(app, {
    method: 'PATCH', url: '/clients/:id', operationId: 'updateClient', tags, access: clientWrite,
    summary: 'Change a client',
    description: 'Changes only the fields sent; is_archived archives or restores the client.',
    params: IdParam, body: ClientPatch,
    response: { status: 200, schema: Client, description: 'The client at its new version (also the ETag).' },
    errors: stale,
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, (tx) => updateClient(tx, req.actor, req.params.id, req.body, expected));
  });

  // ---- contacts ----
  route(app, {
    method: 'GET', url: '/contacts', operationId: 'listContacts', tags, access: read,
    summary: 'List contact persons',
    query: ContactListQuery,
    conditional: taggedByCollection(contacts),
    response: { status: 200, schema: ContactList, description: 'A page of contact persons.' },
  }, async (req) => listContacts(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/contacts/:id', operationId: 'getContact', tags, access: read,
    summary: 'Get a contact person',
    params: IdParam,
    conditional: taggedByVersion(contacts),
    response: { status: 200, schema: Contact, description: 'The contact person, with its version as ETag.' },
  }, async (req) => getContact(db(), req.actor, req.params.id));

  route(app, {
    method: 'POST', url: '/contacts', operationId: 'createContact', tags, access: clientWrite,
    summary: 'Create a contact person',
    description: 'Creates a contact person at version 1; phone, email, telegram and instagram become its normalized channels.',
    body: ContactCreate,
    response: { status: 201, schema: Contact, description: 'The contact person created.' },
    errors: duplicate,
  }, async (req, reply) => write(req, reply, 201, (tx) => createContact(tx, req.actor, req.body)));

  route(app, {
    method: 'PATCH', url: '/contacts/:id', operationId: 'updateContact', tags, access: clientWrite,
    summary: 'Change a contact person',
    params: IdParam, body: ContactPatch,
    response: { status: 200, schema: Contact, description: 'The contact person at its new version (also the ETag).' },
    errors: stale,
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, (tx) => updateContact(tx, req.actor, req.params.id, req.body, expected));
  });

  // ---- deals ----
  route(app, {
    method: 'GET', url: '/deals', operationId: 'listDeals', tags, access: read,
    summary: 'List deals',
    query: DealListQuery,
    conditional: taggedByCollection(deals),
    response: { status: 200, schema: DealList, description: 'A page of deals.' },
  }, async (req) => listDeals(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/deals/:id', operationId: 'getDeal', tags, access: read,
    summary: 'Get a deal',
    params: IdParam,
    conditional: taggedByVersion(deals),
    response: { status: 200, schema: Deal, description: 'The deal, with its version as ETag.' },
  }, async (req) => getDeal(db(), req.actor, req.params.id));

  route(app, {
    method: 'POST', url: '/deals', operationId: 'createDeal', tags, access: dealWrite,
    summary: 'Create a deal',
    description: 'Creates a deal at version 1, in the given funnel and stage (by default the first stage of the default funnel) and currency (by default the organization\'s).',
    body: DealCreate,
    response: { status: 201, schema: Deal, description: 'The deal created.' },
    errors: duplicate,
  }, async (req, reply) => write(req, reply, 201, (tx) => createDeal(tx, req.actor, req.body)));

  route(app, {
    method: 'PATCH', url: '/deals/:id', operationId: 'updateDeal', tags, access: dealWrite,
    summary: 'Change a deal (stage, amount, …)',
    description: 'Changes only the fields sent. Moving a deal to a won or lost stage raises deal.won or deal.lost.',
    params: IdParam, body: DealPatch,
    response: { status: 200, schema: Deal, description: 'The deal at its new version (also the ETag).' },
    errors: stale,
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, (tx) => updateDeal(tx, req.actor, req.params.id, req.body, expected));
  });
}
