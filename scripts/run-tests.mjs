#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node's test runner (through tsx). Node 20's
// runner takes no glob, so the files are listed here. Extra arguments pass through.
// A test that never ends fails after --test-timeout (default below, generous: tests wait for
// events, never for a fixed time); interrupting or ending this runner ends the whole run with it.
import { spawn } from 'node:child_process';
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

/** One test's limit unless it sets its own: far beyond any machine's slowness, but not forever. */
const TEST_TIMEOUT_MS = 30 * 60_000;

const args = process.argv.slice(2);
const given = args.filter((a) => a.endsWith('.ts'));
const flags = args.filter((a) => !a.endsWith('.ts'));
if (!flags.some((f) => f.startsWith('--test-timeout'))) flags.push(`--test-timeout=${TEST_TIMEOUT_MS}`);
const files = given.length ? given : [...find('src'), ...find('test')].sort();
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL half of every suite is skipped (SQLite only).');
}
// Its own process group, so that ending the run reaches every test process and what they started.
const run = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...flags, ...files],
  {
    stdio: 'inherit',
    detached: true,
    // Servers the tests start stop without the balancer's grace; the tests of the grace set their own.
    env: { ...process.env, BIZPLAT_LOG_LEVEL: process.env.BIZPLAT_LOG_LEVEL ?? 'silent', BIZPLAT_SHUTDOWN_GRACE_MS: process.env.BIZPLAT_SHUTDOWN_GRACE_MS ?? '0' },
  },
);
const endRun = (signal) => {
  try {
    process.kill(-run.pid, signal);
  } catch {
    // already ended
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    endRun(signal);
    setTimeout(() => endRun('SIGKILL'), 10_000).unref();
  });
}
process.on('exit', () => endRun('SIGKILL'));
run.on('exit', (code, signal) => {
  endRun('SIGKILL');
  process.exit(code ?? (signal ? 1 : 0));
});
