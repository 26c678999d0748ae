// Profiles what every answer pays: the compiled build served as deployed (`bizplat serve
// --bootstrap-demo` on a fresh SQLite file, logging at info level to a pipe read and dropped,
// the per-token limit raised as the bench raises it) under `node --cpu-prof`, driven by
// autocannon (50 connections) against GET /ping and then GET /clients/{id}, stopped with SIGTERM.
// Prints, for each path's measured window (after a 2 s warm-up), the busy time's top self-time
// functions and its share by layer.
//
//   node scripts/profile-request.mjs [seconds per path, default 10] [top, default 30]
// Build first (node scripts/build.mjs). The .cpuprofile is left in the printed folder.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serveDemo } from './served-demo.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.argv[2] ?? 10);
const top = Number(process.argv[3] ?? 30);
const dir = mkdtempSync(join(tmpdir(), 'bizplat-profile-'));

const { server, url, token, exited } = await serveDemo({ nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`], env: { DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}` } });

const headers = { 'x-api-token': token };
const created = await globalThis.fetch(`${url}/clients`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Profiled client', phone: '+998901234567' }) });
const clientId = (await created.json()).id;

// The profile's clock is the monotonic one process.hrtime reads (µs): each path's window of
// samples is cut out by it, so start-up and set-up are left out.
const now = () => Number(process.hrtime.bigint() / 1000n);
const windows = [];
for (const path of ['/ping', `/clients/${clientId}`]) {
  await autocannon({ url: `${url}${path}`, headers, connections: 50, duration: 2 });
  const from = now();
  const result = await autocannon({ url: `${url}${path}`, headers, connections: 50, duration: seconds });
  windows.push({ path, from, to: now(), result });
}
server.kill('SIGTERM');
await exited;

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
for (const { path, from, to, result } of windows) {
  console.log(`\n## ${path}: ${Math.round(result.requests.average)} req/s, ${result.requests.total} requests, non-2xx ${result.non2xx}, errors ${result.errors}`);
  summarise(profile, from, to);
}
console.log(`\nprofile: ${join(dir, file)}`);

/** Self time by function and by layer, as shares of the busy (non-idle) time. */
function summarise({ nodes, samples, timeDeltas, startTime }, from, to) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const self = new Map();
  let at = startTime;
  samples.forEach((id, i) => {
    at += timeDeltas[i] ?? 0;
    if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + (timeDeltas[i] ?? 0));
  });
  const fn = new Map();
  const inclusive = new Map();
  const layer = new Map();
  let busy = 0;
  const keyOf = ({ callFrame }) => `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^file:\/\//, '').replace(ROOT, '').split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
    busy += us;
    const where = callFrame.url.replace(/^file:\/\//, '').replace(ROOT, '');
    const key = keyOf(byId.get(id));
    fn.set(key, (fn.get(key) ?? 0) + us);
    const counted = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const node = byId.get(at);
      const k = keyOf(node);
      const place = layerOf(node.callFrame.url.replace(/^file:\/\//, '').replace(ROOT, ''), node.callFrame.functionName);
      // What runs below a hook that hands on synchronously (the last onSend writes the answer) is
      // counted in it too: read these as "this and what it set off".
      if (!counted.has(k) && (place.startsWith('bizplat') || place.startsWith('fastify') || place.includes('pino'))) inclusive.set(k, (inclusive.get(k) ?? 0) + us);
      counted.add(k);
    }
    layer.set(layerOf(where, callFrame.functionName), (layer.get(layerOf(where, callFrame.functionName)) ?? 0) + us);
  }
  const pct = (us) => `${((100 * us) / busy).toFixed(1)} %`;
  console.log(`\nbusy ${(busy / 1e6).toFixed(1)} s\n\n| self time | function |\n|---|---|`);
  for (const [key, us] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`| ${pct(us)} | \`${key}\` |`);
  console.log('\n| inclusive time | function (ours and fastify\'s) |\n|---|---|');
  for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`| ${pct(us)} | \`${key}\` |`);
  console.log('\n| layer | share of busy time |\n|---|---|');
  for (const [key, us] of [...layer].sort((a, b) => b[1] - a[1]).filter(([, us]) => us / busy >= 0.001)) console.log(`| ${key} | ${pct(us)} |`);
}

function layerOf(where, name) {
  if (where.startsWith('dist/')) return 'bizplat (dist/)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1];
  if (pkg === 'fastify' || pkg?.startsWith('@fastify/') || ['find-my-way', 'light-my-request', 'avvio', 'fast-json-stringify', 'fast-querystring', 'toad-cache', 'process-warning', 'fastify-plugin'].includes(pkg)) return `fastify (${pkg})`;
  if (pkg) return `other packages (${pkg})`;
  if (where.startsWith('node:')) return 'node (lib)';
  if (name === '(garbage collector)') return 'garbage collector';
  return 'node/V8 native';
}
