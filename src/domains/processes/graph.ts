/**
 * A template's stage graph: stage types, edges, the join rule, and the checks an import passes.
 * Edges are `next` (followed when a stage completes, or is approved) and, on approval stages,
 * `reject_next` (followed when it is rejected; without it a rejection fails the process).
 * The graph is acyclic, so each stage runs at most once per process.
 */
import type { FieldProblem } from '../../http/errors.ts';

export const STAGE_TYPES = ['task', 'approval', 'end'] as const;
export type StageType = (typeof STAGE_TYPES)[number];
/** The executor a stage names when the person who started the process acts on it. */
export const INITIATOR = 'initiator';

export interface TemplateStage {
  id: string;
  title: string;
  stage_type: StageType;
  start: boolean;
  next: string[];
  reject_next: string[];
  /** A user id of the organization, or "initiator" (also when absent). */
  executor: string;
}

/** Stages whose `next` leads to `stageId`: a stage with several waits until all of them completed (the join rule). */
export function predecessors(stages: readonly TemplateStage[], stageId: string): TemplateStage[] {
  return stages.filter((s) => s.next.includes(stageId));
}

export function startStage(stages: readonly TemplateStage[]): TemplateStage | undefined {
  return stages.find((s) => s.start);
}

/** Problems of a template's graph, each naming `stages[i].<field>`; none means it can run. */
export function graphProblems(stages: readonly TemplateStage[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const index = new Map<string, number>();
  stages.forEach((s, i) => {
    if (index.has(s.id)) problems.push({ field: `stages[${i}].id`, message: `"${s.id}" is used by another stage of the template` });
    else index.set(s.id, i);
  });
  const starts = stages.flatMap((s, i) => (s.start ? [i] : []));
  if (starts.length > 1) problems.push({ field: `stages[${starts[1]}].start`, message: 'a template has at most one start stage' });
  stages.forEach((s, i) => {
    for (const edge of ['next', 'reject_next'] as const) {
      s[edge].forEach((id, j) => {
        if (!index.has(id)) problems.push({ field: `stages[${i}].${edge}[${j}]`, message: `"${id}" is not a stage of this template` });
        else if (id === s.id) problems.push({ field: `stages[${i}].${edge}[${j}]`, message: 'a stage cannot lead to itself' });
      });
    }
    if (s.stage_type === 'end' && s.next.length + s.reject_next.length > 0) problems.push({ field: `stages[${i}].next`, message: 'an end stage leads nowhere' });
    if (s.stage_type !== 'approval' && s.reject_next.length > 0) problems.push({ field: `stages[${i}].reject_next`, message: 'only an approval stage can be rejected' });
  });
  if (problems.length > 0) return problems;
  const cycle = cycleAt(stages);
  if (cycle !== undefined) problems.push({ field: `stages[${index.get(cycle)}].next`, message: `stage "${cycle}" leads back to itself through other stages; the graph must have no cycle` });
  const start = startStage(stages);
  if (start !== undefined) {
    const reached = new Set<string>([start.id]);
    const queue = [start];
    for (let stage = queue.shift(); stage !== undefined; stage = queue.shift()) {
      for (const id of [...stage.next, ...stage.reject_next]) {
        if (reached.has(id)) continue;
        reached.add(id);
        queue.push(stages[index.get(id)!]!);
      }
    }
    stages.forEach((s, i) => {
      if (!reached.has(s.id)) problems.push({ field: `stages[${i}]`, message: `stage "${s.id}" cannot be reached from the start stage` });
    });
  }
  return problems;
}

/** A stage on a cycle, if any (depth-first search over both kinds of edges). */
function cycleAt(stages: readonly TemplateStage[]): string | undefined {
  const byId = new Map(stages.map((s) => [s.id, s]));
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): string | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'open') return id;
    state.set(id, 'open');
    const stage = byId.get(id)!;
    for (const next of [...stage.next, ...stage.reject_next]) {
      const found = visit(next);
      if (found !== undefined) return found;
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const s of stages) {
    const found = visit(s.id);
    if (found !== undefined) return found;
  }
  return undefined;
}
