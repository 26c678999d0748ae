import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { API_PREFIX } from '../../src/app.ts';
import { api, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { TEST_TIMEOUT_MS } from '../helpers/patience.ts';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 400);

const FIELDS = [
  'id', 'name', 'title', 'phone', 'email', 'company_name', 'inn', 'vat_number', 'industry', 'segment', 'city', 'source', 'tags',
  'is_archived', 'client_id', 'contact_id', 'telegram', 'instagram', 'job_title', 'channels', 'amount', 'currency', 'stage',
  'stage_id', 'funnel_id', 'assignee_id', 'version', 'created_at',
];
const QUERY_KEYS = ['limit', 'offset', 'search', 'include_archived', 'client_id', 'funnel_id', 'stage', 'bogus'];

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', ' ', '\u0000', '%', '_', '\\', '+998901234567', 'a@b.co', 'Won', 'New', '1e400', '-1', 'null', 'true'));
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.005, 1e21, 2 ** 60, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const structured = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 });
const body = fc.oneof(
  { weight: 5, arbitrary: structured.map((b) => ({ json: b as unknown })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((b) => ({ json: b as unknown })) },
  { weight: 1, arbitrary: fc.string().map((raw) => ({ raw })) },
);
const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(text, fc.integer().map(String), fc.constantFrom('true', 'false', '0', '201', '-5')), { maxKeys: 4 });
const headers = fc.record(
  { 'if-match': fc.oneof(text, fc.nat().map(String), fc.nat().map((n) => `W/"${n}"`)), 'idempotency-key': text, 'if-none-match': text },
  { requiredKeys: [] },
);
const idSegment = (known: string) => fc.oneof(fc.constant(known), fc.uuid(), fc.constantFrom('%00', 'a%00b', '%E2%82'), fc.string({ minLength: 1 }).map(encodeURIComponent));

function assertEnvelope(res: LightMyRequestResponse, label: string): void {
  assert.ok(res.statusCode < 500, `${label} → ${res.statusCode} ${res.body}`);
  if (res.statusCode < 400) return;
  const parsed = res.json() as { error?: unknown; message?: unknown; request_id?: unknown; details?: { error?: unknown } };
  assert.equal(typeof parsed.error, 'string', `${label}: ${res.body}`);
  assert.equal(typeof parsed.message, 'string', `${label}: ${res.body}`);
  assert.equal(typeof parsed.request_id, 'string', `${label}: ${res.body}`);
  assert.equal(typeof parsed.details?.error, 'string', `${label}: ${res.body}`);
}

async function send(ctx: TestContext, token: string, method: 'GET' | 'POST' | 'PATCH', path: string, input: { json?: unknown; raw?: string } | undefined, hdrs: Record<string, string>, q?: Record<string, string>) {
  const safeHeaders = Object.fromEntries(Object.entries(hdrs).filter(([, v]) => /^[\x20-\x7e]*$/.test(v)));
  if (input && 'raw' in input && input.raw !== undefined) {
    return ctx.app.inject({ method, url: `${API_PREFIX}${path}`, headers: { ...safeHeaders, 'x-api-token': token, 'content-type': 'application/json' }, payload: input.raw });
  }
  return api(ctx, token, method, path, { body: input?.json, headers: safeHeaders, ...(q ? { query: q } : {}) });
}

describeEachDatabase('CRM property-based robustness', (ctx) => {
  it('never answers 500; every error is the envelope with request_id', { timeout: TEST_TIMEOUT_MS }, async () => {
    const p = await createPrincipal(ctx());
    const client = (await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Fuzz' } })).json() as { id: string };
    const contact = (await api(ctx(), p.token, 'POST', '/contacts', { body: { name: 'Fuzz', client_id: client.id } })).json() as { id: string };
    const deal = (await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'Fuzz' } })).json() as { id: string };
    const known: Record<string, string> = { clients: client.id, contacts: contact.id, deals: deal.id };

    for (const path of ['/ping', '/capabilities', '/clients', '/contacts', '/deals']) {
      await fc.assert(
        fc.asyncProperty(query, headers, async (q, h) => assertEnvelope(await send(ctx(), p.token, 'GET', path, undefined, h, q), `GET ${path} ${JSON.stringify(q)}`)),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    for (const kind of ['clients', 'contacts', 'deals']) {
      await fc.assert(
        fc.asyncProperty(body, headers, async (b, h) => assertEnvelope(await send(ctx(), p.token, 'POST', `/${kind}`, b, h), `POST /${kind} ${JSON.stringify(b)} ${JSON.stringify(h)}`)),
        { numRuns: RUNS_PER_ROUTE },
      );
      await fc.assert(
        fc.asyncProperty(idSegment(known[kind]!), body, headers, async (id, b, h) =>
          assertEnvelope(await send(ctx(), p.token, 'PATCH', `/${kind}/${id}`, b, h), `PATCH /${kind}/${id} ${JSON.stringify(b)} ${JSON.stringify(h)}`)),
        { numRuns: RUNS_PER_ROUTE },
      );
      await fc.assert(
        fc.asyncProperty(idSegment(known[kind]!), headers, async (id, h) => assertEnvelope(await send(ctx(), p.token, 'GET', `/${kind}/${id}`, undefined, h), `GET /${kind}/${id}`)),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  });
});
