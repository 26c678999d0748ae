/**
 * The console's browser tests: Debian's Chromium driven by playwright-core, the console bundled
 * first, screenshots kept under test-output/console/ (the CI's artifacts).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT } from './cli.ts';

export const CHROMIUM = process.env.BIZPLAT_CHROMIUM ?? '/usr/bin/chromium';
export const SHOTS = join(ROOT, 'test-output', 'console');

/** Why the browser tests cannot run here, said loudly; undefined when Chromium is there. */
export function chromiumMissing(what: string): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const why = `SKIPPED: no Chromium at ${CHROMIUM}; ${what} did not run (apt-get install -y chromium)`;
  console.error(`\n!!! ${why}\n`);
  return why;
}

/** Bundles the console and starts Chromium; the caller closes it. */
export async function launchChromium(): Promise<Browser> {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-console.mjs')], { stdio: 'inherit' });
  assert.equal(built.status, 0, 'the console bundles');
  mkdirSync(SHOTS, { recursive: true });
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}
