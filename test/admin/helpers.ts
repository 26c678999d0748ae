import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ADMIN_PREFIX } from '../../src/admin/api.ts';
import type { TestContext } from '../helpers/harness.ts';

/** An admin API request relative to /api/admin/v1 with the token set. */
export function admin(
  ctx: TestContext,
  token: string | undefined,
  method: InjectOptions['method'],
  path: string,
  options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `${ADMIN_PREFIX}${path}`,
    headers: { ...(token !== undefined ? { 'x-api-token': token } : {}), ...(options.headers ?? {}) },
    ...(options.query ? { query: options.query } : {}),
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: { via: string; userId: string | null; tokenId: string | null; name: string };
  address: string;
  action: string;
  target: { type: string; id: string };
  changes: Record<string, { before: unknown; after: unknown }>;
}

/** The organization's audit entries, newest first (every page). */
export async function auditOf(ctx: TestContext, token: string): Promise<AuditEntry[]> {
  const res = await admin(ctx, token, 'GET', '/audit', { query: { limit: '200' } });
  if (res.statusCode !== 200) throw new Error(`GET /audit → ${res.statusCode} ${res.body}`);
  return (res.json() as { items: AuditEntry[] }).items;
}
