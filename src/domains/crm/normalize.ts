/** Input clean-up shared by every CRM write (API and import): trimmed text, E.164 phones, checked emails. */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import { invalidField } from '../../http/errors.ts';
import { trimmedOrNull } from '../../http/text.ts';
import { nowIso } from '../../storage/codecs.ts';
import type { CrmActor } from './actor.ts';

/** What a CRM use case needs to know about its caller (the API's actor, or an import's organization). */

/** Region assumed for a phone number written without "+": from the organization's currency unless set. */
const REGION_BY_CURRENCY: Record<string, CountryCode> = {
  UZS: 'UZ', RUB: 'RU', KZT: 'KZ', KGS: 'KG', TJS: 'TJ', BYN: 'BY', AMD: 'AM', AZN: 'AZ', GEL: 'GE', UAH: 'UA', TRY: 'TR', USD: 'US', GBP: 'GB',
};

export function phoneRegion(actor: CrmActor): CountryCode | undefined {
  const setting = actor.orgSettings.phoneRegion;
  if (typeof setting === 'string' && /^[A-Z]{2}$/.test(setting)) return setting as CountryCode;
  return REGION_BY_CURRENCY[actor.orgCurrency];
}

export function phone(field: string, value: string | null | undefined, actor: CrmActor): string | null {
  const given = trimmedOrNull(value);
  if (given === null) return null;
  const region = phoneRegion(actor);
  const parsed = parsePhoneNumberFromString(given, region ? { defaultCountry: region } : undefined);
  if (!parsed || !parsed.isValid()) {
    const hint = region ? `a valid phone number (international "+…" or a ${region} number)` : 'a valid phone number in international format (+…)';
    throw invalidField(field, `must be ${hint}`);
  }
  return parsed.number;
}

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/u;

export function email(field: string, value: string | null | undefined): string | null {
  const given = trimmedOrNull(value);
  if (given === null) return null;
  if (given.length > 254 || !EMAIL.test(given)) throw invalidField(field, 'must be a valid email address such as name@example.com');
  return given;
}

/** Trimmed, without empty entries or repeats, in the given order. */
export function tags(value: string[] | undefined): string[] {
  const out: string[] = [];
  for (const tag of value ?? []) {
    const t = tag.trim();
    if (t !== '' && !out.includes(t)) out.push(t);
  }
  return out;
}

/** A telegram or instagram handle as a channel value: without the leading "@" or profile URL. */
export function handle(value: string): string {
  return value
    .replace(/^https?:\/\/(?:www\.)?(?:t\.me|telegram\.me|instagram\.com)\//i, '')
    .replace(/^@/, '')
    .replace(/\/$/, '');
}

/** Lower-cased key of a stage name: stages are matched by name without regard to case. */
export function stageKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Times an import keeps (ISO instants); a create through the API sets both to now. */
export interface KeptTimes {
  created_at?: string | undefined;
  updated_at?: string | undefined;
}

/** The created_at and updated_at a new row gets: the kept ones, else now. */
export function rowTimes(kept: KeptTimes): { created_at: string; updated_at: string } {
  const now = nowIso();
  const created = kept.created_at ?? now;
  return { created_at: created, updated_at: kept.updated_at ?? created };
}
