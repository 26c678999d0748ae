// The compiled build served as deployed for the measuring scripts: `bizplat serve --bootstrap-demo`
// on a port of its own, logging at info to a pipe read and dropped, the per-token limit raised as
// the bench raises it. Node gets the heap limit `serve` would give itself (bin/heap-limit.mjs), so
// the server runs in this child and its pid is the server's. Resolves once it serves, with the
// demo's admin token.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HEAP_LIMIT_MB = 128;

/** Starts the server with `nodeArgs` before the script and `env` over the host's; ends it with the caller's process. */
export async function serveDemo({ nodeArgs = [], env = {} } = {}) {
  const server = spawn(process.execPath, [...nodeArgs, `--max-old-space-size=${HEAP_LIMIT_MB}`, 'bin/bizplat.mjs', 'serve', '--bootstrap-demo', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, BIZPLAT_LOG_LEVEL: 'info', BIZPLAT_RATE_LIMIT: '10000000', BIZPLAT_SHUTDOWN_GRACE_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.on('exit', () => server.kill('SIGKILL'));
  let printed = '';
  const { url, token } = await new Promise((resolve, reject) => {
    let token;
    server.stdout.on('data', (chunk) => {
      printed += chunk.toString();
      token ??= /^\s+(\S+)$/m.exec(printed.split('API token')[1] ?? '')?.[1];
      const line = printed.split('\n').find((l) => l.includes('serving the public API'));
      if (line && token) resolve({ url: JSON.parse(line).url, token });
    });
    server.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${printed}`)));
  });
  server.stdout.removeAllListeners('data').resume();
  return { server, url, token, exited, root: ROOT };
}
