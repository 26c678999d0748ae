/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (or the ones named on the command line).
 * Each exports `default async function run(): Promise<void>` and prints its own table.
 * BENCH_SECONDS sets each load run's length (default 5).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
for (const file of files) {
  const module = (await import(new URL(file, import.meta.url).href)) as { default: () => Promise<void> };
  await module.default();
}
process.exit(0);
