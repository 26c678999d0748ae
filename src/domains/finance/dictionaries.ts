/**
 * What a payment request's fields are checked against: the organization's finance categories and
 * rate table. Looked up as each write asks (storedDictionaries), or read whole once for many
 * requests (readDictionaries, an import's chunk), with the same answers either way.
 */
import type { Db } from '../../storage/statements.ts';
import { categoryNamed, categoryNames, financeCategories, findCategoryByName, findRate, listRates } from './queries.ts';

type Category = { id: string; name: string };
type Maybe<T> = T | undefined | Promise<T | undefined>;

export interface FinanceDictionaries {
  /** The category of this id (archived ones too). */
  category(id: string): Maybe<Category>;
  /** The category of this name, ignoring case, a live one before an archived one. */
  categoryNamed(name: string): Maybe<Category>;
  /** Millionths of the organization currency per unit of `currency`, when the rate table has it. */
  rate(currency: string): Maybe<number>;
}

export function storedDictionaries(db: Db, orgId: string): FinanceDictionaries {
  return {
    category: async (id) => {
      const found = await financeCategories.find(db, orgId, id);
      return found === undefined ? undefined : { id: found.id, name: found.name };
    },
    categoryNamed: (name) => findCategoryByName(db, orgId, name),
    rate: (currency) => findRate(db, orgId, currency),
  };
}

/** Every category and rate of the organization, read once. */
export async function readDictionaries(db: Db, orgId: string): Promise<FinanceDictionaries> {
  const categories = await categoryNames(db, orgId);
  const byId = new Map(categories.map((c) => [c.id, { id: c.id, name: c.name }]));
  const rates = new Map((await listRates(db, orgId)).map((r) => [r.currency, r.rate_micros]));
  return {
    category: (id) => byId.get(id),
    categoryNamed: (name) => categoryNamed(categories, name),
    rate: (currency) => rates.get(currency),
  };
}
