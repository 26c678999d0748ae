/**
 * The server's own memory: the deployed server (its own process, the compiled build, logging at
 * info level to a pipe) on a fresh database takes writes, list reads and pings from 50
 * connections, and its peak resident set (VmHWM from /proc) is read at the end.
 */
import { createPrincipal } from '../test/helpers/harness.ts';
import { peakRssMbOf } from './deployed.ts';
import { benchDatabases, load, servedContext } from './lib.ts';

export default async function run(): Promise<void> {
  console.log('\n## Server memory (its own process, peak RSS)\n');
  console.log('| db | requests served | peak RSS MB | target |');
  console.log('|---|---|---|---|');
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const p = await createPrincipal(ctx);
      const headers = { 'x-api-token': p.token, 'content-type': 'application/json' };
      const writes = await load({
        url: `${ctx.baseUrl}/clients`,
        method: 'POST',
        headers,
        variantModule: new URL('./crm-variants.mjs', import.meta.url).href,
        variant: 'freshClient',
      });
      const lists = await load({ url: `${ctx.baseUrl}/clients?limit=50`, headers });
      const pings = await load({ url: `${ctx.baseUrl}/ping`, headers });
      const served = writes.total + lists.total + pings.total;
      console.log(`| ${kind} | ${served} | ${peakRssMbOf(ctx.serverPid)} | < 200 |`);
    } finally {
      await ctx.close();
    }
  }
}
