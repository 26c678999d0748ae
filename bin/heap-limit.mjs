// `serve` runs with a bounded V8 heap (BIZPLAT_HEAP_LIMIT_MB). V8 grows its heap lazily towards a
// default limit of several gigabytes, so an unbounded server's resident memory follows its
// throughput (garbage between collections), not what it keeps. The limit can only be given when
// node starts: v8.setFlagsFromString('--max-old-space-size=…') later leaves heap_size_limit as it
// was. So `bizplat serve` starts the server as a child node with the flag and stays beside it,
// passing signals on and ending as it ends (docs/decisions.md, "A bounded heap for serve").
import { spawn } from 'node:child_process';
import { Socket } from 'node:net';

const SETTING = 'BIZPLAT_HEAP_LIMIT_MB';
/** The old generation's limit `serve` gets when the setting is unset (docs/performance.md, "Server memory"). */
export const DEFAULT_HEAP_LIMIT_MB = 128;
const MIN_MB = 64;
const MAX_MB = 1_048_576;
/** Set in the server's environment: the file descriptor whose end means the launcher is gone. */
const LAUNCHER_FD = 'BIZPLAT_LAUNCHER_FD';
const PASSED_ON = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];
/** A heap limit the operator gave node wins over the setting; a debugger is for the server itself, in this process. */
const SERVE_HERE = /(^|\s)--(max[-_](old[-_]space|heap)[-_]size|inspect(-brk|-wait)?)(=|\s|$)/;

/** The limit for `serve`, in MB (0: node's own), or an error message naming the setting. */
export function heapLimitMb(env) {
  const raw = env[SETTING];
  if (raw === undefined || raw === '') return DEFAULT_HEAP_LIMIT_MB;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (value === 0 || (value >= MIN_MB && value <= MAX_MB)) return value;
  return `${SETTING} must be 0 (node's own limit) or a whole number of megabytes from ${MIN_MB} to ${MAX_MB}, got "${raw}"`;
}

function servedHere() {
  return [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => SERVE_HERE.test(arg));
}

/** In the server started by a launcher: if the launcher ends without passing that on (SIGKILL), so does the server at once. */
function endWithLauncher() {
  const fd = Number(process.env[LAUNCHER_FD]);
  delete process.env[LAUNCHER_FD];
  const launcher = new Socket({ fd, readable: true, writable: false });
  launcher.on('error', () => {});
  launcher.on('close', () => process.kill(process.pid, 'SIGKILL'));
  launcher.resume();
  launcher.unref();
}

function refuse(argv, message) {
  const json = argv.includes('--json');
  process.stderr.write(json ? `${JSON.stringify({ error: 'error', message })}\n` : `error: ${message}\n`);
  process.exit(1);
}

/**
 * For `serve` without a heap limit given to node: starts `script` again in a child node with
 * `--max-old-space-size` and returns true; this process then passes signals on (the server in a
 * process group of its own, so a Ctrl-C reaches it once) and exits with its exit code or signal.
 * Otherwise returns false and the caller runs the command itself.
 */
export function servedInBoundedHeap(script, argv) {
  if (process.env[LAUNCHER_FD] !== undefined) {
    endWithLauncher();
    return false;
  }
  if (argv[0] !== 'serve' || servedHere()) return false;
  const limit = heapLimitMb(process.env);
  if (typeof limit === 'string') refuse(argv, limit);
  if (limit === 0) return false;
  const server = spawn(process.execPath, [...process.execArgv, `--max-old-space-size=${limit}`, script, ...argv], {
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    env: { ...process.env, [LAUNCHER_FD]: '3' },
    detached: true,
  });
  const passOn = (signal) => server.kill(signal);
  for (const signal of PASSED_ON) process.on(signal, passOn);
  server.once('error', (error) => refuse(argv, `cannot start the server process: ${error.message}`));
  server.once('exit', (code, signal) => {
    for (const s of PASSED_ON) process.off(s, passOn);
    if (signal !== null) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  return true;
}
