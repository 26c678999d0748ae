import type { FastifyRequest } from 'fastify';
import { lowerIdFields, lowerUuid } from '../storage/ids.ts';

/**
 * UUIDs are compared case-insensitively in every domain: before validation, a UUID in a path
 * parameter, or in an id field of the query or body (`id`, `client_id`, `itemId`, …), is
 * lowered. A supplied id is so stored in lower case, a path id in any case finds its record,
 * and two ids differing only by case are the same id (a duplicate).
 */
export function lowerRequestIds(request: FastifyRequest): void {
  const params = request.params as Record<string, unknown> | undefined;
  if (params) for (const key in params) if (typeof params[key] === 'string') params[key] = lowerUuid(params[key]);
  lowerIdFields(request.query);
  lowerIdFields(request.body);
}
