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
