import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sendMessageBody, TelegramSender } from '../../src/domains/notifications/telegram.ts';
import { retryAt } from '../../src/events/outbox/attempt.ts';

describe('outbox retry schedule', () => {
  const failed = { ok: false, statusCode: 500, durationMs: 1, error: 'HTTP 500' };
  it('retries after the schedule’s delay for the attempt made, and settles past its end', () => {
    assert.equal(retryAt([10, 60], 1, failed, 1000), 11_000);
    assert.equal(retryAt([10, 60], 2, failed, 1000), 61_000);
    assert.equal(retryAt([10, 60], 3, failed, 1000), null);
  });
  it('never retries a success or a final failure', () => {
    assert.equal(retryAt([10], 1, { ...failed, ok: true, error: null }, 0), null);
    assert.equal(retryAt([10], 1, { ...failed, final: true }, 0), null);
  });
  it('waits for a receiver’s retry-after when it is later than the schedule, never less than the schedule', () => {
    assert.equal(retryAt([10], 1, { ...failed, retryAfterMs: 30_000 }, 0), 30_000);
    assert.equal(retryAt([10], 1, { ...failed, retryAfterMs: 1_000 }, 0), 10_000);
  });
});

describe('Telegram sender', () => {
  it('writes the chat id as the integer it is and the text as a JSON string', () => {
    assert.equal(sendMessageBody({ chat_id: '-1009007199254740993', text: 'a "b"\n' }), '{"chat_id":-1009007199254740993,"text":"a \\"b\\"\\n"}');
  });

  it('reports a connection failure as one to retry, without the bot token', async () => {
    const token = '999:SECRET-never-shown';
    const sender = new TelegramSender({ telegramBotToken: token, telegramApiUrl: 'http://127.0.0.1:1', telegramCaFile: undefined }, 1);
    try {
      const result = await sender.send({ chat_id: '1', text: 'x' });
      assert.equal(result.ok, false);
      assert.notEqual(result.final, true, 'a connection failure is retried');
      assert.ok(result.error && !result.error.includes('SECRET'), result.error ?? '');
    } finally {
      await sender.close();
    }
  });
});
