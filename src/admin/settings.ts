/**
 * The organization settings an administrator sees and changes through the admin API: the
 * organization's own (currency, phone region, negative stock, time zone, shared Telegram chat,
 * approval rules) and those other domains keep (the rate table, users' Telegram links). A save
 * writes and audits only what differs from what is stored, all in one transaction.
 */
import type { Kysely } from 'kysely';
import { isSupportedCountry } from 'libphonenumber-js';
import { APPROVAL_RULES_SETTING, approvalRules, storedRules } from '../domains/finance/approvals.ts';
import { rateTable, setRate } from '../domains/finance/rates.ts';
import { setTelegramChatIn, telegramChatsOf } from '../domains/notifications/inbox.ts';
import type { Actor } from '../http/access.ts';
import { invalidField } from '../http/errors.ts';
import { changedFields, recordAudit } from '../platform/audit.ts';
import type { AuditSource } from '../platform/audit.ts';
import { listMembers } from '../platform/directory.ts';
import { findOrganizationBySlug } from '../platform/queries.ts';
import type { OrganizationRow } from '../platform/queries.ts';
import { updateOrganizationIn } from '../platform/service.ts';
import { isTimeZone, timeZoneOf } from '../platform/time-zone.ts';
import { MONEY_SCALE, toScaled } from '../storage/decimal.ts';
import { requireFound } from '../storage/resource.ts';
import type { Database } from '../storage/schema.ts';
import type { Tx } from '../storage/storage.ts';
import type { OrganizationSettings, SettingsPatch } from './schemas.ts';
import { VERSION } from '../version.ts';

async function view(db: Kysely<Database>, org: OrganizationRow): Promise<OrganizationSettings> {
  const region = org.settings.phoneRegion;
  const chat = org.settings.telegramChatId;
  const members = (await listMembers(db, org.id)).filter((m) => m.active);
  const chats = await telegramChatsOf(db, org.id, members.map((m) => m.id));
  return {
    slug: org.slug,
    name: org.name,
    version: VERSION,
    currency: org.currency,
    phoneRegion: typeof region === 'string' ? region : null,
    allowNegativeStock: org.settings.allowNegativeStock === true,
    timeZone: timeZoneOf(org.settings),
    approvalRules: storedRules(approvalRules(org.settings)),
    rates: await rateTable(db, org.id),
    telegramChatId: typeof chat === 'string' ? chat : null,
    telegramUsers: members.map((m) => ({ userId: m.id, name: m.name, chatId: chats.get(m.id) ?? null })),
  };
}

async function organizationOf(db: Kysely<Database>, actor: Actor): Promise<OrganizationRow> {
  return requireFound(await findOrganizationBySlug(db, actor.orgSlug), 'organization');
}

export async function getSettings(db: Kysely<Database>, actor: Actor): Promise<OrganizationSettings> {
  return view(db, await organizationOf(db, actor));
}

/** The organization-row settings of the patch that differ from the current ones. */
function organizationChanges(current: OrganizationSettings, patch: SettingsPatch): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  if (patch.phoneRegion !== undefined) {
    const region = patch.phoneRegion?.toUpperCase() ?? null;
    if (region !== null && !isSupportedCountry(region)) throw invalidField('phoneRegion', `"${region}" is not a region with a phone numbering plan`);
    if (region !== current.phoneRegion) settings.phoneRegion = region;
  }
  if (patch.allowNegativeStock !== undefined && patch.allowNegativeStock !== current.allowNegativeStock) settings.allowNegativeStock = patch.allowNegativeStock;
  if (patch.timeZone !== undefined) {
    if (!isTimeZone(patch.timeZone)) throw invalidField('timeZone', 'must be an IANA time zone such as Asia/Tashkent');
    if (patch.timeZone !== current.timeZone) settings.timeZone = patch.timeZone;
  }
  if (patch.telegramChatId !== undefined && patch.telegramChatId !== current.telegramChatId) settings.telegramChatId = patch.telegramChatId;
  if (patch.approvalRules !== undefined) {
    const rules = storedRules(
      patch.approvalRules.map((r, i) => {
        const scaled = toScaled(r.above, MONEY_SCALE);
        if (!scaled.ok) throw invalidField(`approvalRules.${i}.above`, 'must be an amount such as 1000000.00');
        return { aboveCents: scaled.value, approvals: r.approvals };
      }).sort((a, b) => a.aboveCents - b.aboveCents),
    );
    if (JSON.stringify(rules) !== JSON.stringify(current.approvalRules)) settings[APPROVAL_RULES_SETTING] = rules;
  }
  return settings;
}

async function changeRates(tx: Tx, org: OrganizationRow, current: OrganizationSettings, rates: NonNullable<SettingsPatch['rates']>, by: AuditSource): Promise<void> {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const { currency, rate } of rates) {
    const was = current.rates.find((r) => r.currency === currency)?.rate ?? null;
    const set = await setRate(tx.db, org.id, org.currency, currency, rate);
    before[currency] = was;
    after[currency] = set.rate;
  }
  const changes = changedFields(before, after);
  if (Object.keys(changes).length > 0) await recordAudit(tx, by, { orgId: org.id, action: 'finance.rate', targetType: 'organization', targetId: org.id, changes });
}

export async function changeSettings(tx: Tx, actor: Actor, patch: SettingsPatch, by: AuditSource): Promise<OrganizationSettings> {
  let org = await organizationOf(tx.db, actor);
  const current = await view(tx.db, org);
  const settings = organizationChanges(current, patch);
  const currency = patch.currency !== undefined && patch.currency.toUpperCase() !== org.currency ? patch.currency : undefined;
  if (currency !== undefined || Object.keys(settings).length > 0) org = await updateOrganizationIn(tx, org, { currency, settings }, by);
  if (patch.rates !== undefined) await changeRates(tx, org, current, patch.rates, by);
  for (const link of patch.telegramUsers ?? []) {
    const was = current.telegramUsers.find((u) => u.userId === link.userId);
    if (was?.chatId !== link.chatId) await setTelegramChatIn(tx, actor.orgId, link.userId, link.chatId, by);
  }
  return view(tx.db, org);
}
