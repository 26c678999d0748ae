/**
 * Every operation of the served OpenAPI documents (the public API and the admin API), fuzzed
 * from its declared parameters and body with hostile values mixed in (see schema-arbitrary.ts):
 * never a 500, every refusal in the envelope (and every public answer as documented: the harness
 * checks each one), and a refused write leaves every table as it was. Runs per operation are
 * fixed and so is the seed (FUZZ_SEED plus the operation's place), so the run time is bounded
 * and a failure (fast-check prints the seed and the counterexample) repeats. FUZZ_RUNS and
 * FUZZ_SEED change them; FUZZ_REPORT=1 shows what the runs reached.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_PREFIX } from '../../src/admin/api.ts';
import { API_PREFIX } from '../../src/app.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { TEST_TIMEOUT_MS } from '../helpers/patience.ts';
import { tableNames } from '../helpers/table-rows.ts';
import { bodyOf, encodeLoosely, hostile, queryText, valueOf } from '../helpers/schema-arbitrary.ts';
import type { Components } from '../helpers/schema-arbitrary.ts';
import { chain, importTemplate } from '../processes/helpers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
/** FUZZ_REPORT=1 prints, per operation, how often each status was answered. */
const REPORT = process.env.FUZZ_REPORT === '1';
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Stands for a key never sent before (a repeated key with another body is refused, rightly). */
const FRESH_KEY = 'fresh';
let sentKeys = 0;
const ORDER: Record<string, number> = { post: 0, get: 1, patch: 2, delete: 3 };

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json'?: { schema?: Schema; example?: unknown } } };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Components };
}
interface Sent {
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Every table's row count and the change counters' sum, in one statement. */
async function fingerprinter(ctx: TestContext): Promise<() => Promise<Record<string, number>>> {
  const tables = (await tableNames(ctx.storage)).filter((t) => t !== 'sqlite_sequence');
  const counts = tables.map((t) => sql`SELECT ${t} AS name, count(*) AS n FROM ${sql.table(t)}`);
  const query = sql<{ name: string; n: number | string }>`${sql.join(counts, sql` UNION ALL `)} UNION ALL SELECT 'collection_changes.version' AS name, coalesce(sum(version), 0) AS n FROM collection_changes`;
  return async () => Object.fromEntries((await query.execute(ctx.storage.db)).rows.map((r) => [r.name, Number(r.n)]));
}

function assertAnswer(res: LightMyRequestResponse, label: string): void {
  assert.ok(res.statusCode < 500, `${label} → ${res.statusCode} ${res.body.slice(0, 500)}`);
  if (res.statusCode < 400) return;
  const body = res.json() as { error?: unknown; message?: unknown; request_id?: unknown; details?: { error?: unknown } };
  assert.equal(typeof body.error, 'string', `${label}: ${res.body.slice(0, 500)}`);
  assert.equal(typeof body.message, 'string', `${label}: ${res.body.slice(0, 500)}`);
  assert.equal(body.request_id, res.headers['x-request-id'], `${label}: ${res.body.slice(0, 500)}`);
  assert.equal(typeof body.details?.error, 'string', `${label}: ${res.body.slice(0, 500)}`);
}

/** The collection a path's records belong to: `/clients/{id}` → `/clients`. */
const collectionOf = (path: string) => path.replace(/\/\{[^}]+\}.*$/, '');

/** Where a documented example names another record: the collection it comes from, or the user. */
const REFERENCES: Record<string, string> = { client_id: '/clients', contact_id: '/contacts', entity_id: '/deals' };
const USER_FIELDS = new Set(['assignee_id']);
/** Example values that exist only in the document's sample organization. */
const SAMPLE_ONLY = new Set(['stage']);
const USER_LISTS = new Set(['participant_ids']);

/** The documented example with its references pointing at records of this run (or left out), so it can succeed. */
function adapted(example: unknown, known: Map<string, string[]>, userId: string): unknown {
  if (example === null || typeof example !== 'object' || Array.isArray(example)) return example;
  const out: Record<string, unknown> = { ...example };
  for (const key of Object.keys(out)) {
    const collection = REFERENCES[key];
    if (collection !== undefined) {
      const id = known.get(API_PREFIX + collection)?.[0];
      if (id === undefined) delete out[key];
      else out[key] = id;
    } else if (SAMPLE_ONLY.has(key)) delete out[key];
    else if (USER_FIELDS.has(key)) out[key] = userId;
    else if (USER_LISTS.has(key)) out[key] = [userId];
    else if (key.endsWith('_id') && typeof out[key] === 'string' && /^[0-9a-f-]{36}$/.test(String(out[key]))) delete out[key];
  }
  return out;
}

function requestOf(prefix: string, path: string, method: string, op: Operation, doc: Document, known: Map<string, string[]>, userId: string): fc.Arbitrary<Sent> {
  const params = op.parameters ?? [];
  const segment = (name: string) => {
    const ids = known.get(prefix + collectionOf(path)) ?? [];
    const options: Array<fc.Arbitrary<string>> = [fc.uuid(), hostile.map(queryText).filter((s) => s.length > 0 && s.length < 1000)];
    if (name === 'id' && ids.length > 0) options.push(fc.constantFrom(...ids), fc.constantFrom(...ids));
    return fc.oneof(...options).map(encodeLoosely);
  };
  const pathParts = params.filter((p) => p.in === 'path').map((p) => p.name);
  const pathArb = fc.tuple(...pathParts.map(segment)).map((values) => pathParts.reduce((url, name, i) => url.replace(`{${name}}`, values[i]!), path));
  const queryParams = params.filter((p) => p.in === 'query');
  const queryRecord: Record<string, fc.Arbitrary<string>> = {};
  for (const p of queryParams) {
    const schema = p.schema ?? {};
    queryRecord[p.name] = fc.oneof({ weight: 3, arbitrary: valueOf(schema, doc.components.schemas, false) }, { weight: 1, arbitrary: valueOf(schema, doc.components.schemas, true) }).map(queryText);
  }
  const queryArb = fc.tuple(
    fc.record(queryRecord, { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) }),
    fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostile.map(queryText) }),
  );
  const headerArb: fc.Arbitrary<Record<string, string>> =
    method === 'patch'
      ? fc.record({ 'if-match': fc.constantFrom('*', '1', '2', 'W/"1"', 'abc', '99999999999999999999') }, { requiredKeys: [] })
      : method === 'post'
        ? fc.record({ 'idempotency-key': fc.constantFrom(FRESH_KEY, FRESH_KEY, FRESH_KEY, 'k', 'x'.repeat(300), 'k\u007f') }, { requiredKeys: [] })
        : fc.constant({});
  const media = op.requestBody?.content['application/json'];
  const bodyArb = media?.schema ? bodyOf(media.schema, doc.components.schemas, adapted(media.example, known, userId)).map((b) => JSON.stringify(b) ?? 'null') : fc.constant(undefined);
  return fc.tuple(pathArb, queryArb, headerArb, bodyArb).map(([url, [query, stray], headers, payload]) => {
    const pairs = Object.entries(query).map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`);
    if (stray !== null) pairs.push(`stray=${encodeLoosely(stray)}`);
    const full = `${prefix}${url}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
    const sentHeaders: Record<string, string> = { ...headers };
    if (payload !== undefined) sentHeaders['content-type'] = 'application/json';
    return { url: full, headers: sentHeaders, ...(payload !== undefined ? { payload } : {}) };
  });
}

describeEachDatabase('every route fuzzed from its declared schema', (ctx) => {
  let p: Principal;

  it(`never answers 500; every refusal is the envelope; a refused write writes nothing (${RUNS} runs per operation, seed ${SEED})`, { timeout: TEST_TIMEOUT_MS }, async () => {
    p = await createPrincipal(ctx());
    // The template the document's example names, so a started process gets past the template.
    await importTemplate(ctx(), p, 'deal-approval', chain(p.userId, p.userId));
    const operations: Array<{ prefix: string; doc: Document; path: string; method: string; op: Operation }> = [];
    for (const prefix of [API_PREFIX, ADMIN_PREFIX]) {
      const doc = (await ctx().app.inject({ method: 'GET', url: `${prefix}/openapi.json`, headers: { 'x-api-token': p.token } })).json() as Document;
      const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ prefix, doc, path, method, op })));
      operations.push(...ops.sort((a, b) => (ORDER[a.method] ?? 9) - (ORDER[b.method] ?? 9)));
    }
    const fingerprint = await fingerprinter(ctx());
    const known = new Map<string, string[]>();
    let last = await fingerprint();

    for (const [index, { prefix, doc, path, method, op }] of operations.entries()) {
      const writes = method !== 'get';
      const statuses = new Map<number, number>();
      const send = async (sent: Sent): Promise<void> => {
        const label = `${method.toUpperCase()} ${prefix}${path} (sent ${sent.url.slice(0, 300)} ${sent.payload?.slice(0, 300) ?? ''})`;
        const headers: Record<string, string> = { ...sent.headers, 'x-api-token': p.token };
        if (headers['idempotency-key'] === FRESH_KEY) headers['idempotency-key'] = `fuzz-${++sentKeys}`;
        const res = await ctx().app.inject({ method: method.toUpperCase() as 'GET', url: sent.url, headers, ...(sent.payload !== undefined ? { payload: sent.payload } : {}) });
        assertAnswer(res, label);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (method === 'post' && res.statusCode === 201) {
          const id = (res.json() as { id?: unknown }).id;
          if (typeof id === 'string') known.set(prefix + path, [...(known.get(prefix + path) ?? []), id].slice(-5));
        }
        if (!writes) return;
        const now = await fingerprint();
        if (res.statusCode >= 400) assert.deepEqual(now, last, `${label} was refused (${res.statusCode}) but wrote`);
        last = now;
      };
      await fc.assert(fc.asyncProperty(requestOf(prefix, path, method, op, doc, known, p.userId), send), { numRuns: RUNS, seed: SEED + index, endOnFailure: true });
      if (op.requestBody) {
        const url = `${prefix}${path.replace(/\{[^}]+\}/g, known.get(prefix + collectionOf(path))?.[0] ?? '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f')}`;
        const headers = { 'content-type': 'application/json' };
        for (const payload of [`${'['.repeat(20_000)}${']'.repeat(20_000)}`, `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, '{"a":1e400}', '"\\ud800"', '{"\\u0000":1}']) {
          await send({ url, headers, payload });
        }
      }
      if (REPORT) console.log(`${method.toUpperCase()} ${prefix}${path}: ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    }
  });
});
