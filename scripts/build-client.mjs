#!/usr/bin/env node
// Builds packages/client for publishing: src/ bundled by esbuild into dist/esm/index.js (ESM) and
// dist/cjs/index.js (CommonJS, marked by dist/cjs/package.json), openapi-fetch left as the
// dependency it is; tsc writes the type declarations into dist/esm, copied to dist/cjs where the
// same declarations read as CommonJS. Run by `npm install` (scripts/build.mjs) when a source is
// newer than the last build, and by `npm pack` of the package (its prepack) always.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('../packages/client', import.meta.url));
const DIST = join(PACKAGE, 'dist');
const STAMP = join(DIST, '.built');

function newest(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((max, e) => Math.max(max, e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs), 0);
}

/** Whether dist/ is at least as new as every source and setting of the package. */
export function clientBuildIsCurrent() {
  if (!existsSync(STAMP)) return false;
  const settings = ['package.json', 'tsconfig.build.json'].map((f) => statSync(join(PACKAGE, f)).mtimeMs);
  return statSync(STAMP).mtimeMs >= Math.max(newest(join(PACKAGE, 'src')), ...settings);
}

export async function buildClient() {
  const require = createRequire(import.meta.url);
  const { build } = await import('esbuild');
  const tsc = require.resolve('typescript/bin/tsc');
  rmSync(DIST, { recursive: true, force: true });
  const common = { entryPoints: [join(PACKAGE, 'src', 'index.ts')], bundle: true, platform: 'node', target: 'node20', packages: 'external', keepNames: true, logLevel: 'warning' };
  await build({ ...common, format: 'esm', outfile: join(DIST, 'esm', 'index.js') });
  await build({ ...common, format: 'cjs', outfile: join(DIST, 'cjs', 'index.js') });
  // The sources are ES modules, so esbuild imports a dependency's default export the way Node's
  // ESM does (the whole module.exports). Required from CommonJS, a dependency gives its CommonJS
  // build, whose default export is the one its __esModule marker names: read it that way.
  const cjs = join(DIST, 'cjs', 'index.js');
  writeFileSync(cjs, readFileSync(cjs, 'utf8').replace(/__toESM\((require\("[^"]+"\)), 1\)/g, '__toESM($1)'));
  const types = spawnSync(process.execPath, [tsc, '-p', join(PACKAGE, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
  if (types.status !== 0) throw new Error('the type declarations of the client did not compile');
  // tsc keeps the sources' `./x.ts` specifiers in declarations: point them at the built files.
  for (const name of readdirSync(join(DIST, 'esm')).filter((n) => n.endsWith('.d.ts'))) {
    const text = readFileSync(join(DIST, 'esm', name), 'utf8').replace(/(from\s+'\.\/[\w-]+)\.ts'/g, "$1.js'");
    for (const format of ['esm', 'cjs']) writeFileSync(join(DIST, format, name), text);
  }
  writeFileSync(join(DIST, 'cjs', 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildClient();
}
