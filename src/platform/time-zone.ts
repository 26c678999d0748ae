/**
 * The organization's time zone (the setting `timeZone`, an IANA name; UTC when unset) and the
 * conversions between instants and local wall-clock time in a zone. "Local" times are carried
 * as epoch milliseconds of the wall-clock reading taken as if it were UTC ("floating" time).
 */
const DEFAULT_TIME_ZONE = 'UTC';

export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The organization's time zone from its settings; UTC when unset or unknown. */
export function timeZoneOf(settings: Readonly<Record<string, unknown>>): string {
  const zone = settings.timeZone;
  return typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();
const MAX_OFFSETS = 100_000;

/**
 * The zone's UTC offset in ms at an instant. Every offset change of the time-zone database
 * falls on a quarter hour, so offsets are kept per zone and quarter hour.
 */
export function offsetAt(timeZone: string, instantMs: number): number {
  const bucket = Math.floor(instantMs / QUARTER_HOUR);
  let zone = offsets.get(timeZone);
  if (zone === undefined) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const kept = zone.get(bucket);
  if (kept !== undefined) return kept;
  const at = bucket * QUARTER_HOUR;
  const p = Object.fromEntries(formatOf(timeZone).formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  const offset = wall - at;
  if (zone.size >= MAX_OFFSETS) zone.clear();
  zone.set(bucket, offset);
  return offset;
}

/** The wall-clock reading (floating ms) of an instant in the zone. */
export function localOf(timeZone: string, instantMs: number): number {
  return instantMs + offsetAt(timeZone, instantMs);
}

const DAY = 86_400_000;

/**
 * The instant a local wall-clock time names in the zone, as RFC 5545 reads it: a time that
 * occurs twice (clocks going back) is its first occurrence; a time that does not exist (clocks
 * going forward) is read with the offset before the gap, so 02:30 on a spring-forward night
 * becomes 03:30 of the new offset.
 */
export function instantOf(timeZone: string, localMs: number): number {
  const before = offsetAt(timeZone, localMs - DAY);
  const after = offsetAt(timeZone, localMs + DAY);
  if (before === after) return localMs - before;
  const candidates = [localMs - before, localMs - after].filter((t) => t + offsetAt(timeZone, t) === localMs);
  if (candidates.length === 0) return localMs - before;
  return Math.min(...candidates);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `2027-03-29T10:00:00+02:00`: the instant in the zone's wall-clock time with its offset. */
export function withZoneOffset(timeZone: string, instantMs: number): string {
  const offset = offsetAt(timeZone, instantMs);
  const local = new Date(instantMs + offset).toISOString().slice(0, 19);
  const minutes = Math.round(offset / 60_000);
  return `${local}${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

/** `now` as local wall-clock text in the zone: `YYYY-MM-DDTHH:MM`. */
export function localNow(timeZone: string, now: Date = new Date()): string {
  return new Date(localOf(timeZone, now.getTime())).toISOString().slice(0, 16);
}
