#!/usr/bin/env node
// Runs the CLI: the compiled JavaScript in dist/ when it is current (scripts/build.mjs, run by
// `npm install` and `npm start`), otherwise the TypeScript sources through tsx. `serve` first
// starts itself again with a bounded heap (bin/heap-limit.mjs).
import { fileURLToPath } from 'node:url';
import { compiledIsCurrent } from '../scripts/compiled.mjs';
import { servedInBoundedHeap } from './heap-limit.mjs';

if (servedInBoundedHeap(fileURLToPath(import.meta.url), process.argv.slice(2))) {
  // This process only passes signals on to the server and ends as it ends.
} else if (compiledIsCurrent()) {
  await import('../dist/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
