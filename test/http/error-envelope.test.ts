import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { API_PREFIX } from '../../src/app.ts';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';

describeEachDatabase('error envelope', (ctx) => {
  let p: Principal;
  before(async () => {
    p = await createPrincipal(ctx());
  });

  it('422 names every bad field in details.fields, unknown fields included', async () => {
    const res = await api(ctx(), p.token, 'POST', '/notes', { body: { title: 5, colour: 'red' } });
    const body = assertEnvelope(res, 422, 'validation_error', 'validation_error');
    const fields = Object.fromEntries((body.details.fields ?? []).map((f) => [f.field, f.message]));
    assert.ok(fields.title, 'title is named');
    assert.equal(fields.colour, 'is not a field that may be set here');
    assert.match(body.message, /title/);
  });

  it('422 for a missing required field and a bad query parameter', async () => {
    const missing = assertEnvelope(await api(ctx(), p.token, 'POST', '/notes', { body: {} }), 422, 'validation_error', 'validation_error');
    assert.deepEqual(missing.details.fields, [{ field: 'title', message: 'is required' }]);
    const query = assertEnvelope(await api(ctx(), p.token, 'GET', '/notes', { query: { limit: 'many' } }), 422, 'validation_error', 'validation_error');
    assert.equal(query.details.fields?.[0]?.field, 'limit');
  });

  it('a string where a number belongs is not coerced in a body', async () => {
    const res = await api(ctx(), p.token, 'POST', '/notes', { body: { title: 'x', is_archived: 'true' } });
    const body = assertEnvelope(res, 422, 'validation_error', 'validation_error');
    assert.equal(body.details.fields?.[0]?.field, 'is_archived');
  });

  it('unknown route gives 404, with or without a token', async () => {
    assertEnvelope(await api(ctx(), p.token, 'GET', '/no-such-thing'), 404, 'not_found', 'not_found');
    assertEnvelope(await api(ctx(), undefined, 'GET', '/no-such-thing'), 404, 'not_found', 'not_found');
    assertEnvelope(await ctx().app.inject({ method: 'GET', url: '/elsewhere' }), 404, 'not_found', 'not_found');
  });

  it('a known path with another method gives 405 and Allow', async () => {
    const res = await api(ctx(), p.token, 'DELETE', '/notes');
    assertEnvelope(res, 405, 'method_not_allowed', 'method_not_allowed');
    assert.deepEqual(String(res.headers.allow).split(', ').sort(), ['GET', 'POST']);
    const one = await api(ctx(), p.token, 'PUT', '/notes/abc');
    assertEnvelope(one, 405, 'method_not_allowed', 'method_not_allowed');
    assert.deepEqual(String(one.headers.allow).split(', ').sort(), ['GET', 'PATCH']);
  });

  it('a URL that does not decode gives 400, an over-long path parameter 414, both in the envelope', async () => {
    const headers = { 'x-api-token': p.token };
    assertEnvelope(await ctx().app.inject({ method: 'GET', url: `${API_PREFIX}/notes/%zz`, headers }), 400, 'bad_request', 'bad_url');
    assertEnvelope(await ctx().app.inject({ method: 'GET', url: `${API_PREFIX}/notes/${'a'.repeat(300)}`, headers }), 414, 'uri_too_long', 'uri_too_long');
  });

  it('malformed JSON gives 400', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: `${API_PREFIX}/notes`,
      headers: { 'x-api-token': p.token, 'content-type': 'application/json' },
      payload: '{"title": "x",',
    });
    assertEnvelope(res, 400, 'bad_request', 'malformed_json');
  });

  it('a body over the limit gives 413', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: `${API_PREFIX}/notes`,
      headers: { 'x-api-token': p.token, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x', body: 'a'.repeat(ctx().config.bodyLimitBytes + 10) }),
    });
    assertEnvelope(res, 413, 'payload_too_large', 'body_too_large');
  });

  it('an unsupported content type gives 415', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: `${API_PREFIX}/notes`,
      headers: { 'x-api-token': p.token, 'content-type': 'text/plain' },
      payload: 'title=x',
    });
    assertEnvelope(res, 415, 'unsupported_media_type', 'unsupported_media_type');
  });

  it('an internal failure gives 500 without stack, SQL or the original message', async () => {
    const res = await api(ctx(), p.token, 'GET', '/boom');
    const body = assertEnvelope(res, 500, 'internal_error', 'internal_error');
    assert.doesNotMatch(res.body, /select|secret_table|password|driver|at .*\.ts/i);
    assert.deepEqual(Object.keys(body.details), ['error']);
  });

  it('401 and 403 use the envelope too', async () => {
    assertEnvelope(await api(ctx(), undefined, 'GET', '/notes'), 401, 'unauthorized', 'api_token_required');
    const reader = await createPrincipal(ctx(), { scopes: ['crm:read'] });
    assertEnvelope(await api(ctx(), reader.token, 'POST', '/notes', { body: { title: 'x' } }), 403, 'forbidden', 'insufficient_scope');
    const noRight = await createPrincipal(ctx(), { scopes: ['crm:write'], rights: [] });
    assertEnvelope(await api(ctx(), noRight.token, 'POST', '/notes', { body: { title: 'x' } }), 403, 'forbidden', 'insufficient_scope');
  });

  it('a client-chosen X-Request-Id is echoed in the header and the body', async () => {
    const res = await api(ctx(), undefined, 'GET', '/ping', { headers: { 'x-request-id': 'trace-123' } });
    const body = assertEnvelope(res, 401, 'unauthorized', 'api_token_required');
    assert.equal(body.request_id, 'trace-123');
  });

  it('successful responses are application/json; charset=utf-8', async () => {
    const created = await api(ctx(), p.token, 'POST', '/notes', { body: { title: 'typed' } });
    assert.equal(created.statusCode, 201);
    assert.equal(created.headers['content-type'], 'application/json; charset=utf-8');
    const list = await api(ctx(), p.token, 'GET', '/notes');
    assert.equal(list.headers['content-type'], 'application/json; charset=utf-8');
  });
}, { modules: [notesModule] });
