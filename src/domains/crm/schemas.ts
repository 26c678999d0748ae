import { Type } from '@sinclair/typebox';
import type { Static, TProperties, TSchema } from '@sinclair/typebox';
import { IncludeArchived, ListOf, PageQuery } from '../../http/pagination.ts';

/**
 * Every string refuses NUL: PostgreSQL cannot store it in text, and no CRM field needs it.
 * (The pattern is matched with the unicode flag: \u0000 is the NUL character.)
 */
const NO_NUL = '^[^\\u0000]*$';
const Str = (options: { minLength?: number; maxLength: number; description?: string }) => Type.String({ ...options, pattern: NO_NUL });
/** An optional text field: a string, or null to clear it. */
const Text = (maxLength = 500) => Type.Union([Str({ maxLength }), Type.Null()]);
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Tags = Type.Array(Str({ minLength: 1, maxLength: 100 }), { maxItems: 100, description: 'free labels' });
const Uuid = Type.String({ format: 'uuid', description: 'a UUID' });
const RefId = Str({ minLength: 1, maxLength: 200 });
const Name = (max = 300) => Str({ minLength: 1, maxLength: max });

/** A PATCH body: every create field optional (no id), at least one present, nothing else. */
function patchOf<T extends TProperties>(properties: T) {
  return Type.Partial(Type.Object(properties), { additionalProperties: false, minProperties: 1 });
}

// ---- clients ----
const clientFields = {
  name: Name(),
  phone: Text(50),
  email: Text(254),
  company_name: Text(),
  inn: Text(50),
  vat_number: Text(50),
  industry: Text(200),
  segment: Text(200),
  city: Text(200),
  source: Text(200),
  tags: Tags,
  is_archived: Type.Boolean(),
};
const { name: _clientName, ...clientOptional } = clientFields;
export const ClientCreate = Type.Object(
  { id: Type.Optional(Uuid), name: clientFields.name, ...Type.Partial(Type.Object(clientOptional)).properties },
  { additionalProperties: false },
);
export const ClientPatch = patchOf(clientFields);
export type ClientCreateInput = Static<typeof ClientCreate>;
export type ClientPatchInput = Static<typeof ClientPatch>;

export const Client = Type.Object({
  id: Type.String(),
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
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type ClientOut = Static<typeof Client>;

export const ClientListQuery = Type.Object(
  { ...PageQuery, ...IncludeArchived, search: Type.Optional(Str({ maxLength: 200, description: 'part of the name, phone or email' })) },
  { additionalProperties: false },
);
export type ClientListInput = Static<typeof ClientListQuery>;

// ---- contacts ----
const contactFields = {
  name: Name(),
  client_id: Nullable(RefId),
  phone: Text(50),
  email: Text(254),
  telegram: Text(100),
  instagram: Text(100),
  job_title: Text(200),
  tags: Tags,
  is_archived: Type.Boolean(),
};
const { name: _contactName, ...contactOptional } = contactFields;
export const ContactCreate = Type.Object(
  { id: Type.Optional(Uuid), name: contactFields.name, ...Type.Partial(Type.Object(contactOptional)).properties },
  { additionalProperties: false },
);
export const ContactPatch = patchOf(contactFields);
export type ContactCreateInput = Static<typeof ContactCreate>;
export type ContactPatchInput = Static<typeof ContactPatch>;

export const CHANNEL_KINDS = ['phone', 'email', 'telegram', 'instagram'] as const;
export const Channel = Type.Object({
  kind: Type.Union(CHANNEL_KINDS.map((k) => Type.Literal(k))),
  value: Type.String(),
  isPrimary: Type.Boolean(),
  verified: Type.Boolean(),
});
export type ChannelOut = Static<typeof Channel>;

export const Contact = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  client_id: Nullable(Type.String()),
  name: Type.String(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  telegram: Nullable(Type.String()),
  instagram: Nullable(Type.String()),
  job_title: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  channels: Type.Array(Channel),
  is_archived: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type ContactOut = Static<typeof Contact>;

export const ContactListQuery = Type.Object(
  {
    ...PageQuery,
    ...IncludeArchived,
    client_id: Type.Optional(RefId),
    search: Type.Optional(Str({ maxLength: 200, description: 'part of the name, phone or email' })),
  },
  { additionalProperties: false },
);
export type ContactListInput = Static<typeof ContactListQuery>;

// ---- deals ----
const dealFields = {
  title: Name(500),
  client_id: Nullable(RefId),
  contact_id: Nullable(RefId),
  amount: Type.Number({ minimum: 0, description: 'at most two fraction digits' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code; default: the organization currency' }),
  funnel_id: RefId,
  stage: Str({ minLength: 1, maxLength: 200, description: 'stage name within the funnel' }),
  stage_id: RefId,
  source: Text(200),
  assignee_id: Nullable(RefId),
  tags: Tags,
  is_archived: Type.Boolean(),
};
const { title: _dealTitle, ...dealOptional } = dealFields;
export const DealCreate = Type.Object(
  { id: Type.Optional(Uuid), title: dealFields.title, ...Type.Partial(Type.Object(dealOptional)).properties },
  { additionalProperties: false },
);
export const DealPatch = patchOf(dealFields);
export type DealCreateInput = Static<typeof DealCreate>;
export type DealPatchInput = Static<typeof DealPatch>;

export const Deal = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  title: Type.String(),
  client_id: Nullable(Type.String()),
  contact_id: Nullable(Type.String()),
  amount: Type.Number(),
  currency: Type.String(),
  stage: Type.String(),
  stage_id: Type.String(),
  funnel_id: Type.String(),
  source: Nullable(Type.String()),
  assignee_id: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  is_archived: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type DealOut = Static<typeof Deal>;

export const DealListQuery = Type.Object(
  {
    ...PageQuery,
    ...IncludeArchived,
    client_id: Type.Optional(RefId),
    funnel_id: Type.Optional(RefId),
    stage: Type.Optional(Str({ minLength: 1, maxLength: 200, description: 'stage name' })),
    search: Type.Optional(Str({ maxLength: 200, description: 'part of the title' })),
  },
  { additionalProperties: false },
);
export type DealListInput = Static<typeof DealListQuery>;

// ---- funnels (import only) ----
export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export const FunnelImport = Type.Object(
  {
    id: Type.Optional(Uuid),
    name: Name(200),
    stages: Type.Array(
      Type.Object(
        {
          id: Type.Optional(Uuid),
          name: Name(200),
          kind: Type.Union(STAGE_KINDS.map((k) => Type.Literal(k))),
          order: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export type FunnelImportInput = Static<typeof FunnelImport>;

export const ClientList = ListOf(Client);
export const ContactList = ListOf(Contact);
export const DealList = ListOf(Deal);

