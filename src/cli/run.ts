import { loadConfig } from '../config.ts';
import { domainModules } from '../domains/index.ts';
import { asAppError } from '../http/errors.ts';
import type { CliCommand, CommandResult } from './command.ts';
import { UsageError } from './command.ts';
import { backupCommands } from './commands/backup.ts';
import { copyCommands } from './commands/copy.ts';
import { coreCommands } from './commands/core.ts';
import { deliveriesCommands } from './commands/deliveries.ts';
import { mcpCommands } from './commands/mcp.ts';
import { parseCommandLine } from './parse.ts';
import { openMigratedStorage } from '../setup.ts';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/storage.ts';

const commands: CliCommand[] = [...coreCommands, ...backupCommands, ...copyCommands, ...deliveriesCommands, ...mcpCommands, ...domainModules.flatMap((m) => m.commands ?? [])];

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

function printHuman(result: CommandResult, out: (text: string) => void): void {
  for (const [key, value] of Object.entries(result)) {
    out(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}\n`);
  }
}

/** Where a command line reads its settings from and writes its output to. */
export interface CommandLineIo {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Runs one command line to its end; the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runCommandLine(argv: string[], io: CommandLineIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    io.out(`${usage()}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const json = argv.includes('--json');
  try {
    const { command, options } = parseCommandLine(argv, commands);
    const env = { ...io.env };
    if (typeof options.db === 'string') env.DATABASE_URL = options.db;
    if (json && env.BIZPLAT_LOG_LEVEL === undefined && command.name !== 'serve') env.BIZPLAT_LOG_LEVEL = 'silent';
    const config = loadConfig(env);
    const result = await command.run({ options, config, withStorage: storageFor(config) });
    if (result !== undefined) {
      if (json) io.out(`${JSON.stringify(result)}\n`);
      else printHuman(result, io.out);
    }
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A storage refusal (a record not found, a stale version, an id taken) reports the code the API gives it.
    if (json) io.err(`${JSON.stringify({ error: asAppError(error)?.code ?? 'error', message })}\n`);
    else io.err(`error: ${message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

