import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { REPLAY_HEADER } from '../../src/http/write.ts';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { holds, notesModule } from '../helpers/notes-module.ts';

const LEASE_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDatabase('Idempotency-Key claim held past its lease', (ctx) => {
  it('the first request and the repeat that took over its claim never both commit: one note, every 201 names it', async () => {
    const p = await createPrincipal(ctx());
    const post = () => api(ctx(), p.token, 'POST', '/notes', { body: { title: 'hold' }, headers: { 'idempotency-key': 'lease-key' } });
    let release!: () => void;
    holds.post = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (holds.reached = resolve));
    try {
      const first = post();
      await reached; // the first is inside its transaction, holding the claim
      await sleep(LEASE_MS * 2); // a wait for the lease to lapse (clock time), not for the machine
      const second = post();
      // Whether the repeat is refused as in flight or waits and replays, the verdicts below hold.
      await sleep(LEASE_MS);
      release();
      const answers = await Promise.all([first, second]);
      const { rows } = await sql<{ id: string }>`select id from test_notes where org_id = ${p.orgId} and title = 'hold'`.execute(ctx().storage.db);
      assert.equal(rows.length, 1, `the effect was applied ${rows.length} times; answers ${answers.map((a) => a.statusCode).join(', ')}`);
      const created = answers.filter((a) => a.statusCode === 201);
      assert.ok(created.length >= 1, 'one of the two answers with the note');
      for (const answer of created) assert.equal(json<{ id: string }>(answer).id, rows[0]!.id);
      // PostgreSQL: the claim lives in the first request's open transaction, however long it
      // takes, so the repeat is told the key is in flight (SQLite: it waits and gets the replay).
      for (const answer of answers.filter((a) => a.statusCode !== 201)) assertEnvelope(answer, 409, 'conflict', 'idempotency_in_progress');
      const replay = await post();
      assert.equal(replay.statusCode, 201);
      assert.equal(replay.headers[REPLAY_HEADER], 'true');
      assert.equal(json<{ id: string }>(replay).id, rows[0]!.id);
    } finally {
      release();
      delete holds.post;
      delete holds.reached;
    }
  });
}, { env: { BIZPLAT_IDEMPOTENCY_LEASE_MS: String(LEASE_MS) }, modules: [notesModule] });
