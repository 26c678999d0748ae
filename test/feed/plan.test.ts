/**
 * A feed page reads index ranges that start at the reader's position, whatever the history before
 * it (SQLite's plan, which does not depend on statistics here; docs/performance.md has both
 * engines' figures at 200,000 events).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { sql } from 'kysely';
import { readFeed } from '../../src/events/feed.ts';
import { createContext, createPrincipal } from '../helpers/harness.ts';

const FILTER = { names: ['client.created'], entityTypes: ['client'] };

describe('the feed page plan [sqlite]', () => {
  it('searches events_org_feed from the position on, for a first page and a resumed one', async () => {
    const ctx = await createContext('sqlite');
    try {
      const { orgId } = await createPrincipal(ctx);
      await sql`insert into events (id, org_id, event, entity_type, entity_id, data, created_at)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 10)
        select 'e' || i, ${orgId}, 'client.created', 'client', 'c' || i, '{"entityType":"client","entityId":"c' || i || '"}', '2026-01-01T00:00:00.000Z' from n`.execute(ctx.storage.db);
      const statements: RootOperationNode[] = [];
      const recorder: KyselyPlugin = {
        transformQuery: (args) => {
          statements.push(args.node);
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const source = { db: ctx.storage.db.withPlugin(recorder), dialect: ctx.storage.dialect };
      const first = await readFeed(source, orgId, { tx: 0, seq: 0 }, FILTER, 4);
      const resumed = await readFeed(source, orgId, first.at(-1)!.position, FILTER, 4);
      assert.deepEqual([...first, ...resumed].map((e) => e.id), ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8']);
      const details: string[] = [];
      for (const node of statements) {
        const compiled = ctx.storage.db.getExecutor().compileQuery(node, { queryId: 'plan' });
        const plan = await ctx.storage.db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
        details.push(...plan.rows.map((r) => r.detail));
      }
      assert.ok(details.length > 0);
      for (const detail of details) {
        assert.match(detail, /^SEARCH events USING INDEX events_org_feed \(org_id=\? AND tx_id(=\? AND seq>\?|>\?)\)$/, details.join('\n'));
      }
      assert.ok(details.some((d) => d.includes('seq>?')), 'a resumed page starts inside its transaction at the position');
    } finally {
      await ctx.close();
    }
  });
});
