import { readFile } from 'node:fs/promises';
import { seedDemoData } from '../../demo.ts';
import { gatherStatistics } from '../../storage/statistics.ts';
import { importData } from '../../import.ts';
import { serveUntilSignalled } from '../../main.ts';
import { listAudit, listMembers, listTokens } from '../../platform/directory.ts';
import { RIGHTS } from '../../platform/rights.ts';
import { cliSource } from '../../platform/audit.ts';
import { createOrganization, createToken, createUser, deactivateMemberIn, requireOrganization, revokeToken, updateOrganizationSettings } from '../../platform/service.ts';
import { isTimeZone } from '../../platform/time-zone.ts';
import { tokenKey } from '../../platform/token-key.ts';
import { migrate, organizationHooks } from '../../setup.ts';
import { openStorage } from '../../storage/storage.ts';
import type { CliCommand, CommandResult } from '../command.ts';
import { UsageError, listOption, requiredOption, stringOption } from '../command.ts';
import { terminalLine } from '../progress.ts';

const serve: CliCommand = {
  name: 'serve',
  summary: 'Serve the public API until SIGTERM/SIGINT, then drain and exit 0',
  options: {
    port: { description: 'listen port (default 3000, env PORT)' },
    host: { description: 'listen address (default 127.0.0.1, env HOST)' },
    'bootstrap-demo': { description: 'on an empty database, create the demo organization and print its token once', flag: true },
  },
  async run(args) {
    const port = stringOption(args, 'port');
    if (port !== undefined && !/^\d{1,5}$/.test(port)) throw new UsageError('--port must be a port number');
    const config = { ...args.config, ...(port !== undefined ? { port: Number(port) } : {}), host: stringOption(args, 'host') ?? args.config.host };
    await serveUntilSignalled(config, { bootstrapDemo: args.options['bootstrap-demo'] === true });
    return undefined;
  },
};

const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'Apply pending database migrations',
  options: {},
  async run(args) {
    const storage = openStorage(args.config, { poolSize: 2 });
    try {
      return { applied: await migrate(storage) };
    } finally {
      await storage.close();
    }
  },
};

const orgCreate: CliCommand = {
  name: 'org create',
  summary: 'Create an organization',
  options: {
    slug: { description: 'a-z, 0-9 and "-"', required: true },
    name: { description: 'display name', required: true },
    domain: { description: "the organization's own address (host name)" },
    currency: { description: 'default currency of deals and payment requests (default UZS)' },
  },
  run: (args) =>
    args.withStorage((storage) =>
      createOrganization(
        storage,
        { slug: requiredOption(args, 'slug'), name: requiredOption(args, 'name'), domain: stringOption(args, 'domain'), currency: stringOption(args, 'currency') },
        organizationHooks(),
      ),
    ),
};

const userCreate: CliCommand = {
  name: 'user create',
  summary: 'Create a user in an organization, with role rights',
  options: {
    org: { description: 'organization slug', required: true },
    name: { description: 'full name', required: true },
    email: { description: 'e-mail address' },
    rights: { description: `comma-separated rights: ${RIGHTS.join(', ')}` },
    role: { description: '"admin" grants every right' },
  },
  async run(args) {
    const role = stringOption(args, 'role');
    if (role !== undefined && role !== 'admin') throw new UsageError('--role accepts only "admin"');
    if (role !== undefined && args.options.rights !== undefined) throw new UsageError('give either --rights or --role admin, not both');
    const rights = role === 'admin' ? [...RIGHTS] : (listOption(args, 'rights') ?? []);
    return args.withStorage((storage) =>
      createUser(storage, { orgSlug: requiredOption(args, 'org'), name: requiredOption(args, 'name'), email: stringOption(args, 'email'), rights }),
    );
  },
};

const userDeactivate: CliCommand = {
  name: 'user deactivate',
  summary: "Deactivate a user: every token of theirs is refused from the next request on",
  options: { org: { description: 'organization slug', required: true }, id: { description: 'user id (or orgUserId)', required: true } },
  run: (args) =>
    args.withStorage(async (storage) => {
      const org = await requireOrganization(storage, requiredOption(args, 'org'));
      const member = await storage.transaction((tx) => deactivateMemberIn(tx, org.id, requiredOption(args, 'id'), cliSource()));
      return { id: member.userId, orgUserId: member.orgUserId, active: member.active };
    }),
};

const userList: CliCommand = {
  name: 'user list',
  summary: 'List the users of an organization with their ids, rights and status, oldest first',
  options: { org: { description: 'organization slug', required: true } },
  run: (args) =>
    args.withStorage(async (storage) => {
      const org = await requireOrganization(storage, requiredOption(args, 'org'));
      return { items: await listMembers(storage.db, org.id) };
    }),
};

const tokenList: CliCommand = {
  name: 'token list',
  summary: 'List the tokens of an organization with their ids, owners and scopes (never their values), newest first',
  options: { org: { description: 'organization slug', required: true } },
  run: (args) =>
    args.withStorage(async (storage) => {
      const org = await requireOrganization(storage, requiredOption(args, 'org'));
      return { items: await listTokens(storage.db, org.id) };
    }),
};

const tokenCreate: CliCommand = {
  name: 'token create',
  summary: 'Issue a personal access token (printed only this once)',
  options: {
    org: { description: 'organization slug', required: true },
    user: { description: 'user id (or orgUserId) of the owner', required: true },
    scopes: { description: 'comma-separated scopes', required: true },
    name: { description: 'a label for the token' },
    legacy: { description: 'issue a legacy-format token (works only on the organization domain)', flag: true },
    expires: { description: 'ISO 8601 expiry time' },
  },
  run: (args) =>
    args.withStorage(async (storage) =>
      createToken(storage, await tokenKey(storage, args.config.tokenPepper), {
        orgSlug: requiredOption(args, 'org'),
        user: requiredOption(args, 'user'),
        scopes: listOption(args, 'scopes') ?? [],
        name: stringOption(args, 'name'),
        legacy: args.options.legacy === true,
        expires: stringOption(args, 'expires'),
      }),
    ),
};

const tokenRevoke: CliCommand = {
  name: 'token revoke',
  summary: 'Revoke a token: it fails with 401 from the next request on',
  options: { org: { description: 'organization slug', required: true }, id: { description: 'token id', required: true } },
  run: (args) => args.withStorage((storage) => revokeToken(storage, requiredOption(args, 'org'), requiredOption(args, 'id'))),
};

const importCommand: CliCommand = {
  name: 'import',
  summary: 'Import a JSON file of collections, all or nothing',
  options: { org: { description: 'organization slug', required: true }, file: { description: 'path of the JSON file', required: true } },
  async run(args) {
    const path = requiredOption(args, 'file');
    let data: unknown;
    try {
      data = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      throw new UsageError(`cannot read ${path} as JSON: ${(error as Error).message}`);
    }
    return args.withStorage(async (storage): Promise<CommandResult> => {
      const line = terminalLine(process.stderr);
      let imported;
      try {
        imported = await importData(storage, requiredOption(args, 'org'), data, undefined, line && ((collection, done, total) => line.show(`importing ${collection}: ${done}/${total}`)));
      } finally {
        line?.done();
      }
      // The organization is ready for its first requests: plans made knowing its new size.
      await gatherStatistics(storage);
      return imported;
    });
  },
};

const seed: CliCommand = {
  name: 'seed',
  summary: 'Import the demo data set into an organization',
  options: { org: { description: 'organization slug', required: true } },
  run: (args) => args.withStorage((storage) => seedDemoData(storage, requiredOption(args, 'org'))),
};


const orgSettings: CliCommand = {
  name: 'org settings',
  summary: 'Show or change organization settings',
  options: {
    org: { description: 'organization slug', required: true },
    'allow-negative-stock': { description: 'true or false: may out and transfer movements take stock below zero (default false)' },
    'time-zone': { description: 'IANA time zone of the organization (e.g. Europe/Berlin): meetings and task deadlines; default UTC' },
    'telegram-chat-id': { description: 'the shared Telegram chat (a chat id such as -1001234567890, or @channel) told of new meetings; none removes it' },
  },
  async run(args) {
    const slug = requiredOption(args, 'org');
    const negative = stringOption(args, 'allow-negative-stock');
    if (negative !== undefined && negative !== 'true' && negative !== 'false') throw new UsageError('--allow-negative-stock takes true or false');
    const zone = stringOption(args, 'time-zone');
    if (zone !== undefined && !isTimeZone(zone)) throw new UsageError('--time-zone takes an IANA time zone such as Europe/Berlin or UTC');
    const chat = stringOption(args, 'telegram-chat-id');
    if (chat !== undefined && chat !== 'none' && !/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/.test(chat)) {
      throw new UsageError('--telegram-chat-id takes a Telegram chat id (digits, negative for groups), @channelname, or none');
    }
    const patch: Record<string, unknown> = {};
    if (negative !== undefined) patch.allowNegativeStock = negative === 'true';
    if (zone !== undefined) patch.timeZone = zone;
    if (chat !== undefined) patch.telegramChatId = chat === 'none' ? null : chat;
    return args.withStorage(async (storage) => {
      if (Object.keys(patch).length === 0) return { ...(await requireOrganization(storage, slug)).settings };
      return updateOrganizationSettings(storage, slug, patch);
    });
  },
};

const auditList: CliCommand = {
  name: 'audit list',
  summary: 'The audit trail of an organization, newest first (who, what, when, from where, before and after)',
  options: {
    org: { description: 'organization slug', required: true },
    limit: { description: 'at most this many entries (default 50, max 1000)' },
    cursor: { description: 'nextCursor of the previous page: older entries' },
  },
  async run(args) {
    const limit = stringOption(args, 'limit') ?? '50';
    if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000) throw new UsageError('--limit must be 1 to 1000');
    const cursor = stringOption(args, 'cursor');
    if (cursor !== undefined && !/^\d{1,15}$/.test(cursor)) throw new UsageError('--cursor takes the nextCursor of a previous page');
    return args.withStorage(async (storage) => {
      const org = await requireOrganization(storage, requiredOption(args, 'org'));
      return { ...(await listAudit(storage.db, org.id, { cursor, limit: Number(limit) })) };
    });
  },
};

export const coreCommands: CliCommand[] = [serve, migrateCommand, orgCreate, orgSettings, userCreate, userList, userDeactivate, tokenCreate, tokenList, tokenRevoke, auditList, importCommand, seed];
