import { Type } from '@sinclair/typebox';
import type { Static, TProperties } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { IncludeArchived, ListOf, PageQuery, UpdatedSince } from '../../http/pagination.ts';
import { DateTime, Name, Nullable, NullableText, RefId, StringEnum, Text, Uuid } from '../../http/schemas.ts';

const Tags = Type.Array(Text({ minLength: 1, maxLength: 100 }), { maxItems: 100, description: 'free labels' });
const Search = (description: string) => Type.Optional(Text({ maxLength: 200, description }));

/** A PATCH body: every create field optional (no id), at least one present, nothing else. */
function patchOf<T extends TProperties>(name: string, properties: T, example: Record<string, unknown>) {
  return named(name, Type.Partial(Type.Object(properties), { additionalProperties: false, minProperties: 1, examples: [example] }));
}

// ---- clients ----
const clientFields = {
  name: Name(300),
  phone: NullableText({ maxLength: 50, description: 'validated; stored in international form' }),
  email: NullableText({ maxLength: 254, description: 'validated' }),
  company_name: NullableText({ maxLength: 500 }),
  inn: NullableText({ maxLength: 50, description: 'tax identifier' }),
  vat_number: NullableText({ maxLength: 50 }),
  industry: NullableText({ maxLength: 200 }),
  segment: NullableText({ maxLength: 200 }),
  city: NullableText({ maxLength: 200 }),
  source: NullableText({ maxLength: 200 }),
  tags: Tags,
  is_archived: Type.Boolean(),
};
const clientExample = {
  name: 'Northwind Trading',
  phone: '+14155550123',
  email: 'orders@northwind.example',
  company_name: 'Northwind Trading LLC',
  inn: '7701234567',
  city: 'Tashkent',
  source: 'website',
  tags: ['wholesale'],
};
const { name: _clientName, ...clientOptional } = clientFields;
export const ClientCreate = named(
  'ClientCreate',
  Type.Object(
    { id: Type.Optional(Uuid({ description: 'generated when absent; an existing id gives 409 duplicate_id' })), name: clientFields.name, ...Type.Partial(Type.Object(clientOptional)).properties },
    { additionalProperties: false, examples: [clientExample] },
  ),
);
export const ClientPatch = patchOf('ClientPatch', clientFields, { phone: '+14155550199', tags: ['wholesale', 'priority'] });
export type ClientCreateInput = Static<typeof ClientCreate>;
export type ClientPatchInput = Static<typeof ClientPatch>;

const record = { version: 1, created_at: '2025-03-01T09:30:00.000+00:00', updated_at: '2025-03-01T09:30:00.000+00:00' };

export const Client = named('Client', Type.Object({
  id: Uuid(),
  version: Type.Integer(),
  name: Type.String(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  company_name: Nullable(Type.String()),
  inn: Nullable(Type.String()),
  vat_number: Nullable(Type.String()),
  industry: Nullable(Type.String()),
  segment: Nullable(Type.String()),
  city: Nullable(Type.String()),
  source: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  is_archived: Type.Boolean(),
  created_at: DateTime(),
  updated_at: DateTime(),
}, {
  description: 'A client (counterparty).',
  examples: [{ id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f', ...record, ...clientExample, vat_number: null, industry: 'retail', segment: 'B2B', is_archived: false }],
}));
export type ClientOut = Static<typeof Client>;

export const ClientListQuery = Type.Object(
  { ...PageQuery, ...IncludeArchived, ...UpdatedSince, search: Search('part of the name, phone or email') },
  { additionalProperties: false },
);
export type ClientListInput = Static<typeof ClientListQuery>;

// ---- contacts ----
const contactFields = {
  name: Name(300),
  client_id: Nullable(RefId({ description: 'the client this person belongs to' })),
  phone: NullableText({ maxLength: 50 }),
  email: NullableText({ maxLength: 254 }),
  telegram: NullableText({ maxLength: 100 }),
  instagram: NullableText({ maxLength: 100 }),
  job_title: NullableText({ maxLength: 200 }),
  tags: Tags,
  is_archived: Type.Boolean(),
};
const contactExample = {
  name: 'Dilnoza Karimova',
  client_id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f',
  phone: '+998901234567',
  email: 'dilnoza@northwind.example',
  telegram: '@dilnoza_k',
  job_title: 'Purchasing manager',
};
const { name: _contactName, ...contactOptional } = contactFields;
export const ContactCreate = named(
  'ContactCreate',
  Type.Object(
    { id: Type.Optional(Uuid({ description: 'generated when absent; an existing id gives 409 duplicate_id' })), name: contactFields.name, ...Type.Partial(Type.Object(contactOptional)).properties },
    { additionalProperties: false, examples: [contactExample] },
  ),
);
export const ContactPatch = patchOf('ContactPatch', contactFields, { job_title: 'Head of purchasing' });
export type ContactCreateInput = Static<typeof ContactCreate>;
export type ContactPatchInput = Static<typeof ContactPatch>;

const CHANNEL_KINDS = ['phone', 'email', 'telegram', 'instagram'] as const;
export const Channel = named('Channel', Type.Object({
  kind: StringEnum(CHANNEL_KINDS),
  value: Type.String(),
  isPrimary: Type.Boolean(),
  verified: Type.Boolean(),
}, { description: 'A normalized contact channel.' }));
export type ChannelOut = Static<typeof Channel>;

export const Contact = named('Contact', Type.Object({
  id: Uuid(),
  version: Type.Integer(),
  client_id: Nullable(Uuid()),
  name: Type.String(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  telegram: Nullable(Type.String()),
  instagram: Nullable(Type.String()),
  job_title: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  channels: Type.Array(Channel),
  is_archived: Type.Boolean(),
  created_at: DateTime(),
  updated_at: DateTime(),
}, {
  description: 'A contact person.',
  examples: [{
    id: '0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f', ...record, ...contactExample, instagram: null, tags: [], is_archived: false,
    channels: [
      { kind: 'phone', value: '+998901234567', isPrimary: true, verified: false },
      { kind: 'email', value: 'dilnoza@northwind.example', isPrimary: true, verified: false },
      { kind: 'telegram', value: '@dilnoza_k', isPrimary: true, verified: false },
    ],
  }],
}));
export type ContactOut = Static<typeof Contact>;

export const ContactListQuery = Type.Object(
  {
    ...PageQuery,
    ...IncludeArchived,
    ...UpdatedSince,
    client_id: Type.Optional(RefId({ description: 'only this client\'s contacts' })),
    search: Search('part of the name, phone or email'),
  },
  { additionalProperties: false },
);
export type ContactListInput = Static<typeof ContactListQuery>;

// ---- deals ----
const dealFields = {
  title: Name(500),
  client_id: Nullable(RefId()),
  contact_id: Nullable(RefId()),
  amount: Type.Number({ minimum: 0, description: 'at most two fraction digits' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code; default: the organization currency' }),
  funnel_id: RefId({ description: 'the sales funnel; default: the organization\'s default funnel' }),
  stage: Name(200, { description: 'stage name within the funnel' }),
  stage_id: RefId({ description: 'the canonical stage id (instead of stage)' }),
  source: NullableText({ maxLength: 200 }),
  assignee_id: Nullable(RefId({ description: 'a user id' })),
  tags: Tags,
  is_archived: Type.Boolean(),
};
const dealExample = {
  title: 'Spring order: 40 display racks',
  client_id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f',
  contact_id: '0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f',
  amount: 12500.5,
  currency: 'USD',
  stage: 'Negotiation',
  source: 'referral',
  tags: ['retail'],
};
const { title: _dealTitle, ...dealOptional } = dealFields;
export const DealCreate = named(
  'DealCreate',
  Type.Object(
    { id: Type.Optional(Uuid({ description: 'generated when absent; an existing id gives 409 duplicate_id' })), title: dealFields.title, ...Type.Partial(Type.Object(dealOptional)).properties },
    { additionalProperties: false, examples: [dealExample] },
  ),
);
export const DealPatch = patchOf('DealPatch', dealFields, { stage: 'Won', amount: 13200 });
export type DealCreateInput = Static<typeof DealCreate>;
export type DealPatchInput = Static<typeof DealPatch>;

export const Deal = named('Deal', Type.Object({
  id: Uuid(),
  version: Type.Integer(),
  title: Type.String(),
  client_id: Nullable(Uuid()),
  contact_id: Nullable(Uuid()),
  amount: Type.Number({ minimum: 0 }),
  currency: Type.String(),
  stage: Type.String({ description: 'stage name' }),
  stage_id: Uuid({ description: 'canonical stage id' }),
  funnel_id: Uuid({ description: 'the sales funnel' }),
  source: Nullable(Type.String()),
  assignee_id: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  is_archived: Type.Boolean(),
  created_at: DateTime(),
  updated_at: DateTime(),
}, {
  description: 'A deal.',
  examples: [{
    id: '0193b1d4-5e6f-7a8b-9c0d-1e2f3a4b5c6d', ...record, ...dealExample,
    stage_id: '0193b1d0-0a0b-7c0d-8e0f-1a2b3c4d5e6f', funnel_id: '0193b1d0-0000-7000-8000-000000000001', assignee_id: null, is_archived: false,
  }],
}));
export type DealOut = Static<typeof Deal>;

export const DealListQuery = Type.Object(
  {
    ...PageQuery,
    ...IncludeArchived,
    ...UpdatedSince,
    client_id: Type.Optional(RefId({ description: 'only this client\'s deals' })),
    funnel_id: Type.Optional(RefId({ description: 'only deals in this funnel' })),
    stage: Type.Optional(Name(200, { description: 'stage name' })),
    search: Search('part of the title'),
  },
  { additionalProperties: false },
);
export type DealListInput = Static<typeof DealListQuery>;

// ---- funnels (import only) ----
const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export const FunnelImport = Type.Object(
  {
    id: Type.Optional(Uuid()),
    name: Name(200),
    stages: Type.Array(
      Type.Object(
        {
          id: Type.Optional(Uuid()),
          name: Name(200),
          kind: StringEnum(STAGE_KINDS),
          order: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    is_default: Type.Optional(Type.Boolean({ description: 'true: the organization\'s default funnel from now on' })),
  },
  { additionalProperties: false },
);
export type FunnelImportInput = Static<typeof FunnelImport>;

export const FunnelStage = named(
  'FunnelStage',
  Type.Object({
    id: Uuid({ description: 'the stage id (stage_id of a deal)' }),
    name: Type.String({ description: 'the stage name (stage of a deal)' }),
    kind: StringEnum(STAGE_KINDS, { description: 'open, won (a deal moved here raises deal.won) or lost (deal.lost)' }),
    order: Type.Integer({ description: 'position in the funnel, ascending' }),
  }),
);
export const Funnel = named(
  'Funnel',
  Type.Object({
    id: Uuid({ description: 'the funnel id (funnel_id of a deal)' }),
    name: Type.String(),
    is_default: Type.Boolean({ description: 'the funnel a deal goes to when it names none' }),
    stages: Type.Array(FunnelStage, { description: 'in order' }),
  }),
);
export type FunnelOut = Static<typeof Funnel>;
export const FunnelListQuery = Type.Object(PageQuery, { additionalProperties: false });
export const FunnelList = ListOf(Funnel, 'FunnelList');

export const ClientList = ListOf(Client, 'ClientList');
export const ContactList = ListOf(Contact, 'ContactList');
export const DealList = ListOf(Deal, 'DealList');

