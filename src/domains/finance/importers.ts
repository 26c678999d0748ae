/**
 * Import collections: financeCategories, financeRates, financeRequests, receivables (in this
 * order). Records carry the API's output field names; a problem names `<collection>[<i>].<field>`
 * and rejects the whole file.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { invalidField } from '../../http/errors.ts';
import { DateOnly, DateTime, DecimalInput, Name, Nullable, NullableText, RefId, StringEnum, Text } from '../../http/schemas.ts';
import { memberUserIds } from '../../platform/members.ts';
import { getClient } from '../crm/clients.ts';
import { getDeal } from '../crm/deals.ts';
import { locatedError, namedIds, recordImporter } from '../importing.ts';
import type { ImportContext, Importer } from '../module.ts';
import type { FinanceActor } from './actor.ts';
import { createCategory, firstBadParent } from './categories.ts';
import { money, moneyField } from './money.ts';
import { setRate } from './rates.ts';
import { createReceivable } from './receivables.ts';
import { createRequest, createRequests } from './requests.ts';
import type { KeptOnImport } from './requests.ts';
import type { RequestBody } from './request-fields.ts';
import { FinanceRequestPatch, RECEIVABLE_STATUSES, REQUEST_STATUSES } from './schemas.ts';
import type { FinanceRequestOut } from './schemas.ts';

const Id = RefId();
const Opt = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(schema);

const CategoryRecord = Type.Object({
  id: Opt(Id),
  name: Name(200),
  type: Opt(Name(50)),
  value: Opt(Text({ maxLength: 200 })),
  color: Opt(Text({ maxLength: 7, description: '#RRGGBB' })),
  order: Opt(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  parent_category_id: Opt(Nullable(Id)),
  isArchived: Opt(Type.Boolean()),
}, { additionalProperties: false });

const RateRecord = Type.Object({ currency: Type.String(), rate: DecimalInput() }, { additionalProperties: false });

const RequestRecord = Type.Object({
  ...FinanceRequestPatch.properties,
  id: Opt(Id),
  version: Opt(Type.Integer()),
  title: Name(500),
  amount: DecimalInput(),
  status: Opt(StringEnum(REQUEST_STATUSES)),
  amountWithVat: Opt(DecimalInput()),
  requestedBy: Opt(Id),
  createdAt: Opt(DateTime()),
}, { additionalProperties: false });

const ReceivableRecord = Type.Object({
  id: Opt(Id),
  clientId: Id,
  dealId: Opt(Nullable(Id)),
  amount: Type.Union([Type.Number(), Type.String({ maxLength: 40 })]),
  paidAmount: Opt(Type.Union([Type.Number(), Type.String({ maxLength: 40 })])),
  currency: Opt(Type.String()),
  dueDate: DateOnly(),
  status: Opt(StringEnum(RECEIVABLE_STATUSES, { description: 'ignored: computed when read' })),
  paidDate: Opt(Nullable(DateOnly())),
  description: Opt(NullableText({ maxLength: 5000 })),
  createdAt: Opt(DateTime()),
}, { additionalProperties: false });

function actorOf(ctx: ImportContext): FinanceActor {
  return { orgId: ctx.org.id, userId: ctx.actingUserId, orgCurrency: ctx.org.currency, orgSettings: ctx.org.settings };
}

const categories = recordImporter('financeCategories', CategoryRecord, (tx, ctx, r) => createCategory(tx, ctx.org.id, r), {
  async after(tx, ctx, records) {
    const list = (records as Array<Static<typeof CategoryRecord>>).map((r, i) => ({ id: r.id ?? `#${i}`, parent: r.parent_category_id ?? null }));
    const bad = await firstBadParent(tx.db, ctx.org.id, list);
    if (bad) throw locatedError('financeCategories', bad.index, [{ field: 'parent_category_id', message: bad.message }]);
  },
});

const rates = recordImporter('financeRates', RateRecord, (tx, ctx, r) => setRate(tx.db, ctx.org.id, ctx.org.currency, r.currency, r.rate));

type RequestImport = Static<typeof RequestRecord>;

/** A record of the file as createRequest takes it, its requester checked against `isMember`. */
function requestOf(ctx: ImportContext, r: RequestImport, isMember: (userId: string) => boolean): { body: RequestBody & { id?: string }; kept: KeptOnImport } {
  const { version: _version, amountWithVat: _total, requestedBy, createdAt, status, isArchived: _archived, ...body } = r;
  const requester = requestedBy ?? ctx.actingUserId;
  if (!isMember(requester)) throw invalidField('requestedBy', 'is not a user of this organization');
  return {
    body: { ...body, ...(r.isArchived !== undefined ? { isArchived: r.isArchived } : {}) },
    kept: { status: status ?? 'pending', requestedBy: requester, ...(createdAt !== undefined ? { createdAt: new Date(createdAt).toISOString() } : {}) },
  };
}

/** A given amountWithVat must be what the request was written with. */
function checkTotal(r: RequestImport, created: FinanceRequestOut): void {
  if (r.amountWithVat !== undefined && money(moneyField('amountWithVat', r.amountWithVat)) !== created.amountWithVat) {
    throw invalidField('amountWithVat', `must equal amount plus vatAmount (${created.amountWithVat})`);
  }
}

const requesterOf = (ctx: ImportContext) => (r: RequestImport) => r.requestedBy ?? ctx.actingUserId;

const requests = recordImporter(
  'financeRequests',
  RequestRecord,
  async (tx, ctx, r) => {
    const members = await memberUserIds(tx.db, ctx.org.id, [requesterOf(ctx)(r)]);
    const { body, kept } = requestOf(ctx, r, (id) => members.has(id));
    checkTotal(r, await createRequest(tx, actorOf(ctx), body, kept));
  },
  {
    // A chunk: its requesters read in one statement, the rest as createRequests reads it.
    async many(tx, ctx, records) {
      const members = await memberUserIds(tx.db, ctx.org.id, namedIds(records, requesterOf(ctx)));
      const created = await createRequests(tx, actorOf(ctx), records.map((r) => requestOf(ctx, r, (id) => members.has(id))));
      records.forEach((r, i) => checkTotal(r, created[i]!));
    },
  },
);

const receivables = recordImporter('receivables', ReceivableRecord, async (tx, ctx, r) => {
  const actor = actorOf(ctx);
  try {
    await getClient(tx.db, actor, r.clientId);
  } catch {
    throw invalidField('clientId', 'is not a client of this organization');
  }
  if (r.dealId) {
    const deal = await getDeal(tx.db, actor, r.dealId).catch(() => undefined);
    if (!deal) throw invalidField('dealId', 'is not a deal of this organization');
    if (deal.client_id !== null && deal.client_id !== r.clientId) throw invalidField('dealId', 'is a deal of another client than clientId');
  }
  const { status: _computed, createdAt, ...input } = r;
  await createReceivable(tx, actor, { ...input, ...(createdAt !== undefined ? { createdAt: new Date(createdAt).toISOString() } : {}) });
});

export const financeImporters: Importer[] = [categories, rates, requests, receivables];
