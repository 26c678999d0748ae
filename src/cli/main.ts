import { loadConfig } from '../config.ts';
import { domainModules } from '../domains/index.ts';
import { AppError } from '../http/errors.ts';
import type { CliCommand, CommandResult } from './command.ts';
import { UsageError } from './command.ts';
import { coreCommands } from './commands/core.ts';
import { parseCommandLine } from './parse.ts';
import { openMigratedStorage } from '../setup.ts';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/storage.ts';

const commands: CliCommand[] = [...coreCommands, ...domainModules.flatMap((m) => m.commands ?? [])];

/** Opens the migrated database for one command and always closes it. */
function storageFor(config: Config) {
  return async <T>(work: (storage: Storage) => Promise<T>): Promise<T> => {
    const storage = await openMigratedStorage(config, { poolSize: 2 });
    try {
      return await work(storage);
    } finally {
      await storage.close();
    }
  };
}

function usage(): string {
  const lines = ['usage: bizplat <command> [options] [--json] [--db URL]', '', 'commands:'];
  for (const c of commands) {
    lines.push(`  ${c.name.padEnd(22)} ${c.summary}`);
    for (const [name, spec] of Object.entries(c.options)) {
      lines.push(`      --${name}${spec.flag ? '' : ' VALUE'}${spec.required ? ' (required)' : ''}  ${spec.description}`);
    }
  }
  return lines.join('\n');
}

function printHuman(result: CommandResult): void {
  for (const [key, value] of Object.entries(result)) {
    process.stdout.write(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}\n`);
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    process.stdout.write(`${usage()}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const json = argv.includes('--json');
  try {
    const { command, options } = parseCommandLine(argv, commands);
    const env = { ...process.env };
    if (typeof options.db === 'string') env.DATABASE_URL = options.db;
    if (json && env.BIZPLAT_LOG_LEVEL === undefined && command.name !== 'serve') env.BIZPLAT_LOG_LEVEL = 'silent';
    const config = loadConfig(env);
    const result = await command.run({ options, config, withStorage: storageFor(config) });
    if (result !== undefined) {
      if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
      else printHuman(result);
    }
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (json) process.stderr.write(`${JSON.stringify({ error: error instanceof AppError ? error.code : 'error', message })}\n`);
    else process.stderr.write(`error: ${message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
