import type { CliCommand } from '../../cli/command.ts';
import { UsageError, requiredOption, stringOption } from '../../cli/command.ts';
import { DELIVERY_STATUSES, deliveryLog, redeliver, replay } from './deliveries.ts';
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
  },
  run(args) {
    const status = stringOption(args, 'status');
    if (status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(`--status must be one of ${DELIVERY_STATUSES.join(', ')}`);
    }
    const limitText = stringOption(args, 'limit') ?? '100';
    if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 1000) throw new UsageError('--limit must be 1 to 1000');
    const subscriptionId = stringOption(args, 'subscription');
    return args.withStorage((storage) =>
      deliveryLog(storage, requiredOption(args, 'org'), {
        limit: Number(limitText),
        ...(subscriptionId !== undefined ? { subscriptionId } : {}),
        ...(status !== undefined ? { status: status as DeliveryStatus } : {}),
      }),
    );
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

export const webhookCommands: CliCommand[] = [deliveries, redeliverCommand, replayCommand, rotateSecretCommand];
