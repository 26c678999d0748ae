/**
 * Receivables: read through the API, written by import. The status is never stored: it is
 * computed when read from amount, paidAmount, dueDate and today's date (UTC), in this order:
 *   paid      paidAmount ≥ amount (overpaid included)
 *   overdue   else, dueDate before today (due today is not overdue)
 *   partial   else, paidAmount > 0
 *   open      else
 */
import type { Page } from '../../http/pagination.ts';
import { trimmedOrNull } from '../../http/text.ts';
import { nowIso } from '../../storage/codecs.ts';
import { MONEY_SCALE } from '../../storage/decimal.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { FinanceActor } from './actor.ts';
import { moneyField } from './money.ts';
import { receivables } from './queries.ts';
import { checkCurrency } from './rates.ts';
import type { ReceivableListInput, ReceivableOut, ReceivableStatus } from './schemas.ts';

/** Today's date in UTC, YYYY-MM-DD: what "overdue" is measured against. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function receivableStatus(amount: number, paidAmount: number, dueDate: string, on: string): ReceivableStatus {
  // Amounts are exact hundredths read back as numbers; compare them as integers.
  const owed = Math.round(amount * 10 ** MONEY_SCALE);
  const paid = Math.round(paidAmount * 10 ** MONEY_SCALE);
  if (paid >= owed) return 'paid';
  if (dueDate < on) return 'overdue';
  return paid > 0 ? 'partial' : 'open';
}

export async function listReceivables(db: Db, actor: FinanceActor, query: ReceivableListInput, on = today()): Promise<Page<ReceivableOut>> {
  const page = await receivables.list(db, actor.orgId, { limit: query.limit, offset: query.offset, cursor: query.cursor, where: { client_id: query.client_id, deal_id: query.deal_id } });
  return { ...page, items: page.items.map((r) => ({ ...r, status: receivableStatus(r.amount, r.paidAmount, r.dueDate, on) })) };
}

export interface ReceivableInput {
  id?: string | undefined;
  clientId: string;
  dealId?: string | null | undefined;
  amount: number | string;
  paidAmount?: number | string | undefined;
  currency?: string | undefined;
  dueDate: string;
  paidDate?: string | null | undefined;
  description?: string | null | undefined;
  /** Kept by an import (an ISO instant); now otherwise. */
  createdAt?: string | undefined;
}

/** Writes one receivable; the caller has checked that its client and deal are the organization's. */
export async function createReceivable(tx: Tx, actor: FinanceActor, input: ReceivableInput): Promise<string> {
  const id = input.id ?? newId();
  const amount = moneyField('amount', input.amount);
  const paid = input.paidAmount === undefined ? 0 : moneyField('paidAmount', input.paidAmount, { allowZero: true });
  await receivables.insert(tx.db, {
    org_id: actor.orgId,
    id,
    client_id: input.clientId,
    deal_id: input.dealId ?? null,
    amount_cents: amount,
    paid_cents: paid,
    currency: checkCurrency('currency', input.currency ?? actor.orgCurrency),
    due_date: input.dueDate,
    paid_date: input.paidDate ?? null,
    description: trimmedOrNull(input.description),
    created_at: input.createdAt ?? nowIso(),
  });
  return id;
}
