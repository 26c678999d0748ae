/** Expansion without a database: the common rules against the rrule library, time-zone edges, rule checks. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import rrule from 'rrule';
import { RuleError, lastEndMs, nextOccurrence, occurrencesBetween, parseRule } from '../../src/domains/calendar/recurrence.ts';
import { instantOf, withZoneOffset } from '../../src/platform/time-zone.ts';

const { RRule } = rrule;
const DAY = 86_400_000;

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

  it('rule checks: parts, values and combinations RFC 5545 forbids are refused; the text is normalized', () => {
    assert.equal(parseRule(' rrule:freq=weekly;byday=mo,we ').text, 'FREQ=WEEKLY;BYDAY=MO,WE');
    for (const bad of ['', 'FREQ=DAILY;FREQ=DAILY', 'INTERVAL=2', 'FREQ=DAILY;INTERVAL=0', 'FREQ=DAILY;UNTIL=20301332', 'FREQ=WEEKLY;BYMONTHDAY=3', 'FREQ=DAILY;BYDAY=2MO', 'FREQ=MONTHLY;BYWEEKNO=3', 'FREQ=DAILY;X-NAME=1', 'FREQ=DAILY;COUNT=20000']) {
      assert.throws(() => parseRule(bad), RuleError, bad);
    }
  });
});
