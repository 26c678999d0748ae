import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runCommandLine } from '../../src/cli/run.ts';
import { tracked } from './children.ts';
import { PATIENCE_MS } from './patience.ts';
import { sessionUrlOf } from './session-url.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What an operator runs: the compiled build when it is current (after `npm install` or `npm ci`), else the sources through tsx. */
const BIN = 'bin/bizplat.mjs';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment a CLI child starts from: the caller's, without test-runner settings that change
 * its output, with the direct session URL beside a pooled DATABASE_URL (see session-url.ts).
 */
export function cliEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.BIZPLAT_LOG_LEVEL;
  delete base.NODE_TEST_CONTEXT;
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  delete base.DATABASE_SESSION_URL;
  const session = env.DATABASE_SESSION_URL ?? sessionUrlOf(env.DATABASE_URL);
  return { ...base, ...env, ...(session === undefined ? {} : { DATABASE_SESSION_URL: session }) };
}

/** `args` with `--db-session` (the direct URL) beside a pooled `--db`, as an operator gives a pooled database on the command line. */
export function cliArgs(args: readonly string[]): string[] {
  const db = args.indexOf('--db');
  const session = db >= 0 && !args.includes('--db-session') ? sessionUrlOf(args[db + 1]) : undefined;
  return session === undefined ? [...args] : [...args, '--db-session', session];
}

/** Starts `node bin/bizplat.mjs …` in the repository root; it is killed if still running when the test process ends. */
export function startCli(args: string[], env: Record<string, string | undefined> = {}): ChildProcess {
  return tracked(spawn(process.execPath, [BIN, ...cliArgs(args)], { cwd: ROOT, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }));
}

/**
 * Runs one command line in this process, as `bizplat` does (the same command runner, settings
 * from `env` over the caller's environment), and collects what it printed. Suites that test a
 * command's behaviour use this; test/cli runs the installed binary itself with `runBin`.
 */
export async function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCommandLine(cliArgs(args), { env: cliEnv(env), out: (text) => (stdout += text), err: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/** Runs `node bin/bizplat.mjs …` to its end and collects what it printed. */
export function runBin(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = startCli(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** With --json: exactly one JSON object on stdout (one line) and nothing else. */
export function onlyJson(result: CliResult): Record<string, unknown> {
  if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr}`);
  const lines = result.stdout.split('\n').filter((l) => l !== '');
  if (lines.length !== 1) throw new Error(`expected one line on stdout, got ${lines.length}: ${result.stdout}`);
  const value: unknown = JSON.parse(lines[0]!);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`not a JSON object: ${lines[0]}`);
  return value as Record<string, unknown>;
}

/**
 * Runs `node bin/bizplat.mjs …` and resolves with how it ended, or rejects once `limitMs` passed
 * without an exit. The child is killed in every case when this settles: a test never leaves it running.
 */
export async function runBinWithin(args: string[], env: Record<string, string | undefined>, limitMs = PATIENCE_MS): Promise<CliResult> {
  const child = startCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<CliResult>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout, stderr }));
      timer = setTimeout(() => reject(new Error(`still running after ${limitMs} ms: ${stdout}\n${stderr}`)), limitMs);
    });
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
