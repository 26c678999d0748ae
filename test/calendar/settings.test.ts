/** `org settings --time-zone --telegram-chat-id`, as an operator runs it; `tasks settings` reads the same zone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { freshDatabase } from '../helpers/harness.ts';

describe('org settings (CLI): time zone and shared chat', () => {
  it('sets and shows the time zone and the shared Telegram chat; refuses an unknown zone or chat id; none removes the chat', async () => {
    const db = await freshDatabase('sqlite');
    try {
      const cli = (...args: string[]) => runCli([...args, '--db', db.url, '--json']);
      onlyJson(await cli('org', 'create', '--slug', 'cal-org', '--name', 'Cal'));
      const set = onlyJson(await cli('org', 'settings', '--org', 'cal-org', '--time-zone', 'Europe/Berlin', '--telegram-chat-id', '-1001234567890'));
      assert.equal(set.timeZone, 'Europe/Berlin');
      assert.equal(set.telegramChatId, '-1001234567890');
      assert.deepEqual(onlyJson(await cli('tasks', 'settings', '--org', 'cal-org')), { timeZone: 'Europe/Berlin' });
      for (const bad of [['--time-zone', 'Mars/Olympus'], ['--telegram-chat-id', 'my chat']]) {
        const refused = await cli('org', 'settings', '--org', 'cal-org', ...bad);
        assert.notEqual(refused.code, 0, `${bad.join(' ')} accepted`);
        assert.match(refused.stderr + refused.stdout, new RegExp(bad[0]!));
      }
      const removed = onlyJson(await cli('org', 'settings', '--org', 'cal-org', '--telegram-chat-id', 'none'));
      assert.equal(removed.telegramChatId, null);
      assert.equal(removed.timeZone, 'Europe/Berlin');
    } finally {
      await db.drop();
    }
  });
});
