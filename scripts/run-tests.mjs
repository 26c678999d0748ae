#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node's test runner (through tsx). Node 20's
// runner takes no glob, so the files are listed here. Extra arguments pass through.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function find(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) find(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const args = process.argv.slice(2);
const given = args.filter((a) => a.endsWith('.ts'));
const flags = args.filter((a) => !a.endsWith('.ts'));
const files = given.length ? given : [...find('src'), ...find('test')].sort();
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL half of every suite is skipped (SQLite only).');
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...flags, ...files],
  { stdio: 'inherit', env: { ...process.env, BIZPLAT_LOG_LEVEL: process.env.BIZPLAT_LOG_LEVEL ?? 'silent' } },
);
process.exit(result.status ?? 1);
