/** Iterating every record of a list, page after page. */
import { data } from './client.ts';
import type { BizplatApi } from './client.ts';
import type { components, operations, paths } from './schema.ts';

type Call<P> = Promise<{ data?: P; response: Response }>;

interface OffsetPage<T> {
  items: T[];
  total: number;
  offset: number;
}

/**
 * Every record of a list by offset: prefer listItems(), which pages by cursor. `page(offset)`
 * makes the call for one page, e.g.
 * `(offset) => api.GET('/clients', { params: { query: { offset, limit: 200 } } })`.
 * The lists are newest first, so a record created while iterating pushes the older ones one place
 * down and the next page would repeat one already yielded: repeats are dropped by id. A record
 * deleted or archived while iterating pulls the older ones up, which can make one of them skip a
 * page boundary unseen: for an exact copy under concurrent deletes follow the events feed
 * (`eventFeed`) or, for stock, the movements cursor.
 */
export async function* offsetItems<T extends { id: string }>(page: (offset: number) => Call<OffsetPage<T>>): AsyncGenerator<T> {
  const seen = new Set<string>();
  for (let offset = 0; ; ) {
    const body = await data(page(offset));
    for (const item of body.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      yield item;
    }
    offset = body.offset + body.items.length;
    if (body.items.length === 0 || offset >= body.total) return;
  }
}

interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
}

export type Positioned<T> = AsyncGenerator<T> & {
  /** The cursor to read on from: it moves past a page once every item of it has been yielded. */
  position: { cursor: string | undefined };
};

/**
 * Every item of a cursor-paged list, from `from` (or the start), until a page comes back empty or
 * without a next_cursor: the movements, e.g.
 * `(cursor) => api.GET('/movements', { params: { query: { cursor } } })`. A cursor fixes the
 * position in the list, so records created meanwhile neither repeat nor shift anything.
 */
export function cursorItems<T>(
  page: (cursor: string | undefined) => Call<CursorPage<T>>,
  from?: string,
  isLast: (page: CursorPage<T>) => boolean = (body) => body.items.length === 0,
): Positioned<T> {
  const position = { cursor: from };
  async function* items(): AsyncGenerator<T> {
    for (;;) {
      const body = await data(page(position.cursor));
      yield* body.items;
      if (body.next_cursor === null) return;
      position.cursor = body.next_cursor;
      if (isLast(body)) return;
    }
  }
  return Object.assign(items(), { position });
}

type Json200<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The lists that page by cursor to the end: their next_cursor is null on the last page (GET /events never ends). */
export type ListPath = {
  [P in keyof paths]: paths[P] extends { get: infer Op }
    ? 'cursor' extends keyof QueryOf<Op>
      ? Json200<Op> extends { items: unknown[]; next_cursor: infer C }
        ? null extends C
          ? P
          : never
        : never
      : never
    : never;
}[keyof paths];
type ListGet<P extends ListPath> = paths[P]['get'];
/** A list's query without its paging: the filters (limit is the page size asked, 200 unless given). */
export type ListFilters<P extends ListPath> = Omit<QueryOf<ListGet<P>>, 'cursor' | 'offset'>;
export type ListItem<P extends ListPath> = Json200<ListGet<P>> extends { items: Array<infer T> } ? T : never;

/**
 * Every record of a list, page after page by cursor: `listItems(api, '/clients', { search: 'acme' })`.
 * Each page costs the server the same however deep it lies, and a walk by cursor neither repeats
 * nor misses a record while others are created or archived. `position.cursor` resumes a walk.
 */
export function listItems<P extends ListPath>(
  api: BizplatApi,
  path: P,
  ...[filters, from]: Partial<ListFilters<P>> extends ListFilters<P> ? [filters?: ListFilters<P>, from?: string] : [filters: ListFilters<P>, from?: string]
): Positioned<ListItem<P>> {
  // One call for every list path: the path and filters were checked against the schema above.
  const get = api.GET as unknown as (path: string, init: { params: { query: Record<string, unknown> } }) => Call<CursorPage<ListItem<P>>>;
  const query: Record<string, unknown> = { limit: 200, ...(filters ?? {}) };
  return cursorItems((cursor) => get(path, { params: { query: cursor === undefined ? query : { ...query, cursor } } }), from, () => false);
}

export type FeedEvent = components['schemas']['FeedEvent'];
export type EventFeedQuery = Omit<NonNullable<operations['listEvents']['parameters']['query']>, 'cursor'>;

export interface EventFeedOptions extends Partial<EventFeedQuery> {
  /** The cursor stored from an earlier read (`feed.position.cursor`); absent: from the oldest event kept. */
  cursor?: string | undefined;
}

/**
 * The events of GET /events, oldest first, from a stored cursor up to the newest committed event.
 * Store `feed.position.cursor` when done (or after each event you have handled) and pass it as
 * `cursor` next time: the read resumes after the last whole page handled, so an interrupted read
 * gives some events again, never fewer — drop the ids already handled. A cursor older than the
 * retention period throws a BizplatError with code cursor_expired: read everything again.
 */
export function eventFeed(api: BizplatApi, options: EventFeedOptions = {}): Positioned<FeedEvent> {
  const { cursor: from, limit = 200, ...filter } = options;
  return cursorItems<FeedEvent>(
    (cursor) => api.GET('/events', { params: { query: { ...filter, limit, ...(cursor === undefined ? {} : { cursor }) } } }),
    from,
    // A page shorter than limit reached the newest event committed: no need to ask again.
    (body) => body.items.length < limit,
  );
}
