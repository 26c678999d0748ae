/**
 * The running release: package.json's version, read once at start (from src/ and from the
 * compiled dist/ alike, both one folder below it). `bizplat --version`, the start-up log line,
 * GET /healthz and the admin API's catalog (the console's footer) report it.
 */
import { readFileSync } from 'node:fs';

function packageVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
  if (typeof version !== 'string') throw new Error('package.json holds no version');
  return version;
}

export const VERSION = packageVersion();
