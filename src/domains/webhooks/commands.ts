import type { CliCommand } from '../../cli/command.ts';
import { UsageError, requiredOption, stringOption } from '../../cli/command.ts';
import { cliSource } from '../../platform/audit.ts';
import { serverSealer } from '../../platform/server-key.ts';
import { requireOrganization } from '../../platform/service.ts';
import { ALL_EVENTS } from './catalog.ts';
import { DELIVERY_STATUSES, redeliver, replay } from './deliveries.ts';
import { deliveryLog } from './log.ts';
import { createSubscription, listSubscriptions } from './subscriptions.ts';
import { checkTargetUrl } from './target-url.ts';
import { rotateSecretOf } from './rotation.ts';
import type { DeliveryStatus } from './tables.ts';

const deliveries: CliCommand = {
  name: 'webhook deliveries',
  summary: 'List webhook deliveries, newest first, with every attempt (time, status code, duration, error)',
  options: {
    org: { description: 'organization slug', required: true },
    subscription: { description: 'only this subscription id' },
    status: { description: `only deliveries in this status: ${DELIVERY_STATUSES.join(', ')}` },
    limit: { description: 'at most this many deliveries (default 100, max 1000)' },
    cursor: { description: 'nextCursor of the previous page (same filters): older deliveries' },
  },
  run(args) {
    const status = stringOption(args, 'status');
    if (status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(`--status must be one of ${DELIVERY_STATUSES.join(', ')}`);
    }
    const limitText = stringOption(args, 'limit') ?? '100';
    if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 1000) throw new UsageError('--limit must be 1 to 1000');
    const subscriptionId = stringOption(args, 'subscription');
    return args.withStorage(async (storage) => ({
      ...await deliveryLog(storage, requiredOption(args, 'org'), {
        limit: Number(limitText),
        cursor: stringOption(args, 'cursor'),
        ...(subscriptionId !== undefined ? { subscriptionId } : {}),
        ...(status !== undefined ? { status: status as DeliveryStatus } : {}),
      }),
    }));
  },
};

const list: CliCommand = {
  name: 'webhook list',
  summary: 'List the webhook subscriptions (ids, URLs, events, active or not, delivery statistics)',
  options: { org: { description: 'organization slug', required: true } },
  run: (args) =>
    args.withStorage(async (storage) => {
      const org = await requireOrganization(storage, requiredOption(args, 'org'));
      return listSubscriptions(storage.db, { orgId: org.id });
    }),
};

const create: CliCommand = {
  name: 'webhook create',
  summary: 'Subscribe an https URL to events and print the signing secret once',
  options: {
    org: { description: 'organization slug', required: true },
    name: { description: 'a label for the subscription', required: true },
    url: { description: 'the receiver\'s https URL', required: true },
    events: { description: 'comma-separated catalog events, or * for every event (default *)' },
    'include-record': { description: 'deliveries carry the record after the change', flag: true },
  },
  run(args) {
    const given = stringOption(args, 'events') ?? ALL_EVENTS;
    const events: '*' | string[] = given === ALL_EVENTS ? '*' : given.split(',').map((e) => e.trim()).filter(Boolean);
    if (events.length === 0) throw new UsageError('--events takes catalog event names separated by commas, or *');
    return args.withStorage(async (storage) => {
      const org = await requireOrganization(storage, requiredOption(args, 'org'));
      const target = await checkTargetUrl(requiredOption(args, 'url'), args.config.webhookAllowPrivate);
      const sealer = await serverSealer(storage, args.config.secretsKey);
      const body = { name: requiredOption(args, 'name'), url: target.href, events, includeRecord: args.options['include-record'] === true };
      return storage.transaction((tx) => createSubscription(tx, { orgId: org.id }, body, sealer, cliSource()));
    });
  },
};

const redeliverCommand: CliCommand = {
  name: 'webhook redeliver',
  summary: 'Attempt one delivery again now (failed ones included) and print the outcome',
  options: { org: { description: 'organization slug', required: true }, delivery: { description: 'delivery id', required: true } },
  run: (args) => args.withStorage((storage) => redeliver(storage, args.config, requiredOption(args, 'org'), requiredOption(args, 'delivery'))),
};

const replayCommand: CliCommand = {
  name: 'webhook replay',
  summary: 'Queue a new delivery to a subscription for every matching event since a time',
  options: {
    org: { description: 'organization slug', required: true },
    subscription: { description: 'subscription id', required: true },
    since: { description: 'ISO 8601 time: events at or after it are sent again', required: true },
  },
  run: (args) =>
    args.withStorage((storage) => replay(storage, requiredOption(args, 'org'), requiredOption(args, 'subscription'), requiredOption(args, 'since'))),
};

const rotateSecretCommand: CliCommand = {
  name: 'webhook rotate-secret',
  summary: 'Replace a subscription\'s signing secret and print the new one once; the previous one also signs for BIZPLAT_WEBHOOK_SECRET_OVERLAP_HOURS',
  options: { org: { description: 'organization slug', required: true }, subscription: { description: 'subscription id', required: true } },
  run: (args) => args.withStorage((storage) => rotateSecretOf(storage, args.config, requiredOption(args, 'org'), requiredOption(args, 'subscription'))),
};

export const webhookCommands: CliCommand[] = [list, create, deliveries, redeliverCommand, replayCommand, rotateSecretCommand];
