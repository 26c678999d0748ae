import type { FieldProblem } from '../http/errors.ts';
import type { Db } from '../storage/statements.ts';
import { activeMemberRights, existingMemberUserIds } from './queries.ts';
import type { Right } from './rights.ts';

/**
 * Which of these user ids belong to the organization, active or deactivated: for who authored or
 * requested a record, which stays true after the author is deactivated.
 */
export function memberUserIds(db: Db, orgId: string, userIds: string[]): Promise<Set<string>> {
  return existingMemberUserIds(db, orgId, [...new Set(userIds)], 'any');
}

/**
 * Which of these user ids are active members of the organization: the only users a record may be
 * linked to (given work, invited, watching) and the only ones anything is sent to.
 */
export function activeMemberUserIds(db: Db, orgId: string, userIds: string[]): Promise<Set<string>> {
  return existingMemberUserIds(db, orgId, [...new Set(userIds)], 'active');
}

/** Which users a link may name: active members, or (for an import of history) deactivated ones too. */
export type LinkableUsers = 'active' | 'members';

/** Which of these user ids a link may name (see LinkableUsers): one read, for one write or many at once. */
export function linkableUserIds(db: Db, orgId: string, userIds: string[], linkable: LinkableUsers = 'active'): Promise<Set<string>> {
  return linkable === 'active' ? activeMemberUserIds(db, orgId, userIds) : memberUserIds(db, orgId, userIds);
}

/**
 * The problems of the links to users a write gives, one per field naming anyone who may not be
 * linked. A user of another organization, an unknown id and a deactivated member are refused
 * alike, so the answer tells nothing about who was once a member.
 */
export async function userLinkProblems(db: Db, orgId: string, links: ReadonlyArray<readonly [field: string, userIds: readonly string[]]>, linkable: LinkableUsers = 'active'): Promise<FieldProblem[]> {
  return linkProblemsAmong(await linkableUserIds(db, orgId, links.flatMap(([, ids]) => ids), linkable), links, linkable);
}

/** userLinkProblems against the users already known to be linkable (`allowed`, from linkableUserIds): writes checked many at once read them once. */
export function linkProblemsAmong(allowed: ReadonlySet<string>, links: ReadonlyArray<readonly [field: string, userIds: readonly string[]]>, linkable: LinkableUsers = 'active'): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [field, ids] of links) {
    const refused = [...new Set(ids.filter((id) => !allowed.has(id)))];
    if (refused.length === 0) continue;
    const who = linkable === 'active' ? (refused.length === 1 ? 'is not an active user' : 'are not active users') : refused.length === 1 ? 'is not a user' : 'are not users';
    problems.push({ field, message: `${refused.join(', ')} ${who} of this organization` });
  }
  return problems;
}

/** The user ids of the organization's active members holding `right`, oldest membership first. */
export async function memberUserIdsWithRight(db: Db, orgId: string, right: Right): Promise<string[]> {
  return (await activeMemberRights(db, orgId)).filter((m) => m.rights.includes(right)).map((m) => m.userId);
}
