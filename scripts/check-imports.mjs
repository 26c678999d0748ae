#!/usr/bin/env node
// Part of `npm run lint`: fails on an import circle among src/ files (value imports), on a kernel
// folder importing a domain or a higher layer, and on a domain reaching into another domain's SQL
// or tables. Relative imports only; type-only imports count for the layering, not for circles.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** What a folder must not import: the kernel knows no domain, storage knows nothing above it. */
const FORBIDDEN = [
  ['src/storage', ['src/domains', 'src/http', 'src/platform', 'src/events', 'src/cli', 'src/capabilities']],
  ['src/events', ['src/domains', 'src/http', 'src/platform', 'src/cli', 'src/capabilities']],
  ['src/platform', ['src/domains', 'src/cli', 'src/capabilities']],
  ['src/http', ['src/domains', 'src/cli', 'src/capabilities']],
];

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const files = sources(join(root, 'src'));
const valueDeps = new Map();
const allDeps = new Map();
const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?from\s+['"](\.[^'"]+)['"]/g;
for (const file of files) {
  const values = new Set();
  const all = new Set();
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    let target = resolve(dirname(file), m[3]);
    if (!existsSync(target) && existsSync(`${target}.ts`)) target += '.ts';
    all.add(target);
    if (!m[2]) values.add(target);
  }
  valueDeps.set(file, values);
  allDeps.set(file, all);
}

const problems = [];
const rel = (p) => relative(root, p);
const under = (path, folder) => rel(path) === folder || rel(path).startsWith(`${folder}/`);

for (const [file, deps] of allDeps) {
  for (const dep of deps) {
    for (const [folder, banned] of FORBIDDEN) {
      if (!under(file, folder)) continue;
      for (const b of banned) if (under(dep, b)) problems.push(`${rel(file)} imports ${rel(dep)}: ${folder} must not know ${b}`);
    }
    const from = /^src\/domains\/([^/]+)\//.exec(rel(file));
    const to = /^src\/domains\/([^/]+)\/(.+)$/.exec(rel(dep));
    if (from && to && from[1] !== to[1] && /(^|[./-])(queries|tables)\.ts$/.test(to[2])) {
      problems.push(`${rel(file)} imports ${rel(dep)}: another domain's SQL or tables`);
    }
  }
}

// Circles: Tarjan's strongly connected components over value imports.
let index = 0;
const stack = [];
const state = new Map();
function visit(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of valueDeps.get(v) ?? []) {
    if (!valueDeps.has(w)) continue;
    if (!state.has(w)) {
      visit(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    const selfLoop = component.length === 1 && valueDeps.get(v).has(v);
    if (component.length > 1 || selfLoop) problems.push(`import circle: ${component.map(rel).sort().join(', ')}`);
  }
}
for (const file of files) if (!state.has(file)) visit(file);

for (const p of problems) console.error(p);
console.log(`imports: ${files.length} files, ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
process.exit(problems.length ? 1 : 0);
