import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { startServer } from '../../src/main.ts';
import { migrate } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { POSTGRES_URL, freshDatabase, testConfig } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';

/** Every statement this process sends to PostgreSQL (patched before any connection exists). */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: Parameters<typeof query>) {
  statements += 1;
  return query.apply(this, args) as ReturnType<typeof query>;
} as typeof query;

const POLL_MS = 500;
/**
 * The loops of a server: the event runner and the webhook, messenger and reminder dispatchers,
 * each passing once per poll interval when idle (measured: 9–10 passes each in 5 s through
 * PgBouncer, 7–8 direct). The event runner's "second pass" once counted here was other schemas'
 * commits waking it, before notice channels were named after their schema.
 */
const LOOPS = 4;
/**
 * Statements of one pass that finds nothing: begin, claim, commit, the next due time; through a
 * pooler with a URL schema the lone read is wrapped in a transaction of its own (begin, carrying
 * the schema, and commit: see postgres.ts).
 */
const statementsPerPass = (pooled: boolean) => (pooled ? 6 : 4);

describe('an idle server [postgres]', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  it('runs no statements beyond its bounded poll', async () => {
    const database = await freshDatabase('postgres');
    const config = testConfig(database.url, { PORT: '0', BIZPLAT_EVENT_POLL_MS: String(POLL_MS), BIZPLAT_WEBHOOK_POLL_MS: String(POLL_MS) });
    const setup = openStorage(config);
    await migrate(setup);
    await setup.close();
    const server = await startServer(config);
    try {
      // Start-up work (each loop's first pass, the listen connection) is not idleness: the window
      // opens once a poll interval has passed with no more than idle polling in it (on a loaded
      // machine start-up can take far longer than a fixed pause; a loop that never quiets down
      // still fails, after the tests' patience).
      await waitUntil('the start-up passes to end', async () => {
        const before = statements;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        return statements - before <= 2 * LOOPS * statementsPerPass(config.databaseSessionUrl !== undefined);
      });
      const from = statements;
      const start = Date.now();
      // The verdict is a bound on the polls that fit in the time that really passed, whatever the machine's speed.
      await new Promise((resolve) => setTimeout(resolve, 10 * POLL_MS));
      const elapsed = Date.now() - start;
      const sent = statements - from;
      const bound = LOOPS * statementsPerPass(config.databaseSessionUrl !== undefined) * (Math.ceil(elapsed / POLL_MS) + 2);
      assert.ok(sent <= bound, `${sent} statements in ${elapsed} ms idle; a poll every ${POLL_MS} ms of ${LOOPS} loops allows ${bound}`);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
