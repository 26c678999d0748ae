import type { Kysely } from 'kysely';
import type { Page } from '../../http/pagination.ts';
import { nowIso } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Database } from '../../storage/schema.ts';
import type { Tx } from '../../storage/storage.ts';
import type { InventoryActor } from './actor.ts';
import { clearDefaultWarehouse, removeWarehouseWithoutStock, warehouses } from './catalog.queries.ts';
import type { Warehouse, WarehouseListQuery } from './schemas.ts';

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
export async function createWarehouse(tx: Tx, actor: InventoryActor, input: NewWarehouse): Promise<Warehouse> {
  const isDefault = input.isDefault ?? false;
  const replaced = isDefault ? await warehouses.list(tx.db, actor.orgId, { limit: 1, offset: 0 }) : undefined;
  if (isDefault) await clearDefaultWarehouse(tx.db, actor.orgId);
  const created = await warehouses.insert(tx.db, {
    org_id: actor.orgId,
    id: input.id ?? newId(),
    name: input.name,
    code: input.code ?? null,
    city: input.city ?? null,
    address_line: input.address_line ?? null,
    is_default: isDefault,
    is_archived: input.isArchived ?? false,
    created_at: nowIso(),
  });
  const starter = replaced?.items.find((w) => w.isDefault && isStarter(w));
  if (starter) await removeWarehouseWithoutStock(tx.db, actor.orgId, starter.id);
  return created;
}

const STARTER = { name: 'Main warehouse', code: 'MAIN' };

/**
 * Still exactly the warehouse an organization starts with: an imported default warehouse
 * replaces it outright when no stock or movement names it, so a file exported from another
 * organization does not leave a second, empty "Main warehouse" behind.
 */
function isStarter(w: Warehouse): boolean {
  return w.name === STARTER.name && w.code === STARTER.code && w.city === null && w.address_line === null && !w.isArchived;
}

export async function createDefaultWarehouse(tx: Tx, org: { id: string }): Promise<void> {
  await createWarehouse(tx, { orgId: org.id }, { ...STARTER, isDefault: true });
}

export async function getWarehouse(db: Kysely<Database>, actor: InventoryActor, id: string): Promise<Warehouse> {
  return warehouses.get(db, actor.orgId, id);
}

export function listWarehouses(db: Kysely<Database>, actor: InventoryActor, query: WarehouseListQuery): Promise<Page<Warehouse>> {
  return warehouses.list(db, actor.orgId, { limit: query.limit, offset: query.offset, cursor: query.cursor, includeArchived: query.include_archived });
}
