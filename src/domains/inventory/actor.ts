/** What the inventory use cases need of the caller. */
import type { Actor } from '../../http/access.ts';

/** Who reads the catalog and stock or changes products, warehouses and reservations: the organization. */
export type InventoryActor = Pick<Actor, 'orgId'>;

/** Who posts a movement and under which organization rules (its currency, and whether stock may go negative). */
export interface LedgerActor extends Pick<Actor, 'orgId' | 'userId'> {
  currency: string;
  allowNegativeStock: boolean;
}
