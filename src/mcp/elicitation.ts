/**
 * Confirmation through MCP elicitation on a stateless endpoint. A client that declares the
 * elicitation capability at initialize gets an Mcp-Session-Id that says so, which it sends with
 * every later request; a tools/call of a write to confirm is then answered as an event stream that
 * first carries an elicitation/create request, and the client's answer, POSTed to /mcp on its own,
 * is matched here to the call waiting for it (by an id no other call has, and the same token).
 * The waiting call lives in this process: behind a balancer, the client's answer must reach the
 * same instance (affinity on Mcp-Session-Id), or the call ends as not confirmed when its wait does.
 */
import { createHash, randomUUID } from 'node:crypto';
import { isJSONRPCErrorResponse, isJSONRPCResultResponse } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { UserAnswer } from './call.ts';

/** The Mcp-Session-Id of a client that can be asked: the prefix, then a random id. */
const SESSION_PREFIX = 'bizplat-elicit-';
const REQUEST_PREFIX = 'bizplat-confirm-';
/** How long a call waits for the user: a person reads the question and answers. */
export const CONFIRMATION_WAIT_MS = 10 * 60_000;
/** Calls waiting at once in this process; beyond, a new one is not asked (not confirmed). */
const MAX_WAITING = 1000;

export function sessionIdFor(capabilities: unknown): string | undefined {
  const elicitation = typeof capabilities === 'object' && capabilities !== null && 'elicitation' in capabilities ? capabilities.elicitation : undefined;
  return typeof elicitation === 'object' && elicitation !== null ? `${SESSION_PREFIX}${randomUUID()}` : undefined;
}

export function canBeAsked(sessionId: string | undefined): boolean {
  return sessionId?.startsWith(SESSION_PREFIX) === true;
}

/** Who may answer: a digest of the token header the call came with. */
export function answererOf(tokenHeaders: Record<string, string>): string {
  return createHash('sha256').update(JSON.stringify(tokenHeaders)).digest('base64url');
}

interface Waiting {
  answerer: string;
  resolve: (answer: UserAnswer) => void;
}

function answerOf(message: JSONRPCMessage): UserAnswer {
  if (!isJSONRPCResultResponse(message)) return 'cancel';
  const { action, content } = message.result;
  if (action !== 'accept') return action === 'decline' ? 'decline' : 'cancel';
  // The form asks one yes/no question: an accepted form that says no is a decline.
  const confirmed = typeof content === 'object' && content !== null && 'confirm' in content ? content.confirm : true;
  return confirmed === false ? 'decline' : 'accept';
}

export class Elicitations {
  readonly #waiting = new Map<string, Waiting>();

  /** Sends the question with `send` and waits for the user's answer; `signal` ends the wait (the call was abandoned). */
  async ask(send: (request: JSONRPCMessage) => Promise<void>, message: string, answerer: string, signal: AbortSignal): Promise<UserAnswer> {
    if (this.#waiting.size >= MAX_WAITING || signal.aborted) return 'cancel';
    const id = `${REQUEST_PREFIX}${randomUUID()}`;
    return new Promise<UserAnswer>((resolve) => {
      const end = (answer: UserAnswer) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', abandoned);
        this.#waiting.delete(id);
        resolve(answer);
      };
      const abandoned = () => end('cancel');
      const timer = setTimeout(() => end('cancel'), CONFIRMATION_WAIT_MS);
      signal.addEventListener('abort', abandoned);
      this.#waiting.set(id, { answerer, resolve: end });
      const requestedSchema = { type: 'object' as const, properties: { confirm: { type: 'boolean' as const, title: 'Confirm', description: 'Make this change' } }, required: ['confirm'] };
      send({ jsonrpc: '2.0', id, method: 'elicitation/create', params: { message, requestedSchema } }).catch(() => end('cancel'));
    });
  }

  /** Takes the answers among `messages` that calls here wait for; true when every message was one. */
  answer(messages: JSONRPCMessage[], answerer: string): boolean {
    const answers = messages.filter((m) => isJSONRPCResultResponse(m) || isJSONRPCErrorResponse(m));
    if (answers.length === 0 || answers.length !== messages.length) return false;
    let all = true;
    for (const message of answers) {
      const id = 'id' in message ? String(message.id) : '';
      const waiting = this.#waiting.get(id);
      if (waiting === undefined || waiting.answerer !== answerer) {
        all = false;
        continue;
      }
      waiting.resolve(answerOf(message));
    }
    return all;
  }
}
