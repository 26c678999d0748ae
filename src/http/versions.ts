import type { FastifyRequest } from 'fastify';
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

