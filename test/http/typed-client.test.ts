/**
 * A generated client type-checks: openapi-typescript turns the served document into types, and a
 * client written the natural way with openapi-fetch (test/fixtures/typed-client/client.ts, one
 * call per operation) compiles under strict TypeScript.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { CLIENT_SCHEMA_FILE, CLIENT_SCHEMA_HEADER } from '../../scripts/client-schema.ts';
import { createContext } from '../helpers/harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const fixture = join(here, '..', 'fixtures', 'typed-client', 'client.ts');

/** Strict compile of `files`; the diagnostics as text, one a line. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    lib: ['lib.es2023.d.ts'],
    // Node's own fetch types (Request, Response, Headers): what a Node integrator compiles against.
    types: ['node'],
    typeRoots: [join(root, 'node_modules', '@types')],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName.split('/').pop()}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

const MISUSE = `import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';
const api = createClient<paths>({ baseUrl: 'https://northwind.example/api/public/v1' });
export async function misuse(): Promise<void> {
  await api.POST('/clients', { body: { phone: '+14155550123' } });
  await api.GET('/clients', { params: { query: { limit: 'fifty' } } });
  await api.POST('/movements', { body: { kind: 'teleport', warehouse_id: 'w', lines: [] } });
  const page = await api.GET('/movements');
  const kind: 'in' = page.data!.items[0]!.kind;
  await api.GET('/nowhere');
}
`;

describe('a client generated from the served document', () => {
  let dir: string;
  let errors: string[];
  let schema: string;
  before(async () => {
    const ctx = await createContext('sqlite');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' });
    await ctx.close();
    // Inside the project's node_modules, so the client resolves openapi-fetch as an integrator's would.
    const cache = join(root, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(join(cache, 'typed-client-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    schema = astToString(await openapiTS(res.json() as Parameters<typeof openapiTS>[0]));
    writeFileSync(join(dir, 'schema.ts'), schema);
    copyFileSync(fixture, join(dir, 'client.ts'));
    writeFileSync(join(dir, 'misuse.ts'), MISUSE);
    errors = typeErrors([join(dir, 'client.ts'), join(dir, 'misuse.ts')]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('type-checks, strictly, a client that calls every operation the natural way', () => {
    assert.deepEqual(errors.filter((e) => !e.startsWith('misuse.ts:')), []);
  });

  it('is what @bizplat/client has committed (packages/client/src/schema.ts; `npm run client:generate` after a route changes)', () => {
    assert.ok(readFileSync(CLIENT_SCHEMA_FILE, 'utf8') === CLIENT_SCHEMA_HEADER + schema, 'packages/client/src/schema.ts differs from the served document: run `npm run client:generate` and commit it');
  });

  it('refuses calls the document does not allow (the types are not any)', () => {
    for (const line of [5, 6, 7, 9, 10]) assert.ok(errors.some((e) => e.startsWith(`misuse.ts:${line} `)), `line ${line} is refused: ${errors.join('\n')}`);
  });
});
