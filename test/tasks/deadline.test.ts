import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDates } from '../../src/domains/tasks/tasks.ts';
import { updateOrganizationSettings } from '../../src/platform/service.ts';
import { localNow, timeZoneOf } from '../../src/platform/time-zone.ts';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { api, createPrincipal, describeEachDatabase, freshDatabase } from '../helpers/harness.ts';
import { fieldsOf } from './helpers.ts';

const noDates = { start_date: null, end_date: null, end_time: null };
const refused = (fn: () => void) => assert.throws(fn, (e: { details: { fields: Array<{ field: string }> } }) => (assert.equal(e.details.fields[0]?.field, 'end_date'), true));

describe('task deadlines in the organization\'s time zone', () => {
  // 2026-03-10 20:30 UTC is 2026-03-11 01:30 in Tashkent (UTC+5) and 2026-03-10 16:30 in New York (summer time, UTC−4).
  const now = new Date('2026-03-10T20:30:00Z');

  it('reads the wall clock of the zone', () => {
    assert.equal(localNow('UTC', now), '2026-03-10T20:30');
    assert.equal(localNow('Asia/Tashkent', now), '2026-03-11T01:30');
    assert.equal(localNow('America/New_York', now), '2026-03-10T16:30');
  });

  it('a date without a time lasts the whole local day; a time is compared to the local minute', () => {
    checkDates({ ...noDates, end_date: '2026-03-10' }, 'UTC', true, now);
    refused(() => checkDates({ ...noDates, end_date: '2026-03-10' }, 'Asia/Tashkent', true, now));
    checkDates({ ...noDates, end_date: '2026-03-10', end_time: '20:30' }, 'UTC', true, now);
    refused(() => checkDates({ ...noDates, end_date: '2026-03-10', end_time: '20:29' }, 'UTC', true, now));
    checkDates({ ...noDates, end_date: '2026-03-10', end_time: '17:00' }, 'America/New_York', true, now);
    refused(() => checkDates({ ...noDates, end_date: '2026-03-11', end_time: '01:00' }, 'Asia/Tashkent', true, now));
    checkDates({ ...noDates, end_date: '2020-01-01' }, 'UTC', false, now);
  });

  it('the setting falls back to UTC when unset or unknown', () => {
    assert.equal(timeZoneOf({}), 'UTC');
    assert.equal(timeZoneOf({ timeZone: 'Mars/Olympus' }), 'UTC');
    assert.equal(timeZoneOf({ timeZone: 'Asia/Tashkent' }), 'Asia/Tashkent');
  });
});

describeEachDatabase('POST /tasks reads the deadline in the organization\'s time zone', (ctx) => {
  it('a date that is still today in UTC is past in a zone already on the next day', async () => {
    const owner = await createPrincipal(ctx());
    await updateOrganizationSettings(ctx().storage, owner.slug, { timeZone: 'Pacific/Kiritimati' });
    const localToday = localNow('Pacific/Kiritimati').slice(0, 10);
    const localYesterday = new Date(Date.parse(`${localToday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const past = await api(ctx(), owner.token, 'POST', '/tasks', { body: { title: 'Yesterday there', end_date: localYesterday } });
    assert.equal(past.statusCode, 422, past.body);
    assert.deepEqual(fieldsOf(past), ['end_date']);
    assert.match(past.json().message as string, /Pacific\/Kiritimati/);
    assert.equal((await api(ctx(), owner.token, 'POST', '/tasks', { body: { title: 'Today there', end_date: localToday } })).statusCode, 201);
  });
});

describe('tasks settings (CLI)', () => {
  it('shows and sets the time zone; refuses an unknown one', async () => {
    const db = await freshDatabase('sqlite');
    try {
      const cli = (...args: string[]) => runCli([...args, '--db', db.url, '--json']);
      onlyJson(await cli('org', 'create', '--slug', 'tz-org', '--name', 'TZ'));
      assert.deepEqual(onlyJson(await cli('tasks', 'settings', '--org', 'tz-org')), { timeZone: 'UTC' });
      assert.deepEqual(onlyJson(await cli('tasks', 'settings', '--org', 'tz-org', '--time-zone', 'Asia/Tashkent')), { timeZone: 'Asia/Tashkent' });
      assert.deepEqual(onlyJson(await cli('tasks', 'settings', '--org', 'tz-org')), { timeZone: 'Asia/Tashkent' });
      const bad = await cli('tasks', 'settings', '--org', 'tz-org', '--time-zone', 'Mars/Olympus');
      assert.notEqual(bad.code, 0);
    } finally {
      await db.drop();
    }
  });
});
