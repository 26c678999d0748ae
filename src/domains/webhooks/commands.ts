import type { CliCommand } from '../../cli/command.ts';
import { UsageError, listOption, requiredOption, stringOption } from '../../cli/command.ts';
import { cliSource } from '../../platform/audit.ts';
import { serverSealer } from '../../platform/server-key.ts';
import { requireOrganization } from '../../platform/service.ts';
import { ALL_EVENTS, EVENT_NAMES } from './catalog.ts';
import { DELIVERY_STATUSES, redeliver, replay } from './deliveries.ts';
import { listen, ListenError } from './listen.ts';
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

const listenCommand: CliCommand = {
  name: 'webhooks listen',
  summary: 'Forward the events of a server to a local URL as signed webhook deliveries (like stripe listen), resuming where it stopped; runs until Ctrl-C',
  options: {
    'forward-to': { description: 'the local receiver, e.g. http://127.0.0.1:4242/webhooks', required: true },
    events: { description: 'comma-separated catalog event names (default: every event the token may read)' },
    url: { description: 'the server\'s address (default http://127.0.0.1:3000, or BIZPLAT_URL)' },
    token: { description: 'the API token the events feed is read with (or BIZPLAT_TOKEN)' },
    state: { description: 'the state file: the signing secret and where the feed was left (default .bizplat-listen.json)' },
    'from-start': { description: 'on a first run, forward the events the server still keeps, not only new ones', flag: true },
  },
  async run(args) {
    const token = stringOption(args, 'token') ?? process.env.BIZPLAT_TOKEN;
    if (token === undefined || token === '') throw new UsageError('--token (or BIZPLAT_TOKEN) is required: an API token that reads the events feed');
    const events = listOption(args, 'events');
    const unknown = events?.find((e) => e !== '*' && !(EVENT_NAMES as readonly string[]).includes(e));
    if (unknown !== undefined) throw new UsageError(`--events: "${unknown}" is not in the event catalog (${EVENT_NAMES.join(', ')})`);
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      await listen({
        server: stringOption(args, 'url') ?? process.env.BIZPLAT_URL ?? 'http://127.0.0.1:3000',
        token,
        forwardTo: requiredOption(args, 'forward-to'),
        events: events === undefined || events.includes('*') ? undefined : events,
        stateFile: stringOption(args, 'state') ?? '.bizplat-listen.json',
        fromStart: args.options['from-start'] === true,
        pollMs: 1000,
        print: (line) => process.stdout.write(`${line}\n`),
        signal: stop.signal,
      });
    } catch (error) {
      if (error instanceof ListenError) throw new UsageError(error.message);
      throw error;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    return undefined;
  },
};

export const webhookCommands: CliCommand[] = [list, create, deliveries, redeliverCommand, replayCommand, rotateSecretCommand, listenCommand];
