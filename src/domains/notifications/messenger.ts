import { JobDispatcher } from '../../events/outbox/dispatcher.ts';
import type { AttemptResult, JobQueue } from '../../events/outbox/types.ts';
import type { RuntimeContext } from '../module.ts';
import { MESSENGER_CHANNEL } from './notify.ts';
import type { DueMessage } from './queries.ts';
import { MESSENGER_TABLE, selectDueMessages } from './queries.ts';
import { TelegramSender } from './telegram.ts';

/** Messages in flight at once per process (the Bot API allows about 30 a second per bot). */
const CONCURRENCY = 8;
const TIMEOUT_MS = 10_000;

/** Messenger deliveries as the kernel's jobs: the kernel claims, leases, retries and settles them. */
export function messengerQueue(sender: TelegramSender): JobQueue<DueMessage, AttemptResult> {
  return {
    table: MESSENGER_TABLE,
    selectDue: (tx, now, limit) => selectDueMessages(tx.db, tx.dialect, now, limit),
    send: (m) => sender.send({ chat_id: m.chat_id, text: m.text }),
  };
}

/**
 * The module's worker: a dispatcher of messenger deliveries on the kernel's job dispatcher,
 * woken by commits, the earliest retry and every BIZPLAT_EVENT_POLL_MS. Without a bot token it
 * still runs and settles each delivery as failed ("the messenger is off") without a request.
 */
export async function startMessenger(ctx: RuntimeContext): Promise<() => Promise<void>> {
  const sender = new TelegramSender(ctx.config, CONCURRENCY);
  const dispatcher = new JobDispatcher(ctx.storage, ctx.log, messengerQueue(sender), {
    name: 'messenger dispatcher',
    channel: MESSENGER_CHANNEL,
    concurrency: CONCURRENCY,
    timeoutMs: TIMEOUT_MS,
    pollMs: ctx.config.eventPollMs,
    retryScheduleSeconds: ctx.config.telegramRetryScheduleSeconds,
  });
  await dispatcher.start();
  return async () => {
    await dispatcher.stop();
    await sender.close();
  };
}
