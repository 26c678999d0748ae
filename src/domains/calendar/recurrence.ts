/**
 * Recurring meetings (RFC 5545 RRULE) expanded in the meeting's time zone so that local
 * wall-clock time is kept across daylight-saving changes: the rule runs in floating local time
 * and each local start becomes an instant in the zone. Arithmetic rules (see slots.ts) are
 * expanded and counted without walking; the others through the `rrule` library (no TZID), a
 * window at a time. Expansion is lazy: a reader takes occurrences in start order and stops.
 */
import rrule from 'rrule';
import type { Options } from 'rrule';
import { instantOf, localOf, offsetAt } from '../../platform/time-zone.ts';
import { MAX_COUNT, parseRule, untilMs } from './rules.ts';
import { slotAt, slotsBefore, slotsOf } from './slots.ts';
import type { Slots } from './slots.ts';

const { RRule } = rrule;
type Rule = InstanceType<typeof RRule>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The widest offset between a zone's wall clock and UTC, with a margin. */
const ZONE_MARGIN = 15 * HOUR;
/** The most occurrences a series may have: COUNT at most this, and UNTIL no later than its last. */
export const MAX_OCCURRENCES = MAX_COUNT;

/** A meeting as expansion needs it. */
export interface Series {
  /** The first occurrence's start (epoch ms). */
  startMs: number;
  durationMs: number;
  timeZone: string;
  /** The stored rule text, or null for a single meeting. */
  rule: string | null;
}

interface Arithmetic {
  slots: Slots;
  /** The series' first slot, and the slot after its last (Infinity without COUNT or UNTIL). */
  first: number;
  end: number;
}

interface Compiled {
  options: Partial<Options>;
  /** The first start as floating local ms. */
  localStart: number;
  /** Whole periods may be skipped (no COUNT): their length in floating ms. */
  periodMs: number | undefined;
  /** Whole months or years may be skipped (MONTHLY or YEARLY, no COUNT): how many make a period. */
  calendarPeriod: { unit: 'MONTHLY' | 'YEARLY'; interval: number } | undefined;
  arithmetic: Arithmetic | undefined;
  count: number | undefined;
  /** UNTIL as floating ms. */
  until: number | undefined;
}

function arithmeticOf(parts: ReadonlyMap<string, string>, localStart: number, count: number | undefined, until: number | undefined): Arithmetic | undefined {
  const slots = slotsOf(parts, localStart);
  if (slots === undefined) return undefined;
  const first = slotsBefore(slots, localStart);
  const end = Math.min(count === undefined ? Infinity : first + count, until === undefined ? Infinity : slotsBefore(slots, until + 1));
  return { slots, first, end };
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
  // The library walks a day's times in the order listed, and COUNT would count them so: sorted, they are counted in time order.
  for (const key of ['byhour', 'byminute', 'bysecond'] as const) {
    const list = options[key];
    if (Array.isArray(list)) options[key] = [...list].sort((x, y) => x - y);
  }
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
  const calendarUnit = count === undefined && (freq === 'MONTHLY' || freq === 'YEARLY') ? freq : undefined;
  if (calendarUnit !== undefined) pinDefaults(options, calendarUnit, localStart);
  const compiled: Compiled = {
    options, localStart, periodMs: count !== undefined || unit === undefined ? undefined : unit * interval,
    calendarPeriod: calendarUnit === undefined ? undefined : { unit: calendarUnit, interval },
    arithmetic: arithmeticOf(parts, localStart, count, until), count, until,
  };
  if (compiledRules.size >= 10_000) compiledRules.clear();
  compiledRules.set(key, compiled);
  return compiled;
}

/**
 * The parts the library would take from DTSTART, written out (RFC 5545 §3.3.10), so that a
 * MONTHLY or YEARLY rule may start its walk at a later period's first day.
 */
function pinDefaults(options: Partial<Options>, unit: 'MONTHLY' | 'YEARLY', localStart: number): void {
  const at = new Date(localStart);
  const dayChosen = [options.byweekno, options.byyearday, options.bymonthday, options.byweekday].some((p) => p !== undefined && p !== null);
  if (!dayChosen) {
    if (unit === 'YEARLY') options.bymonth ??= at.getUTCMonth() + 1;
    options.bymonthday = at.getUTCDate();
  }
  options.byhour ??= at.getUTCHours();
  options.byminute ??= at.getUTCMinutes();
  options.bysecond ??= at.getUTCSeconds();
}

/**
 * Where a MONTHLY or YEARLY walk toward `localFrom` may start: in the period that holds it (each
 * period's occurrences lie within its month or year, and the library picks BYSETPOS positions
 * from the whole period before it drops those before the start), at `localFrom` itself, to the
 * second, keeping the start's milliseconds; otherwise the first day of the latest period before it.
 */
function calendarPeriodStart(c: Compiled, unit: 'MONTHLY' | 'YEARLY', interval: number, localFrom: number): number {
  const start = new Date(c.localStart);
  const from = new Date(localFrom);
  const months = unit === 'MONTHLY' ? (from.getUTCFullYear() - start.getUTCFullYear()) * 12 + from.getUTCMonth() - start.getUTCMonth() : from.getUTCFullYear() - start.getUTCFullYear();
  const skipped = Math.floor(months / interval) * interval;
  if (skipped <= 0) return c.localStart;
  const first = (unit === 'MONTHLY' ? Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + skipped, 1) : Date.UTC(start.getUTCFullYear() + skipped, 0, 1)) + start.getUTCMilliseconds();
  return skipped === months && localFrom > first ? first + Math.floor((localFrom - first) / 1000) * 1000 : first;
}

/**
 * The rule starting from the latest whole period that leaves `localFrom` at least one period
 * ahead: with no COUNT, a rule repeats the same pattern each period (hours, days and weeks of
 * fixed length; months and years from their first day), so the years before a window need not
 * be walked.
 */
function ruleFrom(c: Compiled, localFrom: number): Rule {
  let start = c.localStart;
  if (c.periodMs !== undefined && localFrom - start > 2 * c.periodMs) {
    start += (Math.floor((localFrom - start) / c.periodMs) - 1) * c.periodMs;
  } else if (c.calendarPeriod !== undefined) {
    start = calendarPeriodStart(c, c.calendarPeriod.unit, c.calendarPeriod.interval, localFrom);
  }
  return new RRule({ ...c.options, dtstart: new Date(start), tzid: null });
}

/** The library's local starts from `localFrom` to `localTo`, in order, a widening window at a time. */
function* libraryLocals(c: Compiled, localFrom: number, localTo: number): Generator<number> {
  let from = Math.max(localFrom, c.localStart);
  // Doubling: a reader that stops early leaves at most as much expanded as it took.
  for (let width = DAY; from <= localTo; width *= 2) {
    const to = Math.min(localTo, from + width);
    // The library yields the times of one day in the order the rule lists them: sorted here.
    yield* ruleFrom(c, from).between(new Date(from), new Date(to), true).map((d) => d.getTime()).sort((x, y) => x - y);
    from = to + 1;
  }
}

function* slotLocals(a: Arithmetic, localFrom: number): Generator<number> {
  for (let k = Math.max(a.first, slotsBefore(a.slots, localFrom)); k < a.end; k++) yield slotAt(a.slots, k);
}

/** An occurrence starting at `start` overlaps [fromMs, …) and is not before the series' start. */
const reaches = (series: Series, fromMs: number) => (start: number) => start + series.durationMs > fromMs && start >= series.startMs;

/**
 * Occurrence starts (epoch ms) of a series whose time [start, start + duration) overlaps
 * [fromMs, toMs), lazily and in order: the reader pays for the occurrences it takes. Local time
 * maps to instants in order but on a spring-forward night: a local time in the gap is read with
 * the offset before it (02:30 becomes 03:30 of the new offset), the instant of a later local time
 * the rule also yields (03:30). One instant is one occurrence, so such a repeat is left out.
 * The first start at or after `toMs` ends the walk.
 */
export function* occurrences(series: Series, fromMs: number, toMs: number): Generator<number> {
  if (series.rule === null) {
    if (series.startMs < toMs && reaches(series, fromMs)(series.startMs)) yield series.startMs;
    return;
  }
  const c = compile(series);
  const localFrom = fromMs - series.durationMs - ZONE_MARGIN;
  const locals = c.arithmetic !== undefined ? slotLocals(c.arithmetic, localFrom) : libraryLocals(c, localFrom, toMs + ZONE_MARGIN);
  const inWindow = reaches(series, fromMs);
  let latest = -Infinity;
  for (const local of locals) {
    const start = instantOf(series.timeZone, local);
    if (start <= latest) continue;
    latest = start;
    if (start >= toMs) return;
    if (inWindow(start)) yield start;
  }
}

const QUARTER_HOUR = 15 * 60_000;

/**
 * The zone's spring-forward gaps between two instants, each as the local time where it begins
 * and its length. Offsets are sampled a week apart (no zone changes twice within a week) and a
 * change is narrowed to its quarter hour, the grain of every change in the time-zone database.
 */
function gapsBetween(zone: string, fromMs: number, toMs: number): Array<{ localStart: number; length: number }> {
  const gaps: Array<{ localStart: number; length: number }> = [];
  for (let a = fromMs; a < toMs; a += 7 * DAY) {
    let lo = a;
    let hi = Math.min(a + 7 * DAY, toMs);
    const before = offsetAt(zone, lo);
    const after = offsetAt(zone, hi);
    if (after <= before) continue;
    while (hi - lo > QUARTER_HOUR) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(zone, mid) === before) lo = mid;
      else hi = mid;
    }
    const change = Math.floor(hi / QUARTER_HOUR) * QUARTER_HOUR;
    gaps.push({ localStart: change + before, length: after - before });
  }
  return gaps;
}

/**
 * How many slots in [lo, hi) repeat an earlier slot's instant: a slot just after a gap whose
 * local time less the gap's length is a slot of the series in the gap (see `occurrences`).
 */
function repeatsIn(series: Series, a: Arithmetic, lo: number, hi: number, fromMs: number, toMs: number): number {
  let repeats = 0;
  for (const gap of gapsBetween(series.timeZone, fromMs - series.durationMs - ZONE_MARGIN, toMs + ZONE_MARGIN)) {
    for (let k = slotsBefore(a.slots, gap.localStart + gap.length); slotAt(a.slots, k) < gap.localStart + 2 * gap.length; k++) {
      if (k < lo || k >= hi) continue;
      const inGap = slotAt(a.slots, k) - gap.length;
      const j = slotsBefore(a.slots, inGap);
      if (slotAt(a.slots, j) === inGap && j >= a.first && j < a.end) repeats++;
    }
  }
  return repeats;
}

/** Occurrence starts (epoch ms) of a series, in order, whose time overlaps [fromMs, toMs). */
export function occurrencesBetween(series: Series, fromMs: number, toMs: number): number[] {
  return [...occurrences(series, fromMs, toMs)];
}

/** The first slot of the series from slot `k0` on whose start satisfies `test` (a test that stays true once true), or its end. */
function firstSlot(series: Series, a: Arithmetic, k0: number, test: (start: number) => boolean): number {
  let k = Math.min(a.end, Math.max(a.first, k0));
  while (k < a.end && !test(instantOf(series.timeZone, slotAt(a.slots, k)))) k++;
  return k;
}

/** What is left of a request's allowance for occurrences expanded only to be counted. */
export interface CountBudget {
  left: number;
}

/**
 * How many occurrences of the series overlap [fromMs, toMs): found by arithmetic for single
 * meetings and arithmetic rules (a few steps at each edge of the window), otherwise by
 * expansion, each occurrence taken from `budget` (when it runs out, the count is a lower bound).
 */
export function countOccurrences(series: Series, fromMs: number, toMs: number, budget: CountBudget): number {
  if (series.rule === null) return series.startMs < toMs && reaches(series, fromMs)(series.startMs) ? 1 : 0;
  const a = compile(series).arithmetic;
  if (a === undefined) {
    const walk = occurrences(series, fromMs, toMs);
    let n = 0;
    while (budget.left > 0 && walk.next().done !== true) {
      n++;
      budget.left--;
    }
    return n;
  }
  const lo = firstSlot(series, a, slotsBefore(a.slots, fromMs - series.durationMs - ZONE_MARGIN), reaches(series, fromMs));
  const hi = firstSlot(series, a, Math.max(lo, slotsBefore(a.slots, toMs - ZONE_MARGIN)), (start) => start >= toMs);
  return Math.max(0, hi - lo - repeatsIn(series, a, lo, hi, fromMs, toMs));
}

/** The first occurrence starting after `afterMs`, or undefined when the series has ended (or has none within a century). */
export function nextOccurrence(series: Series, afterMs: number): number | undefined {
  if (series.rule === null) return series.startMs > afterMs ? series.startMs : undefined;
  const c = compile(series);
  const a = c.arithmetic;
  if (a !== undefined) {
    const k = firstSlot(series, a, slotsBefore(a.slots, afterMs - ZONE_MARGIN), (start) => start > afterMs && start >= series.startMs);
    return k < a.end ? instantOf(series.timeZone, slotAt(a.slots, k)) : undefined;
  }
  const from = localOf(series.timeZone, afterMs) - ZONE_MARGIN;
  for (const local of libraryLocals(c, from, Math.min(from + 40_000 * DAY, c.until ?? Infinity))) {
    const start = instantOf(series.timeZone, local);
    if (start > afterMs) return start;
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
  if (c.arithmetic !== undefined) return slotAt(c.arithmetic.slots, c.arithmetic.first) === c.localStart && c.arithmetic.end > c.arithmetic.first;
  // Only the period holding the start can make it an occurrence. An INTERVAL past the year 9999
  // ends the library's walk after that period: without it, a rule that never occurs (BYYEARDAY=366
  // with BYMONTH=2) is looked for period after period up to the year 9999, seconds of work.
  const onePeriod = c.options.freq === RRule.YEARLY ? { interval: 10_000 } : c.options.freq === RRule.MONTHLY ? { interval: 120_000 } : {};
  const first = new RRule({ ...c.options, ...onePeriod, dtstart: new Date(c.localStart), tzid: null }).after(new Date(c.localStart), true);
  return first !== null && first.getTime() === c.localStart;
}

/** How far a series with COUNT or UNTIL may reach: its last occurrence at most this many years after its start. */
export const HORIZON_YEARS = 50;

/**
 * The part (COUNT or UNTIL) that makes the series reach more than HORIZON_YEARS past its start,
 * or undefined. Checked before anything walks a series from its start, so that such a walk
 * covers at most the horizon (the library stops at the first occurrence past it).
 */
export function beyondHorizon(series: Series): 'COUNT' | 'UNTIL' | undefined {
  if (series.rule === null) return undefined;
  const c = compile(series);
  const start = new Date(c.localStart);
  const horizon = Date.UTC(start.getUTCFullYear() + HORIZON_YEARS, start.getUTCMonth(), start.getUTCDate(), 23, 59, 59, 999);
  if (c.until !== undefined) return c.until > horizon ? 'UNTIL' : undefined;
  if (c.count === undefined) return undefined;
  const count = c.count;
  const a = c.arithmetic;
  if (a !== undefined) return a.end > a.first && slotAt(a.slots, a.end - 1) > horizon ? 'COUNT' : undefined;
  const rule = new RRule({ ...c.options, dtstart: new Date(c.localStart), tzid: null });
  return rule.between(new Date(c.localStart), new Date(horizon), true, (_, i) => i < count).length < count ? 'COUNT' : undefined;
}

/** How many occurrences the series has, counted up to MAX_OCCURRENCES + 1; undefined for a series without COUNT or UNTIL, which runs on. */
export function occurrenceCount(series: Series): number | undefined {
  if (series.rule === null) return 1;
  const c = compile(series);
  if (c.count === undefined && c.until === undefined) return undefined;
  if (c.arithmetic !== undefined) return c.arithmetic.end - c.arithmetic.first;
  return new RRule({ ...c.options, dtstart: new Date(c.localStart), tzid: null }).all((_, i) => i <= MAX_OCCURRENCES).length;
}

/**
 * The latest instant an occurrence may end, for selecting the series that can touch a window:
 * exact for arithmetic rules and with COUNT, from UNTIL (plus a day for local time) otherwise,
 * unbounded without either.
 */
export function lastEndMs(series: Series): number | undefined {
  if (series.rule === null) return series.startMs + series.durationMs;
  const c = compile(series);
  const a = c.arithmetic;
  if (a !== undefined) {
    if (a.end === Infinity) return undefined;
    return a.end > a.first ? instantOf(series.timeZone, slotAt(a.slots, a.end - 1)) + series.durationMs : series.startMs + series.durationMs;
  }
  if (c.count !== undefined) {
    const last = new RRule({ ...c.options, dtstart: new Date(c.localStart), tzid: null }).all().at(-1);
    return last === undefined ? series.startMs + series.durationMs : instantOf(series.timeZone, last.getTime()) + series.durationMs;
  }
  return c.until === undefined ? undefined : c.until + ZONE_MARGIN + series.durationMs;
}
