/**
 * The `date-time` and `date` formats every input is checked against, stricter than Ajv's:
 * what passes can be parsed by Date and stored by both databases, so no later step fails on
 * it. A leap second (`23:59:60`) is refused (Date cannot hold it); years run 0001 to 9998,
 * written and in UTC, so an offset, a duration or a window added to an accepted time still
 * has a four-digit year (PostgreSQL has no year 0000, and JavaScript writes year 10000 as
 * `+010000`).
 */
import type { Ajv } from 'ajv';

export const FIRST_YEAR = 1;
export const LAST_YEAR = 9998;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

function validDate(year: number, month: number, day: number): boolean {
  return inYears(year) && month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!);
}

/** A calendar date (`2025-03-01`) in years 0001-9998. */
function isDate(text: string): boolean {
  const m = DATE.exec(text);
  return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** An RFC 3339 timestamp with `Z` or `±HH:MM`, no leap second, in years 0001-9998 as written and in UTC. */
function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (m === null || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return false;
  if (m[8] !== undefined && (Number(m[8]) > 23 || Number(m[9]) > 59)) return false;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && inYears(new Date(ms).getUTCFullYear());
}

/** Replaces Ajv's own `date` and `date-time` (added by ajv-formats) with the ones above. */
export function addStrictTimeFormats(ajv: Ajv): void {
  ajv.addFormat('date', { type: 'string', validate: isDate });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
}
