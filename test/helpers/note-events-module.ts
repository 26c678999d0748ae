/**
 * A test-only module for the event spine: it declares internal note events and two consumers.
 * `test.effects` records every event it handles (a row in its own table, written in the
 * handler's transaction, and a line appended to $NOTE_EVENTS_LOG outside any transaction, so a
 * test sees every time a handler ran, committed or not). `test.flaky` fails an event as many
 * times as its context's `failTimes` says, then records it. With $NOTE_EVENTS_STALL=1, an
 * event whose context has `stall: true` is held inside its transaction forever (after writing
 * its effect), so a test can kill the process mid-handling.
 */
import { appendFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DomainModule } from '../../src/domains/module.ts';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../src/events/types.ts';
import type { Consumer, StoredEvent } from '../../src/events/types.ts';
import type { Tx } from '../../src/storage/storage.ts';
import { runUnansweredWrite } from '../../src/storage/statements.ts';

interface EffectsTable {
  seq: number;
  consumer: string;
  event_id: string;
  event_seq: number;
  entity_id: string;
  pid: number;
}
type EffectsDb = Kysely<{ test_event_effects: EffectsTable }>;
export const effectsDb = (db: unknown): EffectsDb => db as EffectsDb;

const NoteContext = Type.Object({
  failTimes: Type.Optional(Type.Integer({ minimum: 0 })),
  /** `test.flaky` fails by a write sent ahead (it fails at a later statement on PostgreSQL) instead of throwing. */
  failAhead: Type.Optional(Type.Boolean()),
  stall: Type.Optional(Type.Boolean()),
  n: Type.Optional(Type.Integer()),
});

declare module '../../src/events/types.ts' {
  interface EventContexts {
    'note.created': Static<typeof NoteContext>;
    'note.touched': Static<typeof NoteContext>;
  }
}

/** Every attempt `test.flaky` made in this process, in order. */
export const flakyAttempts: Array<{ eventId: string; entityId: string; at: number; ok: boolean }> = [];
const failuresSoFar = new Map<string, number>();

async function recordEffect(tx: Tx, consumer: string, event: StoredEvent): Promise<void> {
  await effectsDb(tx.db)
    .insertInto('test_event_effects')
    .values({ consumer, event_id: event.id, event_seq: event.seq, entity_id: event.entityId, pid: process.pid } as EffectsTable)
    .execute();
}

const FAILING_AHEAD = 'insert into test_event_effects (consumer, event_id, event_seq, entity_id, pid) values (?, ?, ?, ?, ?)';

const effects: Consumer<'note.created' | 'note.touched'> = {
  name: 'test.effects',
  events: ['note.created', 'note.touched'],
  async handle(tx, event) {
    if (process.env.NOTE_EVENTS_LOG) appendFileSync(process.env.NOTE_EVENTS_LOG, `${process.pid} ${event.id}\n`);
    await recordEffect(tx, 'test.effects', event);
    if (process.env.NOTE_EVENTS_STALL === '1' && event.context.stall === true) {
      process.stderr.write(`stalling on ${event.id}\n`);
      await new Promise(() => {});
    }
  },
};

const flaky: Consumer<'note.created' | 'note.touched'> = {
  name: 'test.flaky',
  events: ['note.created', 'note.touched'],
  async handle(tx, event) {
    const failTimes = event.context.failTimes ?? 0;
    const failed = failuresSoFar.get(event.id) ?? 0;
    if (failed < failTimes) {
      failuresSoFar.set(event.id, failed + 1);
      flakyAttempts.push({ eventId: event.id, entityId: event.entityId, at: Date.now(), ok: false });
      // A NULL consumer breaks the table's NOT NULL: the handler returns, its write fails later.
      if (event.context.failAhead === true) return runUnansweredWrite(tx.db, FAILING_AHEAD, [null, event.id, event.seq, event.entityId, process.pid]);
      throw new Error(`failing on purpose (${failed + 1} of ${failTimes})`);
    }
    flakyAttempts.push({ eventId: event.id, entityId: event.entityId, at: Date.now(), ok: true });
    await recordEffect(tx, 'test.flaky', event);
  },
};

export const noteEventsModule: DomainModule = {
  name: 'note-events',
  migrations: [
    {
      name: '9100_test_event_effects',
      statements: (t) => [
        `CREATE TABLE test_event_effects (
          seq ${t.autoId},
          consumer TEXT NOT NULL,
          event_id TEXT NOT NULL,
          event_seq ${t.bigint} NOT NULL,
          entity_id TEXT NOT NULL,
          pid INTEGER NOT NULL
        )`,
      ],
    },
  ],
  events: [
    declareEvent('note.created', 'note', NoteContext, 'internal'),
    declareEvent('note.touched', 'note', NoteContext, 'internal'),
  ],
  consumers: [effects, flaky],
};

/** The two consumers by name, for tests that run only one of them. */
export const noteConsumers = { effects, flaky };
