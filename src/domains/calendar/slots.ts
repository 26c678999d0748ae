/**
 * The arithmetic rules (HOURLY, DAILY and WEEKLY with INTERVAL, plain BYDAY, WKST and, except
 * HOURLY, BYHOUR, BYMINUTE and BYSECOND) as slots: `origin + p·period + offset` for every whole
 * period p ≥ 0 and each of a few sorted offsets. In floating local time every period has the
 * same pattern, so the n-th occurrence, the number before an instant, and therefore a window's
 * count are found by arithmetic, without walking the series.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export interface Slots {
  origin: number;
  period: number;
  /** Sorted, each in [0, period). */
  offsets: number[];
}

const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const ARITHMETIC_PARTS = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'WKST', 'BYHOUR', 'BYMINUTE', 'BYSECOND']);
const TIME_PARTS = ['BYHOUR', 'BYMINUTE', 'BYSECOND'];

const weekdayOf = (localMs: number) => new Date(localMs).getUTCDay();
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const numbers = (list: string) => [...new Set(list.split(',').map(Number))];

/** The times of day (ms after local midnight) of a DAILY or WEEKLY rule: BYHOUR × BYMINUTE × BYSECOND, the start's where absent. */
function timesOfDay(parts: ReadonlyMap<string, string>, localStart: number): number[] {
  const at = new Date(localStart);
  const hours = numbers(parts.get('BYHOUR') ?? String(at.getUTCHours()));
  const minutes = numbers(parts.get('BYMINUTE') ?? String(at.getUTCMinutes()));
  const seconds = numbers(parts.get('BYSECOND') ?? String(at.getUTCSeconds()));
  const times = hours.flatMap((h) => minutes.flatMap((m) => seconds.map((s) => h * HOUR + m * MINUTE + s * SECOND + at.getUTCMilliseconds())));
  return times.sort((a, b) => a - b);
}

/** The slots of a rule of the arithmetic shape, or undefined for any other rule (the library expands those). */
export function slotsOf(parts: ReadonlyMap<string, string>, localStart: number): Slots | undefined {
  const freq = parts.get('FREQ');
  if (freq !== 'HOURLY' && freq !== 'DAILY' && freq !== 'WEEKLY') return undefined;
  if ([...parts.keys()].some((k) => !ARITHMETIC_PARTS.has(k))) return undefined;
  if (freq === 'HOURLY' && TIME_PARTS.some((p) => parts.has(p))) return undefined;
  if (numbers(parts.get('BYSECOND') ?? '0').includes(60)) return undefined;
  const byday = parts.get('BYDAY');
  if (byday !== undefined && /\d/.test(byday)) return undefined;
  const weekdays = byday === undefined ? undefined : new Set(byday.split(',').map((d) => DAY_CODES.indexOf(d)));
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const midnight = Math.floor(localStart / DAY) * DAY;
  if (freq === 'WEEKLY') {
    const weekStart = DAY_CODES.indexOf(parts.get('WKST') ?? 'MO');
    const days = [...(weekdays ?? [weekdayOf(localStart)])].map((d) => (d - weekStart + 7) % 7).sort((a, b) => a - b);
    const times = timesOfDay(parts, localStart);
    const origin = midnight - ((weekdayOf(localStart) - weekStart + 7) % 7) * DAY;
    return { origin, period: interval * WEEK, offsets: days.flatMap((d) => times.map((t) => d * DAY + t)) };
  }
  // A weekday filter repeats after a whole number of weeks: the cycle has at most 168 steps.
  const stepMs = freq === 'HOURLY' ? interval * HOUR : interval * DAY;
  const stepsPerWeek = freq === 'HOURLY' ? 168 : 7;
  const steps = weekdays === undefined ? 1 : stepsPerWeek / gcd(interval % stepsPerWeek, stepsPerWeek);
  const origin = freq === 'HOURLY' ? localStart : midnight;
  const times = freq === 'HOURLY' ? [0] : timesOfDay(parts, localStart);
  const offsets: number[] = [];
  for (let k = 0; k < steps; k++) {
    if (weekdays === undefined || weekdays.has(weekdayOf(origin + k * stepMs))) offsets.push(...times.map((t) => k * stepMs + t));
  }
  return { origin, period: steps * stepMs, offsets };
}

/** How many slots lie before the local time `x`. */
export function slotsBefore(s: Slots, x: number): number {
  if (x <= s.origin || s.offsets.length === 0) return 0;
  const p = Math.floor((x - s.origin) / s.period);
  const base = s.origin + p * s.period;
  let i = 0;
  while (i < s.offsets.length && base + (s.offsets[i] ?? 0) < x) i += 1;
  return p * s.offsets.length + i;
}

/** The local time of slot `k` (0 = the first). */
export function slotAt(s: Slots, k: number): number {
  const n = s.offsets.length;
  return s.origin + Math.floor(k / n) * s.period + (s.offsets[k % n] ?? 0);
}
