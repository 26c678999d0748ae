#!/usr/bin/env node
// Runs the CLI: the compiled JavaScript in dist/ when it is current (scripts/build.mjs, run by
// `npm install` and `npm start`), otherwise the TypeScript sources through tsx.
import { compiledIsCurrent } from '../scripts/compiled.mjs';

if (compiledIsCurrent()) {
  await import('../dist/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
