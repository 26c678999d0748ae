import type { Config } from '../../src/config.ts';
import { startMessenger } from '../../src/domains/notifications/messenger.ts';
import { handleDue } from '../../src/events/handling.ts';
import { ConsumerRunner } from '../../src/events/runner.ts';
import { createUser } from '../../src/platform/service.ts';
import type { TestContext } from '../helpers/harness.ts';
import { startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver, Reply, TestCertificate } from '../helpers/https-receiver.ts';

export const BOT_TOKEN = '123456:TEST-bot-token';

/** A local HTTPS server answering as the Bot API's sendMessage does (200 `{ok:true,…}` unless told otherwise). */
export async function startBotApi(cert: TestCertificate): Promise<Receiver> {
  const api = await startReceiver(cert, '');
  api.respond = () => botOk();
  return api;
}

export function botOk(): Reply {
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ok: true, result: { message_id: 1 } }) };
}

export function botError(status: number, description: string, retryAfter?: number): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ok: false, error_code: status, description, ...(retryAfter !== undefined ? { parameters: { retry_after: retryAfter } } : {}) }),
  };
}

/** The settings that point the messenger at the local Bot API (the origin the receiver listens on). */
export function botEnv(api: Receiver, cert: TestCertificate): Record<string, string> {
  return { BIZPLAT_TELEGRAM_BOT_TOKEN: BOT_TOKEN, BIZPLAT_TELEGRAM_API_URL: new URL(api.url).origin, BIZPLAT_TELEGRAM_CA_FILE: cert.certFile };
}

export function botConfig(api: Receiver, cert: TestCertificate, schedule = [0.05, 0.05, 0.05]): Partial<Config> {
  return { telegramBotToken: BOT_TOKEN, telegramApiUrl: new URL(api.url).origin, telegramCaFile: cert.certFile, telegramRetryScheduleSeconds: schedule };
}

/** The sendMessage bodies the server received, parsed. */
export function messages(api: Receiver): Array<{ chat_id: unknown; text: unknown }> {
  return api.received.map((r) => JSON.parse(r.body.toString()) as { chat_id: unknown; text: unknown });
}

/** Another member of the organization; returns the user id. */
export async function addMember(ctx: TestContext, slug: string, name = 'Member'): Promise<string> {
  return (await createUser(ctx.storage, { orgSlug: slug, name, rights: [] })).id;
}

/** What a server runs for notifications: the event consumers and a messenger dispatcher. */
export async function startNotifying(ctx: TestContext, config: Partial<Config> = {}): Promise<{ stop(): Promise<void> }> {
  const runtime = { storage: ctx.storage, config: { ...ctx.config, eventPollMs: 50, ...config }, log: ctx.app.log };
  const runner = new ConsumerRunner(runtime, ctx.modules.flatMap((m) => m.consumers ?? []));
  await runner.start();
  const stopMessenger = await startMessenger(runtime);
  return {
    stop: async () => {
      await runner.stop();
      await stopMessenger();
    },
  };
}

/** Runs the consumers once, now, in this process. */
export async function handleEventsNow(ctx: TestContext): Promise<void> {
  await handleDue(ctx.storage, ctx.modules.flatMap((m) => m.consumers ?? []), 1000, ctx.config.eventRetryBaseMs);
}
