import type { Config } from '../config.ts';
import type { Storage } from '../storage/storage.ts';

export interface OptionSpec {
  description: string;
  /** A flag takes no value. */
  flag?: boolean;
  required?: boolean;
}

export interface CommandArgs {
  options: Record<string, string | true | undefined>;
  config: Config;
  /** Runs `work` against the migrated database and always closes it. */
  withStorage<T>(work: (storage: Storage) => Promise<T>): Promise<T>;
  /** The same for the other database a command writes into, named by --to (copy's target), reached directly. */
  withTargetStorage<T>(url: string, work: (storage: Storage) => Promise<T>): Promise<T>;
  /** A line for the operator on stderr, beside the result (e.g. the database a command is about to act on); none with --json, whose result says it. */
  notice(line: string): void;
}

/** Output of a command: printed as one JSON object with --json, or as `key: value` lines. */
export type CommandResult = Record<string, unknown>;

export interface CliCommand {
  /** The command words, e.g. "token create". */
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  /** Long-running commands (serve) print logs and never return a result to print. */
  run(args: CommandArgs): Promise<CommandResult | undefined>;
}

export class UsageError extends Error {}

/**
 * Runs `work` on the database `action` names (e.g. "restore into PostgreSQL database …"): says so
 * first (a notice), and puts the same words before the message of any refusal or failure, so the
 * operator always knows which database was checked or touched.
 */
export async function actingOn<T>(args: CommandArgs, action: string, work: () => Promise<T>): Promise<T> {
  args.notice(action);
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && !(error instanceof UsageError)) error.message = `${action}: ${error.message}`;
    throw error;
  }
}

export function stringOption(args: CommandArgs, name: string): string | undefined {
  const value = args.options[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

export function requiredOption(args: CommandArgs, name: string): string {
  const value = stringOption(args, name);
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

export function listOption(args: CommandArgs, name: string): string[] | undefined {
  const value = stringOption(args, name);
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}
