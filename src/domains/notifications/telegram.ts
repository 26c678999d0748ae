import { Agent, request } from 'undici';
import type { Config } from '../../config.ts';
import { trustingCa } from '../../events/outbox/tls.ts';
import type { AttemptResult } from '../../events/outbox/types.ts';

const MAX_RESPONSE_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;
export const MESSENGER_OFF = 'not sent: the messenger is off (BIZPLAT_TELEGRAM_BOT_TOKEN is not set)';

export interface OutgoingMessage {
  chat_id: string;
  text: string;
}

/** The Bot API's answer, as far as it matters here. */
interface BotAnswer {
  ok?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown };
}

function parseAnswer(text: string): BotAnswer {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as BotAnswer) : {};
  } catch {
    return {};
  }
}

/** `{"chat_id":…,"text":…}` with the chat id as the integer it is, digits kept exactly (it may exceed 2^53 in principle). */
export function sendMessageBody(m: OutgoingMessage): string {
  const chatId = /^-?\d+$/.test(m.chat_id) ? m.chat_id : JSON.stringify(m.chat_id);
  return `{"chat_id":${chatId},"text":${JSON.stringify(m.text)}}`;
}

/**
 * The Telegram Bot API's sendMessage, one attempt per call. 429 carries `retry_after` (seconds):
 * no attempt before then. 403 (the user blocked the bot, or it was removed from the chat) is
 * final. The token is part of the address only: it never appears in a result or a log.
 */
export class TelegramSender {
  readonly #token: string | undefined;
  readonly #apiUrl: string;
  readonly #agent: Agent;

  constructor(config: Pick<Config, 'telegramBotToken' | 'telegramApiUrl' | 'telegramCaFile'>, connections: number) {
    this.#token = config.telegramBotToken;
    this.#apiUrl = config.telegramApiUrl;
    const secureContext = trustingCa(config.telegramCaFile);
    this.#agent = new Agent({
      connections,
      connectTimeout: TIMEOUT_MS,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      ...(secureContext ? { connect: { secureContext } } : {}),
    });
  }

  async send(m: OutgoingMessage): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const token = this.#token;
    if (token === undefined) return { ok: false, statusCode: null, durationMs: 0, error: MESSENGER_OFF, final: true };
    try {
      const response = await request(`${this.#apiUrl}/bot${token}/sendMessage`, {
        method: 'POST',
        dispatcher: this.#agent,
        maxRedirections: 0,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { 'content-type': 'application/json', 'user-agent': 'bizplat-notifications/1' },
        body: sendMessageBody(m),
      });
      const answer = parseAnswer(await response.body.text().then((t) => t.slice(0, MAX_RESPONSE_BYTES)));
      const status = response.statusCode;
      if (status >= 200 && status < 300 && answer.ok !== false) return { ok: true, statusCode: status, durationMs: elapsed(), error: null };
      const description = typeof answer.description === 'string' ? `: ${answer.description.slice(0, 200)}` : '';
      const retryAfter = answer.parameters?.retry_after;
      return {
        ok: false,
        statusCode: status,
        durationMs: elapsed(),
        error: `HTTP ${status}${description}`,
        ...(status === 429 && typeof retryAfter === 'number' && retryAfter >= 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
        ...(status === 403 ? { final: true } : {}),
      };
    } catch (error) {
      const message = error instanceof Error ? (error.name === 'TimeoutError' || error.name === 'AbortError' ? `timed out after ${TIMEOUT_MS} ms` : error.message) : String(error);
      return { ok: false, statusCode: null, durationMs: elapsed(), error: message.split(token).join('<token>') };
    }
  }

  close(): Promise<void> {
    return this.#agent.close();
  }
}
