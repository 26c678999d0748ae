/** The operator's part of console sign-in: set or reset a user's password. */
import { randomBytes } from 'node:crypto';
import { cliSource } from '../../platform/audit.ts';
import { MAX_PASSWORD_LENGTH, setPasswordIn } from '../../platform/passwords.ts';
import { requireOrganization } from '../../platform/service.ts';
import type { CliCommand } from '../command.ts';
import { UsageError, requiredOption } from '../command.ts';

/** The first line of standard input: a password never goes on the command line (other users see it there). */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('give the new password on standard input (e.g. from a password manager), or --generate');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.length > MAX_PASSWORD_LENGTH * 4) break;
  }
  const line = text.split(/\r?\n/)[0] ?? '';
  if (line === '') throw new UsageError('standard input held no password');
  return line;
}

const userPassword: CliCommand = {
  name: 'user password',
  summary: 'Set or reset a user\'s console password (read from standard input, or --generate); ends their console sessions',
  options: {
    org: { description: 'organization slug', required: true },
    id: { description: 'user id (or orgUserId)', required: true },
    generate: { description: 'make a random password and print it this once', flag: true },
  },
  async run(args) {
    const generated = args.options.generate === true ? randomBytes(18).toString('base64url') : undefined;
    const password = generated ?? (await passwordFromStdin());
    return args.withStorage(async (storage) => {
      const org = await requireOrganization(storage, requiredOption(args, 'org'));
      const set = await storage.transaction((tx) => setPasswordIn(tx, org.id, requiredOption(args, 'id'), password, cliSource()));
      return { id: set.userId, email: set.email, endedSessions: set.endedSessions, ...(generated !== undefined ? { password: generated } : {}) };
    });
  },
};

export const passwordCommands: CliCommand[] = [userPassword];
