/**
 * The organizations of one scale run, in one fresh database: the demo (the `seed` command) and
 * the large one (the `import` command, file after file). The large organization has a webhook
 * subscription to every event, with its deliveries held (`deliveries pause`): each imported
 * event leaves fan-out work, the backlog the server then drains, and nothing leaves the host.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RIGHTS } from '../../src/platform/rights.ts';
import { createUser } from '../../src/platform/service.ts';
import { api, createPrincipal, uniqueSlug } from '../../test/helpers/harness.ts';
import type { Principal, TestContext } from '../../test/helpers/harness.ts';
import { importFiles } from './dataset.ts';
import type { Counts } from './dataset.ts';
import { timedCli } from './timed-cli.ts';

const ASSIGNEES = 10;

export interface ImportFigures {
  collection: string;
  records: number;
  lines: number;
  files: number;
  /** Wall time of the files' imports, each its own process. */
  seconds: number;
  /** The same less each process's start and end (an empty file's import). */
  netSeconds: number;
  peakRssMb: number;
}

export interface Built {
  demo: Principal;
  large: Principal;
  imports: ImportFigures[];
  /** Seconds of an empty file's import: the process's start and end, paid once per file. */
  startSeconds: number;
  subscriptionId: string;
}

/** The subscription's id. */
async function subscribeEverything(ctx: TestContext, p: Principal): Promise<string> {
  const created = await api(ctx, p.token, 'POST', '/webhooks', { body: { name: 'Scale bench', url: 'https://hooks.example.com/scale', events: ['*'] } });
  if (created.statusCode !== 201) throw new Error(`POST /webhooks: ${created.statusCode} ${created.body}`);
  await timedCli(['deliveries', 'pause', '--org', p.slug, '--reason', 'scale bench', '--db', ctx.config.databaseUrl]);
  return (created.json() as { id: string }).id;
}

/** After the drain: the demo has no subscription, so neither has the large organization while both are measured. */
export async function unsubscribe(ctx: TestContext, built: Built): Promise<void> {
  const deleted = await api(ctx, built.large.token, 'DELETE', `/webhooks/${built.subscriptionId}`);
  if (deleted.statusCode !== 200) throw new Error(`DELETE /webhooks: ${deleted.statusCode} ${deleted.body}`);
}

/** Import figures summed per collection, in the order first met. */
function byCollection(files: ImportFigures[]): ImportFigures[] {
  const sums = new Map<string, ImportFigures>();
  for (const f of files) {
    const sum = sums.get(f.collection) ?? { collection: f.collection, records: 0, lines: 0, files: 0, seconds: 0, netSeconds: 0, peakRssMb: 0 };
    sums.set(f.collection, { ...sum, records: sum.records + f.records, lines: sum.lines + f.lines, files: sum.files + f.files, seconds: sum.seconds + f.seconds, netSeconds: sum.netSeconds + f.netSeconds, peakRssMb: Math.max(sum.peakRssMb, f.peakRssMb) });
  }
  return [...sums.values()];
}

export async function buildOrganizations(ctx: TestContext, counts: Counts, dir: string, chunk: number, log: (line: string) => void): Promise<Built> {
  const db = ctx.config.databaseUrl;
  const demo = await createPrincipal(ctx, { slug: uniqueSlug('demo') });
  await timedCli(['seed', '--org', demo.slug, '--db', db]);
  const large = await createPrincipal(ctx, { slug: uniqueSlug('large') });
  const assignees = [large.userId];
  for (let i = 1; i < ASSIGNEES; i++) assignees.push((await createUser(ctx.storage, { orgSlug: large.slug, name: `Member ${i}`, rights: [...RIGHTS] })).id);
  const subscriptionId = await subscribeEverything(ctx, large);
  mkdirSync(dir, { recursive: true });
  const empty = join(dir, 'empty.json');
  writeFileSync(empty, '{}');
  let startSeconds = Infinity;
  for (let i = 0; i < 2; i++) startSeconds = Math.min(startSeconds, (await timedCli(['import', '--org', large.slug, '--file', empty, '--db', db])).seconds);
  const files: ImportFigures[] = [];
  for (const file of importFiles(dir, counts, assignees, chunk)) {
    try {
      const run = await timedCli(['import', '--org', large.slug, '--file', file.path, '--db', db]);
      files.push({ collection: file.collection, records: file.records, lines: file.lines, files: 1, seconds: run.seconds, netSeconds: Math.max(0.001, run.seconds - startSeconds), peakRssMb: run.peakRssMb });
      log(`imported ${file.records} ${file.collection} in ${run.seconds.toFixed(1)} s (${Math.round(file.records / run.seconds)}/s, peak RSS ${run.peakRssMb} MB)`);
    } finally {
      rmSync(file.path, { force: true });
    }
  }
  return { demo, large, imports: byCollection(files), startSeconds, subscriptionId };
}
