// Whether dist/ (src/ compiled to JavaScript by scripts/build.mjs) is current: its stamp is at
// least as new as every source file and TypeScript setting.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const STAMP = join(ROOT, 'dist', '.built');

function newestSource(dir, newest = 0) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = newestSource(path, newest);
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export function compiledIsCurrent() {
  if (!existsSync(STAMP)) return false;
  const settings = ['tsconfig.json', 'tsconfig.build.json'].map((f) => statSync(join(ROOT, f)).mtimeMs);
  return statSync(STAMP).mtimeMs >= Math.max(newestSource(join(ROOT, 'src')), ...settings);
}
