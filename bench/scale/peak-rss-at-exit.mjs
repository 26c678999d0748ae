// Loaded into a CLI process the scale bench times (NODE_OPTIONS=--import): at exit, writes the
// process's peak resident set (VmHWM, kB) to the file named by BENCH_PEAK_RSS_FILE.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_PEAK_RSS_FILE;
if (file) {
  process.on('exit', () => {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '0';
    writeFileSync(file, kb);
  });
}
