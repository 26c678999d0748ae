import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DomainModule } from '../../src/domains/module.ts';
import { emit } from '../../src/events/emit.ts';
import { declareEvent } from '../../src/events/types.ts';
import type { Reaction } from '../../src/events/types.ts';

const ProbeContext = Type.Object({ fail: Type.Boolean() });
declare module '../../src/events/types.ts' {
  interface EventContexts {
    'probe.done': { fail: boolean };
  }
}
import { describeEachDatabase } from '../helpers/harness.ts';

/** A module whose reaction records each probe event it sees, and fails when the context says so. */
interface MarksTable { event_id: string; entity_id: string }
const marks = (db: unknown) => db as Kysely<{ test_reaction_marks: MarksTable }>;
const reacted: string[] = [];

const probeMark: Reaction<'probe.done'> = {
  name: 'probe.mark',
  events: ['probe.done'],
  async react(tx, event) {
    reacted.push(event.entityId);
    await marks(tx.db).insertInto('test_reaction_marks').values({ event_id: event.id, entity_id: event.entityId }).execute();
    if (event.context.fail) throw new Error('the reaction refuses');
  },
};

const probeModule: DomainModule = {
  name: 'probe',
  migrations: [{ name: '9200_test_reaction_marks', statements: () => ['CREATE TABLE test_reaction_marks (event_id TEXT NOT NULL, entity_id TEXT NOT NULL)'] }],
  events: [declareEvent('probe.done', 'probe', ProbeContext, 'internal')],
  reactions: [probeMark],
};

async function rows(db: unknown, entityId: string): Promise<{ events: number; marks: number }> {
  const e = await (db as Kysely<{ events: { entity_id: string } }>).selectFrom('events').select('entity_id').where('entity_id', '=', entityId).execute();
  const m = await marks(db).selectFrom('test_reaction_marks').select('entity_id').where('entity_id', '=', entityId).execute();
  return { events: e.length, marks: m.length };
}

describeEachDatabase('reactions run inside the writer\'s transaction', (ctx) => {
  it('commit with the event, and a failing reaction rolls back the event and the writer\'s change', async () => {
    const storage = ctx().storage;
    const id = await storage.transaction(async (tx) => emit(tx, { orgId: 'o', name: 'probe.done', entityType: 'probe', entityId: 'kept', context: { fail: false } }));
    assert.deepEqual(await rows(storage.db, 'kept'), { events: 1, marks: 1 });
    const mark = await marks(storage.db).selectFrom('test_reaction_marks').select('event_id').where('entity_id', '=', 'kept').executeTakeFirstOrThrow();
    assert.equal(mark.event_id, id, 'the reaction receives the stored event');

    await assert.rejects(
      storage.transaction(async (tx) => {
        await marks(tx.db).insertInto('test_reaction_marks').values({ event_id: 'writer', entity_id: 'refused' }).execute();
        await emit(tx, { orgId: 'o', name: 'probe.done', entityType: 'probe', entityId: 'refused', context: { fail: true } });
      }),
      /the reaction refuses/,
    );
    assert.ok(reacted.includes('refused'), 'the reaction ran');
    assert.deepEqual(await rows(storage.db, 'refused'), { events: 0, marks: 0 });
  });
}, { modules: [probeModule] });
