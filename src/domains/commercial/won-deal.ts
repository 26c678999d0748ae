/**
 * What a won deal does to its quotations, inside the deal change's own transaction (a reaction
 * to deal.won): each non-archived commercial order of the deal in status confirmed or approved
 * without a production order gets one — open, its items and quantities, the client's name as
 * the customer, the deal — and becomes transferred, pointing to it. An order that went once
 * never goes again, so moving the deal out of won and back creates nothing new.
 */
import type { Reaction } from '../../events/types.ts';
import { readJson } from '../../storage/codecs.ts';
import type { Tx } from '../../storage/storage.ts';
import { clientName } from '../crm/clients.ts';
import { startProduction } from '../production/orders.ts';
import { markTransferred } from './orders.ts';
import { ordersAwaitingProduction } from './queries.ts';

async function transferWonDeal(tx: Tx, orgId: string, dealId: string): Promise<number> {
  const waiting = await ordersAwaitingProduction(tx.db, orgId, dealId);
  for (const order of waiting) {
    const customer = order.client_id === null ? undefined : await clientName(tx.db, orgId, order.client_id);
    const items = readJson<Array<{ name: string; qty: number }>>(order.items).map(({ name, qty }) => ({ name, qty }));
    const production = await startProduction(tx, { orgId }, { title: order.title, dealId, items, customerName: customer ?? null });
    await markTransferred(tx, orgId, order.id, production.id);
  }
  return waiting.length;
}

export const commercialReactions: Array<Reaction<'deal.won'>> = [
  {
    name: 'commercial.transfer-won-deal',
    events: ['deal.won'],
    async react(tx, event) {
      await transferWonDeal(tx, event.orgId, event.entityId);
    },
  },
];
