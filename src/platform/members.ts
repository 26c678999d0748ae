import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/schema.ts';
import { existingMemberUserIds } from './queries.ts';

/** Which of these user ids belong to the organization: domains check links to users through this. */
export function memberUserIds(db: Kysely<Database> | Transaction<Database>, orgId: string, userIds: string[]): Promise<Set<string>> {
  return existingMemberUserIds(db, orgId, [...new Set(userIds)]);
}
