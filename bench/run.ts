/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (or the ones named on the command line).
 * Each exports `default async function run(): Promise<void>` and prints its own table.
 * Options (`--name value` or `--name=value`, e.g. the scale bench's `--size`) are not bench
 * names: each bench reads its own from process.argv.
 * The server is measured as deployed: the compiled build, made here first if the sources are newer.
 * BENCH_SECONDS sets each measured slice's length (default 3), BENCH_ROUNDS the rounds in which
 * server and baseline take turns (default 3), BENCH_WARMUP_SECONDS each side's warm-up (default 2).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: 'inherit' });
const args = process.argv.slice(2);
const isOptionValue = (i: number) => i > 0 && args[i - 1]!.startsWith('--') && !args[i - 1]!.includes('=');
const wanted = args.filter((a, i) => !a.startsWith('--') && !isOptionValue(i));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
for (const file of files) {
  const module = (await import(new URL(file, import.meta.url).href)) as { default: () => Promise<void> };
  await module.default();
}
process.exit(0);
