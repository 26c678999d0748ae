import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/schema.ts';
import type { Right } from './rights.ts';
import { activeMemberRights, existingMemberUserIds } from './queries.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Which of these user ids belong to the organization: domains check links to users through this. */
export function memberUserIds(db: Db, orgId: string, userIds: string[]): Promise<Set<string>> {
  return existingMemberUserIds(db, orgId, [...new Set(userIds)]);
}

/** The user ids of the organization's active members holding `right`, oldest membership first. */
export async function memberUserIdsWithRight(db: Db, orgId: string, right: Right): Promise<string[]> {
  return (await activeMemberRights(db, orgId)).filter((m) => m.rights.includes(right)).map((m) => m.userId);
}
