/**
 * PATCH /meetings/{id} (an extension): who may change a meeting, its checks, If-Match, the
 * reminders moved in the same transaction, the participants added told, and meeting.updated
 * on the feed only for readers who see the meeting.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';
import { handleEventsNow } from '../webhooks/helpers.ts';
import { SCOPES, book, booker, colleague, fromNow, windowOf } from './helpers.ts';
import type { MeetingRec } from './helpers.ts';

const DAY = 86_400_000;
const fields = (res: { json(): unknown }) => ((res.json() as { details: { fields?: Array<{ field: string }> } }).details.fields ?? []).map((f) => f.field);

function patch(ctx: TestContext, p: Principal, id: string, body: Record<string, unknown>, version?: number) {
  return api(ctx, p.token, 'PATCH', `/meetings/${id}`, { body, ...(version === undefined ? {} : { headers: { 'if-match': `"${version}"` } }) });
}

const eventsOf = (ctx: TestContext, id: string) =>
  ctx.storage.db.selectFrom('events').select(['event', 'data']).where('entity_id', '=', id).orderBy('seq').execute();

const pendingReminders = (ctx: TestContext, id: string) =>
  ctx.storage.db.selectFrom('meeting_reminders').select(['occurrence_start', 'next_attempt_at']).where('meeting_id', '=', id).where('status', '=', 'pending').execute();

describeEachDatabase('changing a meeting', (ctx) => {
  it('the owner reschedules and retitles a meeting: 200 at version 2 with the ETag, the duration kept, meeting.updated naming the fields changed', async () => {
    const p = await booker(ctx(), 'UTC');
    const m = await book(ctx(), p, { title: 'Sync', start_at: '2030-05-06T09:00:00Z', end_at: '2030-05-06T09:30:00Z' });
    assert.equal(m.version, 1);
    const res = await patch(ctx(), p, m.id, { title: 'Weekly sync', start_at: '2030-05-07T14:00:00Z' }, 1);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers.etag, '"2"');
    const changed = json<MeetingRec>(res);
    assert.deepEqual(
      { title: changed.title, start_at: changed.start_at, end_at: changed.end_at, duration_minutes: changed.duration_minutes, version: changed.version },
      { title: 'Weekly sync', start_at: '2030-05-07T14:00:00+00:00', end_at: '2030-05-07T14:30:00+00:00', duration_minutes: 30, version: 2 },
    );
    const listed = await windowOf(ctx(), p, '2030-05-01T00:00:00Z', '2030-05-31T00:00:00Z');
    assert.deepEqual(listed.items, [changed], 'GET /meetings shows the change');
    const events = await eventsOf(ctx(), m.id);
    assert.deepEqual(events.map((e) => e.event), ['meeting.created', 'meeting.updated']);
    assert.deepEqual(JSON.parse(String(events[1]!.data)), { entityType: 'meeting', entityId: m.id, version: 2, changedFields: ['title', 'start_at', 'end_at'] });

    const same = await patch(ctx(), p, m.id, { title: 'Weekly sync' });
    assert.equal(same.statusCode, 200, same.body);
    assert.equal(json<MeetingRec>(same).version, 2, 'a change to the same values is no change');
    assert.equal((await eventsOf(ctx(), m.id)).length, 2);
  });

  it('only the owner or an administrator changes a meeting: a participant or a calendar.view_all holder gets 403, others 404', async () => {
    const owner = await booker(ctx());
    const participant = await colleague(ctx(), owner, ['content.meetings.manage']);
    const viewer = await colleague(ctx(), owner, ['content.meetings.manage', 'calendar.view_all']);
    const outsider = await colleague(ctx(), owner, ['content.meetings.manage']);
    const admin = await createPrincipal(ctx(), { slug: owner.slug, scopes: SCOPES });
    const reader = await colleague(ctx(), owner, ['content.meetings.manage'], ['calendar:read']);
    const m = await book(ctx(), owner, { title: 'Board', start_at: fromNow(2 * DAY), participant_ids: [participant.userId, reader.userId] });

    for (const who of [participant, viewer]) {
      const env = assertEnvelope(await patch(ctx(), who, m.id, { title: 'Mine now' }), 403, 'forbidden', 'owner_only');
      assert.equal(env.details.owner_user_id, owner.userId);
    }
    assertEnvelope(await patch(ctx(), outsider, m.id, { title: 'Mine now' }), 404, 'not_found', 'not_found');
    assertEnvelope(await patch(ctx(), owner, '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f', { title: 'Nothing' }), 404, 'not_found', 'not_found');
    assertEnvelope(await patch(ctx(), reader, m.id, { title: 'Read only' }), 403, 'forbidden', 'insufficient_scope');
    const other = await booker(ctx());
    assertEnvelope(await patch(ctx(), other, m.id, { title: 'Another organization' }), 404, 'not_found', 'not_found');
    assert.deepEqual((await eventsOf(ctx(), m.id)).map((e) => e.event), ['meeting.created'], 'nothing changed');

    const byAdmin = await patch(ctx(), admin, m.id, { location: 'Room 9' });
    assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    assert.equal(json<MeetingRec>(byAdmin).location, 'Room 9');
    assertEnvelope(await patch(ctx(), owner, m.id, { location: 'Room 1' }, 1), 409, 'conflict', 'stale_version');
    const byOwner = await patch(ctx(), owner, m.id, { location: 'Room 1' }, 2);
    assert.equal(byOwner.statusCode, 200, byOwner.body);
  });

  it('refuses bad input with 422 naming the field, as a booking does, and writes nothing', async () => {
    const p = await booker(ctx(), 'UTC');
    const stranger = await createPrincipal(ctx(), { scopes: SCOPES });
    const m = await book(ctx(), p, { title: 'Stand-up', start_at: '2030-06-03T09:00:00Z', recurrence_rule: 'FREQ=WEEKLY;BYDAY=MO', reminder_minutes: 5 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '  ' }, 'title'],
      [{ start_at: '2020-01-01T10:00:00Z' }, 'start_at'],
      [{ start_at: 'tomorrow' }, 'start_at'],
      [{ end_at: '2030-06-03T08:00:00Z' }, 'end_at'],
      [{ end_at: '2030-07-03T08:00:00Z' }, 'end_at'],
      [{ video_url: 'ftp://files.example.com' }, 'video_url'],
      [{ participant_ids: [stranger.userId] }, 'participant_ids'],
      [{ recurrence_rule: 'FREQ=SOMETIMES' }, 'recurrence_rule'],
      [{ recurrence_rule: 'FREQ=HOURLY;BYMINUTE=0,5,10,15,20,25,30,35,40,45,50,55' }, 'recurrence_rule'],
      [{ recurrence_rule: 'FREQ=WEEKLY;BYDAY=TU' }, 'start_at'],
      [{ reminder_minutes: -1 }, 'reminder_minutes'],
      [{ owner_user_id: stranger.userId }, 'owner_user_id'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(ctx(), p, m.id, body);
      assertEnvelope(res, 422, 'validation_error', 'validation_error');
      assert.ok(fields(res).includes(field), `${JSON.stringify(body)} names ${field}: ${res.body}`);
    }
    assertEnvelope(await patch(ctx(), p, m.id, {}), 422, 'validation_error', 'validation_error');
    const [stored] = (await windowOf(ctx(), p, '2030-06-01T00:00:00Z', '2030-06-04T00:00:00Z')).items;
    assert.equal(stored?.version, 1);
    assert.deepEqual((await eventsOf(ctx(), m.id)).map((e) => e.event), ['meeting.created']);
  });

  it('a meeting that has begun keeps its start unchecked while other fields change', async () => {
    const p = await booker(ctx(), 'UTC');
    const m = await book(ctx(), p, { title: 'Daily', start_at: fromNow(DAY), recurrence_rule: 'FREQ=DAILY' });
    await ctx().storage.db.updateTable('meetings').set({ start_at: new Date(Date.parse(m.start_at) - 3 * DAY).toISOString() }).where('id', '=', m.id).execute();
    const res = await patch(ctx(), p, m.id, { summary: 'Same time, new agenda' });
    assert.equal(res.statusCode, 200, res.body);
  });

  it('the reminders move with the meeting in the same change, and go when the reminder is removed', async () => {
    const p = await booker(ctx(), 'UTC');
    const m = await book(ctx(), p, { title: 'Review', start_at: '2030-09-02T10:00:00Z', reminder_minutes: 15 });
    assert.deepEqual((await pendingReminders(ctx(), m.id)).map((r) => String(r.next_attempt_at).slice(0, 16)), ['2030-09-02T09:45']);
    assert.equal((await patch(ctx(), p, m.id, { start_at: '2030-09-03T16:00:00Z', reminder_minutes: 30 })).statusCode, 200);
    assert.deepEqual((await pendingReminders(ctx(), m.id)).map((r) => [r.occurrence_start.slice(0, 16), String(r.next_attempt_at).slice(0, 16)]), [['2030-09-03T16:00', '2030-09-03T15:30']]);
    assert.equal((await patch(ctx(), p, m.id, { reminder_minutes: null })).statusCode, 200);
    assert.deepEqual(await pendingReminders(ctx(), m.id), []);
  });

  it('participants added are told as on a booking; meeting.updated reaches on the feed only those who see the meeting', async () => {
    const p = await booker(ctx(), 'UTC');
    const kept = await colleague(ctx(), p, [], ['calendar:read']);
    const added = await colleague(ctx(), p, [], ['calendar:read']);
    const m = await book(ctx(), p, { title: 'Offsite', start_at: fromNow(3 * DAY), participant_ids: [kept.userId] });
    await handleEventsNow(ctx());
    const res = await patch(ctx(), p, m.id, { participant_ids: [kept.userId, added.userId] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(json<MeetingRec>(res).participantIds, [p.userId, kept.userId, added.userId]);
    await handleEventsNow(ctx());
    const told = await ctx().storage.db.selectFrom('notifications').select(['user_id', 'title']).where('org_id', '=', p.orgId).where('entity_id', '=', m.id).orderBy('created_at').execute();
    assert.deepEqual(told, [{ user_id: kept.userId, title: 'New meeting: Offsite' }, { user_id: added.userId, title: 'New meeting: Offsite' }]);

    const outsider = await colleague(ctx(), p, [], ['calendar:read']);
    const feed = async (who: Principal) => {
      const page = await api(ctx(), who.token, 'GET', '/events', { query: { entity_type: 'meeting', include: 'record' } });
      assert.equal(page.statusCode, 200, page.body);
      return json<{ items: Array<{ event: string; data: { record?: unknown } }> }>(page).items;
    };
    // On PostgreSQL the feed shows events below the finished-transaction horizon: wait for the update.
    let seen: Awaited<ReturnType<typeof feed>> = [];
    await waitUntil('meeting.updated in the feed', async () => (seen = await feed(added)).length >= 2);
    assert.deepEqual(seen.map((i) => i.event), ['meeting.created', 'meeting.updated']);
    assert.deepEqual(seen[1]?.data.record, json(res));
    assert.deepEqual(await feed(outsider), []);
  });
  it('updated_since lists the meetings booked or changed since, one item per meeting, oldest change first, by cursor', async () => {
    const owner = await booker(ctx());
    const since = new Date().toISOString();
    const a = await book(ctx(), owner, { title: 'Series A', start_at: fromNow(DAY), recurrence_rule: 'FREQ=DAILY;COUNT=5' });
    const b = await book(ctx(), owner, { title: 'Single B', start_at: fromNow(2 * DAY) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changedAt = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const patched = json<MeetingRec>(await patch(ctx(), owner, a.id, { title: 'Series A, renamed' }));
    assert.ok(patched.updated_at > b.updated_at, 'a change stamps updated_at');
    const window = { from: new Date(Date.now() - DAY).toISOString(), to: new Date(Date.now() + 30 * DAY).toISOString() };
    const changed = async (query: Record<string, string>) => {
      const res = await api(ctx(), owner.token, 'GET', '/meetings', { query: { ...window, ...query } });
      assert.equal(res.statusCode, 200, res.body);
      return json<{ items: MeetingRec[]; total: number; next_cursor: string | null }>(res);
    };
    const recent = await changed({ updated_since: changedAt });
    assert.deepEqual([recent.items.map((m) => [m.id, m.title]), recent.total], [[[a.id, 'Series A, renamed']], 1]);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: MeetingRec[]; total: number; next_cursor: string | null } = await changed({ updated_since: since, limit: '1', ...(cursor === null ? {} : { cursor }) });
      assert.equal(page.total, 2);
      walked.push(...page.items.map((m) => m.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    assert.deepEqual(walked, [b.id, a.id], 'oldest change first, each meeting once (a series is one item)');
    const stranger = await colleague(ctx(), owner);
    assert.equal(json<{ total: number }>(await api(ctx(), stranger.token, 'GET', '/meetings', { query: { ...window, updated_since: since } })).total, 0, 'only the meetings the caller sees');
  });
});
