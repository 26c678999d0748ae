import { basename } from 'node:path';
import { keyFileOf } from '../../platform/server-key.ts';
import { backupDatabase, restoreDatabase } from '../../storage/backup/backup.ts';
import { exists } from '../../storage/backup/files.ts';
import { databaseLabel } from '../../storage/database-label.ts';
import { namingSetting } from '../../storage/storage.ts';
import type { CliCommand, CommandResult } from '../command.ts';
import { actingOn, requiredOption } from '../command.ts';
import { pauseDeliveriesOfCopy } from './paused-copy.ts';

/**
 * Where an SQLite database keeps its sealing key when BIZPLAT_SECRETS_KEY is unset: a file
 * beside it, deliberately not inside the backup. The operator keeps it with the backup apart.
 */
async function keyFileNote(url: string, secretsKeySet: boolean): Promise<CommandResult> {
  const keyFile = secretsKeySet ? undefined : keyFileOf(url);
  return keyFile !== undefined && (await exists(keyFile)) ? { keyFile } : {};
}

const backup: CliCommand = {
  name: 'backup',
  summary: 'Write a consistent copy of the database to a new file while servers go on using it',
  options: {
    out: { description: 'the backup file to write (must not exist); SQLite: a database file, PostgreSQL: a pg_dump archive', required: true },
  },
  async run(args) {
    // pg_dump sets session settings before its snapshot: a transaction pooler would lose them.
    const url = args.config.databaseSessionUrl ?? args.config.databaseUrl;
    const source = databaseLabel(url);
    return actingOn(args, `backup of ${source}`, async () => {
      const summary = await backupDatabase(url, requiredOption(args, 'out'));
      return { ...summary, source, ...(await keyFileNote(args.config.databaseUrl, args.config.secretsKey !== undefined)) };
    });
  },
};

const restore: CliCommand = {
  name: 'restore',
  summary: 'Restore a backup into an empty database (refused when the database has any table); outgoing deliveries start paused ("deliveries resume")',
  options: {
    from: { description: 'the backup file written by "backup"', required: true },
  },
  async run(args) {
    const from = requiredOption(args, 'from');
    const url = args.config.databaseSessionUrl ?? args.config.databaseUrl;
    const target = databaseLabel(url);
    return actingOn(args, `restore into ${target}`, async () => {
      const summary = await restoreDatabase(from, url, namingSetting(args.config.databaseUrlFrom));
      const deliveriesPaused = await pauseDeliveriesOfCopy(args.withStorage, `restored from the backup ${basename(from)}`);
      const keyFile = args.config.secretsKey === undefined ? keyFileOf(args.config.databaseUrl) : undefined;
      // The server reads sealed webhook secrets with the key file of the database backed up: put it here.
      return { ...summary, target, deliveriesPaused, ...(keyFile !== undefined ? { keyFile, keyFilePresent: await exists(keyFile) } : {}) };
    });
  },
};

export const backupCommands: CliCommand[] = [backup, restore];
