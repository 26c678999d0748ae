/** Input clean-up shared by every CRM write (API and import): trimmed text, E.164 phones, checked emails. */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import { invalidField } from '../../http/errors.ts';
import { LruCache } from '../../http/lru-cache.ts';
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
  const number = e164(given, region);
  if (number === null) {
    const hint = region ? `a valid phone number (international "+…" or a ${region} number)` : 'a valid phone number in international format (+…)';
    throw invalidField(field, `must be ${hint}`);
  }
  return number;
}

/**
 * Numbers already parsed, by region and text: parsing with the full metadata is a sizeable part
 * of a create's CPU, and writers send the same numbers again and again. The answer depends only
 * on the key, so entries never go stale; the bound keeps a flood of distinct numbers cheap.
 */
const parsedNumbers = new LruCache<string | null>(1_000, Number.POSITIVE_INFINITY);

/** The number in E.164, or null when it is not a valid one. */
function e164(given: string, region: CountryCode | undefined): string | null {
  const key = `${region ?? ''}\n${given}`;
  const known = parsedNumbers.get(key, 0);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(given, region ? { defaultCountry: region } : undefined);
  const number = parsed?.isValid() ? parsed.number : null;
  parsedNumbers.set(key, number, 0);
  return number;
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
