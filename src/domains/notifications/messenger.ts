import { JobDispatcher } from '../../events/outbox/dispatcher.ts';
import type { AttemptResult, JobQueue } from '../../events/outbox/types.ts';
import { activeMemberUserIds } from '../../platform/members.ts';
import type { Tx } from '../../storage/storage.ts';
import type { RuntimeContext } from '../module.ts';
import { MESSENGER_CHANNEL } from './notify.ts';
import type { DueMessage } from './queries.ts';
import { MESSENGER_TABLE, selectDueMessages } from './queries.ts';
import { TelegramSender } from './telegram.ts';

/** Messages in flight at once per process (the Bot API allows about 30 a second per bot). */
const CONCURRENCY = 8;
const TIMEOUT_MS = 10_000;

export const RECIPIENT_INACTIVE = 'dropped: the recipient is no longer an active user of the organization';

/** A due delivery and whether it may still go out: its recipient is an active member (the shared chat is no user's, so it always may). */
export type ClaimedMessage = DueMessage & { recipientActive: boolean };

/** Due deliveries, each checked against the membership as it is when it is claimed, just before sending. */
async function dueMessages(tx: Tx, now: string, limit: number): Promise<ClaimedMessage[]> {
  const due = await selectDueMessages(tx, now, limit);
  const recipients = new Map<string, string[]>();
  for (const m of due) if (m.user_id !== '') recipients.set(m.org_id, [...(recipients.get(m.org_id) ?? []), m.user_id]);
  const active = new Map<string, Set<string>>();
  for (const [orgId, userIds] of recipients) active.set(orgId, await activeMemberUserIds(tx.db, orgId, userIds));
  return due.map((m) => ({ ...m, recipientActive: m.user_id === '' || (active.get(m.org_id)?.has(m.user_id) ?? false) }));
}

/**
 * Messenger deliveries as the kernel's jobs: the kernel claims, leases, retries and settles them.
 * A delivery to a user deactivated since it was queued is settled as failed, never sent nor retried.
 */
function messengerQueue(sender: TelegramSender): JobQueue<ClaimedMessage, AttemptResult> {
  return {
    table: MESSENGER_TABLE,
    selectDue: dueMessages,
    send: (m) =>
      m.recipientActive
        ? sender.send({ chat_id: m.chat_id, text: m.text })
        : Promise.resolve({ ok: false, statusCode: null, durationMs: 0, error: RECIPIENT_INACTIVE, final: true }),
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
