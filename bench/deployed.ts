/**
 * The three processes of a measurement: the server as users run it (the compiled build through
 * the CLI, production settings, logging at info level to a pipe), the raw node:http baseline,
 * and the load generator. None shares an event loop or a core's time slice with another's
 * bookkeeping, so a ratio compares the server with the baseline and nothing else.
 */
import { fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Peak resident set of a process so far (VmHWM), in MB; 0 where /proc is not there to read. */
export function peakRssMbOf(pid: number): number {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

export interface DeployedServer {
  pid: number;
  /** The API root, e.g. http://127.0.0.1:40123/api/public/v1 */
  url: string;
  stop(): Promise<void>;
}

/**
 * `bizplat serve` on an existing, migrated database, from the compiled build (the bench run
 * builds it first), with production settings but for the per-token rate limit, raised so the
 * load generator's one token is not refused (its bookkeeping is still done on every request).
 */
export async function deployServer(databaseUrl: string, env: Record<string, string> = {}): Promise<DeployedServer> {
  const child = track(
    spawn(process.execPath, ['bin/bizplat.mjs', 'serve', '--port', '0'], {
      cwd: ROOT,
      env: { ...process.env, BIZPLAT_LOG_LEVEL: 'info', ...env, BIZPLAT_RATE_LIMIT: '10000000', BIZPLAT_SHUTDOWN_GRACE_MS: '0', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let printed = '';
  // The server's own pid, from its log: `serve` runs it in a child process with a bounded heap (bin/heap-limit.mjs).
  const { url, pid } = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      for (const line of printed.split('\n')) {
        if (!line.includes('serving the public API')) continue;
        const entry = JSON.parse(line) as { url: string; pid: number; compiled: boolean };
        if (!entry.compiled) reject(new Error('the server ran from the sources: build it first (npm run build)'));
        else resolve(entry);
      }
      if (printed.length > 100_000) printed = printed.slice(-10_000);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code} before serving:\n${printed}`)));
  });
  // From here on its log lines are read and dropped, as a log shipper would.
  child.stdout!.removeAllListeners('data').resume();
  child.stderr!.removeAllListeners('data').resume();
  child.removeAllListeners('exit');
  track(child);
  return {
    pid,
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await ended(child);
    },
  };
}

/** A raw node:http server in its own process answering every request with `body` and `status`. */
export async function rawBaseline(body: string, status = 200): Promise<{ url: string; close: () => Promise<void> }> {
  const child = track(fork(new URL('./raw-server.mjs', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the baseline exited with ${code}`)));
    child.send({ body, status });
  });
  child.removeAllListeners('exit');
  track(child);
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      child.disconnect();
      await ended(child);
    },
  };
}

/** Runs the load generator in its own process with `options` and resolves with its summary. */
export function runLoad<T>(options: object): Promise<T> {
  const child = track(fork(new URL('./load-process.mjs', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  return new Promise<T>((resolve, reject) => {
    child.once('message', (m: T) => resolve(m));
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
    child.send(options);
  });
}
