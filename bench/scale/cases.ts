/**
 * What the scale bench asks of each organization, the same requests by name for the demo and
 * the large one: every list's first page, its filters, search, a deep offset page, the last
 * page by cursor, GET by id, stock, the events feed, and the writes. Ids, search terms and
 * cursors are read from each organization's own answers (its first record: a search for its
 * e-mail, SKU or title finds one or a few records in either).
 */
import { getJson } from './latency.ts';
import type { Req } from './latency.ts';

interface Page {
  items: Array<Record<string, unknown>>;
  total?: number;
  next_cursor?: string | null;
}

export interface Case {
  name: string;
  req: Req;
}

const LIMIT = 50;
const q = encodeURIComponent;

/**
 * A cursor after which the list holds its last LIMIT records (fewer in a list shorter than
 * LIMIT + 1): the next_cursor of a one-record page. Lists with offset reach it directly; the
 * others (movements, the feed) are walked with their largest page, then the last page is
 * shortened to LIMIT by one more page of the records before them.
 */
async function lastCursor(baseUrl: string, token: string, path: string, byOffset: boolean, walkLimit: number): Promise<string | undefined> {
  const page = (query: string) => getJson<Page>(baseUrl, `${path}${path.includes('?') ? '&' : '?'}${query}`, token);
  if (byOffset) {
    const { total = 0 } = await page('limit=1');
    return (await page(`limit=1&offset=${Math.max(0, total - LIMIT - 1)}`)).next_cursor ?? undefined;
  }
  // The cursor the last non-empty page starts at (undefined: the first page) and its records.
  let cursor: string | undefined;
  let left = 0;
  for (let at: string | undefined; ; ) {
    const walked = await page(`limit=${walkLimit}${at ? `&cursor=${q(at)}` : ''}`);
    if (walked.items.length > 0) {
      cursor = at;
      left = walked.items.length;
    }
    if (walked.items.length < walkLimit || !walked.next_cursor) break;
    at = walked.next_cursor;
  }
  if (cursor === undefined) {
    // The first page is the last: start after its first record.
    const firstOne = await page('limit=1');
    cursor = firstOne.next_cursor ?? undefined;
    left -= 1;
    if (cursor === undefined || left <= 0) return undefined;
  }
  if (left <= LIMIT) return cursor;
  return (await page(`limit=${left - LIMIT}&cursor=${q(cursor)}`)).next_cursor ?? undefined;
}

/** The first record of a list (for ids, filters and search terms), or the first on its first page that `wanted` accepts. */
async function first(baseUrl: string, token: string, path: string, wanted: (item: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
  const page = await getJson<Page>(baseUrl, `${path}?limit=${LIMIT}`, token);
  const item = page.items.find(wanted);
  if (!item) throw new Error(`${path} has no record to measure with`);
  return item;
}

/** A product that has stock (a service has none and takes no movement). */
const stocked = (item: Record<string, unknown>) => item.item_type !== 'service';

const get = (token: string, path: string): Req => ({ method: 'GET', path, token });

/** A list's first page, deep offset page and last page by cursor. */
async function paging(baseUrl: string, token: string, name: string, path: string): Promise<Case[]> {
  const { total = 0 } = await getJson<Page>(baseUrl, `${path}?limit=1`, token);
  const cursor = await lastCursor(baseUrl, token, path, true, 0);
  return [
    { name: `GET ${path} first page`, req: get(token, `${path}?limit=${LIMIT}`) },
    { name: `GET ${path} deep offset (last page)`, req: get(token, `${path}?limit=${LIMIT}&offset=${Math.max(0, total - LIMIT)}`) },
    ...(cursor ? [{ name: `GET ${path} last page by cursor`, req: get(token, `${path}?limit=${LIMIT}&cursor=${q(cursor)}`) }] : []),
  ].map((c) => ({ ...c, name: c.name.replace(`GET ${path}`, `GET ${name}`) }));
}

export async function readCases(baseUrl: string, token: string, updatedSince: string): Promise<Case[]> {
  const client = await first(baseUrl, token, '/clients');
  const contact = await first(baseUrl, token, '/contacts');
  const deal = await first(baseUrl, token, '/deals');
  const product = await first(baseUrl, token, '/products', stocked);
  const warehouse = await first(baseUrl, token, '/warehouses');
  const movement = await first(baseUrl, token, '/movements');
  const request = await first(baseUrl, token, '/finance-requests');
  const task = await first(baseUrl, token, '/tasks');
  const lastMovements = await lastCursor(baseUrl, token, '/movements', false, 200);
  const lastEvents = await lastCursor(baseUrl, token, '/events', false, 500);
  const since = q(updatedSince);
  const cases: Case[] = [
    { name: 'GET /ping (reference)', req: get(token, '/ping') },
    ...(await paging(baseUrl, token, '/clients', '/clients')),
    { name: 'GET /clients?search= (an e-mail)', req: get(token, `/clients?limit=${LIMIT}&search=${q(String(client.email))}`) },
    { name: 'GET /clients?updated_since= (middle of the year)', req: get(token, `/clients?limit=${LIMIT}&updated_since=${since}`) },
    { name: 'GET /clients/{id}', req: get(token, `/clients/${String(client.id)}`) },
    ...(await paging(baseUrl, token, '/contacts', '/contacts')),
    { name: 'GET /contacts?client_id=', req: get(token, `/contacts?limit=${LIMIT}&client_id=${String(contact.client_id)}`) },
    { name: 'GET /contacts?search= (an e-mail)', req: get(token, `/contacts?limit=${LIMIT}&search=${q(String(contact.email))}`) },
    { name: 'GET /contacts/{id}', req: get(token, `/contacts/${String(contact.id)}`) },
    { name: 'GET /deals first page', req: get(token, `/deals?limit=${LIMIT}`) },
    { name: 'GET /deals?client_id=', req: get(token, `/deals?limit=${LIMIT}&client_id=${String(deal.client_id)}`) },
    { name: 'GET /deals?search= (a title)', req: get(token, `/deals?limit=${LIMIT}&search=${q(String(deal.title))}`) },
    { name: 'GET /deals/{id}', req: get(token, `/deals/${String(deal.id)}`) },
    { name: 'GET /products first page', req: get(token, `/products?limit=${LIMIT}`) },
    { name: 'GET /products?search= (a SKU)', req: get(token, `/products?limit=${LIMIT}&search=${q(String(product.sku))}`) },
    { name: 'GET /products/{id}', req: get(token, `/products/${String(product.id)}`) },
    { name: 'GET /warehouses first page', req: get(token, `/warehouses?limit=${LIMIT}`) },
    { name: 'GET /stock?warehouse_id=', req: get(token, `/stock?limit=${LIMIT}&warehouse_id=${String(warehouse.id)}`) },
    { name: 'GET /stock?item_id=', req: get(token, `/stock?limit=${LIMIT}&item_id=${String(product.id)}`) },
    { name: 'GET /movements first page', req: get(token, `/movements?limit=${LIMIT}`) },
    { name: 'GET /movements?item_id=', req: get(token, `/movements?limit=${LIMIT}&item_id=${String(product.id)}`) },
    { name: 'GET /movements?warehouse_id=', req: get(token, `/movements?limit=${LIMIT}&warehouse_id=${String(warehouse.id)}`) },
    { name: 'GET /movements?kind=out', req: get(token, `/movements?limit=${LIMIT}&kind=out`) },
    ...(lastMovements ? [{ name: 'GET /movements last page by cursor', req: get(token, `/movements?limit=${LIMIT}&cursor=${q(lastMovements)}`) }] : []),
    { name: 'GET /movements/{id}', req: get(token, `/movements/${String(movement.id)}`) },
    ...(await paging(baseUrl, token, '/finance-requests', '/finance-requests')),
    { name: 'GET /finance-requests?status=approved', req: get(token, `/finance-requests?limit=${LIMIT}&status=approved`) },
    { name: 'GET /finance-requests?search= (a title)', req: get(token, `/finance-requests?limit=${LIMIT}&search=${q(String(request.title))}`) },
    { name: 'GET /finance-requests/{id}', req: get(token, `/finance-requests/${String(request.id)}`) },
    ...(await paging(baseUrl, token, '/tasks', '/tasks')),
    { name: 'GET /tasks?assignee_id=', req: get(token, `/tasks?limit=${LIMIT}&assignee_id=${String(task.assignee_id ?? task.created_by_user_id)}`) },
    { name: 'GET /tasks?project_id=', req: get(token, `/tasks?limit=${LIMIT}&project_id=${String(task.project_id)}`) },
    { name: 'GET /tasks?status=Done', req: get(token, `/tasks?limit=${LIMIT}&status=Done`) },
    { name: 'GET /tasks?updated_since= (middle of the year)', req: get(token, `/tasks?limit=${LIMIT}&updated_since=${since}`) },
    { name: 'GET /tasks/{id}', req: get(token, `/tasks/${String(task.id)}`) },
    { name: 'GET /projects first page', req: get(token, `/projects?limit=${LIMIT}`) },
    { name: 'GET /events first page (oldest)', req: get(token, `/events?limit=${LIMIT}`) },
    ...(lastEvents ? [{ name: 'GET /events from the last cursor (newest)', req: get(token, `/events?limit=${LIMIT}&cursor=${q(lastEvents)}`) }] : []),
  ];
  return cases;
}

/** The writes, each with a fresh body per request (a warehouse and product of the organization for the movement). */
export async function writeCases(baseUrl: string, token: string): Promise<Case[]> {
  const warehouse = await first(baseUrl, token, '/warehouses');
  const product = await first(baseUrl, token, '/products', stocked);
  return [
    { name: 'POST /clients', req: { method: 'POST', path: '/clients', token, body: (n) => ({ name: `Bench client ${n}`, email: `bench${n}@scale.example` }) } },
    { name: 'POST /movements (in, one line)', req: { method: 'POST', path: '/movements', token, body: () => ({ kind: 'in', warehouse_id: warehouse.id, lines: [{ item_id: product.id, qty: 1 }] }) } },
    { name: 'POST /tasks', req: { method: 'POST', path: '/tasks', token, body: (n) => ({ title: `Bench task ${n}` }) } },
  ];
}
