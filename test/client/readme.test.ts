/**
 * Every TypeScript example of packages/client/README.md type-checks against the package: each
 * block becomes a function of one file (its imports gathered at the top), with the few names the
 * prose leaves to the reader declared, and tsc checks that file strictly.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { endWithTest } from '../helpers/children.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bizplat-client-readme-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** What the examples use without defining: an existing client, a record read, storage of the reader's own. */
const GIVEN = `
import type { BizplatApi, FeedEvent, WebhookEvent, WebhookSecretNotShownError } from '@bizplat/client';
declare const api: BizplatApi;
declare const id: string;
declare const read: { version: number };
declare const queue: WebhookEvent[];
declare const error: WebhookSecretNotShownError;
declare function load(key: string): string | undefined;
declare function save(key: string, value: string | undefined): void;
declare function handle(event: FeedEvent): Promise<void>;
`;

/** The examples as one module: imports merged by module, each block the body of its own function. */
function examplesModule(readme: string): { source: string; blocks: number } {
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const imports = new Map<string, Set<string>>();
  const bodies = blocks.map((block, i) => {
    const body = block.replace(/^import (type )?\{([^}]*)\} from '([^']+)';\n/gm, (_line, type: string | undefined, names: string, from: string) => {
      const set = imports.get(from) ?? new Set<string>();
      for (const name of names.split(',').map((n) => n.trim()).filter(Boolean)) set.add(type ? `type ${name}` : name);
      imports.set(from, set);
      return '';
    });
    return `export async function example${i}(): Promise<void> {\n${body}}\n`;
  });
  const given = new Set(['BizplatApi', 'FeedEvent', 'WebhookEvent', 'WebhookSecretNotShownError']);
  const head = [...imports].map(([from, names]) => `import { ${[...names].filter((n) => from !== '@bizplat/client' || !given.has(n.replace(/^type /, ''))).join(', ')} } from '${from}';`);
  return { source: `${head.join('\n')}\n${GIVEN}\n${bodies.join('\n')}`, blocks: blocks.length };
}

it('the README of the client package: every TypeScript example type-checks', async (t) => {
  const { source, blocks } = examplesModule(readFileSync(join(ROOT, 'packages', 'client', 'README.md'), 'utf8'));
  assert.ok(blocks >= 8, `found ${blocks} examples`);
  writeFileSync(join(dir, 'examples.ts'), source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023'], strict: true, noEmit: true, skipLibCheck: true,
        allowImportingTsExtensions: true, noUnusedLocals: false, types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')],
        paths: { '@bizplat/client': [join(ROOT, 'packages', 'client', 'src', 'index.ts')] },
      },
      files: ['examples.ts'],
    }),
  );
  const child = endWithTest(t, spawn(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  assert.equal(code, 0, `${out}\n--- the examples as checked:\n${source}`);
});
