import type { CliCommand } from '../../cli/command.ts';
import { UsageError, requiredOption, stringOption } from '../../cli/command.ts';
import { markNotificationsRead, notificationsOf, parseChatId, setTelegramChat } from './inbox.ts';

const userUpdate: CliCommand = {
  name: 'user update',
  summary: "Link a user's Telegram chat (notifications are also sent there), or unlink it with \"none\"",
  options: {
    org: { description: 'organization slug', required: true },
    id: { description: 'user id (or membership id)', required: true },
    'telegram-chat-id': { description: 'Telegram chat id (an integer), or "none" to unlink', required: true },
  },
  run(args) {
    const chat = stringOption(args, 'telegram-chat-id');
    if (chat === undefined) throw new UsageError('--telegram-chat-id is required');
    const chatId = parseChatId(chat);
    return args.withStorage((storage) => setTelegramChat(storage, requiredOption(args, 'org'), requiredOption(args, 'id'), chatId));
  },
};

const list: CliCommand = {
  name: 'notifications list',
  summary: "List a user's notifications, newest first, with their messenger delivery",
  options: {
    org: { description: 'organization slug', required: true },
    user: { description: 'user id (or membership id)', required: true },
    unread: { description: 'only unread notifications', flag: true },
    limit: { description: 'at most this many (default 100, max 1000)' },
  },
  run(args) {
    const limitText = stringOption(args, 'limit') ?? '100';
    if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 1000) throw new UsageError('--limit must be 1 to 1000');
    return args.withStorage((storage) =>
      notificationsOf(storage, requiredOption(args, 'org'), requiredOption(args, 'user'), { unread: args.options.unread === true, limit: Number(limitText) }),
    );
  },
};

const read: CliCommand = {
  name: 'notifications read',
  summary: "Mark one of a user's notifications read (--id), or all of them (--all)",
  options: {
    org: { description: 'organization slug', required: true },
    user: { description: 'user id (or membership id)', required: true },
    id: { description: 'notification id' },
    all: { description: 'every unread notification of the user', flag: true },
  },
  run(args) {
    const id = stringOption(args, 'id');
    const all = args.options.all === true;
    if ((id === undefined) === !all) throw new UsageError('give either --id or --all');
    return args.withStorage((storage) => markNotificationsRead(storage, requiredOption(args, 'org'), requiredOption(args, 'user'), id));
  },
};

export const notificationCommands: CliCommand[] = [userUpdate, list, read];
