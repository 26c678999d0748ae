// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the domain
export interface CrmTables {}
