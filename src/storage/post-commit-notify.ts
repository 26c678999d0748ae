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
export interface PostCommitNotifier {
  notify(channel: string, payload: string): void;
  /** Resolves once every notice given so far has been sent (or dropped): before the pool closes, so a short-lived process's change reaches the others. */
  flush(): Promise<void>;
}

export function postCommitNotifier(db: Kysely<Database>): PostCommitNotifier {
  let pending = new Map<string, [string, string]>();
  let sending: Promise<void> | undefined;

  const send = async () => {
    while (pending.size > 0) {
      const batch = [...pending.values()];
      pending = new Map();
      const channels = batch.map(([channel]) => channel);
      const payloads = batch.map(([, payload]) => payload);
      await sql`select pg_notify(c, p) from unnest(${channels}::text[], ${payloads}::text[]) as n(c, p)`.execute(db).catch(() => {});
    }
    sending = undefined;
  };

  return {
    notify(channel, payload) {
      pending.set(`${channel}\u0000${payload}`, [channel, payload]);
      sending ??= send();
    },
    flush: async () => {
      while (sending) await sending;
    },
  };
}
