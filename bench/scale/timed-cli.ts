/** A CLI command run as an operator runs it (its own process, the compiled build), timed, with its peak resident set. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onlyJson, runBin } from '../../test/helpers/cli.ts';

export interface TimedRun {
  output: Record<string, unknown>;
  seconds: number;
  peakRssMb: number;
}

const PRELOAD = new URL('./peak-rss-at-exit.mjs', import.meta.url).href;

export async function timedCli(args: string[]): Promise<TimedRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bizplat-scale-rss-'));
  const peakFile = join(dir, 'peak');
  try {
    const started = performance.now();
    const result = await runBin([...args, '--json'], { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PRELOAD}`.trim(), BENCH_PEAK_RSS_FILE: peakFile });
    const seconds = (performance.now() - started) / 1000;
    const output = onlyJson(result);
    let kb = 0;
    try {
      kb = Number(readFileSync(peakFile, 'utf8'));
    } catch {
      // No /proc here: the peak stays unknown (0).
    }
    return { output, seconds, peakRssMb: Math.round(kb / 1024) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
