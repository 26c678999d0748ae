import type { CliCommand } from './command.ts';
import { UsageError } from './command.ts';

export interface ParsedCommandLine {
  command: CliCommand;
  options: Record<string, string | true>;
}

/** Finds the longest command name the words start with, then reads `--name value` and `--flag` options. */
export function parseCommandLine(argv: string[], commands: CliCommand[]): ParsedCommandLine {
  const words: string[] = [];
  let i = 0;
  while (i < argv.length && !argv[i]!.startsWith('--')) words.push(argv[i++]!);
  const command = [...commands]
    .sort((a, b) => b.name.split(' ').length - a.name.split(' ').length)
    .find((c) => c.name === words.slice(0, c.name.split(' ').length).join(' '));
  if (!command || command.name.split(' ').length !== words.length) {
    throw new UsageError(words.length ? `unknown command "${words.join(' ')}"` : 'no command given');
  }
  const options: Record<string, string | true> = {};
  const specs = { ...command.options, json: { description: '', flag: true }, db: { description: '' }, 'db-session': { description: '' } };
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const spec = specs[name as keyof typeof specs];
    if (!spec) throw new UsageError(`unknown option --${name} for "${command.name}"`);
    if ('flag' in spec && spec.flag) {
      options[name] = true;
    } else if (inline !== undefined) {
      options[name] = inline;
    } else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      options[name] = value;
      i++;
    }
  }
  for (const [name, spec] of Object.entries(command.options)) {
    if (spec.required && options[name] === undefined) throw new UsageError(`--${name} is required for "${command.name}"`);
  }
  return { command, options };
}
