import { outgoingStates } from '../../events/outbox/pause.ts';
import { cliSource } from '../../platform/audit.ts';
import { switchOutgoing } from '../../platform/outgoing.ts';
import type { OrganizationRef } from '../../platform/outgoing.ts';
import { listOrganizationSlugs } from '../../platform/queries.ts';
import { requireOrganization } from '../../platform/service.ts';
import type { Storage } from '../../storage/storage.ts';
import type { CliCommand, CommandArgs } from '../command.ts';
import { stringOption } from '../command.ts';

const orgOption = { description: 'organization slug (default: every organization)' };

/** The organization named by --org, or every organization. */
async function organizationsOf(args: CommandArgs, storage: Storage): Promise<OrganizationRef[]> {
  const slug = stringOption(args, 'org');
  if (slug === undefined) return listOrganizationSlugs(storage.db);
  const org = await requireOrganization(storage, slug);
  return [{ id: org.id, slug: org.slug }];
}

function switchCommand(paused: boolean): CliCommand {
  return {
    name: paused ? 'deliveries pause' : 'deliveries resume',
    summary: paused
      ? 'Hold outgoing webhooks and messenger messages (they stay queued) until "deliveries resume"'
      : 'Let held outgoing webhooks and messenger messages go out (a restored copy starts with them held)',
    options: { org: orgOption, ...(paused ? { reason: { description: 'why, for the audit trail and the console' } } : {}) },
    run: (args) =>
      args.withStorage(async (storage) => {
        const orgs = await organizationsOf(args, storage);
        const reason = stringOption(args, 'reason') ?? 'paused by the operator';
        const changed = await storage.transaction((tx) => switchOutgoing(tx, orgs, paused, reason, cliSource()));
        return paused ? { paused: changed } : { resumed: changed };
      }),
  };
}

const status: CliCommand = {
  name: 'deliveries status',
  summary: 'Whether outgoing webhooks and messenger messages are held, per organization',
  options: { org: orgOption },
  run: (args) =>
    args.withStorage(async (storage) => {
      const orgs = await organizationsOf(args, storage);
      const states = await outgoingStates(storage.db, orgs.map((o) => o.id));
      return { organizations: orgs.map((o) => ({ slug: o.slug, ...states.get(o.id) })) };
    }),
};

export const deliveriesCommands: CliCommand[] = [switchCommand(true), switchCommand(false), status];
