import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { link, open, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** A backup or restore the operator can fix: printed as the command's error. */
export class BackupError extends Error {}

export function notEmpty(where: string, tables: string[]): BackupError {
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
  return new BackupError(`the target database ${where} is not empty (${tables.length} tables: ${shown}): restore writes only into an empty database`);
}

export type BackupFormat = 'sqlite' | 'postgres';

const SQLITE_HEADER = Buffer.from('SQLite format 3\u0000', 'latin1');
/** pg_dump's custom format. */
const PG_DUMP_HEADER = Buffer.from('PGDMP', 'latin1');

/** What a backup file holds, from its first bytes; refuses a missing file and anything else. */
export async function backupFormatOf(path: string): Promise<BackupFormat> {
  let head: Buffer;
  try {
    const file = await open(path, 'r');
    try {
      head = Buffer.alloc(SQLITE_HEADER.length);
      const { bytesRead } = await file.read(head, 0, head.length, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new BackupError(`cannot read the backup file ${path}: ${(error as Error).message}`);
  }
  if (head.equals(SQLITE_HEADER)) return 'sqlite';
  if (head.subarray(0, PG_DUMP_HEADER.length).equals(PG_DUMP_HEADER)) return 'postgres';
  throw new BackupError(`${path} is not a bizplat backup (neither an SQLite database nor a pg_dump archive)`);
}

/**
 * A new, empty, owner-only file beside `out` to write the backup into, so that `out` appears
 * only once complete. The backup holds token hashes and sealed secrets: nobody else may read it.
 */
export async function partialFileFor(out: string): Promise<string> {
  const target = resolve(out);
  try {
    await stat(dirname(target));
  } catch {
    throw new BackupError(`cannot write ${out}: the folder ${dirname(target)} does not exist`);
  }
  if (await exists(target)) throw new BackupError(`${out} already exists: choose a new file name (a backup never overwrites a file)`);
  const partial = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.partial`);
  closeSync(openSync(partial, 'wx', 0o600));
  return partial;
}

/** Gives the finished partial file its name; fails, rather than replace it, if the name was taken meanwhile. */
export async function publish(partial: string, out: string): Promise<number> {
  try {
    await link(partial, resolve(out));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError(`${out} already exists: choose a new file name (a backup never overwrites a file)`);
    throw error;
  } finally {
    await rm(partial, { force: true });
  }
  return (await stat(out)).size;
}

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
