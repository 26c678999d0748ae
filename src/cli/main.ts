import { runCommandLine } from './run.ts';

process.exitCode = await runCommandLine(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
