import { cliSource } from '../../platform/audit.ts';
import { switchOutgoing } from '../../platform/outgoing.ts';
import { listOrganizationSlugs } from '../../platform/queries.ts';
import type { CommandArgs } from '../command.ts';

/**
 * A copy of a database (restored from a backup, or made by copy) is a staging server, a
 * rehearsal or a move: it must not post to the receivers of the original with the original's
 * secrets while that still runs. Every organization's outgoing deliveries start paused, audited
 * with `reason`, until "deliveries resume". Returns the slugs paused.
 */
export function pauseDeliveriesOfCopy(withStorage: CommandArgs['withStorage'], reason: string): Promise<string[]> {
  return withStorage(async (storage) => {
    const orgs = await listOrganizationSlugs(storage.db);
    return storage.transaction((tx) => switchOutgoing(tx, orgs, true, reason, cliSource()));
  });
}
