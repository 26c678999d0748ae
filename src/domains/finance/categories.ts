/** Finance categories: read through the API, written by import (a parent must exist, the colour is hex). */
import { invalidField } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText } from '../../http/text.ts';
import { nowIso } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { FinanceActor } from './actor.ts';
import { existingCategoryIds, financeCategories, insertCategory } from './queries.ts';
import type { FinanceCategoryListInput, FinanceCategoryOut } from './schemas.ts';

const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;

export interface CategoryInput {
  id?: string | undefined;
  name: string;
  type?: string | undefined;
  value?: string | undefined;
  color?: string | undefined;
  order?: number | undefined;
  parent_category_id?: string | null | undefined;
  isArchived?: boolean | undefined;
}

export function listCategories(db: Db, actor: FinanceActor, query: FinanceCategoryListInput): Promise<Page<FinanceCategoryOut>> {
  return financeCategories.list(db, actor.orgId, { limit: query.limit, offset: query.offset, cursor: query.cursor, includeArchived: query.include_archived });
}

/** Writes one category; its parent is checked afterwards by checkParents (it may come later in the same file). */
export async function createCategory(tx: Tx, orgId: string, input: CategoryInput): Promise<string> {
  const name = requiredText('name', input.name);
  const color = input.color ?? '#808080';
  if (!HEX_COLOUR.test(color)) throw invalidField('color', 'must be a hex colour such as #1E90FF');
  const id = input.id ?? newId();
  if (input.parent_category_id === id) throw invalidField('parent_category_id', 'must not be the category itself');
  await insertCategory(tx.db, {
    org_id: orgId,
    id,
    name,
    type: input.type ?? 'expense',
    value: input.value ?? name,
    color: color.toUpperCase(),
    sort_order: input.order ?? 0,
    parent_category_id: input.parent_category_id ?? null,
    is_archived: input.isArchived ?? false,
    created_at: nowIso(),
  });
  return id;
}

/** Every named parent exists in the organization and no chain of parents loops; returns the index of the first bad one. */
export async function firstBadParent(db: Db, orgId: string, categories: Array<{ id: string; parent: string | null }>): Promise<{ index: number; message: string } | undefined> {
  const parents = await existingCategoryIds(db, orgId, [...new Set(categories.flatMap((c) => (c.parent === null ? [] : [c.parent, c.id])))]);
  for (const [index, category] of categories.entries()) {
    if (category.parent === null) continue;
    if (!parents.has(category.parent)) return { index, message: 'is not a finance category of this organization' };
    const seen = new Set([category.id]);
    for (let at: string | null | undefined = category.parent; at; at = parents.get(at)) {
      if (seen.has(at)) return { index, message: 'makes a loop of parents' };
      seen.add(at);
      if (!parents.has(at)) break;
    }
  }
  return undefined;
}
