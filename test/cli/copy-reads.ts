import type { TestContext } from '../helpers/harness.ts';
import { api } from '../helpers/harness.ts';

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

const PREFIX = '/api/public/v1';
/** Collections that answer only within a window. */
const DAY = 86_400_000;
const REQUIRED_QUERY: Record<string, Record<string, string>> = {
  '/meetings': { from: new Date(Date.now() - 30 * DAY).toISOString(), to: new Date(Date.now() + 300 * DAY).toISOString() },
};

/**
 * Sealed cursors differ on every answer (a fresh IV): where they stand is tested by following
 * them. A request id is new on every request.
 */
function withoutSealedCursors(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSealedCursors);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, (k === 'next_cursor' || k === 'request_id') && typeof v === 'string' ? k : withoutSealedCursors(v)]));
}

/**
 * Every GET of the served document without path parameters, and each listed record's own GET:
 * status and body by path, as `token` sees them.
 */
export async function everyGet(ctx: TestContext, token: string): Promise<Map<string, unknown>> {
  const document = (await ctx.app.inject({ method: 'GET', url: `${PREFIX}/openapi.json` })).json() as OpenApi;
  const gets = Object.keys(document.paths).filter((p) => document.paths[p]!.get !== undefined);
  const answers = new Map<string, unknown>();
  const read = async (path: string, query?: Record<string, string>) => {
    const res = await api(ctx, token, 'GET', path, query ? { query } : {});
    const body: unknown = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
    answers.set(path, { status: res.statusCode, body: withoutSealedCursors(body) });
    return body;
  };
  for (const path of gets.filter((p) => !p.includes('{')).sort()) {
    const body = await read(path, REQUIRED_QUERY[path]);
    const items = body !== null && typeof body === 'object' && 'items' in body && Array.isArray(body.items) ? (body.items as unknown[]) : [];
    const record = gets.find((p) => p.startsWith(`${path}/{`) && p.split('/').length === path.split('/').length + 1 && !p.slice(path.length + 1).includes('/'));
    if (record === undefined) continue;
    for (const item of items) {
      const id = item !== null && typeof item === 'object' && 'id' in item ? String(item.id) : undefined;
      if (id !== undefined) await read(record.replace(/\{[^}]+\}/, encodeURIComponent(id)));
    }
  }
  return answers;
}
