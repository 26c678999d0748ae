/**
 * Recurrence rules (RFC 5545 RRULE) as a meeting calendar accepts them: every part checked, and
 * no rule that can yield more occurrences in a day than a calendar needs (`MAX_PER_DAY`), so no
 * series can make a window's expansion or its reminders explode.
 */
export const MAX_COUNT = 10_000;
/** The most occurrences a series may have in one day: one an hour, what FREQ=HOURLY gives. */
const MAX_PER_DAY = 24;

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
export function untilMs(v: string): number {
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
  for (const name of ['BYMONTH', 'BYMONTHDAY']) {
    if (parts.has(name) && ['HOURLY', 'DAILY', 'WEEKLY'].includes(freq)) {
      throw new RuleError(`${name} is only accepted with FREQ=MONTHLY or YEARLY (a ${freq.toLowerCase()} rule filtered by month or day of month can go years between occurrences; FREQ=MONTHLY or YEARLY says the same)`);
    }
  }
  if (/[+-]?\d/.test(parts.get('BYDAY') ?? '') && !['MONTHLY', 'YEARLY'].includes(freq)) throw new RuleError('BYDAY with a number is only allowed with FREQ=MONTHLY or YEARLY');
  const beyond = setPosBeyondPeriod(parts);
  if (beyond !== undefined) throw new RuleError(beyond);
  const crowded = tooManyPerDay(parts);
  if (crowded !== undefined) throw new RuleError(crowded);
  return { text: [...parts].map(([k, v]) => `${k}=${v}`).join(';'), parts };
}

const TIME_PARTS = ['BYHOUR', 'BYMINUTE', 'BYSECOND'] as const;

/**
 * The refusal of a BYSETPOS that reaches past the most occurrences a period can hold (BYMINUTE ×
 * BYSECOND, × BYHOUR but for HOURLY, × BYDAY for WEEKLY, × at most 31 days for MONTHLY and 366
 * for YEARLY, fewer where BYDAY, BYMONTHDAY, BYYEARDAY or BYMONTH say so): such a position names nothing, and the library would walk period after period to the
 * year 9999 looking for it.
 */
function setPosBeyondPeriod(parts: ReadonlyMap<string, string>): string | undefined {
  const freq = parts.get('FREQ') ?? '';
  const positions = parts.get('BYSETPOS');
  if (positions === undefined) return undefined;
  const size = (name: string) => new Set(parts.get(name)?.split(',') ?? ['']).size;
  // Upper bounds on the days a period can hold, the tightest the day parts give.
  const at = (name: string, each: number, most: number) => (parts.has(name) ? Math.min(most, each * size(name)) : most);
  const monthDays = Math.min(at('BYDAY', 5, 31), at('BYMONTHDAY', 1, 31));
  const yearDays = Math.min(at('BYDAY', 53, 366), at('BYMONTHDAY', 12, 366), at('BYYEARDAY', 1, 366), at('BYMONTH', 31, 366));
  const days = freq === 'WEEKLY' ? size('BYDAY') : freq === 'MONTHLY' ? monthDays : freq === 'YEARLY' ? yearDays : 1;
  const held = size('BYMINUTE') * size('BYSECOND') * (freq === 'HOURLY' ? 1 : size('BYHOUR')) * days;
  const far = positions.split(',').map(Number).find((n) => Math.abs(n) > held);
  return far === undefined ? undefined : `has BYSETPOS ${far}, but a FREQ=${freq} period holds at most ${held} occurrence${held === 1 ? '' : 's'}`;
}

/**
 * The refusal of a rule that can yield more than MAX_PER_DAY occurrences in a day, naming the
 * parts that multiply: BYHOUR × BYMINUTE × BYSECOND each day (the hours of the day for HOURLY),
 * counted before BYSETPOS, which may only thin them out.
 */
function tooManyPerDay(parts: ReadonlyMap<string, string>): string | undefined {
  const size = (name: string) => new Set(parts.get(name)?.split(',') ?? ['']).size;
  const hourly = parts.get('FREQ') === 'HOURLY';
  const hoursOfHourly = Math.min(parts.has('BYHOUR') ? size('BYHOUR') : 24, Math.ceil(24 / Number(parts.get('INTERVAL') ?? 1)));
  const factors: Array<[string, number]> = [];
  if (hourly) factors.push([parts.has('BYHOUR') ? `FREQ=HOURLY with BYHOUR ${size('BYHOUR')}` : 'FREQ=HOURLY', hoursOfHourly]);
  for (const name of TIME_PARTS) if (!(hourly && name === 'BYHOUR') && size(name) > 1) factors.push([`${name} ${size(name)}`, size(name)]);
  const perDay = factors.reduce((n, [, f]) => n * f, 1);
  if (perDay <= MAX_PER_DAY) return undefined;
  return `can yield ${perDay.toLocaleString('en-US')} occurrences a day (${factors.map(([name]) => name).join(' × ')}); a meeting series has at most ${MAX_PER_DAY} a day`;
}
