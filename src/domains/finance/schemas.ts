/** Bodies, queries and answers of the finance endpoints; field names exactly as the spec writes them. */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { IncludeArchived, ListOf, PageQuery, UpdatedSince } from '../../http/pagination.ts';
import { DateOnly, DateTime, DecimalInput, DecimalString, EnumText, Name, Nullable, NullableText, RefId, StringEnum, Text, Uuid } from '../../http/schemas.ts';

export const REQUEST_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'paid'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

const Money = (description: string) => DecimalInput({ description: `${description}; a number or a decimal string, at most two fraction digits, up to 999999999999.99` });
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code; default: the organization currency' });
const NullableDate = Nullable(DateOnly({ description: 'YYYY-MM-DD' }));

/** The fields both create bodies and the patch share. */
const common = {
  amount: Money('the amount without VAT, more than zero'),
  currency: Currency,
  vatAmount: Money('the VAT on top of amount (default 0); amountWithVat = amount + vatAmount'),
  status: StringEnum(REQUEST_STATUSES, { description: 'draft keeps the request as a draft; any other value creates it pending (never approved)' }),
};

const dashFields = {
  counterparty: NullableText({ maxLength: 500 }),
  counterpartyInn: NullableText({ maxLength: 50, description: 'the counterparty tax identifier' }),
  category: Nullable(Name(200, { description: 'the name of a finance category of the organization' })),
  paymentDate: NullableDate,
  invoiceNumber: NullableText({ maxLength: 100 }),
  description: NullableText({ maxLength: 5000 }),
};

const slashFields = {
  category_id: Nullable(RefId({ description: 'an id from GET /finance/categories' })),
  comment: NullableText({ maxLength: 5000, description: 'stored as the description' }),
};

const id = Type.Optional(Uuid({ description: 'generated when absent; an existing id gives 409 duplicate_id' }));

export const FinanceRequestCreate = named('FinanceRequestCreate', Type.Object(
  { id, title: Name(500), amount: common.amount, ...Type.Partial(Type.Object({ currency: common.currency, vatAmount: common.vatAmount, status: common.status, ...dashFields })).properties },
  { additionalProperties: false, examples: [{ title: 'Office rent, March', amount: '12500.00', currency: 'UZS', counterparty: 'Tower Estates', category: 'Rent', paymentDate: '2025-03-05' }] },
));

export const FinanceRequestCreateById = named('FinanceRequestCreateById', Type.Object(
  { id, title: Name(500), amount: common.amount, ...Type.Partial(Type.Object({ currency: common.currency, vatAmount: common.vatAmount, status: common.status, ...slashFields })).properties },
  { additionalProperties: false, examples: [{ title: 'Server hosting', amount: 120.5, currency: 'USD', category_id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f', comment: 'Annual plan' }] },
));

export const FinanceRequestPatch = named('FinanceRequestPatch', Type.Partial(
  Type.Object({ title: Name(500), ...common, ...dashFields, ...slashFields, isArchived: Type.Boolean() }),
  { additionalProperties: false, minProperties: 1, examples: [{ status: 'approved' }] },
));
export type FinanceRequestPatchInput = Static<typeof FinanceRequestPatch>;

export const FinanceRequest = named('FinanceRequest', Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  title: Type.String(),
  amount: DecimalString(2),
  currency: Type.String(),
  category: Nullable(Type.String({ description: 'category name' })),
  counterparty: Nullable(Type.String()),
  counterpartyInn: Nullable(Type.String()),
  status: EnumText(REQUEST_STATUSES),
  paymentDate: Nullable(DateOnly()),
  invoiceNumber: Nullable(Type.String()),
  vatAmount: DecimalString(2),
  amountWithVat: DecimalString(2),
  requestedBy: Type.String({ description: 'user id of the requester' }),
  description: Nullable(Type.String()),
  createdAt: DateTime(),
  isArchived: Type.Boolean(),
}, {
  description: 'A payment (finance) request.',
  examples: [{
    id: '0193b1e0-1111-7a10-8f3e-5b2a9c1d4e6f', version: 1, title: 'Office rent, March', amount: '12500.00', currency: 'UZS', category: 'Rent',
    counterparty: 'Tower Estates', counterpartyInn: null, status: 'pending', paymentDate: '2025-03-05', invoiceNumber: null, vatAmount: '0.00',
    amountWithVat: '12500.00', requestedBy: '0193b1e0-2222-7a10-8f3e-5b2a9c1d4e6f', description: null, createdAt: '2025-03-01T09:30:00.000+00:00', isArchived: false,
  }],
}));
export type FinanceRequestOut = Static<typeof FinanceRequest>;

export const FinanceRequestListQuery = Type.Object({
  ...PageQuery,
  ...IncludeArchived,
  ...UpdatedSince,
  status: Type.Optional(StringEnum(REQUEST_STATUSES, { description: 'only requests in this status' })),
  search: Type.Optional(Text({ maxLength: 200, description: 'part of the title' })),
}, { additionalProperties: false });
export type FinanceRequestListInput = Static<typeof FinanceRequestListQuery>;

export const FinanceCategory = named('FinanceCategory', Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  value: Type.String(),
  color: Type.String({ description: 'hex colour, #RRGGBB' }),
  order: Type.Integer(),
  parent_category_id: Nullable(Type.String()),
  isArchived: Type.Boolean(),
}, { description: 'A finance (expense) category or fund.' }));
export type FinanceCategoryOut = Static<typeof FinanceCategory>;

export const FinanceCategoryListQuery = Type.Object({ ...PageQuery, ...IncludeArchived }, { additionalProperties: false });
export type FinanceCategoryListInput = Static<typeof FinanceCategoryListQuery>;

export const RECEIVABLE_STATUSES = ['open', 'partial', 'paid', 'overdue'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

export const Receivable = named('Receivable', Type.Object({
  id: Type.String(),
  clientId: Type.String(),
  dealId: Nullable(Type.String()),
  amount: Type.Number(),
  paidAmount: Type.Number(),
  currency: Type.String(),
  dueDate: DateOnly(),
  status: EnumText(RECEIVABLE_STATUSES, { description: 'computed when read: paid, else overdue, else partial, else open' }),
  paidDate: Nullable(DateOnly()),
  description: Nullable(Type.String()),
  createdAt: DateTime(),
}, { description: 'A receivable (money a client owes).' }));
export type ReceivableOut = Static<typeof Receivable>;

export const ReceivableListQuery = Type.Object({
  ...PageQuery,
  client_id: Type.Optional(RefId({ description: 'only this client\'s receivables' })),
  deal_id: Type.Optional(RefId({ description: 'only this deal\'s receivables' })),
}, { additionalProperties: false });
export type ReceivableListInput = Static<typeof ReceivableListQuery>;

export const FinanceRequestList = ListOf(FinanceRequest, 'FinanceRequestList');
export const FinanceCategoryList = ListOf(FinanceCategory, 'FinanceCategoryList');
export const ReceivableList = ListOf(Receivable, 'ReceivableList');
