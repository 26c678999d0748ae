#!/usr/bin/env node
/**
 * Adds a minimal working domain: `node scripts/new-domain.mjs <name>` (lower-case letters, a
 * plural such as `memos`). It writes src/domains/<name>/ (module, tables, migrations, schemas,
 * queries, actor type, use cases, events, routes) and test/<name>/<name>.test.ts, and registers the domain
 * where the code requires it: its scopes in src/platform/rights.ts and its module in the
 * served list of src/domains/index.ts. Then: `npm run typecheck`, `npm run lint`, the new test,
 * and `npm run client:generate`. `--root <dir>` writes into another checkout.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const root = rootAt >= 0 ? args[rootAt + 1] : process.cwd();
const name = args.find((a, i) => !a.startsWith('--') && (rootAt < 0 || i !== rootAt + 1));
if (!name || !/^[a-z]{2,30}$/.test(name)) {
  console.error('usage: node scripts/new-domain.mjs <name> [--root <dir>]   (name: 2 to 30 lower-case letters)');
  process.exit(2);
}
const Pascal = name[0].toUpperCase() + name.slice(1);
const Item = `${Pascal}Item`;
const table = `${name}_items`;
const dir = join(root, 'src/domains', name);
if (existsSync(dir)) {
  console.error(`src/domains/${name} exists already`);
  process.exit(1);
}

const files = {
  [`src/domains/${name}/tables.ts`]: `import type { DbBool, DbTimestamp } from '../../storage/codecs.ts';

export interface ${Item}sTable {
  org_id: string;
  id: string;
  name: string;
  version: number;
  is_archived: DbBool;
  created_at: DbTimestamp;
}

export interface ${Pascal}Tables {
  ${table}: ${Item}sTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends ${Pascal}Tables {}
}
`,
  [`src/domains/${name}/migrations.ts`]: `import type { Migration } from '../../storage/migrations.ts';

export const ${name}Migrations: Migration[] = [
  {
    name: '9000_${name}_items',
    statements: (t) => [
      \`CREATE TABLE ${table} (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        is_archived \${t.bool} NOT NULL DEFAULT \${t.false},
        created_at \${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )\`,
      \`CREATE INDEX ${table}_list ON ${table} (org_id, name, id)\`,
    ],
  },
];
`,
  [`src/domains/${name}/schemas.ts`]: `import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { IncludeArchived, ListOf, PageQuery } from '../../http/pagination.ts';
import { DateTime, Name } from '../../http/schemas.ts';

export const ${Item} = named(
  '${Item}',
  Type.Object({ id: Type.String(), name: Type.String(), version: Type.Integer(), is_archived: Type.Boolean(), created_at: DateTime() }),
);
export type ${Item} = Static<typeof ${Item}>;
export const ${Item}List = ListOf(${Item}, '${Item}List');

export const ${Item}Create = named('${Item}Create', Type.Object({ name: Name(200) }, { additionalProperties: false, examples: [{ name: 'First' }] }));
export type ${Item}Create = Static<typeof ${Item}Create>;

export const ${Item}ListQuery = Type.Object({ ...PageQuery, ...IncludeArchived });
export type ${Item}ListQuery = Static<typeof ${Item}ListQuery>;
`,
  [`src/domains/${name}/queries.ts`]: `/** The ${name} domain's SQL: every statement takes the organization id. */
import { isoWithOffset, readBool } from '../../storage/codecs.ts';
import { defineResource, fieldsOf } from '../../storage/resource.ts';

const item = fieldsOf<'${table}'>();

export const ${name}Items = defineResource({
  table: '${table}',
  noun: '${name} item',
  fields: {
    id: 'id',
    name: 'name',
    version: 'version',
    is_archived: item.via('is_archived', readBool),
    created_at: item.via('created_at', (value) => isoWithOffset(value)),
  },
  archivedColumn: 'is_archived',
  order: [['name', 'asc'], ['id', 'asc']],
});
`,
  [`src/domains/${name}/events.ts`]: `import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../events/types.ts';

const Created = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

declare module '../../events/types.ts' {
  interface EventContexts {
    '${name}.item_created': Static<typeof Created>;
  }
}

export const ${name}Events = [declareEvent('${name}.item_created', '${name}_item', Created, 'internal')];
`,
  [`src/domains/${name}/actor.ts`]: `/** What the ${name} use cases need of the caller: the organization. */
import type { Actor } from '../../http/access.ts';

export type ${Pascal}Actor = Pick<Actor, 'orgId'>;
`,
  [`src/domains/${name}/items.ts`]: `/** The ${name} use cases: list, read and create items. */
import { emit } from '../../events/emit.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText } from '../../http/text.ts';
import { nowIso } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { ${Pascal}Actor } from './actor.ts';
import { ${name}Items } from './queries.ts';
import type { ${Item}, ${Item}Create, ${Item}ListQuery } from './schemas.ts';

export function list${Item}s(db: Db, actor: ${Pascal}Actor, query: ${Item}ListQuery): Promise<Page<${Item}>> {
  return ${name}Items.list(db, actor.orgId, { limit: query.limit, offset: query.offset, includeArchived: query.include_archived });
}

export function get${Item}(db: Db, actor: ${Pascal}Actor, id: string): Promise<${Item}> {
  return ${name}Items.get(db, actor.orgId, id);
}

export async function create${Item}(tx: Tx, actor: ${Pascal}Actor, input: ${Item}Create): Promise<${Item}> {
  const id = newId();
  const created = await ${name}Items.insert(tx.db, { org_id: actor.orgId, id, name: requiredText('name', input.name), version: 1, is_archived: false, created_at: nowIso() });
  await emit(tx, { orgId: actor.orgId, name: '${name}.item_created', entityType: '${name}_item', entityId: id, context: { version: 1 } });
  return created;
}
`,
  [`src/domains/${name}/routes.ts`]: `/** The ${name} endpoints: thin handlers (parse → one use case → reply). */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { taggedByCollection, taggedByVersion } from '../../http/conditional.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { write } from '../../http/write.ts';
import { create${Item}, get${Item}, list${Item}s } from './items.ts';
import { ${name}Items } from './queries.ts';
import { ${Item}, ${Item}Create, ${Item}List, ${Item}ListQuery } from './schemas.ts';

const read: RouteAccess = { scope: '${name}:read', capability: 'documents', mode: 'read' };
const change: RouteAccess = { scope: '${name}:write', capability: 'documents', mode: 'write' };
const tags = ['${name}'];

export async function ${name}Routes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  route(app, {
    method: 'GET', url: '/${name}', operationId: 'list${Item}s', tags, access: read,
    summary: 'List ${name} items',
    query: ${Item}ListQuery,
    conditional: taggedByCollection(${name}Items),
    response: { status: 200, schema: ${Item}List, description: 'A page of ${name} items.' },
  }, async (req) => list${Item}s(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/${name}/:id', operationId: 'get${Item}', tags, access: read,
    summary: 'Get a ${name} item',
    params: IdParam,
    conditional: taggedByVersion(${name}Items),
    response: { status: 200, schema: ${Item}, description: 'The item, with its version as ETag.' },
  }, async (req) => get${Item}(db(), req.actor, req.params.id));

  route(app, {
    method: 'POST', url: '/${name}', operationId: 'create${Item}', tags, access: change,
    summary: 'Create a ${name} item',
    body: ${Item}Create,
    response: { status: 201, schema: ${Item}, description: 'The item created.' },
  }, async (req, reply) => write(req, reply, 201, (tx) => create${Item}(tx, req.actor, req.body)));
}
`,
  [`src/domains/${name}/module.ts`]: `import type { DomainModule } from '../module.ts';
import { ${name}Events } from './events.ts';
import { ${name}Migrations } from './migrations.ts';
import { ${name}Routes } from './routes.ts';

export const ${name}Module: DomainModule = {
  name: '${name}',
  migrations: ${name}Migrations,
  routes: ${name}Routes,
  events: ${name}Events,
};
`,
  [`test/${name}/${name}.test.ts`]: `import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';

interface Item {
  id: string;
  name: string;
  version: number;
}

describeEachDatabase('${name}: create, read and list items', (ctx) => {
  it('creates an item, reads it with its version as ETag, lists it, and records ${name}.item_created', async () => {
    const p = await createPrincipal(ctx());
    const created = await api(ctx(), p.token, 'POST', '/${name}', { body: { name: '  First  ' } });
    assert.equal(created.statusCode, 201);
    const item = json<Item>(created);
    assert.equal(item.name, 'First');
    const read = await api(ctx(), p.token, 'GET', \`/${name}/\${item.id}\`);
    assert.equal(read.statusCode, 200);
    assert.equal(read.headers.etag, '"1"');
    assert.equal((await api(ctx(), p.token, 'GET', \`/${name}/\${item.id}\`, { headers: { 'if-none-match': '"1"' } })).statusCode, 304);
    const page = json<{ items: Item[]; total: number }>(await api(ctx(), p.token, 'GET', '/${name}'));
    assert.deepEqual(page.items.map((i) => i.id), [item.id]);
    const events = await ctx().storage.db.selectFrom('events').select('event').where('org_id', '=', p.orgId).where('entity_id', '=', item.id).execute();
    assert.deepEqual(events.map((e) => e.event), ['${name}.item_created']);
  });

  it('refuses a blank name with 422 and writes nothing', async () => {
    const p = await createPrincipal(ctx());
    const refused = await api(ctx(), p.token, 'POST', '/${name}', { body: { name: '   ' } });
    assert.equal(refused.statusCode, 422);
    assert.equal(json<{ total: number }>(await api(ctx(), p.token, 'GET', '/${name}')).total, 0);
  });
});
`,
};

function edit(path, change) {
  const full = join(root, path);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`${path}: the place to register ${name} was not found`);
  writeFileSync(full, after);
}

mkdirSync(dir, { recursive: true });
mkdirSync(join(root, 'test', name), { recursive: true });
for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
edit('src/platform/rights.ts', (text) => text.replace("  'admin:all',\n] as const;", `  '${name}:read',\n  '${name}:write',\n  'admin:all',\n] as const;`));
edit('src/domains/index.ts', (text) =>
  text
    .replace(/(import type \{ DomainModule \} from '\.\/module\.ts';\n)/, `$1import { ${name}Module } from './${name}/module.ts';\n`)
    .replace(/(const served: DomainModule\[\] = \[[^\]]*)\];/, `$1, ${name}Module];`),
);
console.log(`src/domains/${name}/ and test/${name}/${name}.test.ts written; ${name}:read and ${name}:write added to src/platform/rights.ts; ${name}Module served (src/domains/index.ts).
Next: npm run typecheck && npm run lint && node scripts/run-tests.mjs test/${name}/${name}.test.ts && npm run client:generate`);
