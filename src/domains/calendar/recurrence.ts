/**
 * Recurring meetings (RFC 5545 RRULE) expanded in the meeting's time zone so that local
 * wall-clock time is kept across daylight-saving changes: the rule runs in floating local time
 * (the `rrule` library with no TZID) and each local start becomes an instant in the zone.
 */
import rrule from 'rrule';
import type { Options } from 'rrule';
import { instantOf, localOf } from '../../platform/time-zone.ts';

const { RRule } = rrule;
type Rule = InstanceType<typeof RRule>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The widest offset between a zone's wall clock and UTC, with a margin. */
const ZONE_MARGIN = 15 * HOUR;
export const MAX_COUNT = 10_000;

const WEEKDAY = '(SU|MO|TU|WE|TH|FR|SA)';
const intList = (min: number, max: number, signed: boolean) => (value: string) =>
  value.split(',').every((v) => {
    if (!/^[+-]?\d{1,3}$/.test(v)) return false;
    const n = Number(v);
    if (!signed && /^[+-]/.test(v)) return false;
    return Math.abs(n) >= min && Math.abs(n) <= max && (signed ? n !== 0 || min === 0 : true);
  });

/** Each rule part RFC 5545 defines, with a check of its value. */
const PARTS: Record<string, (value: string) => boolean> = {
  FREQ: (v) => /^(YEARLY|MONTHLY|WEEKLY|DAILY|HOURLY|MINUTELY|SECONDLY)$/.test(v),
  UNTIL: (v) => /^\d{8}(T\d{6}Z?)?$/.test(v) && !Number.isNaN(untilMs(v)),
  COUNT: (v) => /^\d{1,6}$/.test(v) && Number(v) >= 1,
  INTERVAL: (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1,
  BYSECOND: intList(0, 60, false),
  BYMINUTE: intList(0, 59, false),
  BYHOUR: intList(0, 23, false),
  BYDAY: (v) => v.split(',').every((d) => new RegExp(`^([+-]?(?:[1-9]|[1-4][0-9]|5[0-3]))?${WEEKDAY}$`).test(d)),
  BYMONTHDAY: intList(1, 31, true),
  BYYEARDAY: intList(1, 366, true),
  BYWEEKNO: intList(1, 53, true),
  BYMONTH: intList(1, 12, false),
  BYSETPOS: intList(1, 366, true),
  WKST: (v) => new RegExp(`^${WEEKDAY}$`).test(v),
};

/** UNTIL as floating ms: a date is the whole of that local day. */
function untilMs(v: string): number {
  const [y, mo, d] = [v.slice(0, 4), v.slice(4, 6), v.slice(6, 8)].map(Number) as [number, number, number];
  const [h, mi, s] = v.length === 8 ? [23, 59, 59] : ([v.slice(9, 11), v.slice(11, 13), v.slice(13, 15)].map(Number) as [number, number, number]);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  return back.getUTCDate() === d && back.getUTCMonth() === mo - 1 && h < 24 && mi < 60 && s < 60 ? ms : Number.NaN;
}

export class RuleError extends Error {}

export interface ParsedRule {
  /** The rule as stored: upper case, without an `RRULE:` prefix. */
  text: string;
  parts: Map<string, string>;
}

/** A rule's text checked part by part (names, values, FREQ once, COUNT and UNTIL not together); throws RuleError. */
export function parseRule(input: string): ParsedRule {
  const text = input.trim().replace(/^RRULE:/i, '').toUpperCase();
  if (text === '') throw new RuleError('is empty');
  if (/[\r\n]/.test(text)) throw new RuleError('must be a single RRULE (no DTSTART, EXDATE or other properties)');
  const parts = new Map<string, string>();
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    const check = PARTS[name];
    if (check === undefined) throw new RuleError(`has an unknown part "${name}"`);
    if (parts.has(name)) throw new RuleError(`has ${name} twice`);
    if (value === '' || !check(value)) throw new RuleError(`has an invalid ${name} value "${value}"`);
    parts.set(name, value);
  }
  const freq = parts.get('FREQ');
  if (freq === undefined) throw new RuleError('needs FREQ');
  if (freq === 'MINUTELY' || freq === 'SECONDLY') throw new RuleError(`FREQ=${freq} is not supported: meetings recur at most hourly`);
  if (parts.has('COUNT') && parts.has('UNTIL')) throw new RuleError('may not have both COUNT and UNTIL');
  if (Number(parts.get('COUNT') ?? 0) > MAX_COUNT) throw new RuleError(`COUNT may be at most ${MAX_COUNT}`);
  if (parts.has('BYWEEKNO') && freq !== 'YEARLY') throw new RuleError('BYWEEKNO is only allowed with FREQ=YEARLY');
  if (parts.has('BYYEARDAY') && ['DAILY', 'WEEKLY', 'MONTHLY'].includes(freq)) throw new RuleError(`BYYEARDAY is not allowed with FREQ=${freq}`);
  if (parts.has('BYMONTHDAY') && freq === 'WEEKLY') throw new RuleError('BYMONTHDAY is not allowed with FREQ=WEEKLY');
  if (/[+-]?\d/.test(parts.get('BYDAY') ?? '') && !['MONTHLY', 'YEARLY'].includes(freq)) throw new RuleError('BYDAY with a number is only allowed with FREQ=MONTHLY or YEARLY');
  return { text: [...parts].map(([k, v]) => `${k}=${v}`).join(';'), parts };
}

/** A meeting as expansion needs it. */
export interface Series {
  /** The first occurrence's start (epoch ms). */
  startMs: number;
  durationMs: number;
  timeZone: string;
  /** The stored rule text, or null for a single meeting. */
  rule: string | null;
}

interface Compiled {
  options: Partial<Options>;
  /** The first start as floating local ms. */
  localStart: number;
  /** Whole periods may be skipped (no COUNT): their length in floating ms. */
  periodMs: number | undefined;
  /** A rule of the common shape (see `simpleShape`), expanded without the library. */
  simple: Simple | undefined;
  count: number | undefined;
  /** UNTIL as floating ms. */
  until: number | undefined;
}

/** HOURLY, DAILY or WEEKLY with at most INTERVAL, COUNT, UNTIL, plain BYDAY and WKST. */
interface Simple {
  freq: 'HOURLY' | 'DAILY' | 'WEEKLY';
  stepMs: number;
  /** Weekdays (0 = Sunday) the rule keeps, or undefined for all (HOURLY, DAILY) / the start's (WEEKLY). */
  weekdays: number[] | undefined;
  /** 0 = Sunday. */
  weekStart: number;
}

const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const SIMPLE_PARTS = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'WKST']);

function simpleShape(parts: Map<string, string>): Simple | undefined {
  const freq = parts.get('FREQ');
  if (freq !== 'HOURLY' && freq !== 'DAILY' && freq !== 'WEEKLY') return undefined;
  if ([...parts.keys()].some((k) => !SIMPLE_PARTS.has(k))) return undefined;
  const byday = parts.get('BYDAY');
  if (byday !== undefined && /\d/.test(byday)) return undefined;
  const unit = freq === 'HOURLY' ? HOUR : freq === 'DAILY' ? DAY : 7 * DAY;
  return {
    freq,
    stepMs: unit * Number(parts.get('INTERVAL') ?? 1),
    weekdays: byday === undefined ? undefined : [...new Set(byday.split(',').map((d) => DAY_CODES.indexOf(d)))],
    weekStart: DAY_CODES.indexOf(parts.get('WKST') ?? 'MO'),
  };
}

const compiledRules = new Map<string, Compiled>();

function compile(series: Series): Compiled {
  const key = `${series.rule}|${series.timeZone}|${series.startMs}`;
  const kept = compiledRules.get(key);
  if (kept !== undefined) return kept;
  const { parts } = parseRule(series.rule ?? '');
  const localStart = localOf(series.timeZone, series.startMs);
  const options: Partial<Options> = RRule.parseString(
    [...parts].filter(([k]) => k !== 'UNTIL').map(([k, v]) => `${k}=${v}`).join(';'),
  );
  const untilText = parts.get('UNTIL');
  let until: number | undefined;
  if (untilText !== undefined) {
    // UNTIL in UTC names an instant: the rule runs in local time, so it is compared as local time.
    until = untilText.endsWith('Z') ? localOf(series.timeZone, untilMs(untilText.slice(0, -1))) : untilMs(untilText);
    options.until = new Date(until);
  }
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const freq = parts.get('FREQ');
  const unit = freq === 'HOURLY' ? HOUR : freq === 'DAILY' ? DAY : freq === 'WEEKLY' ? 7 * DAY : undefined;
  const count = parts.has('COUNT') ? Number(parts.get('COUNT')) : undefined;
  const compiled: Compiled = {
    options, localStart, periodMs: count !== undefined || unit === undefined ? undefined : unit * interval, simple: simpleShape(parts), count, until,
  };
  if (compiledRules.size >= 10_000) compiledRules.clear();
  compiledRules.set(key, compiled);
  return compiled;
}

/**
 * The rule starting from the latest whole period that leaves `localFrom` at least one period
 * ahead: with no COUNT, a daily, hourly or weekly rule repeats the same pattern each period, so
 * the years before a window need not be walked.
 */
function ruleFrom(c: Compiled, localFrom: number): Rule {
  let start = c.localStart;
  if (c.periodMs !== undefined && localFrom - start > 2 * c.periodMs) {
    start += (Math.floor((localFrom - start) / c.periodMs) - 1) * c.periodMs;
  }
  return new RRule({ ...c.options, dtstart: new Date(start), tzid: null });
}

const weekdayOf = (localMs: number) => new Date(localMs).getUTCDay();
const MAX_STEPS = 1_000_000;

/** Local starts of a simple rule in [localFrom, localTo], in order; walked from the start only when COUNT must be counted. */
function simpleBetween(c: Compiled, s: Simple, localFrom: number, localTo: number): number[] {
  const out: number[] = [];
  const end = Math.min(localTo, c.until ?? Infinity);
  let seen = 0;
  const keep = (local: number): boolean => {
    if (local < c.localStart) return true;
    if (c.count !== undefined && seen >= c.count) return false;
    seen += 1;
    if (local >= localFrom && local <= end) out.push(local);
    return local <= end;
  };
  const skip = (origin: number) => (c.count === undefined && localFrom > origin ? Math.floor((localFrom - origin) / s.stepMs) : 0);
  if (s.freq === 'WEEKLY') {
    const days = (s.weekdays ?? [weekdayOf(c.localStart)]).map((d) => (d - s.weekStart + 7) % 7).sort((a, b) => a - b);
    const weekOrigin = c.localStart - ((weekdayOf(c.localStart) - s.weekStart + 7) % 7) * DAY;
    for (let p = skip(weekOrigin), steps = 0; steps < MAX_STEPS; p += 1, steps += 1) {
      for (const d of days) if (!keep(weekOrigin + p * s.stepMs + d * DAY)) return out;
    }
    return out;
  }
  for (let k = skip(c.localStart), steps = 0; steps < MAX_STEPS; k += 1, steps += 1) {
    const local = c.localStart + k * s.stepMs;
    if (s.weekdays !== undefined && !s.weekdays.includes(weekdayOf(local))) {
      if (local > end) return out;
      continue;
    }
    if (!keep(local)) return out;
  }
  return out;
}

/** Local starts (floating ms) of the rule in [localFrom, localTo], in order. */
function localStarts(c: Compiled, localFrom: number, localTo: number): number[] {
  const from = Math.max(localFrom, c.localStart);
  if (from > localTo) return [];
  if (c.simple !== undefined) return simpleBetween(c, c.simple, from, localTo);
  return ruleFrom(c, from).between(new Date(from), new Date(localTo), true).map((d) => d.getTime());
}

/** Occurrence starts (epoch ms) of a series, in order, whose time [start, start + duration) overlaps [fromMs, toMs). */
export function occurrencesBetween(series: Series, fromMs: number, toMs: number): number[] {
  if (series.rule === null) return series.startMs < toMs && series.startMs + series.durationMs > fromMs ? [series.startMs] : [];
  const c = compile(series);
  const out: number[] = [];
  for (const local of localStarts(c, fromMs - series.durationMs - ZONE_MARGIN, toMs + ZONE_MARGIN)) {
    const start = instantOf(series.timeZone, local);
    if (start < toMs && start + series.durationMs > fromMs && start >= series.startMs) out.push(start);
  }
  return out;
}

/** The first occurrence starting after `afterMs`, or undefined when the series has ended (or has none within a century). */
export function nextOccurrence(series: Series, afterMs: number): number | undefined {
  if (series.rule === null) return series.startMs > afterMs ? series.startMs : undefined;
  const c = compile(series);
  let from = localOf(series.timeZone, afterMs) - ZONE_MARGIN;
  for (let width = 8 * DAY; width < 40_000 * DAY; width *= 4) {
    if (c.until !== undefined && from > c.until) return undefined;
    for (const local of localStarts(c, from, from + width)) {
      const start = instantOf(series.timeZone, local);
      if (start > afterMs) return start;
    }
    from += width;
  }
  return undefined;
}

/**
 * Whether the series' start is an occurrence of its rule (RFC 5545 leaves a recurrence set whose
 * DTSTART is not synchronized with its rule undefined), checked on the simple parts first so
 * that a rule no date can satisfy is never walked.
 */
export function startMatchesRule(series: Series): boolean {
  if (series.rule === null) return true;
  const { parts } = parseRule(series.rule);
  const local = new Date(localOf(series.timeZone, series.startMs));
  const has = (name: string, value: number, size?: number) => {
    const list = parts.get(name);
    if (list === undefined) return true;
    return list.split(',').map(Number).some((n) => n === value || (size !== undefined && n < 0 && size + 1 + n === value));
  };
  const monthDays = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  if (!has('BYMONTH', local.getUTCMonth() + 1) || !has('BYMONTHDAY', local.getUTCDate(), monthDays)) return false;
  if (!has('BYHOUR', local.getUTCHours()) || !has('BYMINUTE', local.getUTCMinutes()) || !has('BYSECOND', local.getUTCSeconds())) return false;
  const byday = parts.get('BYDAY');
  const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][local.getUTCDay()] ?? '';
  if (byday !== undefined && !byday.split(',').some((d) => d.endsWith(weekday))) return false;
  const c = compile(series);
  const first = new RRule({ ...c.options, dtstart: new Date(c.localStart), tzid: null }).after(new Date(c.localStart), true);
  return first !== null && first.getTime() === c.localStart;
}

/**
 * The latest instant an occurrence may end, for selecting the series that can touch a window:
 * exact with COUNT, from UNTIL (plus a day for local time) otherwise, unbounded without either.
 */
export function lastEndMs(series: Series): number | undefined {
  if (series.rule === null) return series.startMs + series.durationMs;
  const { parts } = parseRule(series.rule);
  const c = compile(series);
  if (parts.has('COUNT')) {
    const all = c.simple !== undefined ? localStarts(c, c.localStart, Infinity) : new RRule({ ...c.options, dtstart: new Date(c.localStart), tzid: null }).all().map((d) => d.getTime());
    const last = all.at(-1);
    return last === undefined ? series.startMs + series.durationMs : instantOf(series.timeZone, last) + series.durationMs;
  }
  return c.until === undefined ? undefined : c.until + ZONE_MARGIN + series.durationMs;
}
