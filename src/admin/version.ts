/** The running server's version: package.json's, read once. */
import { readFileSync } from 'node:fs';

let cached: string | undefined;

export function serverVersion(): string {
  if (cached === undefined) {
    const parsed: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    cached = parsed !== null && typeof parsed === 'object' && 'version' in parsed && typeof parsed.version === 'string' ? parsed.version : 'unknown';
  }
  return cached;
}
