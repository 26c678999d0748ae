import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../http/components.ts';
import { DateTime, Name, Nullable, StringEnum, Text } from '../http/schemas.ts';
import { RIGHTS, SCOPES } from '../platform/rights.ts';

const Timestamp = Nullable(DateTime());

export const AdminUser = named(
  'AdminUser',
  Type.Object(
    {
      id: Type.String({ description: 'the user id' }),
      orgUserId: Type.String({ description: 'the membership id' }),
      name: Type.String(),
      email: Nullable(Type.String()),
      rights: Type.Array(Type.String()),
      active: Type.Boolean({ description: 'false once deactivated: the user\'s tokens are refused' }),
      createdAt: DateTime(),
    },
    { description: 'A member of the organization with its role rights.' },
  ),
);
export const AdminUserList = named('AdminUserList', Type.Object({ items: Type.Array(AdminUser) }));

const RightList = Type.Array(StringEnum(RIGHTS), { maxItems: RIGHTS.length * 2, description: 'role rights; every right makes an administrator' });

export const CreateUserBody = named(
  'AdminCreateUser',
  Type.Object(
    { name: Name(200), email: Type.Optional(Text({ maxLength: 320 })), rights: Type.Optional(RightList) },
    { additionalProperties: false },
  ),
);
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UserRightsBody = named('AdminUserRights', Type.Object({ rights: RightList }, { additionalProperties: false }));

const AdminToken = named(
  'AdminToken',
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      scopes: Type.Array(Type.String()),
      format: StringEnum(['new', 'legacy'] as const),
      owner: Type.Object({ id: Type.String({ description: 'the owner\'s user id' }), name: Type.String() }),
      createdAt: DateTime(),
      lastUsedAt: Timestamp,
      expiresAt: Timestamp,
      revokedAt: Timestamp,
    },
    { description: 'An API token as an administrator sees it: never its value or hash.' },
  ),
);
export const AdminTokenList = named('AdminTokenList', Type.Object({ items: Type.Array(AdminToken) }));

export const CreateTokenBody = named(
  'AdminCreateToken',
  Type.Object(
    {
      name: Type.Optional(Name(200)),
      scopes: Type.Array(StringEnum(SCOPES), { minItems: 1, maxItems: SCOPES.length * 2 }),
      userId: Type.Optional(Text({ minLength: 1, maxLength: 200, description: 'the owner (user id or orgUserId); default: the caller' })),
      expiresAt: Type.Optional(DateTime()),
    },
    { additionalProperties: false },
  ),
);
export type CreateTokenBody = Static<typeof CreateTokenBody>;

export const CreatedToken = named(
  'AdminCreatedToken',
  Type.Object({
    id: Type.String(),
    token: Type.Optional(Type.String({ description: 'the token value: shown in this answer only' })),
    note: Type.String(),
  }),
);
export type CreatedToken = Static<typeof CreatedToken>;

export const RevokedToken = named('AdminRevokedToken', Type.Object({ id: Type.String(), revoked: Type.Literal(true) }));

const ApprovalRule = Type.Object({
  above: Type.String({ pattern: '^[0-9]{1,13}(\\.[0-9]{1,2})?$', description: 'requests whose amount plus VAT (organization currency) is strictly above this' }),
  approvals: Type.Integer({ minimum: 1, maximum: 10, description: 'need this many approvals' }),
}, { additionalProperties: false });
const Rate = Type.Object({
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  rate: Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,6})?$', description: 'units of the organization currency per unit of this currency' }),
}, { additionalProperties: false });
const ChatId = Type.String({ pattern: '^(-?[0-9]{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$', description: 'a Telegram chat id (negative for groups) or @channel' });
const UserChatId = Type.String({ pattern: '^-?[0-9]{1,20}$', description: 'the Telegram chat id (an integer) a user\'s notifications are also sent to' });

export const OrganizationSettings = named(
  'AdminOrganizationSettings',
  Type.Object(
    {
      slug: Type.String(),
      name: Type.String(),
      version: Type.String({ description: 'the running server\'s version' }),
      currency: Type.String({ description: 'ISO 4217 code: the default currency of deals and payment requests' }),
      phoneRegion: Nullable(Type.String({ description: 'ISO 3166 country whose numbers may be written without +; null: none' })),
      allowNegativeStock: Type.Boolean(),
      timeZone: Type.String({ description: 'IANA time zone of meetings and task deadlines' }),
      approvalRules: Type.Array(ApprovalRule, { description: 'payment requests above an amount need more approvals (default: one)' }),
      rates: Type.Array(Rate, { description: 'the rate table of other currencies' }),
      telegramChatId: Nullable(ChatId),
      telegramUsers: Type.Array(
        Type.Object({ userId: Type.String(), name: Type.String(), chatId: Nullable(UserChatId) }),
        { description: 'each active user\'s linked Telegram chat' },
      ),
    },
    { description: 'The settings an administrator may change.' },
  ),
);
export type OrganizationSettings = Static<typeof OrganizationSettings>;

export const SettingsPatch = named(
  'AdminSettingsPatch',
  Type.Object(
    {
      currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$' })),
      phoneRegion: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z]{2}$' }))),
      allowNegativeStock: Type.Optional(Type.Boolean()),
      timeZone: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
      approvalRules: Type.Optional(Type.Array(ApprovalRule, { maxItems: 20, description: 'replaces the rules; [] for one approval always' })),
      rates: Type.Optional(Type.Array(Rate, { maxItems: 50, description: 'sets these currencies\' rates (others stay)' })),
      telegramChatId: Type.Optional(Nullable(ChatId)),
      telegramUsers: Type.Optional(Type.Array(Type.Object({ userId: Type.String({ maxLength: 200 }), chatId: Nullable(UserChatId) }, { additionalProperties: false }), {
        maxItems: 200, description: 'links (or with null unlinks) these users\' chats',
      })),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
);
export type SettingsPatch = Static<typeof SettingsPatch>;

export const AuditEntry = named(
  'AuditEntry',
  Type.Object(
    {
      id: Type.String(),
      at: DateTime(),
      actor: Type.Object({
        via: StringEnum(['api', 'mcp', 'cli'] as const),
        userId: Nullable(Type.String()),
        tokenId: Nullable(Type.String()),
        name: Type.String({ description: 'the token owner\'s name, or the operating-system user of a CLI command' }),
      }),
      address: Type.String({ description: 'the client\'s IP address, or "cli"' }),
      action: Type.String({ examples: ['token.create'] }),
      target: Type.Object({ type: Type.String(), id: Type.String() }),
      changes: Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() }), {
        description: 'each changed field with its value before and after (never a secret)',
      }),
    },
    { description: 'One change to users, rights, tokens, settings or webhook deliveries, or one decision on a payment request (approve, reject, pay).' },
  ),
);
export const AuditPage = named(
  'AuditPage',
  Type.Object({ items: Type.Array(AuditEntry), nextCursor: Nullable(Type.String({ description: 'pass as cursor for older entries' })) }),
);

export const AuditQuery = Type.Object({
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'nextCursor of the previous page' })),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});

export const AdminCatalog = named(
  'AdminCatalog',
  Type.Object(
    {
      scopes: Type.Array(Type.String()),
      rights: Type.Array(Type.String()),
      version: Type.String({ description: 'the server\'s release (as `bizplat --version` prints it)' }),
    },
    { description: 'The scopes and role rights there are, and the running release.' },
  ),
);

export const DeliveriesState = named(
  'AdminDeliveriesState',
  Type.Object(
    {
      paused: Type.Boolean({ description: 'true: outgoing webhooks and messenger messages are held (queued, not sent) until resumed' }),
      pausedAt: Timestamp,
      reason: Nullable(Type.String({ description: 'why they were paused (a restore says so)' })),
    },
    { description: 'The switch of the organization\'s outgoing deliveries. A restored copy starts paused.' },
  ),
);

export const DeliveriesPatch = named(
  'AdminDeliveriesPatch',
  Type.Object(
    {
      paused: Type.Boolean({ description: 'true holds outgoing deliveries, false sends them (the queued ones first)' }),
      reason: Type.Optional(Text({ minLength: 1, maxLength: 200, description: 'why, for the audit trail (when pausing)' })),
    },
    { additionalProperties: false },
  ),
);
