import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { EVENT_NAMES } from '../../src/domains/webhooks/catalog.ts';
import { ContractChecker } from '../helpers/contract.ts';
import type { OpenApiDocument } from '../helpers/contract.ts';
import { api, createContext, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { $ref?: string; headers?: Record<string, { $ref?: string; required?: boolean }>; content?: Record<string, { schema: { $ref?: string } }> }>;
  'x-required-scope'?: string;
  'x-required-right'?: string;
}
interface Doc {
  openapi: string;
  info: { title: string; description: string; contact?: { name?: string; url?: string }; license?: { name?: string; identifier?: string } };
  tags?: Array<{ name: string; description?: string }>;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post: Operation }>;
  components: {
    securitySchemes: Record<string, Record<string, string>>;
    schemas: Record<string, { type?: string; required?: string[]; properties?: Record<string, Record<string, unknown>>; additionalProperties?: unknown; examples?: unknown[] }>;
    responses: Record<string, { headers?: Record<string, { $ref?: string }>; content?: Record<string, { schema: { $ref?: string } }> }>;
    headers: Record<string, { required?: boolean; schema: Record<string, unknown> }>;
  };
  security: Array<Record<string, unknown>>;
}

async function served(ctx: TestContext): Promise<Doc> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  return res.json() as Doc;
}

function operations(doc: Doc): Array<[string, string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [path, method, op] as [string, string, Operation]));
}

function headerNames(op: Operation): string[] {
  return (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
}

describeEachDatabase('OpenAPI document and docs UI', (ctx) => {
  it('serves OpenAPI 3.1 generated from the route schemas, without a token', async () => {
    const doc = await served(ctx());
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(doc.servers, [{ url: '/api/public/v1' }]);
    assert.deepEqual(doc.components.securitySchemes.ApiToken, { type: 'apiKey', in: 'header', name: 'X-API-Token', description: 'A personal access token.' });
    assert.equal(doc.components.securitySchemes.BearerAuth?.type, 'http');
    assert.equal(doc.components.securitySchemes.BearerAuth?.scheme, 'bearer');
    assert.deepEqual(doc.security, [{ ApiToken: [] }, { BearerAuth: [] }]);
    assert.ok(doc.paths['/ping']?.get && doc.paths['/capabilities']?.get);
    assert.ok(doc.paths['/notes']?.get && doc.paths['/notes'].post && doc.paths['/notes/{id}']?.patch);
    assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/api/public/v1')), 'no path repeats the server prefix');
    assert.ok(!doc.paths['/openapi.json'], 'the document does not list itself');
    assert.equal(doc.paths['/notes']!.post!.requestBody!.content['application/json']!.schema.$ref, '#/components/schemas/NoteCreate');
    const create = doc.components.schemas.NoteCreate!;
    assert.deepEqual(Object.keys(create.properties ?? {}).sort(), ['body', 'is_archived', 'title']);
    assert.equal(create.additionalProperties, false);
  });

  it('every operation has a unique operationId, a summary, both security schemes and the scope and right it needs', async () => {
    const doc = await served(ctx());
    const ids = operations(doc).map(([, , op]) => op.operationId);
    assert.ok(ids.every((id) => typeof id === 'string' && id.length > 0), 'every operation has an operationId');
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const [path, method, op] of operations(doc)) {
      assert.ok(op.summary, `${method} ${path} has a summary`);
      assert.deepEqual(op.security, [{ ApiToken: [] }, { BearerAuth: [] }]);
      assert.ok(op['x-required-scope'], `${method} ${path} names its scope`);
      assert.match(op.description ?? '', /Requires (scope `[^`]+`|any valid token)/);
    }
    const post = doc.paths['/notes']!.post!;
    assert.equal(post['x-required-scope'], 'crm:write');
    assert.equal(post['x-required-right'], 'crm.clients');
    assert.match(post.description ?? '', /Requires scope `crm:write` and the role right `crm.clients`/);
  });

  it('parameters with a default are optional; POST takes Idempotency-Key, PATCH If-Match, record and list GETs If-None-Match with 304', async () => {
    const doc = await served(ctx());
    const list = doc.paths['/notes']!.get!;
    const query = Object.fromEntries((list.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]));
    assert.deepEqual(Object.keys(query).sort(), ['cursor', 'include_archived', 'limit', 'offset']);
    for (const name of ['limit', 'offset', 'include_archived', 'cursor']) assert.equal(query[name]!.required, false, `${name} is optional`);
    assert.equal(query.limit!.schema!.default, 50);
    for (const [path, method, op] of operations(doc)) {
      if (method === 'post') assert.ok(headerNames(op).includes('Idempotency-Key'), `${path} POST takes Idempotency-Key`);
      if (method === 'patch') assert.ok(headerNames(op).includes('If-Match'), `${path} PATCH takes If-Match`);
    }
    for (const path of ['/notes', '/notes/{id}']) {
      const get = doc.paths[path]!.get!;
      assert.ok(headerNames(get).includes('If-None-Match'), `${path} takes If-None-Match`);
      assert.ok(get.responses['304'], `${path} documents 304`);
      assert.ok(get.responses['200']!.headers!.ETag, `${path} declares ETag`);
    }
    assert.ok(!headerNames(doc.paths['/ping']!.get!).includes('If-None-Match'));
  });

  it('documents every answer the server gives, each error in the envelope, with the response headers', async () => {
    const doc = await served(ctx());
    const statuses = (op: Operation) => Object.keys(op.responses).sort();
    // A write may meet a full disk (507 storage_full); any request an unreachable database (503).
    assert.deepEqual(statuses(doc.paths['/notes']!.post!), ['201', '400', '401', '403', '409', '413', '415', '422', '429', '500', '503', '507']);
    assert.deepEqual(statuses(doc.paths['/notes/{id}']!.patch!), ['200', '400', '401', '403', '404', '409', '413', '414', '415', '422', '429', '500', '503', '507']);
    assert.deepEqual(statuses(doc.paths['/notes/{id}']!.get!), ['200', '304', '400', '401', '403', '404', '414', '415', '422', '429', '500', '503']);
    for (const [name, answer] of Object.entries(doc.components.responses)) {
      assert.equal(answer.content!['application/json']!.schema.$ref, '#/components/schemas/ErrorEnvelope', name);
      assert.ok(answer.headers!['X-Request-Id'], `${name} declares X-Request-Id`);
    }
    assert.ok(doc.components.responses.TooManyRequests!.headers!['Retry-After']);
    assert.ok(doc.components.responses.ServiceUnavailable!.headers!['Retry-After']);
    assert.ok(doc.components.responses.InsufficientStorage!.headers!['Retry-After']);
    assert.equal(doc.components.headers['X-Request-Id']!.required, true);
    assert.equal(doc.components.headers['Retry-After']!.required, true);
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'ETag', 'Idempotent-Replayed']) assert.ok(doc.components.headers[name], name);
    assert.ok(doc.paths['/notes']!.post!.responses['201']!.headers!['Idempotent-Replayed']);
    assert.ok(doc.paths['/notes/{id}']!.patch!.responses['200']!.headers!.ETag);
    const envelope = doc.components.schemas.ErrorEnvelope!;
    assert.deepEqual([...envelope.required!].sort(), ['details', 'error', 'message', 'request_id']);
    const details = envelope.properties!.details as { properties: Record<string, unknown>; required: string[] };
    for (const key of ['error', 'fields', 'required_scope', 'required_right', 'expected_version', 'reason']) assert.ok(details.properties[key], `details.${key}`);
    assert.deepEqual(details.required, ['error']);
  });

  it('introduces the API in info.description', async () => {
    const doc = await served(ctx());
    assert.equal(doc.info.title, 'bizplat public API');
    for (const section of ['Tokens and scopes', 'Pagination', 'Idempotency', 'Optimistic locking', 'Errors', 'Rate limits', 'Webhooks', 'Verifying a signature']) {
      assert.match(doc.info.description, new RegExp(`## ${section}|### ${section}`), section);
    }
    assert.match(doc.info.description, /Authorization: Bearer/);
    assert.match(doc.info.description, /X-Webhook-Signature/);
  });

  it('serves a documentation page titled bizplat that loads the API document, without a token', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/docs' });
    const page = res.statusCode === 302 ? await ctx().app.inject({ method: 'GET', url: String(res.headers.location).startsWith('/') ? String(res.headers.location) : `/api/public/v1/${String(res.headers.location)}` }) : res;
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.body, /<title>bizplat API<\/title>/);
    assert.doesNotMatch(page.body, /<title>Swagger UI<\/title>/);
    const init = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/docs/static/swagger-initializer.js' });
    assert.equal(init.statusCode, 200);
    assert.match(init.body, /"urls":\[\{"url":"\/api\/public\/v1\/openapi\.json"/);
  });

  it('the answer check refuses an undocumented status, a missing required header and a body off its schema', async () => {
    const doc = (await served(ctx())) as unknown as OpenApiDocument;
    const checker = new ContractChecker(doc, '/api/public/v1');
    const principal = await createPrincipal(ctx());
    const good = await api(ctx(), principal.token, 'POST', '/notes', { body: { title: 'checked' } });
    assert.equal(good.statusCode, 201);
    checker.check('POST', '/api/public/v1/notes', good);
    const altered = (changes: Partial<LightMyRequestResponse>) => ({ ...good, ...changes }) as LightMyRequestResponse;
    assert.throws(() => checker.check('POST', '/api/public/v1/notes', altered({ statusCode: 418 })), /status not documented/);
    assert.throws(() => checker.check('POST', '/api/public/v1/notes', altered({ headers: { ...good.headers, 'x-request-id': undefined } })), /X-Request-Id is missing/);
    assert.throws(() => checker.check('POST', '/api/public/v1/notes', altered({ body: JSON.stringify({ ...good.json(), version: 'one' }) })), /body: .*version/);
    assert.throws(() => checker.check('POST', '/api/public/v1/notes', altered({ headers: { ...good.headers, 'x-ratelimit-limit': 'many' } })), /X-RateLimit-Limit/);
  });
}, { modules: [notesModule] });

describe('OpenAPI document of the served domains', () => {
  let ctx: Awaited<ReturnType<typeof createContext>>;
  let doc: Doc;
  before(async () => {
    ctx = await createContext('sqlite');
    doc = await served(ctx);
  });
  after(async () => ctx.close());

  it('names a component schema for every resource, list and create or patch body', () => {
    const names = [
      'Client', 'Contact', 'Deal', 'Product', 'Warehouse', 'StockBalance', 'Movement', 'MovementLine', 'WebhookSubscription', 'CreatedWebhookSubscription',
      'ErrorEnvelope', 'ClientList', 'ContactList', 'DealList', 'ProductList', 'WarehouseList', 'StockBalanceList', 'MovementPage', 'WebhookSubscriptionList',
      'ClientCreate', 'ClientPatch', 'ContactCreate', 'ContactPatch', 'DealCreate', 'DealPatch', 'ProductCreate', 'ProductPatch', 'MovementCreate',
      'WebhookSubscriptionCreate', 'WebhookPayload', 'Ping', 'CapabilitiesCatalog', 'EventCatalog',
    ];
    for (const name of names) assert.ok(doc.components.schemas[name], name);
    assert.equal(doc.paths['/clients/{id}']!.get!.responses['200']!.content!['application/json']!.schema.$ref, '#/components/schemas/Client');
    assert.equal(doc.paths['/movements']!.get!.responses['200']!.content!['application/json']!.schema.$ref, '#/components/schemas/MovementPage');
  });

  it('every list takes cursor and answers next_cursor', () => {
    let lists = 0;
    for (const [path, method, op] of operations(doc)) {
      const ref = op.responses['200']?.content?.['application/json']?.schema.$ref;
      const schema = ref === undefined ? undefined : doc.components.schemas[ref.replace('#/components/schemas/', '')];
      if (method !== 'get' || schema?.properties?.next_cursor === undefined) continue;
      lists += 1;
      assert.ok(schema.required?.includes('next_cursor'), `${path} always answers next_cursor`);
      assert.ok((op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'cursor' && p.required !== true), `${path} takes cursor`);
    }
    assert.ok(lists >= 20, `${lists} lists page by cursor`);
    for (const path of ['/clients', '/contacts', '/deals', '/products', '/tasks', '/funnels', '/stock', '/meetings', '/employees', '/projects', '/receivables', '/warehouses', '/processes']) {
      const ref = doc.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema.$ref ?? '';
      assert.ok(doc.components.schemas[ref.replace('#/components/schemas/', '')]?.properties?.next_cursor, `${path} answers next_cursor`);
    }
  });

  it('declares enums and formats on records', () => {
    const props = (name: string) => doc.components.schemas[name]!.properties!;
    assert.deepEqual(props('Movement').kind, { type: 'string', enum: ['in', 'out', 'transfer', 'adjustment', 'produce', 'consume'] });
    assert.deepEqual(props('MovementCreate').kind, { type: 'string', enum: ['in', 'out', 'transfer', 'adjustment'] });
    assert.deepEqual(props('Product').item_type, { type: 'string', enum: ['product', 'service', 'material', 'finished_good'] });
    assert.equal(props('Client').id!.format, 'uuid');
    assert.equal(props('Client').created_at!.format, 'date-time');
    assert.equal(props('Deal').stage_id!.format, 'uuid');
    const kind = (doc.paths['/movements']!.get!.parameters ?? []).find((p) => p.name === 'kind');
    assert.deepEqual(kind?.schema?.enum, ['in', 'out', 'transfer', 'adjustment', 'produce', 'consume']);
  });

  it('request examples are real records, not characters generated from the NUL-guard pattern', () => {
    const example = (path: string, method = 'post') =>
      (doc.paths[path]![method]!.requestBody!.content['application/json'] as unknown as { example?: Record<string, unknown> }).example;
    assert.equal(example('/clients')?.name, 'Northwind Trading');
    assert.equal(example('/products')?.sku, 'SH-OAK-080');
    assert.equal(example('/movements')?.kind, 'in');
    assert.equal(example('/webhooks')?.url, 'https://erp.example.com/hooks/bizplat');
    for (const [path, method] of operations(doc)) {
      if (method !== 'post' && method !== 'patch') continue;
      // An action that takes no body (POST /webhooks/{id}/rotate-secret) has nothing to exemplify.
      if (doc.paths[path]![method]!.requestBody === undefined) continue;
      assert.ok(example(path, method), `${method} ${path} has an example`);
    }
  });

  it('opens with a quickstart and every domain served, lists its tags with descriptions, names a contact and a license, and its examples show only fields their schema has', () => {
    for (const words of ['Quickstart', 'CRM', 'inventory', 'finance', 'tasks', 'processes', 'calendar', 'webhooks', 'GET /me', '@bizplat/client']) {
      assert.ok(doc.info.description.includes(words), `the introduction mentions ${words}`);
    }
    assert.equal(doc.info.license?.identifier, 'Apache-2.0');
    assert.ok(doc.info.contact?.url);
    const used = new Set(operations(doc).flatMap(([, , op]) => (op as Operation & { tags?: string[] }).tags ?? []));
    const listed = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
    for (const tag of used) assert.ok((listed.get(tag) ?? '').length > 0, `tag ${tag} is listed with a description`);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      if (!schema.properties) continue;
      for (const example of schema.examples ?? []) {
        for (const key of Object.keys(example as Record<string, unknown>)) assert.ok(key in schema.properties, `${name}'s example has ${key}, which ${name} does not`);
      }
    }
  });

  it('describes each webhook delivery with its payload and the X-Webhook-Signature header', () => {
    const hooks = doc.webhooks ?? {};
    assert.deepEqual(Object.keys(hooks).sort(), [...EVENT_NAMES, 'webhook.test'].sort(), 'every catalog event, and the test event POST /webhooks/{id}/test sends');
    const won = hooks['deal.won']!.post;
    const signature = (won.parameters ?? []).find((p) => p.name === 'X-Webhook-Signature');
    assert.equal(signature?.in, 'header');
    assert.equal(signature?.required, true);
    const body = won.requestBody!.content['application/json']!.schema as unknown as { allOf: Array<{ $ref?: string; properties?: { data: { properties: Record<string, unknown> } } }> };
    assert.equal(body.allOf[0]!.$ref, '#/components/schemas/WebhookPayload');
    assert.deepEqual(Object.keys(body.allOf[1]!.properties!.data.properties), ['entityType', 'entityId', 'version', 'stageId', 'stage', 'record'], 'each event documents its context, and the record a subscription may ask for');
    const payload = doc.components.schemas.WebhookPayload!;
    assert.deepEqual([...payload.required!].sort(), ['data', 'event', 'ts']);
    assert.deepEqual((payload.properties!.data as { required: string[] }).required, ['entityType', 'entityId']);
    assert.equal(payload.properties!.ts!.format, 'date-time');
  });
});
