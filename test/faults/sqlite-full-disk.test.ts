/**
 * SQLite on a small disk filled to the last byte under writes: writes are answered 507
 * storage_full with Retry-After (never 500, never a hang), /readyz fails naming storage, the
 * server stays up; once space is freed writes resume by themselves, nothing acknowledged is lost
 * or doubled, and the database passes PRAGMA integrity_check.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { TEST_TIMEOUT_MS } from '../helpers/patience.ts';
import { makeSmallDisk } from '../helpers/small-disk.ts';
import { STORAGE_FULL } from './load.ts';
import { notable, serveOn } from './server.ts';
import { underWrites } from './scenario.ts';

describe('faults: SQLite on a full disk', () => {
  it('answers 507 storage_full while the disk is full, /readyz failing with storage, then resumes with the database intact', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const disk = await makeSmallDisk(24);
    if ('refused' in disk) {
      t.skip(disk.refused);
      return;
    }
    const path = join(disk.dir, 'bizplat.db');
    const server = await serveOn(`sqlite:${path}`);
    t.after(async () => {
      await server.stop();
      await disk.remove();
    });
    let filled = 0;
    let leftWhenFull = -1;
    const { problems } = await underWrites(t, server, 'full-disk', {
      make: async () => {
        filled = await disk.fill();
        leftWhenFull = disk.available();
      },
      mend: () => disk.free(),
      answer: STORAGE_FULL,
      outageMs: 3000,
    });
    t.diagnostic(`the filler took ${filled} bytes, leaving ${disk.available()} free after it was removed`);
    assert.equal(leftWhenFull, 0, 'the disk was filled to the last byte');
    await server.stop();
    const db = new Database(path);
    try {
      assert.deepEqual(db.pragma('integrity_check'), [{ integrity_check: 'ok' }]);
    } finally {
      db.close();
    }
    assert.deepEqual(problems, [], notable(server));
  });
});
