import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import { clients } from '../../src/domains/crm/queries.ts';
import { containsPattern } from '../../src/storage/codecs.ts';
import { MOST_INDEXED_MATCHES, searchCondition, trigramSchemaNamed } from '../../src/storage/search-index.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';

const NAMES = [
  'ООО «Ромашка»',
  'Straße 50% off',
  '5_0 Under_score Ltd',
  'Back\\slash Trading',
  'Quote "Q" Co',
  'Ünïcödé GmbH',
  'İstanbul Tekstil',
  'Emoji 😀 shop',
  'acme',
  'ACME ab holding',
  'Северный ветер',
  'ab',
];

/** Terms of every kind: 1–2 characters, LIKE wildcards, quotes, case, non-ASCII, across fields, none. */
const TERMS = [
  'a', 'A', 'ab', 'AB', 'b', 'ш', 'Ш', 'ив', '%', '_', '\\', '"', '50%', '5_0', '0%', '_s', 'r_s',
  'acme', 'ACME', 'me a', 'ромашка', 'РОМАШКА', '«ром', 'straße', 'STRASSE', 'ünï', 'ÜNÏCÖDÉ', 'istanbul', 'i̇stanbul',
  '😀', '😀 s', 'quote "q"', '"q"', 'back\\slash', 'ltd\n', 'ltd acme', '@example', 'example.com', '998', '+998',
  '  ', 'zzz', 'a%c', 'с' /* Cyrillic */, 'c' /* Latin */,
];

interface Rec { id: string }

async function seed(ctx: TestContext): Promise<{ orgId: string; token: string }> {
  const p = await createPrincipal(ctx);
  for (const [i, name] of NAMES.entries()) {
    const body: Record<string, unknown> = { name };
    if (i % 3 === 0) body.email = `user${i}@example.com`;
    if (i % 4 === 1) body.phone = `+99890123456${i % 10}`;
    json<Rec>(await api(ctx, p.token, 'POST', '/clients', { body }));
  }
  return p;
}

/** What search answered before the index: the LIKE over every live client of the organization. */
async function previousAnswer(ctx: TestContext, orgId: string, term: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from crm_clients where org_id = ${orgId} and is_archived = ${false} and search_text like ${containsPattern(term)} escape '\\' order by created_at desc, id desc`.execute(ctx.storage.db);
  return rows.map((r) => r.id);
}

async function searched(ctx: TestContext, orgId: string, term: string): Promise<string[]> {
  const page = await clients.list(ctx.storage.db, orgId, { limit: 5000, offset: 0, search: term });
  assert.equal(page.total, page.items.length, `total of ${JSON.stringify(term)}`);
  return page.items.map((c) => c.id);
}

describeEachDatabase('search index', (ctx) => {
  it('answers every term exactly as the LIKE did: short terms, wildcards, quotes, case, non-ASCII', async () => {
    const p = await seed(ctx());
    const other = await seed(ctx());
    let found = 0;
    for (const term of TERMS) {
      const previous = await previousAnswer(ctx(), p.orgId, term);
      assert.deepEqual(await searched(ctx(), p.orgId, term), previous, `search ${JSON.stringify(term)}`);
      found += previous.length;
    }
    assert.ok(found > TERMS.length, 'the fixture matches something for most terms');
    // The same answers through the API, and never another organization's records.
    const listed = json<{ items: Rec[] }>(await api(ctx(), p.token, 'GET', '/clients', { query: { search: 'Ромашка' } })).items.map((c) => c.id);
    assert.deepEqual(listed, await previousAnswer(ctx(), p.orgId, 'ромашка'));
    assert.equal(listed.length, 1);
    assert.ok(!(await previousAnswer(ctx(), other.orgId, 'ромашка')).includes(listed[0]!));
  });

  it('follows changes: a renamed record is found by its new text only, a deleted one no more', async () => {
    const p = await seed(ctx());
    const [target] = await searched(ctx(), p.orgId, 'северный');
    assert.ok(target !== undefined);
    await ctx().storage.transaction((tx) => clients.update(tx.db, p.orgId, target, undefined, () => ({ name: 'Южный берег', search_text: 'южный берег' })));
    assert.deepEqual(await searched(ctx(), p.orgId, 'северный'), []);
    assert.deepEqual(await searched(ctx(), p.orgId, 'южный'), [target]);
    await sql`delete from crm_clients where org_id = ${p.orgId} and id = ${target}`.execute(ctx().storage.db);
    assert.deepEqual(await searched(ctx(), p.orgId, 'южный'), []);
  });

  it('reads the index for a term of three characters or more', async () => {
    await seed(ctx());
    const postgres = ctx().storage.dialect === 'postgres';
    const { condition, params } = await searchCondition(ctx().storage.db, 'crm_clients', 'search_text', 'Ромашка');
    let n = 0;
    const text = `select t.id from crm_clients t where ${condition}`.replace(/\?/g, () => (postgres ? `$${++n}` : '?'));
    const plan = await ctx().storage.db.transaction().execute(async (trx) => {
      // A fixture this small is read whole otherwise: the question is whether the index can serve.
      if (postgres) await sql`set local enable_seqscan = off; set local enable_indexscan = off`.execute(trx);
      const explain = postgres ? 'explain ' : 'explain query plan ';
      const { rows } = await trx.executeQuery(CompiledQuery.raw(explain + text, params));
      return JSON.stringify(rows);
    });
    // SQLite: the index answered the term's rowids, which the list reads by key.
    assert.match(plan, postgres ? /Bitmap Index Scan on crm_clients_search/ : /USING INTEGER PRIMARY KEY \(rowid=\?\)/, plan);
    if (!postgres) assert.match(condition, /json_each/);
  });

  it('answers a term more common than the index hands over by the LIKE along the list, with the same results (SQLite)', async () => {
    if (ctx().storage.dialect !== 'sqlite') return;
    const p = await seed(ctx());
    const now = new Date().toISOString();
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MOST_INDEXED_MATCHES + 50})
      insert into crm_clients (org_id, id, version, name, tags, search_text, created_by_user_id, created_at, updated_at)
      select ${p.orgId}, 'bulk-' || i, 1, 'Bulk ' || i, '[]', 'bulk ' || i || case when i % 7 = 0 then ' rare' else '' end, 'u', ${now}, ${now} from n`.execute(ctx().storage.db);
    const common = await searchCondition(ctx().storage.db, 'crm_clients', 'search_text', 'bulk');
    assert.doesNotMatch(common.condition, /json_each/, 'a common term is the LIKE alone');
    for (const term of ['bulk', 'bulk 1', 'rare', 'bulk 7 rare', 'ulk 10']) {
      assert.deepEqual(await searched(ctx(), p.orgId, term), await previousAnswer(ctx(), p.orgId, term), term);
    }
  });

  it('stays right after the SQLite file is vacuumed (the index is keyed by rowid)', async () => {
    if (ctx().storage.dialect !== 'sqlite') return;
    const p = await seed(ctx());
    // Gaps in the rowids: a VACUUM that renumbered rows would show here.
    await sql`delete from crm_clients where org_id = ${p.orgId} and name in ('acme', 'ab')`.execute(ctx().storage.db);
    await sql`vacuum`.execute(ctx().storage.db);
    for (const term of ['acme', 'holding', 'ромашка', 'tekstil']) {
      assert.deepEqual(await searched(ctx(), p.orgId, term), await previousAnswer(ctx(), p.orgId, term), term);
    }
  });
});

describe('search index: restoring a dump', () => {
  it("reads the schema of pg_trgm's operator class from the dump's index definitions", () => {
    assert.equal(trigramSchemaNamed('CREATE INDEX crm_clients_search ON s.crm_clients USING gin (org_id, search_text bizplat_extensions.gin_trgm_ops);'), 'bizplat_extensions');
    assert.equal(trigramSchemaNamed('USING gin (search_text public.gin_trgm_ops)'), 'public');
    assert.equal(trigramSchemaNamed('USING gin (search_text "Odd ""x""".gin_trgm_ops)'), 'Odd "x"');
    assert.equal(trigramSchemaNamed('CREATE INDEX a ON b (c);'), undefined);
  });
});
