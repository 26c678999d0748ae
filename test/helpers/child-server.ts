import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/** A server process of the tests and everything it has printed so far. */
export interface ChildServer {
  process: ChildProcess;
  output(): string;
}

/**
 * Starts `node --import tsx <args>` on `databaseUrl` and resolves once it logs that it serves
 * the API. A server that is not up within a minute is killed, so a test file never waits for
 * it forever.
 */
export function startServer(args: string[], databaseUrl: string, env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, PORT: '0', BIZPLAT_LOG_LEVEL: 'info', ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return new Promise((resolve, reject) => {
    const check = setInterval(() => {
      if (!output.includes('serving the public API')) return;
      clearTimeout(timer);
      clearInterval(check);
      resolve({ process: child, output: () => output });
    }, 20);
    const timer = setTimeout(() => {
      clearInterval(check);
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within 60 s: ${output}`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`the server exited with ${code}: ${output}`));
    });
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
