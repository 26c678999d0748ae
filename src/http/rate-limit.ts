/**
 * The per-token rate limit: a fixed window per key that starts with the key's first request,
 * counted in this process, or in Redis when the limiter is shared (the store @fastify/rate-limit
 * keeps there). Every request of an API route is counted, whatever its answer; the answer
 * carries X-RateLimit-Limit, -Remaining and -Reset, and the request over the limit gets 429
 * with Retry-After.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { LruCache } from './lru-cache.ts';

/** One more request counted for a key: how many the window holds now, and how long it has left. */
export interface RateCount {
  current: number;
  ttlMs: number;
}

/** Counts one request of an authenticated caller: at once in memory, by a round trip when the count is shared. */
export type CountRequest = (request: FastifyRequest) => RateCount | Promise<RateCount>;

/** Keys (tokens) whose windows are kept in this process; the least recently used go first. */
const MAX_COUNTED_KEYS = 5000;

/** The in-process count, per token: no promise, and no allocation for a window already open. */
export function localCounter(windowMs: number): CountRequest {
  const windows = new LruCache<{ current: number; startMs: number }>(MAX_COUNTED_KEYS, windowMs);
  return (request) => {
    const key = request.actor.tokenId;
    const now = Date.now();
    const open = windows.get(key, now);
    if (open === undefined) {
      windows.set(key, { current: 1, startMs: now }, now);
      return { current: 1, ttlMs: windowMs };
    }
    open.current += 1;
    return { current: open.current, ttlMs: windowMs - (now - open.startMs) };
  };
}

/** "37 seconds", "1 second", "1 minute": how long until the window ends, as the refusal says it. */
function spelled(seconds: number): string {
  if (seconds >= 60) return `${Math.round(seconds / 60)} minute${Math.round(seconds / 60) === 1 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/**
 * Sets the X-RateLimit-* headers of one counted request; over the limit, Retry-After too and
 * the 429 to answer with (undefined while within the limit).
 */
export function applyCount(reply: FastifyReply, max: number, count: RateCount): AppError | undefined {
  const resetSeconds = Math.ceil(count.ttlMs / 1000);
  // The order @fastify/rate-limit wrote them in: Limit, Remaining, Reset, then Retry-After.
  if (count.current <= max) {
    reply.header('x-ratelimit-limit', max).header('x-ratelimit-remaining', max - count.current).header('x-ratelimit-reset', resetSeconds);
    return undefined;
  }
  reply.header('x-ratelimit-limit', max).header('x-ratelimit-remaining', 0).header('x-ratelimit-reset', resetSeconds).header('retry-after', resetSeconds);
  return new AppError(429, 'too_many_requests', 'rate_limited', `more than ${max} requests per minute with this token; retry in ${spelled(resetSeconds)}`, { limit: max }, {});
}
