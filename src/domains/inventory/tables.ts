export interface InventoryTables {}
