/**
 * The claim reads an index range of what is due per consumer and never sorts the pending rows
 * (SQLite's plan, which does not depend on statistics here; bench/spine.bench.ts prints both
 * engines' plans on a large backlog).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CompiledQuery } from 'kysely';
import { claimDue } from '../../src/events/queries.ts';
import { createContext } from '../helpers/harness.ts';

class Explained extends Error {}

describe('the event claim [sqlite]', () => {
  it('reads event_progress_claim per consumer in due order; the only sort is of the rows found', async () => {
    const ctx = await createContext('sqlite');
    try {
      let plan: Array<{ id: number; parent: number; detail: string }> = [];
      await ctx.storage
        .transaction(async (tx) => {
          const run = tx.db.executeQuery.bind(tx.db);
          const patched = tx.db as { executeQuery: typeof run };
          const own = patched.executeQuery;
          // The claim's own statement is explained instead of run; the transaction's next statements run as usual.
          patched.executeQuery = (async (query: CompiledQuery) => {
            patched.executeQuery = own;
            plan = (await run({ ...query, sql: `explain query plan ${query.sql}` })).rows as typeof plan;
            throw new Explained();
          }) as typeof run;
          await claimDue(tx, ['a.consumer', 'b.consumer'], new Date().toISOString(), 100);
        })
        .catch((error: unknown) => {
          if (!(error instanceof Explained)) throw error;
        });
      const details = plan.map((p) => p.detail);
      assert.equal(details.filter((d) => /^SEARCH p USING INDEX event_progress_claim \(consumer=\? AND next_attempt_at<\?\)$/.test(d)).length, 2, details.join('\n'));
      const sorts = plan.filter((p) => p.detail.startsWith('USE TEMP B-TREE'));
      assert.equal(sorts.length, 1, details.join('\n'));
      assert.equal(sorts[0]!.parent, 0, 'the one sort is the outer one, over at most 2 × 100 rows found');
    } finally {
      await ctx.close();
    }
  });
});
