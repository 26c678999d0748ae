/** POST /meetings and GET /meetings: bodies, errors, rights, tenants, visibility, the window, the cap, conditional reads. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { importData } from '../../src/import.ts';
import { assertEnvelope, importError } from '../helpers/envelope.ts';
import { MEETING_FIELDS, SCOPES, book, booker, colleague, fromNow, postMeeting, windowOf } from './helpers.ts';
import type { MeetingPage, MeetingRec } from './helpers.ts';

const fields = (res: { json(): unknown }) => ((res.json() as { details: { fields?: Array<{ field: string }> } }).details.fields ?? []).map((f) => f.field);

describeEachDatabase('meetings', (ctx) => {
  it('POST /meetings books a meeting: 201 with exactly the documented fields, owner the token owner, the creator added, duplicates collapsed', async () => {
    const p = await booker(ctx());
    const other = await colleague(ctx(), p);
    const res = await postMeeting(ctx(), p, {
      title: ' Kick-off ', start_at: '2030-06-03T09:30:00+02:00', participant_ids: [other.userId, other.userId, p.userId],
      location: 'Room 1', video_url: 'https://meet.example.com/k', summary: 'Agenda', reminder_minutes: 10,
    });
    assert.equal(res.statusCode, 201, res.body);
    const m = json<MeetingRec>(res);
    assert.deepEqual(Object.keys(m).sort(), MEETING_FIELDS);
    assert.match(m.id, /^[0-9a-f-]{36}$/);
    assert.match(m.updated_at, /\+00:00$/, 'booked: updated_at is the booking time');
    assert.deepEqual({ ...m, id: '', updated_at: '' }, {
      id: '', updated_at: '', title: 'Kick-off', start_at: '2030-06-03T09:30:00+02:00', end_at: '2030-06-03T10:30:00+02:00', duration_minutes: 60,
      location: 'Room 1', video_url: 'https://meet.example.com/k', participantIds: [p.userId, other.userId], recurrence_rule: null,
      owner_user_id: p.userId, summary: 'Agenda', reminder_minutes: 10, version: 1,
    });
    const row = await ctx().storage.db.selectFrom('meetings').selectAll().where('org_id', '=', p.orgId).where('id', '=', m.id).executeTakeFirstOrThrow();
    assert.equal(row.start_at.slice(0, 19), '2030-06-03T07:30:00');
    const members = await ctx().storage.db.selectFrom('meeting_participants').select('user_id').where('meeting_id', '=', m.id).execute();
    assert.deepEqual(members.map((r) => r.user_id).sort(), [p.userId, other.userId].sort());
    const events = await ctx().storage.db.selectFrom('events').select(['event', 'entity_type']).where('org_id', '=', p.orgId).where('entity_id', '=', m.id).execute();
    assert.deepEqual(events, [{ event: 'meeting.created', entity_type: 'meeting' }]);
  });

  it('POST /meetings: end_at sets the duration; times in another offset are shown in the organization\'s zone', async () => {
    const p = await booker(ctx(), 'Asia/Tashkent');
    const m = await book(ctx(), p, { title: 'Call', start_at: '2030-01-10T05:00:00Z', end_at: '2030-01-10T05:45:00Z' });
    assert.equal(m.start_at, '2030-01-10T10:00:00+05:00');
    assert.equal(m.end_at, '2030-01-10T10:45:00+05:00');
    assert.equal(m.duration_minutes, 45);
  });

  it('POST /meetings refuses bad input with 422 naming the field, writing nothing', async () => {
    const p = await booker(ctx());
    const stranger = await createPrincipal(ctx(), { scopes: SCOPES });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ start_at: '2030-01-01T10:00:00Z' }, 'title'],
      [{ title: '   ', start_at: '2030-01-01T10:00:00Z' }, 'title'],
      [{ title: 'x' }, 'start_at'],
      [{ title: 'x', start_at: 'tomorrow' }, 'start_at'],
      [{ title: 'x', start_at: fromNow(-60_000) }, 'start_at'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', end_at: '2030-01-01T10:00:00Z' }, 'end_at'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', end_at: '2030-01-01T09:00:00Z' }, 'end_at'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', participant_ids: [stranger.userId] }, 'participant_ids'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', reminder_minutes: -1 }, 'reminder_minutes'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', reminder_minutes: 1.5 }, 'reminder_minutes'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', reminder_minutes: 100_000 }, 'reminder_minutes'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', video_url: 'javascript:alert(1)' }, 'video_url'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', owner_user_id: p.userId }, 'owner_user_id'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', recurrence_rule: 'FREQ=FORTNIGHTLY' }, 'recurrence_rule'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', recurrence_rule: 'not a rule' }, 'recurrence_rule'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', recurrence_rule: 'FREQ=DAILY;COUNT=0' }, 'recurrence_rule'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', recurrence_rule: 'FREQ=DAILY;BYDAY=XX' }, 'recurrence_rule'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', recurrence_rule: 'FREQ=DAILY;COUNT=3;UNTIL=20300110T000000Z' }, 'recurrence_rule'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', recurrence_rule: 'FREQ=MINUTELY' }, 'recurrence_rule'],
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', recurrence_rule: 'DTSTART:20300101T100000Z\nRRULE:FREQ=DAILY' }, 'recurrence_rule'],
      // 2030-01-01 is a Tuesday: a Monday-only rule does not have it.
      [{ title: 'x', start_at: '2030-01-01T10:00:00Z', recurrence_rule: 'FREQ=WEEKLY;BYDAY=MO' }, 'start_at'],
      [{ title: 'x', start_at: '2030-02-28T10:00:00Z', recurrence_rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, 'start_at'],
    ];
    for (const [body, field] of cases) {
      const res = await postMeeting(ctx(), p, body);
      assertEnvelope(res, 422, 'validation_error', 'validation_error');
      assert.ok(fields(res).includes(field), `${JSON.stringify(body)} → ${res.body}`);
    }
    const rows = await ctx().storage.db.selectFrom('meetings').select('id').where('org_id', '=', p.orgId).execute();
    assert.deepEqual(rows, []);
  });

  it('scope × right: POST needs calendar:write and content.meetings.manage, GET needs calendar:read; no token is 401', async () => {
    const p = await booker(ctx());
    const body = { title: 'x', start_at: '2030-01-01T10:00:00Z' };
    const matrix: Array<[string[], string[], number, number]> = [
      [['calendar:read', 'calendar:write'], ['content.meetings.manage'], 201, 200],
      [['calendar:read', 'calendar:write'], [], 403, 200],
      [['calendar:read'], ['content.meetings.manage'], 403, 200],
      [['calendar:write'], ['content.meetings.manage'], 201, 403],
      [['tasks:read', 'tasks:write'], ['content.meetings.manage'], 403, 403],
      [['admin:all'], ['content.meetings.manage'], 201, 200],
    ];
    for (const [scopes, rights, post, get] of matrix) {
      const u = await colleague(ctx(), p, rights, scopes);
      const created = await postMeeting(ctx(), u, body);
      assert.equal(created.statusCode, post, `${scopes}/${rights} POST: ${created.body}`);
      if (post === 403) assertEnvelope(created, 403, 'forbidden', 'insufficient_scope');
      const listed = await api(ctx(), u.token, 'GET', '/meetings', { query: { from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z' } });
      assert.equal(listed.statusCode, get, `${scopes}/${rights} GET: ${listed.body}`);
    }
    assertEnvelope(await api(ctx(), undefined, 'GET', '/meetings', { query: { from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z' } }), 401, 'unauthorized', 'api_token_required');
    assertEnvelope(await api(ctx(), undefined, 'POST', '/meetings', { body }), 401, 'unauthorized', 'api_token_required');
  });

  it('visibility: owner and participants see a meeting, a stranger of the organization does not, calendar.view_all and administrators see all; other organizations never', async () => {
    const owner = await booker(ctx());
    const participant = await colleague(ctx(), owner);
    const stranger = await colleague(ctx(), owner);
    const viewer = await colleague(ctx(), owner, ['calendar.view_all'], ['calendar:read']);
    const admin = await createPrincipal(ctx(), { slug: owner.slug, scopes: ['calendar:read'] });
    const elsewhere = await createPrincipal(ctx(), { scopes: ['admin:all'] });
    const m = await book(ctx(), owner, { title: 'Private', start_at: '2031-05-05T10:00:00+02:00', participant_ids: [participant.userId] });
    const seen = async (who: typeof owner) => (await windowOf(ctx(), who, '2031-05-01T00:00:00Z', '2031-05-10T00:00:00Z')).items.map((i) => i.id);
    assert.deepEqual(await seen(owner), [m.id]);
    assert.deepEqual(await seen(participant), [m.id]);
    assert.deepEqual(await seen(stranger), []);
    assert.deepEqual(await seen(viewer), [m.id]);
    assert.deepEqual(await seen(admin), [m.id]);
    assert.deepEqual(await seen(elsewhere), []);
    const page = await windowOf(ctx(), stranger, '2031-05-01T00:00:00Z', '2031-05-10T00:00:00Z');
    assert.equal(page.total, 0);
    // A participant of another organization cannot be named.
    const res = await postMeeting(ctx(), elsewhere, { title: 'x', start_at: '2031-05-05T10:00:00Z', participant_ids: [owner.userId] });
    assertEnvelope(res, 422, 'validation_error', 'validation_error');
  });

  it('GET /meetings refuses a missing, malformed or inverted window, one over 366 days, a bad limit and unknown parameters', async () => {
    const p = await booker(ctx());
    const bad: Array<[Record<string, string>, string]> = [
      [{ to: '2030-01-02T00:00:00Z' }, 'from'],
      [{ from: '2030-01-01T00:00:00Z' }, 'to'],
      [{ from: 'yesterday', to: '2030-01-02T00:00:00Z' }, 'from'],
      [{ from: '2030-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' }, 'to'],
      [{ from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' }, 'to'],
      [{ from: '2030-01-01T00:00:00Z', to: '2031-01-03T00:00:00Z' }, 'to'],
      [{ from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z', limit: '0' }, 'limit'],
      [{ from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z', limit: '501' }, 'limit'],
      [{ from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z', offset: '10' }, 'offset'],
    ];
    for (const [query, field] of bad) {
      const res = await api(ctx(), p.token, 'GET', '/meetings', { query });
      assertEnvelope(res, 422, 'validation_error', 'validation_error');
      assert.ok(fields(res).includes(field) || res.body.includes(field), `${JSON.stringify(query)} → ${res.body}`);
    }
    const ok = await windowOf(ctx(), p, '2030-01-01T00:00:00Z', '2031-01-02T00:00:00Z');
    assert.deepEqual(ok, { items: [], total: 0, limit: 500, offset: 0, next_cursor: null });
  });

  it('expansion: COUNT, UNTIL, BYDAY, INTERVAL; a window that cuts a series; occurrences straddling both edges; stable occurrence ids in start order', async () => {
    const p = await booker(ctx(), 'UTC');
    const count = await book(ctx(), p, { title: 'Count', start_at: '2030-03-04T09:00:00Z', recurrence_rule: 'FREQ=DAILY;COUNT=3' });
    const until = await book(ctx(), p, { title: 'Until', start_at: '2030-03-04T12:00:00Z', recurrence_rule: 'RRULE:freq=weekly;until=20300318T120000Z' });
    const byday = await book(ctx(), p, { title: 'Byday', start_at: '2030-03-04T15:00:00Z', recurrence_rule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=5' });
    const interval = await book(ctx(), p, { title: 'Interval', start_at: '2030-03-04T18:00:00Z', end_at: '2030-03-04T20:00:00Z', recurrence_rule: 'FREQ=DAILY;INTERVAL=4' });
    assert.equal(until.recurrence_rule, 'FREQ=WEEKLY;UNTIL=20300318T120000Z');
    const starts = (page: MeetingPage, m: MeetingRec) => page.items.filter((i) => i.id.startsWith(`${m.id}:`)).map((i) => i.start_at);
    const all = await windowOf(ctx(), p, '2030-03-01T00:00:00Z', '2030-03-20T00:00:00Z');
    assert.deepEqual(starts(all, count), ['2030-03-04T09:00:00+00:00', '2030-03-05T09:00:00+00:00', '2030-03-06T09:00:00+00:00']);
    assert.deepEqual(starts(all, until), ['2030-03-04T12:00:00+00:00', '2030-03-11T12:00:00+00:00', '2030-03-18T12:00:00+00:00']);
    assert.deepEqual(starts(all, byday), ['2030-03-04T15:00:00+00:00', '2030-03-06T15:00:00+00:00', '2030-03-08T15:00:00+00:00', '2030-03-11T15:00:00+00:00', '2030-03-13T15:00:00+00:00']);
    assert.deepEqual(starts(all, interval), ['2030-03-04T18:00:00+00:00', '2030-03-08T18:00:00+00:00', '2030-03-12T18:00:00+00:00', '2030-03-16T18:00:00+00:00']);
    const sorted = [...all.items].sort((a, b) => Date.parse(a.start_at) - Date.parse(b.start_at));
    assert.deepEqual(all.items.map((i) => i.id), sorted.map((i) => i.id));
    assert.equal(all.total, all.items.length);
    const occurrence = all.items.find((i) => i.start_at === '2030-03-11T12:00:00+00:00')!;
    assert.equal(occurrence.id, `${until.id}:20300311T120000Z`);
    assert.deepEqual({ ...occurrence, id: until.id, start_at: until.start_at, end_at: until.end_at }, until);

    // A window in the middle of a series, whose edges cut occurrences of 18:00–20:00 in two.
    const cut = await windowOf(ctx(), p, '2030-03-08T19:00:00Z', '2030-03-16T19:00:00Z');
    assert.deepEqual(starts(cut, interval), ['2030-03-08T18:00:00+00:00', '2030-03-12T18:00:00+00:00', '2030-03-16T18:00:00+00:00']);
    assert.deepEqual(starts(cut, count), []);
    assert.deepEqual(starts(cut, until), ['2030-03-11T12:00:00+00:00']);
    // An occurrence ending exactly at from, or starting exactly at to, does not overlap.
    const edges = await windowOf(ctx(), p, '2030-03-08T20:00:00Z', '2030-03-12T18:00:00Z');
    assert.deepEqual(starts(edges, interval), []);
    // The same call gives the same ids.
    assert.deepEqual((await windowOf(ctx(), p, '2030-03-01T00:00:00Z', '2030-03-20T00:00:00Z')).items.map((i) => i.id), all.items.map((i) => i.id));
  });

  it('a weekly 10:00 meeting in Europe/Berlin stays at 10:00 local time across the last Sunday of March (and of October)', async () => {
    const p = await booker(ctx(), 'Europe/Berlin');
    const m = await book(ctx(), p, { title: 'Weekly', start_at: '2027-03-15T10:00:00+01:00', recurrence_rule: 'FREQ=WEEKLY;BYDAY=MO' });
    const march = await windowOf(ctx(), p, '2027-03-14T00:00:00Z', '2027-04-06T00:00:00Z');
    assert.deepEqual(march.items.map((i) => [i.start_at, i.end_at]), [
      ['2027-03-15T10:00:00+01:00', '2027-03-15T11:00:00+01:00'],
      ['2027-03-22T10:00:00+01:00', '2027-03-22T11:00:00+01:00'],
      ['2027-03-29T10:00:00+02:00', '2027-03-29T11:00:00+02:00'],
      ['2027-04-05T10:00:00+02:00', '2027-04-05T11:00:00+02:00'],
    ]);
    assert.equal(march.items[2]!.id, `${m.id}:20270329T080000Z`);
    const october = await windowOf(ctx(), p, '2027-10-24T00:00:00Z', '2027-11-02T00:00:00Z');
    assert.deepEqual(october.items.map((i) => i.start_at), ['2027-10-25T10:00:00+02:00', '2027-11-01T10:00:00+01:00']);
  });

  it('at most 500 items in start order, total counting every occurrence; limit takes fewer', async () => {
    const p = await booker(ctx(), 'UTC');
    await book(ctx(), p, { title: 'Hourly A', start_at: '2032-01-01T00:00:00Z', end_at: '2032-01-01T00:30:00Z', recurrence_rule: 'FREQ=HOURLY' });
    await book(ctx(), p, { title: 'Hourly B', start_at: '2032-01-01T00:30:00Z', end_at: '2032-01-01T00:45:00Z', recurrence_rule: 'FREQ=HOURLY;COUNT=300' });
    const page = await windowOf(ctx(), p, '2032-01-01T00:00:00Z', '2032-01-31T00:00:00Z');
    assert.equal(page.items.length, 500);
    assert.equal(page.total, 720 + 300);
    assert.equal(page.limit, 500);
    assert.equal(page.items[0]!.title, 'Hourly A');
    assert.equal(page.items[1]!.title, 'Hourly B');
    assert.equal(page.items[499]!.start_at, '2032-01-11T09:30:00+00:00');
    const small = await windowOf(ctx(), p, '2032-01-01T00:00:00Z', '2032-01-31T00:00:00Z', 3);
    assert.deepEqual(small.items.map((i) => i.start_at), ['2032-01-01T00:00:00+00:00', '2032-01-01T00:30:00+00:00', '2032-01-01T01:00:00+00:00']);
    assert.equal(small.total, 1020);
  });

  it('GET /meetings has an ETag: 304 while nothing changed, a new page after a booking; each reader gets their own tag', async () => {
    const p = await booker(ctx());
    const other = await colleague(ctx(), p);
    const query = { from: '2033-01-01T00:00:00Z', to: '2033-02-01T00:00:00Z' };
    const first = await api(ctx(), p.token, 'GET', '/meetings', { query });
    const tag = String(first.headers.etag);
    assert.ok(tag.length > 2);
    const again = await api(ctx(), p.token, 'GET', '/meetings', { query, headers: { 'if-none-match': tag } });
    assert.equal(again.statusCode, 304);
    const others = await api(ctx(), other.token, 'GET', '/meetings', { query });
    assert.notEqual(others.headers.etag, tag);
    await book(ctx(), p, { title: 'New', start_at: '2033-01-10T10:00:00Z' });
    const changed = await api(ctx(), p.token, 'GET', '/meetings', { query, headers: { 'if-none-match': tag } });
    assert.equal(changed.statusCode, 200);
    assert.equal(json<MeetingPage>(changed).total, 1);
  });

  it('an Idempotency-Key repeat books once', async () => {
    const p = await booker(ctx());
    const body = { title: 'Once', start_at: '2034-01-10T10:00:00Z' };
    const a = await api(ctx(), p.token, 'POST', '/meetings', { body, headers: { 'idempotency-key': 'k-1' } });
    const b = await api(ctx(), p.token, 'POST', '/meetings', { body, headers: { 'idempotency-key': 'k-1' } });
    assert.equal(a.statusCode, 201);
    assert.equal(b.statusCode, 201);
    assert.equal(b.headers['idempotent-replayed'], 'true');
    assert.equal(json<MeetingRec>(a).id, json<MeetingRec>(b).id);
    assert.equal((await windowOf(ctx(), p, '2034-01-01T00:00:00Z', '2034-02-01T00:00:00Z')).total, 1);
  });

  it('imports series and single meetings with their ids, owner and participants (members); a bad record rejects the whole file, naming it', async () => {
    const p = await booker(ctx(), 'UTC');
    const a = await colleague(ctx(), p);
    const stranger = await createPrincipal(ctx(), { scopes: SCOPES });
    const series = '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e01';
    const single = '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e02';
    const refused = await importError(importData(ctx().storage, p.slug, {
      meetings: [
        { id: series, title: 'Old weekly', start_at: '2020-01-06T09:00:00+00:00', duration_minutes: 30, recurrence_rule: 'FREQ=WEEKLY', owner_user_id: a.userId, participantIds: [p.userId] },
        { id: single, title: 'Lunch', start_at: '2035-05-05T12:00:00+00:00', participantIds: [stranger.userId] },
      ],
    }));
    assert.equal(refused.status, 422);
    assert.deepEqual((refused.details.fields as Array<{ field: string }>).map((f) => f.field), ['meetings[1].participantIds']);
    assert.deepEqual(await ctx().storage.db.selectFrom('meetings').select('id').where('org_id', '=', p.orgId).execute(), []);
    const bad = await importError(importData(ctx().storage, p.slug, { meetings: [{ title: 'x', start_at: '2035-01-01T10:00:00Z', recurrence_rule: 'FREQ=NEVER' }] }));
    assert.deepEqual((bad.details.fields as Array<{ field: string }>).map((f) => f.field), ['meetings[0].recurrence_rule']);

    const counts = await importData(ctx().storage, p.slug, {
      meetings: [
        { id: series, title: 'Old weekly', start_at: '2020-01-06T09:00:00+00:00', duration_minutes: 30, recurrence_rule: 'FREQ=WEEKLY', owner_user_id: a.userId, participantIds: [p.userId], reminder_minutes: 5 },
        { id: single, title: 'Lunch', start_at: '2035-05-05T12:00:00+00:00', end_at: '2035-05-05T13:30:00+00:00', participantIds: [a.userId] },
      ],
    });
    assert.deepEqual(counts, { meetings: 2 });
    const page = await windowOf(ctx(), p, '2035-05-01T00:00:00Z', '2035-05-08T00:00:00Z');
    assert.deepEqual(page.items.map((i) => [i.id, i.start_at, i.duration_minutes, i.owner_user_id, i.participantIds]), [
      [single, '2035-05-05T12:00:00+00:00', 90, p.userId, [p.userId, a.userId]],
      [`${series}:20350507T090000Z`, '2035-05-07T09:00:00+00:00', 30, a.userId, [a.userId, p.userId]],
    ]);
    const events = await ctx().storage.db.selectFrom('events').select('event').where('org_id', '=', p.orgId).where('event', '=', 'meeting.created').execute();
    assert.deepEqual(events, [], 'an import announces nothing');
    const reminders = await ctx().storage.db.selectFrom('meeting_reminders').select('occurrence_start').where('meeting_id', '=', series).execute();
    assert.equal(reminders.length, 1, 'the next occurrence of an imported series is reminded');
    assert.ok(Date.parse(reminders[0]!.occurrence_start) > Date.now());
  });

  it('pages a window by cursor: every occurrence once, in start order, and the cursor stays with its window', async () => {
    const p = await booker(ctx());
    await book(ctx(), p, { title: 'Daily', start_at: '2034-03-01T09:00:00Z', recurrence_rule: 'FREQ=DAILY;COUNT=5' });
    await book(ctx(), p, { title: 'Same time', start_at: '2034-03-02T09:00:00Z' });
    await book(ctx(), p, { title: 'Later', start_at: '2034-03-03T15:00:00Z' });
    const [from, to] = ['2034-03-01T00:00:00Z', '2034-04-01T00:00:00Z'];
    const whole = await windowOf(ctx(), p, from, to);
    assert.equal(whole.items.length, 7);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(ctx(), p.token, 'GET', '/meetings', { query: { from, to, limit: '2', ...(cursor === null ? {} : { cursor }) } });
      assert.equal(res.statusCode, 200, res.body);
      const page: MeetingPage & { next_cursor: string | null } = json(res);
      seen.push(...page.items.map((m) => `${m.id}@${m.start_at}`));
      cursor = page.next_cursor;
    } while (cursor !== null);
    assert.deepEqual(seen, whole.items.map((m) => `${m.id}@${m.start_at}`));
    const first = json<{ next_cursor: string }>(await api(ctx(), p.token, 'GET', '/meetings', { query: { from, to, limit: '2' } }));
    const moved = await api(ctx(), p.token, 'GET', '/meetings', { query: { from, to: '2034-05-01T00:00:00Z', cursor: first.next_cursor } });
    assert.deepEqual(fields(moved), ['cursor']);
  });
});

