/**
 * Every child process a test starts ends when the test ends, passed or failed: `tracked` ends it
 * (with its process group, when it leads one) when this test process exits or is interrupted, and
 * `endWithTest` also when the test that started it ends.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { after } from 'node:test';
import type { TestContext } from 'node:test';

const running = new Set<ChildProcess>();
/** Children started `detached`: each leads a process group, killed whole. */
const groups = new WeakSet<ChildProcess>();

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGKILL to the child, or to its whole group when it was started `detached`. */
export function killNow(child: ChildProcess): void {
  if (!alive(child) || child.pid === undefined) return;
  try {
    if (groups.has(child)) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    // already gone
  }
}

function killAll(): void {
  for (const child of running) killNow(child);
}

// Loaded at a test file's top level, so this runs once the file's last test has ended: a child a
// test forgot is killed then, and the file's process can exit instead of waiting for it.
after(killAll);

let installed = false;
function install(): void {
  if (installed) return;
  installed = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.kill(process.pid, signal);
    });
  }
}

/** Registers a child to be killed if this process exits before it does. `group`: it leads its own process group (spawned `detached`). */
export function tracked<T extends ChildProcess>(child: T, options: { group?: boolean } = {}): T {
  install();
  if (options.group) groups.add(child);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (!alive(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Kills the child when the test `t` ends, however it ends, and waits for it to be gone. */
export function endWithTest<T extends ChildProcess>(t: Pick<TestContext, 'after'>, child: T): T {
  tracked(child);
  t.after(async () => {
    killNow(child);
    await exited(child);
  });
  return child;
}

/**
 * Runs a command to its end, ended with the test `t` if it outlives it, and resolves to its
 * standard output; rejects with both outputs when it does not exit 0.
 */
export function runToEnd(t: Pick<TestContext, 'after'>, command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  const child = endWithTest(t, spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} ended with ${code}:\n${out}\n${err}`))));
  });
}
