/** The organization's task status dictionary: its statuses, the initial one, and the allowed transitions. */
import { invalidField, invalidFields } from '../../http/errors.ts';
import { readBool, readJson } from '../../storage/codecs.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import { replaceStatusRows, statusesInUse, statusRows } from './queries.ts';

export interface StatusDefinition {
  name: string;
  order: number;
  initial: boolean;
  final: boolean;
  next: string[];
}

/**
 * The status dictionary a new organization starts with (and every organization that existed
 * before tasks were served): a task is New, worked on, reviewed, then Done or Cancelled; a
 * finished task may be reopened. The `taskStatuses` import replaces it whole.
 */
export const DEFAULT_STATUSES: readonly StatusDefinition[] = [
  { name: 'New', order: 1, initial: true, final: false, next: ['In progress', 'Cancelled'] },
  { name: 'In progress', order: 2, initial: false, final: false, next: ['Review', 'Done', 'Cancelled'] },
  { name: 'Review', order: 3, initial: false, final: false, next: ['In progress', 'Done'] },
  { name: 'Done', order: 4, initial: false, final: true, next: ['In progress'] },
  { name: 'Cancelled', order: 5, initial: false, final: true, next: ['New'] },
];

export interface StatusDictionary {
  statuses: StatusDefinition[];
  initial: string;
  byName: Map<string, StatusDefinition>;
}

export async function statusDictionary(db: Db, orgId: string): Promise<StatusDictionary> {
  const statuses = (await statusRows(db, orgId)).map((r) => ({
    name: r.name,
    order: r.sort_order,
    initial: readBool(r.is_initial),
    final: readBool(r.is_final),
    next: readJson<string[]>(r.next),
  }));
  const initial = statuses.find((s) => s.initial)?.name;
  if (initial === undefined) throw new Error(`organization ${orgId} has no initial task status`);
  return { statuses, initial, byName: new Map(statuses.map((s) => [s.name, s])) };
}

export type ClosedAs = 'completed' | 'cancelled';

/** What a status means for the work: the first final status (by order) completes a task, any other final one cancels it; null when not final. */
export function closedAs(dictionary: StatusDictionary, status: string): ClosedAs | null {
  if (dictionary.byName.get(status)?.final !== true) return null;
  return dictionary.statuses.find((s) => s.final)?.name === status ? 'completed' : 'cancelled';
}

/** The status that closes a task as `outcome`: the first final status, or the last one for a cancel; undefined when the dictionary has no final status. */
export function closingStatus(dictionary: StatusDictionary, outcome: ClosedAs): string | undefined {
  const finals = dictionary.statuses.filter((s) => s.final);
  return (outcome === 'completed' ? finals[0] : finals[finals.length - 1])?.name;
}

/** A status name of the dictionary, or 422 naming the field. */
export function knownStatus(dictionary: StatusDictionary, name: string, field = 'status'): string {
  if (!dictionary.byName.has(name)) throw invalidField(field, `"${name}" is not a status of this organization; statuses: ${dictionary.statuses.map((s) => s.name).join(', ')}`);
  return name;
}

/** A change of status must be one of the dictionary's transitions (staying put is no change). */
export function checkTransition(dictionary: StatusDictionary, from: string, to: string): void {
  knownStatus(dictionary, to);
  if (from === to) return;
  const allowed = dictionary.byName.get(from)?.next ?? [];
  if (!allowed.includes(to)) {
    throw invalidField('status', `a task cannot move from "${from}" to "${to}"; from "${from}" it may move to: ${allowed.length > 0 ? allowed.join(', ') : 'no other status'}`);
  }
}

/** Problems of a whole dictionary, each naming `<where>[<index>].<field>`; none means it is usable. */
function dictionaryProblems(statuses: StatusDefinition[], where: string): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const names = new Set<string>();
  statuses.forEach((s, i) => {
    if (names.has(s.name)) problems.push({ field: `${where}[${i}].name`, message: `"${s.name}" is listed twice` });
    names.add(s.name);
  });
  const initials = statuses.flatMap((s, i) => (s.initial ? [i] : []));
  if (initials.length !== 1) {
    const field = initials.length === 0 ? where : `${where}[${initials[1]}].initial`;
    problems.push({ field, message: `the dictionary must have exactly one initial status; it has ${initials.length}` });
  }
  statuses.forEach((s, i) => {
    s.next.forEach((name, j) => {
      if (!names.has(name)) problems.push({ field: `${where}[${i}].next[${j}]`, message: `"${name}" is not a status of the dictionary` });
    });
  });
  return problems;
}

/** Writes a whole dictionary in place of the organization's one (inside the caller's transaction). */
export async function replaceDictionary(tx: Tx, orgId: string, statuses: StatusDefinition[], where: string): Promise<void> {
  const problems = dictionaryProblems(statuses, where);
  const names = new Set(statuses.map((s) => s.name));
  for (const used of await statusesInUse(tx.db, orgId)) {
    if (!names.has(used)) problems.push({ field: where, message: `tasks of this organization are in status "${used}", which the dictionary leaves out` });
  }
  if (problems.length > 0) throw invalidFields(problems);
  await replaceStatusRows(
    tx.db,
    orgId,
    statuses.map((s) => ({ org_id: orgId, name: s.name, sort_order: s.order, is_initial: s.initial, is_final: s.final, next: JSON.stringify([...new Set(s.next)]) })),
  );
}

export function installDefaultDictionary(tx: Tx, orgId: string): Promise<void> {
  return replaceDictionary(tx, orgId, DEFAULT_STATUSES.map((s) => ({ ...s, next: [...s.next] })), 'taskStatuses');
}
