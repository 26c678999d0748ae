import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { exited, tracked } from '../helpers/children.ts';

const REPO = join(import.meta.dirname, '..', '..');
const COPIED = ['src', 'test', 'scripts', 'bench', 'examples', 'packages', 'package.json', 'tsconfig.json', 'eslint.config.js'];

/** Runs a command in `cwd` to its end (its own process group, killed with the test process); its exit code and output. */
async function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string }> {
  // Without NODE_TEST_CONTEXT: a test run started from a test file would otherwise skip its files.
  const { NODE_TEST_CONTEXT: _nested, ...inherited } = process.env;
  const child = tracked(spawn(command, args, { cwd, detached: true, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }), { group: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await exited(child);
  return { code: child.exitCode, output };
}

describe('scripts/new-domain.mjs', () => {
  const tree = mkdtempSync(join(tmpdir(), 'bizplat-new-domain-'));
  after(() => rmSync(tree, { recursive: true, force: true }));

  it('writes a domain that passes the type check, the lint and its own harness test', async () => {
    for (const entry of COPIED) cpSync(join(REPO, entry), join(tree, entry), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(tree, 'node_modules'));

    const scaffold = await run(tree, process.execPath, ['scripts/new-domain.mjs', 'memos']);
    assert.equal(scaffold.code, 0, scaffold.output);
    assert.match(readFileSync(join(tree, 'src/platform/rights.ts'), 'utf8'), /'memos:read',\n {2}'memos:write',/);
    assert.match(readFileSync(join(tree, 'src/domains/index.ts'), 'utf8'), /memosModule\]/);

    const typecheck = await run(tree, process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
    assert.equal(typecheck.code, 0, typecheck.output);
    const lint = await run(tree, process.execPath, [join(REPO, 'node_modules/eslint/bin/eslint.js'), 'src/domains/memos', 'test/memos', 'src/domains/index.ts', 'src/platform/rights.ts']);
    assert.equal(lint.code, 0, lint.output);
    const layering = await run(tree, process.execPath, ['scripts/check-imports.mjs']);
    assert.equal(layering.code, 0, layering.output);

    // SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (the harness reads it).
    const harness = await run(tree, process.execPath, ['--import', 'tsx', '--test', 'test/memos/memos.test.ts'], { BIZPLAT_LOG_LEVEL: 'silent' });
    assert.equal(harness.code, 0, harness.output);
    assert.match(harness.output, /# fail 0/);
    assert.doesNotMatch(harness.output, /# pass 0\n/);
  });
});
