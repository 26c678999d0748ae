/**
 * A small file system of a test's own (tmpfs, mounted on a temp directory; needs root or
 * CAP_SYS_ADMIN), which the test fills to the last byte and frees again, so that a database on it
 * meets a full disk as in production. Where mounting is refused there is no honest stand-in (a
 * file-size limit kills the process, a page-count limit is the database's own setting, not a
 * full disk), and `makeSmallDisk` says why instead.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cleanUpAfterThisProcess } from './pg-cluster.ts';

const run = promisify(execFile);

export interface SmallDisk {
  dir: string;
  /** Writes a filler file until not one byte more fits; resolves with the bytes written. */
  fill(): Promise<number>;
  /** Bytes still free for an unprivileged writer. */
  available(): number;
  /** Removes the filler. */
  free(): Promise<void>;
  /** Unmounts and removes the directory (lazily: a process still holding files does not stop it). */
  remove(): Promise<void>;
}

/** A tmpfs of `megabytes` on a new temp directory, or the reason it cannot be made here. */
export async function makeSmallDisk(megabytes: number): Promise<SmallDisk | { refused: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bizplat-small-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { refused: `a tmpfs cannot be mounted here (${(error as Error).message.split('\n')[0]}): a full disk cannot be made honestly` };
  }
  const filler = join(dir, 'filler');
  const forgetCleanUp = cleanUpAfterThisProcess(`umount -l ${dir} 2>/dev/null; rmdir ${dir} 2>/dev/null`);
  return {
    dir,
    fill: async () => {
      const file = await open(filler, 'a');
      let written = 0;
      try {
        for (let chunk = 1 << 20; chunk >= 1; chunk = Math.floor(chunk / 4)) {
          const bytes = Buffer.alloc(chunk, 0x5a);
          for (;;) {
            try {
              const { bytesWritten } = await file.write(bytes);
              written += bytesWritten;
              if (bytesWritten < chunk) break;
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
              break;
            }
          }
        }
      } finally {
        await file.close();
      }
      return written;
    },
    available: () => {
      const stats = statfsSync(dir);
      return stats.bavail * stats.bsize;
    },
    free: () => unlink(filler).catch(() => {}),
    remove: async () => {
      await run('umount', ['-l', dir]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
      forgetCleanUp();
    },
  };
}
