#!/usr/bin/env node
// Compiles src/ into dist/ when a source is newer than the last build: the server then runs as
// plain JavaScript, without the TypeScript loader (~40 MB less memory). Run by `npm install`
// and `npm start`. Without TypeScript installed (an install without dev dependencies) it does
// nothing, and the CLI loads the sources through tsx; so it does when the build fails.
// It first bundles the admin console (scripts/build-console.mjs) and builds the client package
// (scripts/build-client.mjs).
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildClient, clientBuildIsCurrent } from './build-client.mjs';
import { buildConsole } from './build-console.mjs';
import { ROOT, STAMP, compiledIsCurrent } from './compiled.mjs';

try {
  await buildConsole();
} catch (error) {
  console.error(`The admin console could not be bundled (/admin will say so): ${error.message}`);
}

if (!clientBuildIsCurrent()) {
  try {
    await buildClient();
  } catch (error) {
    console.error(`The client package could not be built (packages/client/dist): ${error.message}`);
  }
}

if (!compiledIsCurrent()) {
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    console.error('TypeScript is not installed: the server will run from the TypeScript sources.');
    process.exit(0);
  }
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
  if (result.status === 0) writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  else console.error('The build failed: the server will run from the TypeScript sources.');
}
