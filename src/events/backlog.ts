/**
 * What waits to be handled, for readiness and metrics: event-consumer records and outbox jobs
 * that are due, in aggregate across organizations. Counting stops at a cap, so a probe's work is
 * bounded however long the backlog grows.
 */
import type { Storage } from '../storage/storage.ts';
import { dueJobs } from './outbox/queries.ts';
import { dueProgress } from './queries.ts';
import type { DueRows } from './queries.ts';

export interface Backlog {
  /** Due and not yet handled, counted up to the cap. */
  due: number;
  /** How long the earliest of them has been due, in seconds (0 when none is). */
  lagSeconds: number;
}

/** The job tables whose dispatchers run in this process on a storage (see JobDispatcher). */
const dispatched = new WeakMap<Storage, Set<string>>();

export function noteDispatchedQueue(storage: Storage, table: string): void {
  const tables = dispatched.get(storage) ?? new Set<string>();
  tables.add(table);
  dispatched.set(storage, tables);
}

function backlog(rows: DueRows, now: Date): Backlog {
  const lagMs = rows.earliest === undefined ? 0 : now.getTime() - Date.parse(rows.earliest);
  return { due: rows.count, lagSeconds: Math.max(0, lagMs) / 1000 };
}

export async function eventBacklog(storage: Storage, cap: number): Promise<Backlog> {
  const now = new Date();
  return backlog(await dueProgress(storage.db, now.toISOString(), cap), now);
}

/** Per queue this process dispatches (the job table's name). */
export async function deliveryBacklogs(storage: Storage, cap: number): Promise<Map<string, Backlog>> {
  const now = new Date();
  const result = new Map<string, Backlog>();
  for (const table of dispatched.get(storage) ?? []) result.set(table, backlog(await dueJobs(storage.db, table, now.toISOString(), cap), now));
  return result;
}
