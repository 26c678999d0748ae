import { runCommandLine } from './run.ts';

const code = await runCommandLine(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
// A refused start ends here, even if something it began (a connection, a timer) would keep the process alive.
if (code !== 0) process.exit(code);
process.exitCode = code;
