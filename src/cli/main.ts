import { BatchedLog } from '../http/batched-log.ts';
import { runCommandLine } from './run.ts';

const code = await runCommandLine(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
// Every line logged so far (the drain's closing line last) is written before the process ends.
await BatchedLog.flushAll();
// A refused start ends here, even if something it began (a connection, a timer) would keep the process alive.
if (code !== 0) process.exit(code);
process.exitCode = code;
