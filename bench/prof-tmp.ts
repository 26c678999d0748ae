import { benchDatabases, load, servedContext } from './lib.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';
const path = process.argv[2] ?? '/clients?limit=50';
const ctx = await servedContext(benchDatabases()[0]!);
const p = await createPrincipal(ctx);
let clientId = '';
for (let i = 0; i < 200; i++) {
  const res = await api(ctx, p.token, 'POST', '/clients', { body: { name: `Seed ${i}`, phone: '+998901234567', email: `seed${i}@example.com`, city: 'Tashkent', tags: ['seed'] } });
  if (i === 0) clientId = (res.json() as { id: string }).id;
}
const url = `${ctx.baseUrl}${path.replace('{id}', clientId)}`;
const extra: Record<string, string> = process.argv[3] ? { 'if-none-match': (await api(ctx, p.token, 'GET', path.replace('{id}', clientId))).headers.etag as string } : {};
const r = await load({ url, headers: { 'x-api-token': p.token, ...extra }, duration: Number(process.env.BENCH_SECONDS ?? 5) });
console.log(path, r);
await ctx.close();
process.exit(0);
