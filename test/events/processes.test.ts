import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, stopServer } from '../helpers/child-server.ts';
import { waitUntil } from '../helpers/patience.ts';
import type { ChildServer } from '../helpers/child-server.ts';
import { after, afterEach, it } from 'node:test';
import { emit } from '../../src/events/emit.ts';
import { newId } from '../../src/storage/ids.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { effectsDb, noteEventsModule } from '../helpers/note-events-module.ts';

const dir = mkdtempSync(join(tmpdir(), 'bizplat-events-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A server process running the note-events consumers; resolves once it listens. */
const serve = (databaseUrl: string, env: Record<string, string>): Promise<ChildServer> =>
  startServer(['test/helpers/serve-events.ts'], databaseUrl, { BIZPLAT_EVENT_POLL_MS: '100', ...env });
const stop = (child: ChildProcess): Promise<number | null> => stopServer(child);


async function effects(ctx: TestContext, eventIds: Set<string>): Promise<Array<{ event_id: string; entity_id: string; event_seq: number; pid: number }>> {
  const rows = await effectsDb(ctx.storage.db).selectFrom('test_event_effects').select(['event_id', 'entity_id', 'event_seq', 'pid']).where('consumer', '=', 'test.effects').orderBy('seq').execute();
  return rows.filter((r) => eventIds.has(r.event_id));
}

/** True once the effects consumer has settled every one of these events: nothing can run them again. */
async function settled(ctx: TestContext, eventIds: Set<string>): Promise<boolean> {
  const rows = await ctx.storage.db
    .selectFrom('event_progress as p')
    .innerJoin('events as e', 'e.seq', 'p.event_seq')
    .select(['e.id', 'p.status'])
    .where('p.consumer', '=', 'test.effects')
    .where('e.id', 'in', [...eventIds])
    .execute();
  return rows.length === eventIds.size && rows.every((r) => r.status === 'done');
}

describeEachDatabase(
  'event consumers in server processes',
  (ctx) => {
    const children: ChildServer[] = [];
    afterEach(async () => {
      for (const c of children.splice(0)) await stop(c.process);
    });

    it('a server killed with SIGKILL while handling leaves the event pending; after a restart it is handled, its effects once', async () => {
      const p = await createPrincipal(ctx());
      const log = join(dir, `kill-${ctx().kind}.log`);
      writeFileSync(log, '');
      const doomed = await serve(ctx().config.databaseUrl, { NOTE_EVENTS_STALL: '1', NOTE_EVENTS_LOG: log });
      const eventId = await ctx().storage.transaction((tx) => emit(tx, { orgId: p.orgId, name: 'note.created', entityType: 'note', entityId: newId(), context: { stall: true } }));
      await waitUntil('the handler to start', () => doomed.output().includes(`stalling on ${eventId}`));
      doomed.process.kill('SIGKILL');
      await new Promise((r) => doomed.process.once('exit', r));
      const ids = new Set([eventId]);
      assert.deepEqual(await effects(ctx(), ids), [], 'the effect written before the kill was never committed');
      const pending = await ctx()
        .storage.db.selectFrom('event_progress as p')
        .innerJoin('events as e', 'e.seq', 'p.event_seq')
        .select(['p.status', 'p.attempts'])
        .where('e.id', '=', eventId)
        .where('p.consumer', '=', 'test.effects')
        .executeTakeFirstOrThrow();
      assert.deepEqual(pending, { status: 'pending', attempts: 0 });

      children.push(await serve(ctx().config.databaseUrl, { NOTE_EVENTS_LOG: log }));
      await waitUntil('the restarted server to settle it', () => settled(ctx(), ids));
      assert.equal((await effects(ctx(), ids)).length, 1, 'effects exactly once');
      assert.equal(readFileSync(log, 'utf8').trim().split('\n').length, 2, 'the handler ran twice: killed once, then to the end');
      const done = await ctx()
        .storage.db.selectFrom('event_progress as p')
        .innerJoin('events as e', 'e.seq', 'p.event_seq')
        .select(['p.status', 'p.attempts'])
        .where('e.id', '=', eventId)
        .where('p.consumer', '=', 'test.effects')
        .executeTakeFirstOrThrow();
      assert.deepEqual(done, { status: 'done', attempts: 1 });
    });

    it('two servers handle every event exactly once between them, each entity in order', async () => {
      const p = await createPrincipal(ctx());
      const log = join(dir, `two-${ctx().kind}.log`);
      writeFileSync(log, '');
      children.push(...(await Promise.all([serve(ctx().config.databaseUrl, { NOTE_EVENTS_LOG: log }), serve(ctx().config.databaseUrl, { NOTE_EVENTS_LOG: log })])));
      const entities = Array.from({ length: 8 }, () => newId());
      const emitted = new Set<string>();
      for (let round = 0; round < 15; round++) {
        await ctx().storage.transaction(async (tx) => {
          for (const entityId of entities) {
            emitted.add(await emit(tx, { orgId: p.orgId, name: round === 0 ? 'note.created' : 'note.touched', entityType: 'note', entityId, context: { n: round } }));
          }
        });
        await new Promise((r) => setTimeout(r, 15));
      }
      await waitUntil('every event settled', () => settled(ctx(), emitted));
      const rows = await effects(ctx(), emitted);
      assert.equal(rows.length, emitted.size, 'each effect once');
      assert.deepEqual(new Set(rows.map((r) => r.event_id)), emitted);
      const runs = readFileSync(log, 'utf8').trim().split('\n');
      assert.equal(runs.length, emitted.size, 'no event was handled twice, not even once rolled back');
      if (ctx().kind === 'postgres') assert.equal(new Set(rows.map((r) => r.pid)).size, 2, 'both servers handled events');
      for (const entityId of entities) {
        const seqs = rows.filter((r) => r.entity_id === entityId).map((r) => Number(r.event_seq));
        assert.deepEqual(seqs, [...seqs].sort((a, b) => a - b), 'one entity in event order');
      }
    });
  },
  { modules: [noteEventsModule] },
);
