// Bundles the admin console (console/src, Preact + htm) into console/dist with esbuild: one
// script, one style sheet and the page, served by the server at /admin. Nothing is fetched at
// run time. Skipped when console/dist is newer than every source. Run by scripts/build.mjs.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = join(ROOT, 'console');
export const CONSOLE_DIST = join(SOURCE, 'dist');
const OUTPUTS = ['index.html', 'app.js', 'app.css'].map((f) => join(CONSOLE_DIST, f));

function newest(dir, found = 0) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    found = entry.isDirectory() ? newest(path, found) : Math.max(found, statSync(path).mtimeMs);
  }
  return found;
}

export function consoleIsCurrent() {
  if (!OUTPUTS.every((f) => existsSync(f))) return false;
  return Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs)) >= newest(SOURCE);
}

export async function buildConsole() {
  if (consoleIsCurrent()) return;
  const esbuild = await import('esbuild');
  mkdirSync(CONSOLE_DIST, { recursive: true });
  await esbuild.build({
    entryPoints: { app: join(SOURCE, 'src', 'main.ts') },
    bundle: true,
    format: 'esm',
    minify: true,
    target: ['es2022'],
    outdir: CONSOLE_DIST,
    logLevel: 'warning',
  });
  copyFileSync(join(SOURCE, 'src', 'styles.css'), join(CONSOLE_DIST, 'app.css'));
  copyFileSync(join(SOURCE, 'index.html'), join(CONSOLE_DIST, 'index.html'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildConsole();
