import { allMigrations } from '../../setup.ts';
import { CopyError, copyDatabase } from '../../storage/copy/copy.ts';
import type { CopyProgress } from '../../storage/copy/copy.ts';
import { databaseLabel } from '../../storage/database-label.ts';
import type { CliCommand, CommandArgs } from '../command.ts';
import { actingOn, requiredOption } from '../command.ts';
import { terminalLine } from '../progress.ts';
import { pauseDeliveriesOfCopy } from './paused-copy.ts';
import { planSecrets, writeKeyFile } from './copy-secrets.ts';
import type { SecretsPlan } from './copy-secrets.ts';

/** The copy's progress on a terminal: phase, table and rows. */
function terminalProgress(stream: NodeJS.WriteStream): { update: (p: CopyProgress) => void; done: () => void } | undefined {
  const line = terminalLine(stream);
  return line && { update: (p) => line.show(`${p.phase} ${p.index}/${p.tables} ${p.table}: ${p.rows} rows`), done: line.done };
}

const copy: CliCommand = {
  name: 'copy',
  summary: 'Copy the database (--db) into an empty database of either engine, checked table by table (row counts and digests) before it is committed; the copy\'s outgoing deliveries start paused ("deliveries resume")',
  options: {
    to: { description: 'the empty database to copy into: sqlite:PATH (a new file) or postgres://… (a database or ?schema= with no table)', required: true },
  },
  async run(args) {
    const to = requiredOption(args, 'to');
    // The source is read in one long transaction after session settings: directly, not through a pooler.
    const from = args.config.databaseSessionUrl ?? args.config.databaseUrl;
    const source = databaseLabel(from);
    const target = databaseLabel(to);
    return actingOn(args, `copy from ${source} into ${target}`, async () => {
      const started = Date.now();
      let plan: SecretsPlan | undefined;
      const progress = terminalProgress(process.stderr);
      let summary;
      try {
        summary = await copyDatabase({
          from,
          to,
          toNamedBy: '--to',
          migrations: allMigrations(),
          prepare: async (peek) => {
            plan = await planSecrets(args.config.databaseUrl, to, args.config.secretsKey, peek);
            return plan.changes;
          },
          onProgress: progress?.update,
        });
      } finally {
        progress?.done();
      }
      if (plan?.keyFile !== undefined) await writeKeyFile(plan.keyFile);
      const deliveriesPaused = await pausedAfterCopy(args, to, source);
      return {
        from: summary.from,
        to: summary.to,
        source,
        target,
        tables: summary.tables,
        rows: summary.rows,
        migrations: summary.migrations,
        seconds: Math.round((Date.now() - started) / 100) / 10,
        secretsKey: plan?.secretsKey,
        resealed: plan?.resealed ?? false,
        ...(plan?.keyFile !== undefined ? { keyFile: plan.keyFile.path } : {}),
        deliveriesPaused,
        // Every table's digest makes one line too long to read: printed with --json only.
        checked: args.options.json === true ? summary.checked : `${summary.tables} tables, row counts and digests equal`,
      };
    });
  },
};

/** The copy is committed: its deliveries are paused as a restored copy's are, or the operator is told to before serving it. */
async function pausedAfterCopy(args: CommandArgs, to: string, source: string): Promise<string[]> {
  try {
    return await pauseDeliveriesOfCopy((work) => args.withTargetStorage(to, work), `copied from ${source}`);
  } catch (error) {
    throw new CopyError(`the copy was committed, but its outgoing deliveries could not be paused (${(error as Error).message}): run "bizplat deliveries pause --db TARGET" before a server starts on it`);
  }
}

export const copyCommands: CliCommand[] = [copy];
