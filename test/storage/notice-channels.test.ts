import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noticeChannelNaming } from '../../src/storage/notice-channels.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { POSTGRES_URL, freshDatabase, testConfig } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';

describe('notice channels', () => {
  it('carry the schema in their name, within PostgreSQL\'s 63 bytes, and map back only for this schema', () => {
    const a = noticeChannelNaming('t_aaaa');
    assert.equal(a.physical('bizplat_events'), 'bizplat_events__t_aaaa');
    assert.equal(a.logical('bizplat_events__t_aaaa'), 'bizplat_events');
    assert.equal(a.logical('bizplat_events__t_bbbb'), undefined);
    const long = noticeChannelNaming('s'.repeat(60)).physical('bizplat_webhook_deliveries');
    assert.ok(long.length <= 63 && long.startsWith('bizplat_webhook_deliveries__'), long);
    assert.equal(noticeChannelNaming(undefined).physical('bizplat_events'), 'bizplat_events');
  });

  it('a commit on one schema of a database wakes the listeners of that schema only [postgres]', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, async () => {
    const [one, other] = await Promise.all([freshDatabase('postgres'), freshDatabase('postgres')]);
    const writer = openStorage(testConfig(one.url));
    const sameSchema = openStorage(testConfig(one.url));
    const otherWriter = openStorage(testConfig(other.url));
    const otherSchema = openStorage(testConfig(other.url));
    try {
      const heard = { same: [] as string[], other: [] as string[] };
      await sameSchema.subscribe('test_notice', (payload) => heard.same.push(payload));
      await otherSchema.subscribe('test_notice', (payload) => heard.other.push(payload));
      await writer.transaction((tx) => tx.notify('test_notice', 'first'));
      await waitUntil('the same schema\'s listener to hear the commit', () => heard.same.includes('first'));
      // Notices reach a listener in commit order: had the first crossed to the other schema, it
      // would arrive there before the other schema's own, committed after it.
      await otherWriter.transaction((tx) => tx.notify('test_notice', 'second'));
      await waitUntil('the other schema\'s own commit', () => heard.other.includes('second'));
      assert.deepEqual(heard.other, ['second']);
    } finally {
      await Promise.all([writer.close(), sameSchema.close(), otherWriter.close(), otherSchema.close()]);
      await Promise.all([one.drop(), other.drop()]);
    }
  });
});
