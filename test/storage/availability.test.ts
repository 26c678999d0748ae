import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { Availability } from '../../src/storage/availability.ts';
import type { OutageEnd, OutageStart } from '../../src/storage/availability.ts';
import { isDatabaseUnavailable, isStorageFull } from '../../src/storage/errors.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { POSTGRES_URL, freshDatabase, testConfig } from '../helpers/harness.ts';
import { POSTGRES_SESSION_URL } from '../helpers/session-url.ts';
import { waitUntil } from '../helpers/patience.ts';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('outages', () => {
  it('are told from other failures by code (and by node-postgres\'s code-less connection messages)', () => {
    for (const error of [coded('ECONNREFUSED'), coded('57P01'), coded('08P01'), coded('53300'), coded('25006'), new Error('Connection terminated unexpectedly'), new Error('timeout exceeded when trying to connect')]) {
      assert.equal(isDatabaseUnavailable(error), true, error.message);
    }
    for (const error of [coded('23505'), coded('40001'), coded('SQLITE_BUSY'), new Error('boom'), coded('ECONNREFUSED_NOT'), coded('XX000', 'Connection terminated unexpectedly')]) {
      assert.equal(isDatabaseUnavailable(error), false, `${error.message} ${(error as { code?: string }).code}`);
    }
    assert.equal(isStorageFull(coded('SQLITE_FULL')), true);
    assert.equal(isStorageFull(coded('53100')), true);
    assert.equal(isStorageFull(coded('SQLITE_BUSY')), false);
  });

  it('begin once, however many failures report them, and end once the probe is answered', async () => {
    let reachable = false;
    const availability = new Availability(async () => {
      if (!reachable) throw coded('ECONNREFUSED');
    });
    const downs: OutageStart[] = [];
    const ups: OutageEnd[] = [];
    availability.listen({ down: (s) => downs.push(s), up: (e) => ups.push(e) });
    try {
      assert.equal(availability.report(coded('23505')), false, 'a unique violation is no outage');
      assert.equal(availability.outage, undefined);
      for (let i = 0; i < 5; i++) assert.equal(availability.report(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1')), true);
      assert.equal(availability.outage, 'unreachable');
      assert.deepEqual(downs, [{ kind: 'unreachable', reason: 'connect ECONNREFUSED 127.0.0.1:1 (ECONNREFUSED)' }]);
      assert.equal(availability.failures, 5);
      await availability.recheck();
      assert.equal(availability.outage, 'unreachable', 'still away while the probe fails');
      reachable = true;
      await waitUntil('the probe to end the outage', () => availability.outage === undefined);
      assert.equal(ups.length, 1);
      assert.equal(ups[0]?.kind, 'unreachable');
      assert.equal(downs.length, 1);
    } finally {
      availability.close();
    }
  });

  it('a full disk with free space to look at ends when there is room, not at the next write', async () => {
    let room = false;
    const availability = new Availability(async () => {}, async () => room);
    try {
      await availability.recheck();
      assert.equal(availability.outage, 'full', 'found full by its free space before any write failed');
      availability.noteWritten();
      assert.equal(availability.outage, 'full', 'a write that fitted in a free page is no sign of room');
      room = true;
      await availability.recheck();
      assert.equal(availability.outage, undefined);
    } finally {
      availability.close();
    }
  });

  it('a LISTEN connection killed by the server comes back by itself, tells its listeners, and hears commits again [postgres]', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, async () => {
    const database = await freshDatabase('postgres');
    const listener = openStorage(testConfig(database.url));
    const writer = openStorage(testConfig(database.url));
    const schema = new URL(database.url).searchParams.get('schema') ?? '';
    const admin = new pg.Client({ connectionString: POSTGRES_SESSION_URL ?? POSTGRES_URL });
    admin.on('error', () => {});
    await admin.connect();
    try {
      const heard: string[] = [];
      await listener.subscribe('test_notice', (payload) => heard.push(payload));
      assert.equal(listener.changeNoticesLive(), true);
      const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE $1 AND pid <> pg_backend_pid()`, [`LISTEN "%${schema}%"`]);
      assert.equal(killed.rowCount, 1, 'the LISTEN session of this schema was found and ended');
      await waitUntil('the listener to be told it may have missed notices', () => heard.includes(''));
      assert.equal(listener.changeNoticesLive(), true);
      await writer.transaction((tx) => tx.notify('test_notice', 'after'));
      await waitUntil('a commit made after the kill to be heard', () => heard.includes('after'));
    } finally {
      await admin.end();
      await Promise.all([listener.close(), writer.close()]);
      await database.drop();
    }
  });
});
