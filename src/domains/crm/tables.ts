export interface CrmTables {}
