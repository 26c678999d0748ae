import { loadConfig } from '../config.ts';
import { domainModules } from '../domains/index.ts';
import { asAppError } from '../http/errors.ts';
import type { CliCommand, CommandResult } from './command.ts';
import { UsageError } from './command.ts';
import { backupCommands } from './commands/backup.ts';
import { copyCommands } from './commands/copy.ts';
import { coreCommands } from './commands/core.ts';
import { passwordCommands } from './commands/passwords.ts';
import { deliveriesCommands } from './commands/deliveries.ts';
import { mcpCommands } from './commands/mcp.ts';
import { parseCommandLine } from './parse.ts';
import { openMigratedStorage } from '../setup.ts';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/storage.ts';
import { VERSION } from '../version.ts';

const commands: CliCommand[] = [...coreCommands, ...passwordCommands, ...backupCommands, ...copyCommands, ...deliveriesCommands, ...mcpCommands, ...domainModules.flatMap((m) => m.commands ?? [])];

/** Opens the migrated database for one command and always closes it. */
async function withStorageOf<T>(config: Config, work: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openMigratedStorage(config, { poolSize: 2 });
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

/**
 * The database settings of a command line. A database named with --db is the one acted on, with
 * the session URL given beside it (--db-session) or none: DATABASE_URL and DATABASE_SESSION_URL
 * from the environment (a server's settings file loaded in the shell) never mix in.
 */
function databaseSettings(options: Record<string, string | true>): Partial<Config> {
  const db = options.db;
  const session = options['db-session'];
  if (db === true || session === true) throw new UsageError(`--${db === true ? 'db' : 'db-session'} needs a value`);
  if (db === undefined) {
    if (session !== undefined) throw new UsageError('--db-session goes with --db: give the database with --db and its direct connection with --db-session');
    return {};
  }
  if (session !== undefined && !/^postgres(ql)?:\/\//.test(session)) throw new UsageError(`--db-session must be a postgres:// URL (the direct connection beside a pooled --db), got "${session}"`);
  if (session !== undefined && !/^postgres(ql)?:\/\//.test(db)) throw new UsageError('--db-session is for a PostgreSQL --db behind a transaction pooler');
  return { databaseUrl: db, databaseSessionUrl: session, databaseUrlFrom: '--db' };
}

function usage(): string {
  const lines = ['usage: bizplat <command> [options] [--json] [--db URL [--db-session URL]]', '       bizplat --version (-v)  the release, e.g. 1.4.0', '', 'commands:'];
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
  if (argv[0] === '--version' || argv[0] === '-v') {
    // With --json, one object like every command's; else the version alone, as `node --version` prints its own.
    if (argv.slice(1).some((arg) => arg !== '--json')) {
      io.err(`error: ${argv[0]} takes no command or option but --json\n`);
      return 2;
    }
    io.out(argv.includes('--json') ? `${JSON.stringify({ version: VERSION })}\n` : `${VERSION}\n`);
    return 0;
  }
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    io.out(`${usage()}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const json = argv.includes('--json');
  try {
    const { command, options } = parseCommandLine(argv, commands);
    const env = { ...io.env };
    if (json && env.BIZPLAT_LOG_LEVEL === undefined && command.name !== 'serve') env.BIZPLAT_LOG_LEVEL = 'silent';
    const config = loadConfig(env, databaseSettings(options));
    const result = await command.run({
      options,
      config,
      withStorage: (work) => withStorageOf(config, work),
      withTargetStorage: (url, work) => withStorageOf({ ...config, databaseUrl: url, databaseSessionUrl: undefined, databaseUrlFrom: '--to' }, work),
      // With --json the output is one object, which carries what a notice would say.
      notice: (line) => (json ? undefined : io.err(`${line}\n`)),
    });
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

