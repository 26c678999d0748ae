import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { BackupError } from './files.ts';

const INSTALL_HINT = 'install the PostgreSQL client tools of the server\'s major version (Debian: apt-get install postgresql-client)';

/** Starts a PostgreSQL client program; a program missing from PATH is reported once the process fails to start. */
function startTool(program: string, args: string[], env: NodeJS.ProcessEnv, stdin: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  return spawn(program, args, { env, stdio: [stdin, 'pipe', 'pipe'] });
}

/** Waits for a started program; rejects with its error output when it fails, or with how to install it when it is missing. */
export function finished(program: string, child: ChildProcess): Promise<string> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupError(`${program} is not on PATH: ${INSTALL_HINT}`) : error);
    });
    child.once('close', (code, signal) => {
      if (code === 0) resolvePromise(stderr);
      else {
        const hint = /version mismatch/.test(stderr) ? ` (${INSTALL_HINT})` : '';
        reject(new BackupError(`${program} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}${hint}`));
      }
    });
  });
}

/** Runs a program to its end and returns what it printed on stdout. */
export async function runTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = startTool(program, args, env);
  const stdout = collect(child.stdout);
  await finished(program, child);
  return stdout;
}

function collect(stream: Readable | null): Promise<string> | string {
  if (stream === null) return '';
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolvePromise) => stream.once('end', () => resolvePromise(text)));
}
