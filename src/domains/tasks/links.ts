/**
 * A task's links checked against the organization: its users, project and deal. Looked up as
 * each write asks (storedLookups), or read once for the tasks of an import's chunk (readLookups),
 * with the same problems either way.
 */
import { invalidFields } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';
import { linkableUserIds, linkProblemsAmong, userLinkProblems } from '../../platform/members.ts';
import type { LinkableUsers } from '../../platform/members.ts';
import type { Db } from '../../storage/statements.ts';
import { dealExists, existingDeals } from '../crm/deals.ts';
import { namedIds } from '../importing.ts';
import { existingProjects, projectExists } from './queries.ts';
import type { TaskOut } from './schemas.ts';

export type Links = Pick<TaskOut, 'assignee_id' | 'assignee_ids' | 'watcher_ids' | 'project_id' | 'deal_id'>;

export interface TaskLookups {
  userProblems(links: ReadonlyArray<readonly [string, readonly string[]]>, linkable: LinkableUsers): FieldProblem[] | Promise<FieldProblem[]>;
  isProject(id: string): boolean | Promise<boolean>;
  isDeal(id: string): boolean | Promise<boolean>;
}

export function storedLookups(db: Db, orgId: string): TaskLookups {
  return {
    userProblems: (links, linkable) => userLinkProblems(db, orgId, links, linkable),
    isProject: (id) => projectExists(db, orgId, id),
    isDeal: (id) => dealExists(db, orgId, id),
  };
}

/** The users, projects and deals of the tasks' links, each kind read in one statement. */
export async function readLookups(db: Db, orgId: string, named: readonly Links[], linkable: LinkableUsers): Promise<TaskLookups> {
  const users = await linkableUserIds(db, orgId, namedIds(named, (t) => [t.assignee_id, ...t.assignee_ids, ...t.watcher_ids]), linkable);
  const projects = await existingProjects(db, orgId, namedIds(named, (t) => t.project_id));
  const deals = await existingDeals(db, orgId, namedIds(named, (t) => t.deal_id));
  return {
    userProblems: (links) => linkProblemsAmong(users, links, linkable),
    isProject: (id) => projects.has(id),
    isDeal: (id) => deals.has(id),
  };
}

const asList = (id: string | null) => (id === null ? [] : [id]);

/**
 * Every link the body gave points into the organization; all problems are reported at once. A
 * user newly linked (not in that field `before`) must be an active member, unless `linkable`
 * says otherwise; one who was there already may stay after being deactivated.
 */
export async function checkLinks(lookups: TaskLookups, links: Links, given: Partial<Record<keyof Links, unknown>>, before?: Links, linkable: LinkableUsers = 'active'): Promise<void> {
  const added = (ids: string[], had: string[] = []) => ids.filter((id) => !had.includes(id));
  const users: Array<[keyof Links, string[]]> = [
    ['assignee_id', given.assignee_id !== undefined ? added(asList(links.assignee_id), before && asList(before.assignee_id)) : []],
    ['assignee_ids', given.assignee_ids !== undefined ? added(links.assignee_ids, before?.assignee_ids) : []],
    ['watcher_ids', given.watcher_ids !== undefined ? added(links.watcher_ids, before?.watcher_ids) : []],
  ];
  const problems: FieldProblem[] = [...(await lookups.userProblems(users, linkable))];
  if (given.project_id !== undefined && links.project_id !== null && !(await lookups.isProject(links.project_id))) {
    problems.push({ field: 'project_id', message: 'is not a project of this organization' });
  }
  if (given.deal_id !== undefined && links.deal_id !== null && !(await lookups.isDeal(links.deal_id))) {
    problems.push({ field: 'deal_id', message: 'is not a deal of this organization' });
  }
  if (problems.length > 0) throw invalidFields(problems);
}
