/**
 * The whole database as Kysely sees it. Storage knows no table: the platform and each domain
 * add their own to this interface from their tables.ts (declaration merging), so a query sees
 * exactly the tables of the parts that are compiled in.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Database {}
