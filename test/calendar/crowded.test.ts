/** Series that could stall the server: the rules refused, the densest accepted one over the widest window, and pages over many series. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { importData } from '../../src/import.ts';
import { describeEachDatabase } from '../helpers/harness.ts';
import { assertEnvelope, importError } from '../helpers/envelope.ts';
import { book, booker, postMeeting, windowOf } from './helpers.ts';
import type { MeetingPage } from './helpers.ts';

const list = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i).join(',');
const EVERY_SECOND = `FREQ=DAILY;BYHOUR=${list(0, 23)};BYMINUTE=${list(0, 59)};BYSECOND=${list(0, 59)}`;
const EVERY_HOUR = `FREQ=DAILY;BYHOUR=${list(0, 23)}`;
const DAY = 86_400_000;

describeEachDatabase('crowded series', (ctx) => {
  it('a rule of 86,400 occurrences a day is refused with 422 naming BYHOUR, BYMINUTE and BYSECOND, as is an UNTIL past 10,000 occurrences, on POST and in an import; 24 a day is accepted', async () => {
    const p = await booker(ctx(), 'UTC');
    const refusals: Array<[string, string[]]> = [
      [EVERY_SECOND, ['86,400', 'BYHOUR', 'BYMINUTE', 'BYSECOND']],
      ['FREQ=HOURLY;BYMINUTE=0,30', ['48', 'FREQ=HOURLY', 'BYMINUTE']],
      [`${EVERY_HOUR};BYMINUTE=0,30`, ['48', 'BYHOUR', 'BYMINUTE']],
      [`${EVERY_HOUR};UNTIL=20320301`, ['10,000', 'UNTIL']],
    ];
    for (const [rule, named] of refusals) {
      const res = await postMeeting(ctx(), p, { title: 'Crowded', start_at: '2031-01-01T00:00:00Z', end_at: '2031-01-01T00:10:00Z', recurrence_rule: rule });
      const body = assertEnvelope(res, 422, 'validation_error', 'validation_error');
      const problem = body.details.fields?.find((f) => f.field === 'recurrence_rule');
      assert.ok(problem !== undefined && named.every((n) => problem.message.includes(n)), `${rule} → ${res.body}`);
    }
    const imported = await importError(importData(ctx().storage, p.slug, { meetings: [{ title: 'Crowded', start_at: '2020-01-01T00:00:00Z', recurrence_rule: EVERY_SECOND }] }));
    assert.equal(imported.status, 422);
    const fields = imported.details.fields as Array<{ field: string; message: string }>;
    assert.deepEqual(fields.map((f) => f.field), ['meetings[0].recurrence_rule']);
    assert.match(fields[0]!.message, /BYHOUR 24 × BYMINUTE 60 × BYSECOND 60/);
    assert.deepEqual(await ctx().storage.db.selectFrom('meetings').select('id').where('org_id', '=', p.orgId).execute(), []);

    const hourly = await book(ctx(), p, { title: 'Hourly', start_at: '2031-01-01T00:00:00Z', end_at: '2031-01-01T00:10:00Z', recurrence_rule: EVERY_HOUR });
    assert.equal(hourly.recurrence_rule, EVERY_HOUR);
    await book(ctx(), p, { title: 'Until', start_at: '2031-01-01T00:00:00Z', end_at: '2031-01-01T00:10:00Z', recurrence_rule: `${EVERY_HOUR};UNTIL=20320125` });
    // An imported series of 24 a day that began years ago gets one reminder: its next occurrence.
    const id = '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e31';
    await importData(ctx().storage, p.slug, { meetings: [{ id, title: 'Old hourly', start_at: '2020-01-01T00:00:00Z', duration_minutes: 10, recurrence_rule: EVERY_HOUR, reminder_minutes: 5 }] });
    const reminders = await ctx().storage.db.selectFrom('meeting_reminders').select('occurrence_start').where('meeting_id', '=', id).execute();
    assert.equal(reminders.length, 1);
    assert.ok(Date.parse(reminders[0]!.occurrence_start) - Date.now() <= 3_600_000);
  });

  it('a rule that never occurs (day 366 in February, week 53 in June) is refused naming start_at, after looking only at the start\'s own period', async () => {
    const p = await booker(ctx(), 'UTC');
    for (const rule of ['FREQ=YEARLY;BYYEARDAY=366;BYMONTH=2', 'FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6', 'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=10;BYDAY=5MO']) {
      const res = await postMeeting(ctx(), p, { title: 'Never', start_at: '2031-02-10T09:00:00Z', end_at: '2031-02-10T10:00:00Z', recurrence_rule: rule });
      const body = assertEnvelope(res, 422, 'validation_error', 'validation_error');
      assert.deepEqual(body.details.fields?.map((f) => f.field), ['start_at'], `${rule} → ${res.body}`);
    }
    // The start's own period decides: a yearly rule whose start is an occurrence is accepted.
    await book(ctx(), p, { title: 'Leap day', start_at: '2032-02-29T09:00:00Z', end_at: '2032-02-29T10:00:00Z', recurrence_rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29' });
  });

  it('a year\'s window over the densest accepted series answers limit=1 with the first occurrence in start order, and counts every occurrence', async () => {
    const p = await booker(ctx(), 'UTC');
    await book(ctx(), p, { title: 'Hourly', start_at: '2031-01-01T00:00:00Z', end_at: '2031-01-01T00:10:00Z', recurrence_rule: EVERY_HOUR });
    await book(ctx(), p, { title: 'Monthly', start_at: '2031-01-15T12:00:00Z', recurrence_rule: 'FREQ=MONTHLY;BYMONTHDAY=15' });
    await book(ctx(), p, { title: 'Single', start_at: '2031-06-10T00:05:00Z', end_at: '2031-06-10T00:30:00Z' });
    // Monday 23:50–00:50: the occurrence of 2031-06-09 overlaps the window and starts first.
    await book(ctx(), p, { title: 'Weekly', start_at: '2031-01-06T23:50:00Z', recurrence_rule: 'FREQ=WEEKLY' });
    for (let i = 0; i < 20; i++) {
      await book(ctx(), p, { title: `Weekly ${i}`, start_at: new Date(Date.parse('2031-01-07T08:00:00Z') + i * 3_600_000).toISOString(), recurrence_rule: 'FREQ=WEEKLY' });
    }
    const from = '2031-06-10T00:20:00Z';
    const to = new Date(Date.parse(from) + 366 * DAY).toISOString();
    const first = await windowOf(ctx(), p, from, to, 1);
    assert.deepEqual(first.items.map((i) => [i.title, i.start_at]), [['Weekly', '2031-06-09T23:50:00+00:00']]);
    // 24 a day for 366 days (the 00:00 one ends before 00:20 on the first day), 53 Mondays at
    // 23:50, 52 or 53 of each other weekly series, 12 fifteenths, one single meeting.
    const weekly = (startMs: number, durationMs: number) => {
      let n = 0;
      for (let s = startMs; s < Date.parse(to); s += 7 * DAY) if (s + durationMs > Date.parse(from)) n++;
      return n;
    };
    const others = Array.from({ length: 20 }, (_, i) => weekly(Date.parse('2031-01-07T08:00:00Z') + i * 3_600_000, 3_600_000)).reduce((a, b) => a + b, 0);
    assert.equal(first.total, 366 * 24 + 53 + others + 12 + 1);
    const page = await windowOf(ctx(), p, from, to);
    assert.equal(page.items.length, 500);
    assert.equal(page.total, first.total);
    assert.deepEqual(page.items.slice(0, 3).map((i) => [i.title, i.start_at]), [
      ['Weekly', '2031-06-09T23:50:00+00:00'], ['Single', '2031-06-10T00:05:00+00:00'], ['Hourly', '2031-06-10T01:00:00+00:00'],
    ]);
  });

  it('pages over many series (arithmetic and library rules, single meetings, equal starts, a daylight-saving change) are prefixes of one order, stable across calls, with one total', async () => {
    const p = await booker(ctx(), 'Europe/Berlin');
    const at = (day: number, hour: number, minute = 0) => `2031-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+01:00`;
    const bodies: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 12; i++) bodies.push({ title: `Daily ${i}`, start_at: at(20 + (i % 3), 8 + (i % 5), (i * 5) % 60), recurrence_rule: 'FREQ=DAILY' });
    for (let i = 0; i < 6; i++) bodies.push({ title: `Same time ${i}`, start_at: at(24, 10), recurrence_rule: 'FREQ=WEEKLY;BYDAY=MO,TH' });
    for (let i = 0; i < 4; i++) bodies.push({ title: `Times ${i}`, start_at: at(21, 9), recurrence_rule: 'FREQ=DAILY;BYHOUR=9,13,17;BYMINUTE=0,30' });
    for (let i = 0; i < 6; i++) bodies.push({ title: `Month end ${i}`, start_at: `2031-01-31T${String(11 + i).padStart(2, '0')}:00:00+01:00`, recurrence_rule: 'FREQ=MONTHLY;BYMONTHDAY=-1' });
    for (let i = 0; i < 4; i++) bodies.push({ title: `Last Sunday ${i}`, start_at: '2031-03-30T02:30:00+01:00', recurrence_rule: 'FREQ=MONTHLY;BYDAY=-1SU' });
    for (let i = 0; i < 10; i++) bodies.push({ title: `Single ${i}`, start_at: at(25 + (i % 6), 10 + (i % 3)) });
    for (const body of bodies) await book(ctx(), p, body);
    const from = '2031-03-25T00:00:00Z';
    const to = '2031-04-03T00:00:00Z';
    const full = await windowOf(ctx(), p, from, to);
    assert.ok(full.items.length > 200 && full.items.length < 500, String(full.items.length));
    assert.equal(full.total, full.items.length);
    const key = (i: MeetingPage['items'][number]) => [Date.parse(i.start_at), i.id] as const;
    const sorted = [...full.items].sort((a, b) => key(a)[0] - key(b)[0] || (key(a)[1] < key(b)[1] ? -1 : key(a)[1] > key(b)[1] ? 1 : 0));
    assert.deepEqual(full.items.map((i) => i.id), sorted.map((i) => i.id));
    assert.equal(new Set(full.items.map((i) => i.id)).size, full.items.length);
    assert.ok(full.items.some((i) => i.start_at.endsWith('+02:00')) && full.items.some((i) => i.start_at.endsWith('+01:00')));
    for (const limit of [1, 2, 7, 33, 100, full.items.length]) {
      const page = await windowOf(ctx(), p, from, to, limit);
      assert.deepEqual(page.items.map((i) => i.id), full.items.slice(0, limit).map((i) => i.id), `limit ${limit}`);
      assert.equal(page.total, full.total, `total with limit ${limit}`);
    }
    assert.deepEqual(await windowOf(ctx(), p, from, to), full);
    // Reading on: a window from an occurrence's start holds the rest of the order from there.
    const middle = full.items[150]!;
    const rest = await windowOf(ctx(), p, new Date(Date.parse(middle.start_at)).toISOString(), to);
    const later = full.items.filter((i) => Date.parse(i.start_at) >= Date.parse(middle.start_at)).map((i) => i.id);
    assert.deepEqual(rest.items.map((i) => i.id).filter((id) => later.includes(id)), later);
  });

  it('a sparse rule (Monday 29 February) is refused by day with month filters and past 50 years by COUNT or UNTIL, a BYSETPOS past what a period holds is refused, and within 50 years is booked and expanded to the right dates', async () => {
    const p = await booker(ctx(), 'UTC');
    const start = { start_at: '2044-02-29T09:00:00Z', end_at: '2044-02-29T10:00:00Z' };
    const refusals: Array<[string, string[]]> = [
      ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;COUNT=10000', ['BYMONTH', 'FREQ=MONTHLY or YEARLY']],
      ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;UNTIL=22000101', ['BYMONTH', 'FREQ=MONTHLY or YEARLY']],
      ['FREQ=DAILY;BYMONTHDAY=29;BYDAY=MO', ['BYMONTHDAY', 'FREQ=MONTHLY or YEARLY']],
      ['FREQ=DAILY;BYHOUR=9;BYSETPOS=2', ['BYSETPOS 2', 'at most 1 occurrence']],
      ['FREQ=MONTHLY;BYSETPOS=40', ['BYSETPOS 40', 'at most 31 occurrences']],
      ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6', ['BYSETPOS 6', 'at most 5 occurrences']],
      ['FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;COUNT=10000', ['50 years', 'COUNT']],
      ['FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;UNTIL=22000101', ['50 years', 'UNTIL']],
    ];
    for (const [rule, named] of refusals) {
      const res = await postMeeting(ctx(), p, { title: 'Leap Monday', ...start, recurrence_rule: rule });
      const body = assertEnvelope(res, 422, 'validation_error', 'validation_error');
      const problem = body.details.fields?.find((f) => f.field === 'recurrence_rule');
      assert.ok(problem !== undefined && named.every((n) => problem.message.includes(n)), `${rule} → ${res.body}`);
    }
    assert.deepEqual(await ctx().storage.db.selectFrom('meetings').select('id').where('org_id', '=', p.orgId).execute(), []);

    const booked = await book(ctx(), p, { title: 'Leap Monday', ...start, recurrence_rule: 'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;UNTIL=20900101' });
    const whole = await windowOf(ctx(), p, '2044-01-01T00:00:00Z', '2044-12-31T00:00:00Z');
    assert.deepEqual(whole.items.map((i) => i.start_at), ['2044-02-29T09:00:00+00:00']);
    const next = await windowOf(ctx(), p, '2071-06-01T00:00:00Z', '2072-06-01T00:00:00Z');
    assert.deepEqual(next.items.map((i) => i.id), [`${booked.id}:20720229T090000Z`]);
    const none = await windowOf(ctx(), p, '2080-01-01T00:00:00Z', '2081-01-01T00:00:00Z');
    assert.equal(none.total, 0);
  });
});
