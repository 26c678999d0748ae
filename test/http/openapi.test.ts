import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';

interface OpenApi {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; additionalProperties?: boolean } }> }; parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  security: Array<Record<string, unknown>>;
}

describeEachDatabase('OpenAPI document and docs UI', (ctx) => {
  it('serves OpenAPI 3.1 generated from the route schemas, without a token', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const doc = res.json() as OpenApi;
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(doc.servers, [{ url: '/api/public/v1' }]);
    assert.deepEqual(doc.components.securitySchemes.ApiToken, { type: 'apiKey', in: 'header', name: 'X-API-Token' });
    assert.deepEqual(doc.security, [{ ApiToken: [] }]);
    // Paths are relative to the server URL and come from the registered routes.
    assert.ok(doc.paths['/ping']?.get);
    assert.ok(doc.paths['/capabilities']?.get);
    assert.ok(doc.paths['/notes']?.get && doc.paths['/notes'].post);
    assert.ok(doc.paths['/notes/{id}']?.patch);
    assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/api/public/v1')), 'no path repeats the server prefix');
    assert.ok(!doc.paths['/openapi.json'], 'the document does not list itself');
    const body = doc.paths['/notes']!.post!.requestBody!.content['application/json']!.schema;
    assert.deepEqual(Object.keys(body.properties ?? {}).sort(), ['body', 'is_archived', 'title']);
    assert.equal(body.additionalProperties, false);
    const query = (doc.paths['/notes']!.get!.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort();
    assert.deepEqual(query, ['query:include_archived', 'query:limit', 'query:offset']);
    assert.ok(doc.paths['/notes']!.post!.responses['201']);
    const invalid = doc.paths['/notes']!.post!.responses['422'] as { content: Record<string, { schema: { $ref: string } }> };
    assert.equal(invalid.content['application/json']!.schema.$ref, '#/components/schemas/ErrorEnvelope');
    const envelope = (doc.components as unknown as { schemas: Record<string, { required: string[] }> }).schemas.ErrorEnvelope!;
    assert.deepEqual([...envelope.required].sort(), ['details', 'error', 'message', 'request_id']);
  });

  it('serves a documentation page (HTML) without a token', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/docs' });
    const page = res.statusCode === 302 ? await ctx().app.inject({ method: 'GET', url: String(res.headers.location).startsWith('/') ? String(res.headers.location) : `/api/public/v1/${String(res.headers.location)}` }) : res;
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.body, /<html/i);
  });
}, { modules: [notesModule] });
