import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Sends NOTIFYs for commits that have already happened, on their own, coalesced: while one
 * statement is under way, the notices of later commits gather and go out together in the next
 * one, each distinct (channel, payload) once. So a notice costs a writer nothing and the
 * database one short transaction per round, not one per commit. A notice that cannot be sent
 * is dropped: listeners in other processes also poll (a bounded interval) for the same work.
 */
export function postCommitNotifier(db: Kysely<Database>): (channel: string, payload: string) => void {
  let pending = new Map<string, [string, string]>();
  let sending = false;

  const send = async () => {
    sending = true;
    while (pending.size > 0) {
      const batch = [...pending.values()];
      pending = new Map();
      const channels = batch.map(([channel]) => channel);
      const payloads = batch.map(([, payload]) => payload);
      await sql`select pg_notify(c, p) from unnest(${channels}::text[], ${payloads}::text[]) as n(c, p)`.execute(db).catch(() => {});
    }
    sending = false;
  };

  return (channel, payload) => {
    pending.set(`${channel}\u0000${payload}`, [channel, payload]);
    if (!sending) void send();
  };
}
