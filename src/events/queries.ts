/** The event spine's SQL: the events table and the consumers' progress rows. */
import { sql } from 'kysely';
import type { Expression, Insertable, SqlBool } from 'kysely';
import { readJson } from '../storage/codecs.ts';
import { reusableStatement } from '../storage/reusable.ts';
import type { Db } from '../storage/statements.ts';
import type { Tx } from '../storage/storage.ts';
import type { EventProgressTable, EventsTable, ProgressStatus } from './tables.ts';
import type { RecordedEvent } from './types.ts';

/** An event row as every emit writes it (the same columns each time: one compiled text). */
export type NewEventRow = Required<Omit<Insertable<EventsTable>, 'seq' | 'tx_id'>>;

const insertEventRow = reusableStatement(
  'insertEvent',
  (db, row: NewEventRow) => db.insertInto('events').values(row).returning('seq'),
  (row) => [row.id, row.org_id, row.event, row.entity_type, row.entity_id, row.data, row.record, row.created_at],
);

export async function insertEvent(tx: Tx, row: NewEventRow): Promise<number> {
  const { rows } = await tx.run(insertEventRow, row);
  const first = rows[0];
  if (first === undefined) throw new Error('insert into events returned no seq');
  return Number(first.seq);
}

const insertEventUnanswered = reusableStatement(
  'insertEventUnanswered',
  (db, row: NewEventRow) => db.insertInto('events').values(row),
  (row) => [row.id, row.org_id, row.event, row.entity_type, row.entity_id, row.data, row.record, row.created_at],
  () => '',
  { unanswered: true },
);

/** Progress rows of the event the transaction inserted last, its seq given as an expression (see lastGeneratedKey). */
const insertProgressOfLast = reusableStatement(
  'insertProgressOfLast',
  (db, seq: Expression<number>, rows: Array<Omit<NewProgressRow, 'event_seq'>>) => db.insertInto('event_progress').values(rows.map((r) => ({ ...r, event_seq: seq }))),
  (_seq, rows) => rows.flatMap((r) => [r.consumer, r.org_id, r.entity_type, r.entity_id, r.status, r.attempts, r.next_attempt_at, r.last_error, r.created_at, r.completed_at]),
  (_seq, rows) => String(rows.length),
  { unanswered: true },
);

/**
 * The event and its progress rows without waiting for the event's seq, where the database can
 * name it in the next statement (on PostgreSQL both go out with the transaction's next
 * statement); false where it cannot, and nothing was written.
 */
export async function insertEventWithProgress(tx: Tx, row: NewEventRow, progress: Array<Omit<NewProgressRow, 'event_seq'>>): Promise<boolean> {
  const seq = tx.lastGeneratedKey('events', 'seq');
  if (seq === undefined) return false;
  await tx.run(insertEventUnanswered, row);
  if (progress.length > 0) await tx.run(insertProgressOfLast, seq, progress);
  return true;
}

/** The record the writer gave beside an event (the API's answer after the change), or null: read only by consumers asked to carry it. */
export async function eventRecord(db: Db, seq: number): Promise<Record<string, unknown> | null> {
  const row = await db.selectFrom('events').select('record').where('seq', '=', seq).executeTakeFirst();
  return row === undefined || row.record === null ? null : readJson<Record<string, unknown>>(row.record);
}

export type NewProgressRow = Required<Insertable<EventProgressTable>>;

const insertProgressRows = reusableStatement(
  'insertProgress',
  (db, rows: NewProgressRow[]) => db.insertInto('event_progress').values(rows),
  (rows) => rows.flatMap((r) => [r.consumer, r.event_seq, r.org_id, r.entity_type, r.entity_id, r.status, r.attempts, r.next_attempt_at, r.last_error, r.created_at, r.completed_at]),
  (rows) => String(rows.length),
  { unanswered: true },
);

/** Nothing is read back: the statement goes out with the transaction's next one (see runUnansweredWrite). */
export async function insertProgress(tx: Tx, rows: NewProgressRow[]): Promise<void> {
  await tx.run(insertProgressRows, rows);
}

/** The columns of a progress row, in the order the statements below bind them. */
const PROGRESS_COLUMNS = ['consumer', 'event_seq', 'org_id', 'entity_type', 'entity_id', 'status', 'attempts', 'next_attempt_at', 'last_error', 'created_at', 'completed_at'] as const;

const insertProgressWhereRow = reusableStatement(
  'insertProgressWhere',
  (db, seq: Expression<number> | number, row: Omit<NewProgressRow, 'event_seq'>, condition: (orgId: Expression<string>) => Expression<SqlBool>) =>
    db
      .insertInto('event_progress')
      .columns(PROGRESS_COLUMNS)
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(row.consumer).as('consumer'),
            sql<number>`${typeof seq === 'number' ? eb.val(seq) : seq}`.as('event_seq'),
            eb.val(row.org_id).as('org_id'),
            eb.val(row.entity_type).as('entity_type'),
            eb.val(row.entity_id).as('entity_id'),
            eb.val(row.status).as('status'),
            eb.val(row.attempts).as('attempts'),
            eb.val(row.next_attempt_at).as('next_attempt_at'),
            eb.val(row.last_error).as('last_error'),
            eb.val(row.created_at).as('created_at'),
            eb.val(row.completed_at).as('completed_at'),
          ])
          .where(condition(sql.val(row.org_id))),
      ),
  (seq, r, _condition) => [r.consumer, ...(typeof seq === 'number' ? [seq] : []), r.org_id, r.entity_type, r.entity_id, r.status, r.attempts, r.next_attempt_at, r.last_error, r.created_at, r.completed_at, r.org_id],
  (seq, r, _condition) => `${r.consumer} ${typeof seq}`,
  { unanswered: true },
);

/**
 * A progress row written only when `condition` holds for its organization (see
 * Consumer.workFor), in the same statement. `seq` is the event's seq, or an expression naming
 * it (lastGeneratedKey). Answers whether it was written, where the database says so without a
 * round trip of its own (undefined on PostgreSQL, where the statement goes out unanswered).
 */
export async function insertProgressWhere(
  tx: Tx,
  seq: Expression<number> | number,
  row: Omit<NewProgressRow, 'event_seq'>,
  condition: (orgId: Expression<string>) => Expression<SqlBool>,
): Promise<boolean | undefined> {
  const { numAffectedRows } = await tx.run(insertProgressWhereRow, seq, row, condition);
  return numAffectedRows === undefined ? undefined : numAffectedRows > 0n;
}

export interface ClaimedRow {
  consumer: string;
  attempts: number;
  event: RecordedEvent;
}

/** Finished rows are left out of every index a claim reads: a literal, so the partial indexes match (a bound value would not). */
const PENDING = sql.lit<ProgressStatus>('pending');
const DONE = sql.lit<ProgressStatus>('done');

/**
 * One consumer's due rows, earliest due first, on its range of `event_progress_claim`
 * (consumer, next_attempt_at, event_seq over pending rows): only rows due by now are read, in
 * index order, until `limit` are found. A row is skipped while an earlier event of its entity
 * is still pending for the consumer (a scalar subquery per candidate, on the entity index,
 * whatever the statistics say).
 */
function dueOfConsumer(db: Db, claim: Tx['claimSkippingLocked'], consumer: string, now: string, limit: number) {
  return claim(
    db
      .selectFrom('event_progress as p')
      .select(['p.consumer', 'p.attempts', 'p.event_seq', 'p.next_attempt_at'])
      .where('p.status', '=', PENDING)
      .where('p.consumer', '=', consumer)
      .where('p.next_attempt_at', '<=', now)
      .where('p.event_seq', '=', (eb) =>
        eb
          .selectFrom('event_progress as e')
          .select((e) => e.fn.min('e.event_seq').as('first'))
          .where('e.status', '=', PENDING)
          .whereRef('e.consumer', '=', 'p.consumer')
          .whereRef('e.org_id', '=', 'p.org_id')
          .whereRef('e.entity_id', '=', 'p.entity_id')
          .whereRef('e.entity_type', '=', 'p.entity_type'),
      )
      .orderBy('p.next_attempt_at')
      .orderBy('p.event_seq')
      .limit(limit),
    // Only the progress rows are locked: events are never updated.
    'p',
  );
}

const claimDueRows = reusableStatement(
  'claimDue',
  (db, claim: Tx['claimSkippingLocked'], consumers: readonly string[], now: string, limit: number) => {
    // One index range per consumer, joined by UNION ALL: an IN list over the consumers would
    // sort every pending row of them to find the first `limit`.
    const [first, ...others] = consumers.map((consumer, i) => db.selectFrom(dueOfConsumer(db, claim, consumer, now, limit).as(`c${i}`)).selectAll());
    if (first === undefined) throw new Error('claimDue needs at least one consumer');
    const due = others.reduce((all, next) => all.unionAll(next), first);
    return db
      .selectFrom(due.as('d'))
      .innerJoin('events as v', 'v.seq', 'd.event_seq')
      .select(['d.consumer', 'd.attempts', 'v.seq', 'v.id', 'v.org_id', 'v.event', 'v.entity_type', 'v.entity_id', 'v.data', 'v.created_at'])
      .orderBy('d.next_attempt_at')
      .orderBy('d.event_seq')
      .limit(limit);
  },
  (_claim, consumers, now, limit) => [...consumers.flatMap((consumer) => [consumer, now, limit]), limit],
  (_claim, consumers, _now, _limit) => String(consumers.length),
);

/**
 * Locks up to `limit` due pending rows of these consumers for the calling transaction, earliest
 * due first (a fresh row is due when its event was written; a failed one at its retry time),
 * skipping any row whose entity has an earlier event still pending for the same consumer
 * (per-entity order), and returns them with their events. It reads O(limit) rows per consumer
 * however many are pending or finished. On PostgreSQL rows another transaction holds are
 * skipped; on SQLite the transaction is the only writer.
 */
export async function claimDue(tx: Tx, consumers: readonly string[], now: string, limit: number): Promise<ClaimedRow[]> {
  if (consumers.length === 0) return [];
  const { rows } = await tx.run(claimDueRows, tx.claimSkippingLocked, consumers, now, limit);
  return rows.map((r) => ({ consumer: r.consumer, attempts: r.attempts, event: toStoredEvent(r) }));
}

function toStoredEvent(r: { seq: number; id: string; org_id: string; event: string; entity_type: string; entity_id: string; data: unknown; created_at: string }): RecordedEvent {
  const { entityType: _t, entityId: _i, ...context } = readJson<Record<string, unknown>>(r.data);
  return { seq: Number(r.seq), id: r.id, orgId: r.org_id, name: r.event, entityType: r.entity_type, entityId: r.entity_id, context, createdAt: r.created_at };
}

const markDoneRows = reusableStatement(
  'markDone',
  (db, consumer: string, seqs: number[], now: string) =>
    db
      .updateTable('event_progress')
      .set((eb) => ({ status: 'done', completed_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
      .where('consumer', '=', consumer)
      .where('event_seq', 'in', seqs),
  (consumer, seqs, now) => ['done', now, 1, null, consumer, ...seqs],
  (_consumer, seqs, _now) => String(seqs.length),
);

export async function markDone(tx: Tx, consumer: string, seqs: number[], now: string): Promise<void> {
  if (seqs.length === 0) return;
  await tx.run(markDoneRows, consumer, seqs, now);
}

/** Sets a pending row to retry (a row another runner finished meanwhile stays finished). */
export async function markFailed(db: Db, consumer: string, seq: number, attempts: number, retryAt: string, error: string): Promise<void> {
  await db
    .updateTable('event_progress')
    .set({ attempts, next_attempt_at: retryAt, last_error: error.slice(0, 2000) })
    .where('consumer', '=', consumer)
    .where('event_seq', '=', seq)
    .where('status', '=', 'pending')
    .execute();
}

/** When the earliest pending row of these consumers falls due, or undefined when none waits: one index probe per consumer. */
export async function nextDueAt(db: Db, consumers: readonly string[]): Promise<string | undefined> {
  const [first, ...others] = consumers.map((consumer, i) =>
    db
      .selectFrom(
        db
          .selectFrom('event_progress')
          .select('next_attempt_at')
          .where('status', '=', PENDING)
          .where('consumer', '=', consumer)
          .orderBy('next_attempt_at')
          .limit(1)
          .as(`n${i}`),
      )
      .selectAll(),
  );
  if (first === undefined) return undefined;
  const row = await db
    .selectFrom(others.reduce((all, next) => all.unionAll(next), first).as('n'))
    .select('n.next_attempt_at')
    .orderBy('n.next_attempt_at')
    .limit(1)
    .executeTakeFirst();
  return row?.next_attempt_at;
}

/** An organization's events since a time, oldest first, optionally only these names. */
export async function eventsSince(db: Db, orgId: string, since: string, names?: readonly string[]): Promise<RecordedEvent[]> {
  let query = db.selectFrom('events').selectAll().where('org_id', '=', orgId).where('created_at', '>=', since);
  if (names !== undefined) {
    if (names.length === 0) return [];
    query = query.where('event', 'in', names);
  }
  return (await query.orderBy('seq').execute()).map(toStoredEvent);
}

/** Deletes up to `limit` progress rows finished before `before`, oldest first, on the index of finished rows; returns how many. */
export async function deleteFinishedProgress(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('event_progress')
    .where((eb) =>
      eb(
        eb.refTuple('consumer', 'event_seq'),
        'in',
        eb.selectFrom('event_progress').select(['consumer', 'event_seq']).where('status', '=', DONE).where('completed_at', '<', before).orderBy('completed_at').limit(limit).$asTuple('consumer', 'event_seq'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes up to `limit` events created before `before` that no consumer still has a row for,
 * oldest first on the creation-time index (a pass finding none reads only the old ones); returns how many.
 */
export async function deleteOldEvents(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('events')
    .where('seq', 'in', (eb) =>
      eb
        .selectFrom('events as v')
        .select('v.seq')
        .where('v.created_at', '<', before)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('event_progress as p').select('p.event_seq').whereRef('p.event_seq', '=', 'v.seq'))))
        .orderBy('v.created_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What is due and not yet handled: rows counted up to `cap` (bounded work), and the earliest due time. */
export interface DueRows {
  count: number;
  earliest: string | undefined;
}

/** Progress rows of every consumer due by `now` (served by the partial index over pending rows). */
export async function dueProgress(db: Db, now: string, cap: number): Promise<DueRows> {
  const due = db.selectFrom('event_progress').where('status', '=', PENDING).where('next_attempt_at', '<=', now);
  const counted = await db
    .selectFrom(due.select('event_seq').limit(cap).as('d'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const first = await due.select('next_attempt_at').orderBy('next_attempt_at').limit(1).executeTakeFirst();
  return { count: Number(counted.n), earliest: first?.next_attempt_at };
}
