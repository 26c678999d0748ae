/**
 * The organization's rate table: units of the organization currency per unit of another
 * currency. Set by the CLI (`finance rate`) or the import collection `financeRates`; a request's
 * amount is converted with it when written, and the rate used is kept with the request.
 */
import { invalidField } from '../../http/errors.ts';
import { nowIso } from '../../storage/codecs.ts';
import type { Db } from '../../storage/statements.ts';
import { convert, MAX_AMOUNT_TEXT, ONE_RATE, rateField, rateText } from './money.ts';
import type { FinanceDictionaries } from './dictionaries.ts';
import { listRates, upsertRate } from './queries.ts';

export interface Conversion {
  rateMicros: number;
  baseAmountCents: number;
  baseCurrency: string;
}

/** Converts `amountCents` (a request's amount + VAT) of `currency` into the organization currency; 422 when no rate is known or the result is too large. */
export async function convertAmount(dictionaries: FinanceDictionaries, orgCurrency: string, currency: string, amountCents: number): Promise<Conversion> {
  const rateMicros = currency === orgCurrency ? ONE_RATE : await dictionaries.rate(currency);
  if (rateMicros === undefined) throw invalidField('currency', `has no exchange rate into ${orgCurrency} in the organization's rate table`);
  const baseAmountCents = convert(amountCents, rateMicros);
  if (baseAmountCents === undefined) throw invalidField('amount', `plus vatAmount, converted into ${orgCurrency}, exceeds ${MAX_AMOUNT_TEXT}`);
  return { rateMicros, baseAmountCents, baseCurrency: orgCurrency };
}

export function checkCurrency(field: string, currency: unknown): string {
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw invalidField(field, 'must be an ISO 4217 code such as USD');
  return currency;
}

/** Sets (or replaces) the rate of one currency. */
export async function setRate(db: Db, orgId: string, orgCurrency: string, currency: string, rate: number | string): Promise<{ currency: string; rate: string }> {
  checkCurrency('currency', currency);
  if (currency === orgCurrency) throw invalidField('currency', `is the organization currency (its rate is always 1)`);
  const rateMicros = rateField('rate', rate);
  await upsertRate(db, { org_id: orgId, currency, rate_micros: rateMicros, updated_at: nowIso() });
  return { currency, rate: rateText(rateMicros) };
}

export async function rateTable(db: Db, orgId: string): Promise<Array<{ currency: string; rate: string }>> {
  return (await listRates(db, orgId)).map((r) => ({ currency: r.currency, rate: rateText(r.rate_micros) }));
}
