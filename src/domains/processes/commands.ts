/**
 * CLI: `processes show`, `processes complete-stage`, `processes decide`, `processes cancel`.
 * A stage is named by its stage instance id (GET /processes/{id} stage_instances[].id). A step
 * that already happened (the stage is no longer active, the process no longer running) prints
 * the process with "changed": false.
 */
import { UsageError, requiredOption, stringOption } from '../../cli/command.ts';
import type { CliCommand } from '../../cli/command.ts';
import { cancelByOperator, settleStage, showProcess } from './operator.ts';

const org = { description: 'organization slug', required: true };

const show: CliCommand = {
  name: 'processes show',
  summary: 'Show a process with its stage instances and its journal',
  options: { org, id: { description: 'process id', required: true } },
  run: (args) => args.withStorage((storage) => showProcess(storage, requiredOption(args, 'org'), requiredOption(args, 'id'))),
};

const completeStage: CliCommand = {
  name: 'processes complete-stage',
  summary: 'Complete an active task stage (its task is closed as done) and advance the process',
  options: { org, stage: { description: 'stage instance id', required: true } },
  run: (args) => args.withStorage((storage) => settleStage(storage, requiredOption(args, 'org'), requiredOption(args, 'stage'), undefined)),
};

const decide: CliCommand = {
  name: 'processes decide',
  summary: 'Approve or reject an active approval stage (its task is closed) and advance the process',
  options: { org, stage: { description: 'stage instance id', required: true }, decision: { description: 'approve or reject', required: true } },
  run(args) {
    const decision = requiredOption(args, 'decision');
    if (decision !== 'approve' && decision !== 'reject') throw new UsageError('--decision must be approve or reject');
    return args.withStorage((storage) => settleStage(storage, requiredOption(args, 'org'), requiredOption(args, 'stage'), decision === 'approve' ? 'approved' : 'rejected'));
  },
};

const cancel: CliCommand = {
  name: 'processes cancel',
  summary: 'Cancel a running process: its active stages are cancelled and their tasks closed',
  options: { org, id: { description: 'process id', required: true }, reason: { description: 'written to the journal' } },
  run: (args) => args.withStorage((storage) => cancelByOperator(storage, requiredOption(args, 'org'), requiredOption(args, 'id'), stringOption(args, 'reason'))),
};

export const processesCommands: CliCommand[] = [show, completeStage, decide, cancel];
