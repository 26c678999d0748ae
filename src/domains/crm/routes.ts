/** The CRM endpoints: thin handlers (parse → one service call → reply). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { ErrorResponses, IdParam } from '../../http/schemas.ts';
import { conditionalList, conditionalRecord } from '../../http/conditional.ts';
import { etagOf, expectedVersion } from '../../http/versions.ts';
import { write } from '../../http/write.ts';
import { createClient, getClient, listClientsPage, patchClient } from './clients.ts';
import { createContact, getContact, listContactsPage, patchContact } from './contacts.ts';
import { createDeal, getDeal, listDealsPage, patchDeal } from './deals.ts';
import { clients, contacts, deals } from './queries.ts';
import {
  Client, ClientCreate, ClientList, ClientListQuery, ClientPatch,
  Contact, ContactCreate, ContactList, ContactListQuery, ContactPatch,
  Deal, DealCreate, DealList, DealListQuery, DealPatch,
} from './schemas.ts';

const read: RouteAccess = { scope: 'crm:read', capability: 'crm', mode: 'read' };
const clientWrite: RouteAccess = { scope: 'crm:write', right: 'crm.clients', capability: 'crm', mode: 'write', risk: 'low' };
const dealWrite: RouteAccess = { scope: 'crm:write', right: 'crm.deals.edit', capability: 'crm', mode: 'write', risk: 'low' };

const Envelope = Type.Ref('ErrorEnvelope');
const IfMatch = Type.Object({ 'if-match': Type.Optional(Type.String({ description: 'the record version: 3, "3" or W/"3"' })) });
const IdempotencyKey = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ description: 'repeats with the same key and body get the first response' })) });

export async function crmRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => fastify.storage.db;

  // ---- clients ----
  app.get('/clients', {
    schema: { tags: ['crm'], summary: 'List clients', querystring: ClientListQuery, response: { 200: ClientList, ...ErrorResponses } },
    config: { access: read },
  }, async (req, reply) => conditionalList(req, reply, clients, () => listClientsPage(db(), req.actor, req.query)));

  app.get('/clients/:id', {
    schema: { tags: ['crm'], summary: 'Get a client', params: IdParam, response: { 200: Client, 404: Envelope, ...ErrorResponses } },
    config: { access: read },
  }, async (req, reply) => conditionalRecord(req, reply, clients, req.params.id, () => getClient(db(), req.actor, req.params.id)));

  app.post('/clients', {
    schema: { tags: ['crm'], summary: 'Create a client', headers: IdempotencyKey, body: ClientCreate, response: { 201: Client, 409: Envelope, ...ErrorResponses } },
    config: { access: clientWrite },
  }, async (req, reply) => write(req, reply, 201, (tx) => createClient(tx, req.actor, req.body)));

  app.patch('/clients/:id', {
    schema: { tags: ['crm'], summary: 'Change a client', params: IdParam, headers: IfMatch, body: ClientPatch, response: { 200: Client, 404: Envelope, 409: Envelope, ...ErrorResponses } },
    config: { access: clientWrite },
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, async (tx) => tagged(reply, await patchClient(tx, req.actor, req.params.id, req.body, expected)));
  });

  // ---- contacts ----
  app.get('/contacts', {
    schema: { tags: ['crm'], summary: 'List contact persons', querystring: ContactListQuery, response: { 200: ContactList, ...ErrorResponses } },
    config: { access: read },
  }, async (req, reply) => conditionalList(req, reply, contacts, () => listContactsPage(db(), req.actor, req.query)));

  app.get('/contacts/:id', {
    schema: { tags: ['crm'], summary: 'Get a contact person', params: IdParam, response: { 200: Contact, 404: Envelope, ...ErrorResponses } },
    config: { access: read },
  }, async (req, reply) => conditionalRecord(req, reply, contacts, req.params.id, () => getContact(db(), req.actor, req.params.id)));

  app.post('/contacts', {
    schema: { tags: ['crm'], summary: 'Create a contact person', headers: IdempotencyKey, body: ContactCreate, response: { 201: Contact, 409: Envelope, ...ErrorResponses } },
    config: { access: clientWrite },
  }, async (req, reply) => write(req, reply, 201, (tx) => createContact(tx, req.actor, req.body)));

  app.patch('/contacts/:id', {
    schema: { tags: ['crm'], summary: 'Change a contact person', params: IdParam, headers: IfMatch, body: ContactPatch, response: { 200: Contact, 404: Envelope, 409: Envelope, ...ErrorResponses } },
    config: { access: clientWrite },
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, async (tx) => tagged(reply, await patchContact(tx, req.actor, req.params.id, req.body, expected)));
  });

  // ---- deals ----
  app.get('/deals', {
    schema: { tags: ['crm'], summary: 'List deals', querystring: DealListQuery, response: { 200: DealList, ...ErrorResponses } },
    config: { access: read },
  }, async (req, reply) => conditionalList(req, reply, deals, () => listDealsPage(db(), req.actor, req.query)));

  app.get('/deals/:id', {
    schema: { tags: ['crm'], summary: 'Get a deal', params: IdParam, response: { 200: Deal, 404: Envelope, ...ErrorResponses } },
    config: { access: read },
  }, async (req, reply) => conditionalRecord(req, reply, deals, req.params.id, () => getDeal(db(), req.actor, req.params.id)));

  app.post('/deals', {
    schema: { tags: ['crm'], summary: 'Create a deal', headers: IdempotencyKey, body: DealCreate, response: { 201: Deal, 409: Envelope, ...ErrorResponses } },
    config: { access: dealWrite },
  }, async (req, reply) => write(req, reply, 201, (tx) => createDeal(tx, req.actor, req.body)));

  app.patch('/deals/:id', {
    schema: { tags: ['crm'], summary: 'Change a deal (stage, amount, …)', params: IdParam, headers: IfMatch, body: DealPatch, response: { 200: Deal, 404: Envelope, 409: Envelope, ...ErrorResponses } },
    config: { access: dealWrite },
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, async (tx) => tagged(reply, await patchDeal(tx, req.actor, req.params.id, req.body, expected)));
  });
}

/** A changed record answers with its new version as ETag, ready for the next If-Match. */
function tagged<T extends { version: number }>(reply: { header(name: string, value: string): unknown }, record: T): T {
  reply.header('etag', etagOf(record.version));
  return record;
}
