import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { exited, killNow, tracked } from './children.ts';
import { PATIENCE_MS } from './patience.ts';
import { withSessionUrl } from './session-url.ts';

/** A server process of the tests and everything it has printed so far. */
export interface ChildServer {
  process: ChildProcess;
  output(): string;
}

/**
 * Starts `node --import tsx <args>` on `databaseUrl` and resolves once it logs that it serves
 * the API. A server that exits first, or is not up within the tests' patience, is killed and
 * the start fails with everything it printed (stderr included); a server still running when
 * the test process ends is killed then.
 */
export function startServer(args: string[], databaseUrl: string, env: Record<string, string>): Promise<ChildServer> {
  const child = tracked(
    spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: withSessionUrl({ ...process.env, PORT: '0', BIZPLAT_LOG_LEVEL: 'info', ...env, DATABASE_URL: databaseUrl }),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  let started = false;
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      killNow(child);
      void exited(child).then(() => reject(new Error(`${why}; it printed:\n${output}`)));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (started || !output.includes('serving the public API')) return;
      started = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ process: child, output: () => output });
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(`the server exited (${signal ?? code}) before serving`);
    const timer = setTimeout(() => fail(`the server did not start within ${PATIENCE_MS / 1000} s`), PATIENCE_MS);
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', onExit);
    child.once('error', (error) => fail(`the server could not be started: ${error.message}`));
  });
}

/** Stops a server process with `signal` and resolves with its exit code. */
export function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
