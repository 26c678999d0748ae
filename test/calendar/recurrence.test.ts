/** Expansion without a database: the common rules against the rrule library, time-zone edges, rule checks. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import rrule from 'rrule';
import { countOccurrences, lastEndMs, nextOccurrence, occurrenceCount, occurrencesBetween } from '../../src/domains/calendar/recurrence.ts';
import { RuleError, parseRule } from '../../src/domains/calendar/rules.ts';
import { instantOf, withZoneOffset } from '../../src/platform/time-zone.ts';

const { RRule } = rrule;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const ZONE_MARGIN = 15 * HOUR;
const hours = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');

// A fixed seed, so a run's verdict is the same on every machine (FUZZ_SEED tries another).
fc.configureGlobal({ seed: Number(process.env.FUZZ_SEED ?? 20261125) });

describe('recurrence', () => {
  it('daily, hourly and weekly rules expand exactly as the rrule library does (UTC), also far into a series', () => {
    const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
    fc.assert(
      fc.property(
        fc.constantFrom('HOURLY', 'DAILY', 'WEEKLY'),
        fc.integer({ min: 1, max: 5 }),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
        fc.option(fc.uniqueArray(fc.constantFrom(...days), { minLength: 1, maxLength: 4 }), { nil: undefined }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 23 }),
        (freq, interval, count, byday, windowDay, hour) => {
          const startMs = Date.UTC(2030, 0, 7, hour, 15);
          const startDay = days[(new Date(startMs).getUTCDay() + 6) % 7]!;
          const weekdays = byday === undefined ? undefined : [...new Set([startDay, ...byday])];
          const rule = [`FREQ=${freq}`, `INTERVAL=${interval}`, ...(count === undefined ? [] : [`COUNT=${count}`]), ...(weekdays === undefined ? [] : [`BYDAY=${weekdays.join(',')}`])].join(';');
          const from = startMs + windowDay * DAY - 3 * DAY;
          const to = from + 20 * DAY;
          const ours = occurrencesBetween({ startMs, durationMs: 1_800_000, timeZone: 'UTC', rule }, from, to);
          const theirs = new RRule({ ...RRule.parseString(rule), dtstart: new Date(startMs) })
            .between(new Date(from - 1_800_000), new Date(to), false)
            .map((d) => d.getTime())
            .filter((t) => t + 1_800_000 > from && t < to);
          assert.deepEqual(ours, theirs, rule);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('monthly and yearly rules (through the library) keep local time in the zone', () => {
    const zone = 'America/New_York';
    const startMs = instantOf(zone, Date.UTC(2030, 0, 31, 9, 0));
    const series = { startMs, durationMs: 3_600_000, timeZone: zone, rule: 'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4' };
    assert.deepEqual(occurrencesBetween(series, startMs, startMs + 200 * DAY).map((t) => withZoneOffset(zone, t)), [
      '2030-01-31T09:00:00-05:00', '2030-02-28T09:00:00-05:00', '2030-03-31T09:00:00-04:00', '2030-04-30T09:00:00-04:00',
    ]);
    assert.equal(lastEndMs(series), Date.parse('2030-04-30T10:00:00-04:00'));
    assert.equal(withZoneOffset(zone, nextOccurrence(series, Date.parse('2030-03-01T00:00:00Z'))!), '2030-03-31T09:00:00-04:00');
    assert.equal(nextOccurrence(series, Date.parse('2030-05-01T00:00:00Z')), undefined);
  });

  it('local times that do not exist are read with the offset before the gap; repeated ones as their first occurrence', () => {
    assert.equal(withZoneOffset('Europe/Berlin', instantOf('Europe/Berlin', Date.UTC(2027, 2, 28, 2, 30))), '2027-03-28T03:30:00+02:00');
    assert.equal(withZoneOffset('Europe/Berlin', instantOf('Europe/Berlin', Date.UTC(2027, 9, 31, 2, 30))), '2027-10-31T02:30:00+02:00');
    assert.equal(withZoneOffset('Asia/Kathmandu', Date.UTC(2030, 0, 1, 0, 0)), '2030-01-01T05:45:00+05:45');
    const daily = { startMs: Date.parse('2027-03-27T02:30:00+01:00'), durationMs: 1_800_000, timeZone: 'Europe/Berlin', rule: 'FREQ=DAILY;COUNT=3' };
    assert.deepEqual(occurrencesBetween(daily, daily.startMs, daily.startMs + 5 * DAY).map((t) => withZoneOffset('Europe/Berlin', t)), [
      '2027-03-27T02:30:00+01:00', '2027-03-28T03:30:00+02:00', '2027-03-29T02:30:00+02:00',
    ]);
  });

  it('on a spring-forward night a local time in the gap and the later local time it is read as are one occurrence, listed once, in order, and counted once', () => {
    const zone = 'America/New_York';
    for (const rule of ['FREQ=DAILY;BYHOUR=2,3;BYMINUTE=0,1', 'FREQ=MONTHLY;BYMONTHDAY=10;BYHOUR=2,3;BYMINUTE=0,1']) {
      const series = { startMs: instantOf(zone, rule.startsWith('FREQ=DAILY') ? Date.UTC(2030, 2, 4, 2, 0) : Date.UTC(2030, 1, 10, 2, 0)), durationMs: 60_000, timeZone: zone, rule };
      const from = Date.parse('2030-03-10T00:00:00-05:00');
      const to = Date.parse('2030-03-10T12:00:00-04:00');
      const listed = occurrencesBetween(series, from, to).map((t) => withZoneOffset(zone, t));
      assert.deepEqual(listed, ['2030-03-10T03:00:00-04:00', '2030-03-10T03:01:00-04:00'], rule);
      assert.equal(countOccurrences(series, from, to, { left: 100 }), 2, rule);
    }
    // Away from the gap nothing is left out: the next day has all four.
    const daily = { startMs: instantOf(zone, Date.UTC(2030, 2, 4, 2, 0)), durationMs: 60_000, timeZone: zone, rule: 'FREQ=DAILY;BYHOUR=2,3;BYMINUTE=0,1' };
    const day = [Date.parse('2030-03-11T00:00:00-04:00'), Date.parse('2030-03-12T00:00:00-04:00')] as const;
    assert.equal(occurrencesBetween(daily, ...day).length, 4);
    assert.equal(countOccurrences(daily, ...day, { left: 100 }), 4);
  });

  it('rule checks: parts, values and combinations RFC 5545 forbids are refused; the text is normalized', () => {
    assert.equal(parseRule(' rrule:freq=weekly;byday=mo,we ').text, 'FREQ=WEEKLY;BYDAY=MO,WE');
    for (const bad of ['', 'FREQ=DAILY;FREQ=DAILY', 'INTERVAL=2', 'FREQ=DAILY;INTERVAL=0', 'FREQ=DAILY;UNTIL=20301332', 'FREQ=WEEKLY;BYMONTHDAY=3', 'FREQ=DAILY;BYDAY=2MO', 'FREQ=MONTHLY;BYWEEKNO=3', 'FREQ=DAILY;X-NAME=1', 'FREQ=DAILY;COUNT=20000']) {
      assert.throws(() => parseRule(bad), RuleError, bad);
    }
  });

  it('times of day (BYHOUR, BYMINUTE), weekdays, COUNT and UNTIL in a zone: the arithmetic expansion, its count and the next occurrence agree with the rrule library', () => {
    const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
    fc.assert(
      fc.property(
        fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kathmandu'),
        fc.constantFrom('HOURLY', 'DAILY', 'WEEKLY'),
        fc.integer({ min: 1, max: 10 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { minLength: 1, maxLength: 4 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 59 }), { minLength: 1, maxLength: 3 }),
        fc.option(fc.uniqueArray(fc.constantFrom(...days), { minLength: 1, maxLength: 4 }), { nil: undefined }),
        fc.constantFrom('none', 'count', 'until'),
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 1, max: 60 }),
        (zone, freq, interval, byhour, byminute, byday, end, windowDay, windowDays) => {
          const timed = freq !== 'HOURLY';
          const localStart = Date.UTC(2030, 2, 4, timed ? byhour[0]! : 2, timed ? byminute[0]! : 30);
          const startMs = instantOf(zone, localStart);
          const startDay = days[(new Date(localStart).getUTCDay() + 6) % 7]!;
          const weekdays = byday === undefined ? undefined : [...new Set([startDay, ...byday])];
          const parts = [
            `FREQ=${freq}`, `INTERVAL=${interval}`,
            ...(timed ? [`BYHOUR=${byhour.join(',')}`, `BYMINUTE=${byminute.join(',')}`] : []),
            ...(weekdays === undefined ? [] : [`BYDAY=${weekdays.join(',')}`]),
            ...(end === 'count' ? [`COUNT=${windowDays * 7}`] : []),
          ];
          const untilLocal = localStart + windowDays * 9 * DAY;
          const until = new Date(untilLocal).toISOString().replace(/[-:]/g, '').slice(0, 15);
          const rule = [...parts, ...(end === 'until' ? [`UNTIL=${until}`] : [])].join(';');
          const series = { startMs, durationMs: 1_800_000, timeZone: zone, rule };
          const from = startMs + windowDay * DAY - 2 * DAY;
          const to = from + windowDays * DAY;
          // The library counts a day's times in the order listed: the oracle gets them sorted.
          const sorted = parts.map((p) => (/^BY(HOUR|MINUTE)=/.test(p) ? p.replace(/=.*/, `=${p.slice(p.indexOf('=') + 1).split(',').map(Number).sort((x, y) => x - y).join(',')}`) : p));
          const library = new RRule({ ...RRule.parseString(sorted.join(';')), ...(end === 'until' ? { until: new Date(untilLocal) } : {}), dtstart: new Date(localStart), tzid: null });
          // One instant is one occurrence: a local time in a spring-forward gap read as the instant of a later one is the same occurrence.
          const theirs = [...new Set(library.between(new Date(from - 1_800_000 - ZONE_MARGIN), new Date(to + ZONE_MARGIN), true)
            .map((d) => instantOf(zone, d.getTime()))
            .filter((t) => t + 1_800_000 > from && t < to && t >= startMs))]
            .sort((x, y) => x - y);
          const ours = occurrencesBetween(series, from, to);
          assert.deepEqual(ours, theirs, `${zone} ${rule}`);
          assert.equal(countOccurrences(series, from, to, { left: 0 }), theirs.length, `count ${zone} ${rule}`);
          const expected = library.between(new Date(from - ZONE_MARGIN), new Date(from + 400 * DAY), true)
            .map((d) => instantOf(zone, d.getTime()))
            .filter((t) => t > from && t >= startMs)
            .sort((x, y) => x - y)[0];
          assert.equal(nextOccurrence(series, from), expected, `next ${zone} ${rule}`);
          if (end !== 'none') {
            const all = library.all();
            assert.equal(occurrenceCount(series), all.length, `size ${zone} ${rule}`);
            assert.equal(lastEndMs(series), Math.max(...all.map((d) => instantOf(zone, d.getTime()))) + 1_800_000, `last ${zone} ${rule}`);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('rules through the library are counted by expansion within the budget, and each counted occurrence is taken from it', () => {
    const startMs = Date.UTC(2030, 0, 1, 0, 0);
    const series = { startMs, durationMs: 1_800_000, timeZone: 'UTC', rule: `FREQ=MONTHLY;BYMONTHDAY=1,2,3;BYHOUR=${hours(24)}` };
    const from = startMs;
    const to = startMs + 59 * DAY;
    assert.equal(occurrencesBetween(series, from, to).length, 2 * 3 * 24);
    const budget = { left: 1_000 };
    assert.equal(countOccurrences(series, from, to, budget), 144);
    assert.equal(budget.left, 1_000 - 144);
    assert.equal(countOccurrences(series, from, to, { left: 100 }), 100);
  });

  it('a rule that can yield more than 24 occurrences a day is refused, naming the parts that multiply; 24 a day is accepted', () => {
    const refused: Array<[string, string[]]> = [
      [`FREQ=DAILY;BYHOUR=${hours(24)};BYMINUTE=${Array.from({ length: 60 }, (_, i) => i).join(',')};BYSECOND=${Array.from({ length: 60 }, (_, i) => i).join(',')}`, ['86,400', 'BYHOUR 24', 'BYMINUTE 60', 'BYSECOND 60']],
      ['FREQ=HOURLY;BYMINUTE=0,30', ['48', 'FREQ=HOURLY', 'BYMINUTE 2']],
      ['FREQ=DAILY;BYHOUR=9;BYMINUTE=' + Array.from({ length: 25 }, (_, i) => i).join(','), ['25', 'BYMINUTE 25']],
      ['FREQ=WEEKLY;BYHOUR=8,9,10,11,12,13;BYMINUTE=0,15,30,45;BYSECOND=0,30', ['48', 'BYHOUR 6', 'BYMINUTE 4', 'BYSECOND 2']],
      ['FREQ=HOURLY;BYHOUR=8,9,10,11,12,13,14,15,16,17,18,19,20;BYMINUTE=0,30', ['26', 'FREQ=HOURLY with BYHOUR 13', 'BYMINUTE 2']],
    ];
    for (const [rule, named] of refused) {
      assert.throws(() => parseRule(rule), (error: unknown) => error instanceof RuleError && named.every((n) => error.message.includes(n)), rule);
    }
    for (const rule of ['FREQ=HOURLY', `FREQ=DAILY;BYHOUR=${hours(24)}`, 'FREQ=HOURLY;INTERVAL=2;BYMINUTE=0,30', 'FREQ=DAILY;BYHOUR=9;BYMINUTE=' + Array.from({ length: 24 }, (_, i) => i).join(','), 'FREQ=WEEKLY;BYHOUR=9,10,11;BYMINUTE=0,15,30,45;BYSECOND=0,30']) {
      assert.doesNotThrow(() => parseRule(rule), rule);
    }
  });

  it('a series has at most 10,000 occurrences: an UNTIL that reaches further is counted as over, through arithmetic and through the library', () => {
    const startMs = Date.UTC(2030, 0, 1, 0, 0);
    const over = (rule: string) => occurrenceCount({ startMs, durationMs: 1_800_000, timeZone: 'UTC', rule });
    assert.equal(over(`FREQ=DAILY;BYHOUR=${hours(24)};UNTIL=20310201`), 24 * (365 + 32));
    assert.equal(over(`FREQ=DAILY;BYHOUR=${hours(24)};UNTIL=20310601`), 24 * (365 + 152));
    assert.equal(over(`FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8,9,10;BYHOUR=${hours(24)};UNTIL=20340101`), 10_001);
    assert.equal(over('FREQ=WEEKLY'), undefined);
  });

  it('monthly and yearly rules without COUNT, far into a series, start their walk at a later period and expand exactly as the rrule library does from the start', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('MONTHLY', 'YEARLY'),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('', 'BYMONTHDAY=1,15,-1', 'BYDAY=-1SU,2MO', 'BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'BYMONTHDAY=31', 'BYMONTH=2,8;BYMONTHDAY=29,30', 'BYHOUR=9,14;BYMINUTE=0,30'),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 1, max: 400 }),
        (freq, interval, extraParts, untilYears, windowDay, windowDays) => {
          const startMs = Date.UTC(2030, 0, 31, 9, 0);
          const base = [`FREQ=${freq}`, `INTERVAL=${interval}`, ...(extraParts === '' ? [] : [extraParts])].join(';');
          const library = new RRule({ ...RRule.parseString(base), ...(untilYears === undefined ? {} : { until: new Date(startMs + untilYears * 365 * DAY) }), dtstart: new Date(startMs), tzid: null });
          if (library.after(new Date(startMs), true)?.getTime() !== startMs) return;
          const until = untilYears === undefined ? '' : `;UNTIL=${new Date(startMs + untilYears * 365 * DAY).toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
          const series = { startMs, durationMs: 1_800_000, timeZone: 'UTC', rule: base + until };
          const from = startMs + windowDay * DAY;
          const to = from + windowDays * DAY;
          const theirs = library.between(new Date(from - 1_800_000), new Date(to), true).map((d) => d.getTime()).sort((a, b) => a - b)
            .filter((t) => t + 1_800_000 > from && t < to);
          assert.deepEqual(occurrencesBetween(series, from, to), theirs, series.rule);
        },
      ),
      { numRuns: 120 },
    );
  });
});
