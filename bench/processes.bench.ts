/**
 * POST /processes on a three-stage template (task → approval → end) against a raw node:http
 * baseline sending the same bytes, in one run: each request writes, in one transaction, the
 * process, its start stage, the stage's task (with its members and task.assigned, which becomes
 * the executor's notification), the participants and two journal entries (fresh
 * Idempotency-Key per request).
 */
import { importData } from '../src/import.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';
import { againstBaseline, benchDatabases, printRows, row, servedContext } from './lib.ts';
import type { BenchRow } from './lib.ts';

export default async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const owner = await createPrincipal(ctx);
      const executor = await createPrincipal(ctx, { slug: owner.slug, rights: ['tasks.edit'], scopes: ['tasks:read', 'tasks:write'] });
      await importData(ctx.storage, owner.slug, {
        processTemplates: [{
          id: 'three-stages', title: 'Three stages', published: true,
          stages: [
            { id: 'work', title: 'Work', stage_type: 'task', start: true, next: ['approve'], executor: executor.userId },
            { id: 'approve', title: 'Approve', stage_type: 'approval', next: ['end'] },
            { id: 'end', title: 'End', stage_type: 'end', next: [] },
          ],
        }],
      });
      const body = { template_id: 'three-stages', variables: { source: 'bench' } };
      const sample = await api(ctx, owner.token, 'POST', '/processes', { body });
      const post = await againstBaseline(sample.body, 201, {
        baseUrl: ctx.baseUrl,
        path: '/processes',
        method: 'POST',
        headers: { 'x-api-token': owner.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        variantModule: new URL('./processes-variants.mjs', import.meta.url).href,
        variant: 'freshProcess',
      });
      rows.push(row('POST /processes, three-stage template (process + stage + task + journal)', kind, post.server, post.base, '-', post.peakRssMb));
    } finally {
      await ctx.close();
    }
  }
  printRows('Processes', rows);
}
