import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalidField } from './errors.ts';

/** If-Match with a record version: `3`, `"3"` and `W/"3"` all mean version 3; `*` or no header means any. */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw[0] ?? '' : raw).trim();
  if (value === '*' || value === '') return undefined;
  const match = /^(?:W\/)?"?(\d{1,15})"?$/.exec(value);
  if (!match) throw invalidField('If-Match', 'must be the record version, e.g. 3, "3" or W/"3"');
  return Number(match[1]);
}

export function etagOf(version: number): string {
  return `"${version}"`;
}


/**
 * The kernel's last step of a PATCH (route() installs it): an answer carrying a record version
 * goes out with that version as ETag, ready for the next If-Match.
 */
export function tagWithVersion(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  if (typeof payload === 'object' && payload !== null && 'version' in payload && typeof payload.version === 'number') {
    reply.header('etag', etagOf(payload.version));
  }
  done(null, payload);
}
