/** The organization settings an administrator sees and changes through the admin API. */
import type { Kysely } from 'kysely';
import { isSupportedCountry } from 'libphonenumber-js';
import type { Actor } from '../http/access.ts';
import { invalidField } from '../http/errors.ts';
import type { AuditSource } from '../platform/audit.ts';
import { findOrganizationBySlug } from '../platform/queries.ts';
import type { OrganizationRow } from '../platform/queries.ts';
import { updateOrganizationIn } from '../platform/service.ts';
import { isTimeZone, timeZoneOf } from '../platform/time-zone.ts';
import { requireFound } from '../storage/resource.ts';
import type { Database } from '../storage/schema.ts';
import type { Tx } from '../storage/storage.ts';
import type { OrganizationSettings, SettingsPatch } from './schemas.ts';

function view(org: OrganizationRow): OrganizationSettings {
  const region = org.settings.phoneRegion;
  return {
    slug: org.slug,
    name: org.name,
    currency: org.currency,
    phoneRegion: typeof region === 'string' ? region : null,
    allowNegativeStock: org.settings.allowNegativeStock === true,
    timeZone: timeZoneOf(org.settings),
  };
}

async function organizationOf(db: Kysely<Database>, actor: Actor): Promise<OrganizationRow> {
  return requireFound(await findOrganizationBySlug(db, actor.orgSlug), 'organization');
}

export async function getSettings(db: Kysely<Database>, actor: Actor): Promise<OrganizationSettings> {
  return view(await organizationOf(db, actor));
}

export async function changeSettings(tx: Tx, actor: Actor, patch: SettingsPatch, by: AuditSource): Promise<OrganizationSettings> {
  const settings: Record<string, unknown> = {};
  if (patch.phoneRegion !== undefined) {
    const region = patch.phoneRegion?.toUpperCase() ?? null;
    if (region !== null && !isSupportedCountry(region)) throw invalidField('phoneRegion', `"${region}" is not a region with a phone numbering plan`);
    settings.phoneRegion = region;
  }
  if (patch.allowNegativeStock !== undefined) settings.allowNegativeStock = patch.allowNegativeStock;
  if (patch.timeZone !== undefined) {
    if (!isTimeZone(patch.timeZone)) throw invalidField('timeZone', 'must be an IANA time zone such as Asia/Tashkent');
    settings.timeZone = patch.timeZone;
  }
  const org = await organizationOf(tx.db, actor);
  return view(await updateOrganizationIn(tx, org, { currency: patch.currency, settings }, by));
}
