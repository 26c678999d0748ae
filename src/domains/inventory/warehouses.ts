import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { nowIso, readBool } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Database } from '../../storage/schema.ts';
import type { Tx } from '../../storage/storage.ts';
import { clearDefaultWarehouse, findWarehouse, insertWarehouse, listWarehouses } from './queries.ts';
import type { WarehouseRow } from './queries.ts';
import type { Warehouse, WarehouseListQuery } from './schemas.ts';

export function warehouseView(row: WarehouseRow): Warehouse {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    city: row.city,
    address_line: row.address_line,
    isDefault: readBool(row.is_default),
    isArchived: readBool(row.is_archived),
  };
}

export interface NewWarehouse {
  id?: string | undefined;
  name: string;
  code?: string | null | undefined;
  city?: string | null | undefined;
  address_line?: string | null | undefined;
  isDefault?: boolean | undefined;
  isArchived?: boolean | undefined;
}

/** Warehouses are made by the platform (the default one) and by import; the API only reads them. */
export async function createWarehouse(tx: Tx, orgId: string, input: NewWarehouse): Promise<Warehouse> {
  const id = input.id ?? newId();
  if (await findWarehouse(tx.db, orgId, id)) throw conflict('already_exists', `a warehouse with id "${id}" already exists`);
  const isDefault = input.isDefault ?? false;
  if (isDefault) await clearDefaultWarehouse(tx.db, orgId);
  const row: WarehouseRow = {
    org_id: orgId,
    id,
    name: input.name,
    code: input.code ?? null,
    city: input.city ?? null,
    address_line: input.address_line ?? null,
    is_default: isDefault,
    is_archived: input.isArchived ?? false,
    created_at: nowIso(),
  };
  await insertWarehouse(tx.db, { ...row, is_default: isDefault, is_archived: readBool(row.is_archived) });
  return warehouseView(row);
}

export async function createDefaultWarehouse(tx: Tx, org: { id: string }): Promise<void> {
  await createWarehouse(tx, org.id, { name: 'Main warehouse', code: 'MAIN', isDefault: true });
}

export async function getWarehouse(db: Kysely<Database>, orgId: string, id: string): Promise<Warehouse> {
  const row = await findWarehouse(db, orgId, id);
  if (!row) throw notFound('warehouse');
  return warehouseView(row);
}

export async function warehousePage(db: Kysely<Database>, orgId: string, query: WarehouseListQuery): Promise<Page<Warehouse>> {
  const { rows, total } = await listWarehouses(db, orgId, query.include_archived, query.limit, query.offset);
  return { items: rows.map(warehouseView), total, limit: query.limit, offset: query.offset };
}
