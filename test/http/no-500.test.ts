/** Inputs that once made the server fail (500): each is refused in the envelope, and nothing is written. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { importData } from '../../src/import.ts';
import { assertEnvelope, importError } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { tableNames } from '../helpers/table-rows.ts';
import { sql } from 'kysely';

async function rowCounts(ctx: TestContext): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(ctx.storage)) {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(ctx.storage.db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

function refusedField(res: Parameters<typeof assertEnvelope>[0], field: string): void {
  const body = assertEnvelope(res, 422, 'validation_error', 'validation_error');
  assert.ok(body.details.fields?.some((f) => f.field === field), `expected ${field} named: ${res.body}`);
}

describeEachDatabase('no 500 for any input', (ctx) => {
  let p: Principal;
  const meeting = (start_at: string, extra: Record<string, unknown> = {}) => api(ctx(), p.token, 'POST', '/meetings', { body: { title: 'Plan', start_at, ...extra } });

  it('a leap second is refused, naming the field, in meeting times and GET /meetings and GET /tasks', async () => {
    p = await createPrincipal(ctx());
    const before = await rowCounts(ctx());
    refusedField(await meeting('2030-06-30T23:59:60Z'), 'start_at');
    refusedField(await meeting('2030-06-30T23:00:00Z', { end_at: '2030-06-30T23:59:60Z' }), 'end_at');
    refusedField(await api(ctx(), p.token, 'GET', '/meetings', { query: { from: '2030-06-30T23:59:60Z', to: '2030-07-02T00:00:00Z' } }), 'from');
    refusedField(await api(ctx(), p.token, 'GET', '/meetings', { query: { from: '2030-06-30T00:00:00Z', to: '2030-06-30T23:59:60+00:00' } }), 'to');
    refusedField(await api(ctx(), p.token, 'GET', '/tasks', { query: { updated_since: '2016-12-31T23:59:60Z' } }), 'updated_since');
    assert.deepEqual(await rowCounts(ctx()), before);
  });

  it('years outside 0001-9998 are refused alike on both databases', async () => {
    const before = await rowCounts(ctx());
    refusedField(await meeting('9999-12-31T23:00:00-05:00'), 'start_at');
    refusedField(await meeting('9998-12-31T23:00:00Z', { end_at: '9999-01-01T00:30:00+05:00' }), 'end_at');
    refusedField(await api(ctx(), p.token, 'GET', '/meetings', { query: { from: '0000-01-01T00:00:00Z', to: '0000-01-02T00:00:00Z' } }), 'from');
    refusedField(await api(ctx(), p.token, 'GET', '/tasks', { query: { updated_since: '0000-06-01T00:00:00Z' } }), 'updated_since');
    refusedField(await api(ctx(), p.token, 'POST', '/tasks', { body: { title: 'T', end_date: '0000-02-29' } }), 'end_date');
    assert.deepEqual(await rowCounts(ctx()), before);
    const ok = await api(ctx(), p.token, 'GET', '/meetings', { query: { from: '9998-12-01T00:00:00Z', to: '9998-12-31T00:00:00Z' } });
    assert.equal(ok.statusCode, 200, ok.body);
  });

  it('a recurrence rule ending at a leap second or outside the accepted years is accepted or refused, never a failure', async () => {
    for (const rule of ['FREQ=DAILY;UNTIL=20301231T235960Z', 'FREQ=DAILY;UNTIL=100000101T000000Z', 'FREQ=DAILY;UNTIL=00000101T000000Z', 'FREQ=YEARLY;UNTIL=99991231T235959Z', 'FREQ=DAILY;UNTIL=20300231T000000Z']) {
      const res = await meeting('2030-06-01T10:00:00Z', { recurrence_rule: rule });
      assert.ok(res.statusCode === 201 || res.statusCode === 422, `${rule}: ${res.statusCode} ${res.body}`);
      if (res.statusCode === 422) assertEnvelope(res, 422, 'validation_error', 'validation_error');
    }
    const listed = await api(ctx(), p.token, 'GET', '/meetings', { query: { from: '9998-01-01T00:00:00Z', to: '9998-12-31T23:59:59Z' } });
    assert.equal(listed.statusCode, 200, listed.body);
  });

  it('a lone UTF-16 surrogate or a NUL in any text or JSON value is refused, naming the field', async () => {
    const before = await rowCounts(ctx());
    refusedField(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Acme\ud800' } }), 'name');
    refusedField(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Acme', tags: ['\udfff'] } }), 'tags.0');
    // A URL carries UTF-8: the encoded surrogate is not text there either.
    const query = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/clients?search=a%ED%A0%BD', headers: { 'x-api-token': p.token } });
    assert.ok(query.statusCode === 400 || query.statusCode === 422 || query.statusCode === 200, query.body);
    const start = (variables: unknown) => api(ctx(), p.token, 'POST', '/processes', { body: { template_id: 'none', variables } });
    refusedField(await start({ note: 'a\u0000b' }), 'variables.note');
    refusedField(await start({ 'k\u0000': 1 }), 'variables');
    refusedField(await start({ list: [{ deep: '\ud800x' }] }), 'variables.list.0.deep');
    assert.deepEqual(await rowCounts(ctx()), before);
  });

  it('an import file is held to the same rules: NUL, unpaired surrogates and deep nesting are refused naming the record, nothing imported', async () => {
    const before = await rowCounts(ctx());
    const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`) as unknown;
    for (const [file, field] of [
      [{ clients: [{ name: 'Fine' }, { name: 'Acme\u0000' }] }, 'clients[1].name'],
      [{ clients: [{ name: 'Acme', tags: ['\ud800'] }] }, 'clients[0].tags.0'],
      [{ clients: [{ name: 'Acme', tags: deep }] }, 'clients[0]'],
    ] as const) {
      const error = await importError(importData(ctx().storage, p.slug, file));
      assert.equal(error.status, 422);
      assert.ok((error.details.fields as Array<{ field: string }>).some((f) => f.field === field), `${field}: ${error.message.slice(0, 300)}`);
    }
    assert.deepEqual(await rowCounts(ctx()), before);
  });

  it('a body nested 20,000 levels deep is refused in the envelope on POST and PATCH', async () => {
    const client = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Deep' } }));
    const before = await rowCounts(ctx());
    const deep = `{"name":"x","tags":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const deepObject = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    for (const [method, url] of [['POST', '/clients'], ['PATCH', `/clients/${client.id}`], ['POST', '/processes'], ['POST', '/meetings']] as const) {
      for (const payload of [deep, deepObject]) {
        const res = await ctx().app.inject({ method, url: `/api/public/v1${url}`, headers: { 'x-api-token': p.token, 'content-type': 'application/json', 'if-match': '1' }, payload });
        const body = assertEnvelope(res, 422, 'validation_error', 'validation_error');
        assert.match(body.message, /nested/, body.message);
      }
    }
    assert.deepEqual(await rowCounts(ctx()), before);
  });
});
