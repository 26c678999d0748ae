/** A request body (either path family, create or patch) cleaned into column values; links checked in the organization. */
import { invalidField } from '../../http/errors.ts';
import { requiredText, trimmedOrNull } from '../../http/text.ts';
import type { FinanceDictionaries } from './dictionaries.ts';
import { moneyField } from './money.ts';
import type { FinanceRequestPatchInput } from './schemas.ts';

/** What a finance use case needs to know about its caller (the API's actor, or an import's organization). */

/** Any body of the finance request endpoints: the patch has every field either family accepts. */
export type RequestBody = FinanceRequestPatchInput;

export interface RequestFields {
  title?: string;
  amount_cents?: number;
  vat_cents?: number;
  currency?: string;
  category?: { id: string; name: string } | null;
  counterparty?: string | null;
  counterparty_inn?: string | null;
  payment_date?: string | null;
  invoice_number?: string | null;
  description?: string | null;
  is_archived?: boolean;
}

/** Trimmed text; an empty string clears the field; absent stays absent. */
const text = (value: string | null | undefined): string | null | undefined => (value === undefined ? undefined : trimmedOrNull(value));

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

async function category(dictionaries: FinanceDictionaries, body: RequestBody): Promise<{ id: string; name: string } | null | undefined> {
  if (body.category !== undefined && body.category_id !== undefined) throw invalidField('category_id', 'give category (a name) or category_id, not both');
  if (body.category_id !== undefined) {
    if (body.category_id === null) return null;
    const found = await dictionaries.category(body.category_id);
    if (!found) throw invalidField('category_id', 'is not a finance category of this organization');
    return found;
  }
  if (body.category === undefined || body.category === null) return body.category;
  const name = body.category.trim();
  if (name === '') return null;
  const found = await dictionaries.categoryNamed(name);
  if (!found) throw invalidField('category', 'is not the name of a finance category of this organization');
  return found;
}

export async function requestFields(dictionaries: FinanceDictionaries, body: RequestBody): Promise<RequestFields> {
  if (body.description !== undefined && body.comment !== undefined) throw invalidField('comment', 'give description or comment, not both');
  const title = body.title === undefined ? undefined : requiredText('title', body.title);
  return defined({
    title,
    amount_cents: body.amount === undefined ? undefined : moneyField('amount', body.amount),
    vat_cents: body.vatAmount === undefined ? undefined : moneyField('vatAmount', body.vatAmount, { allowZero: true }),
    currency: body.currency,
    category: await category(dictionaries, body),
    counterparty: text(body.counterparty),
    counterparty_inn: text(body.counterpartyInn),
    payment_date: body.paymentDate,
    invoice_number: text(body.invoiceNumber),
    description: text(body.description !== undefined ? body.description : body.comment),
    is_archived: body.isArchived,
  });
}
