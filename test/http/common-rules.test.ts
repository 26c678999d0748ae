import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { REPLAY_HEADER } from '../../src/http/write.ts';
import { claimKey, requestHash } from '../../src/http/idempotency.ts';
import { API_PREFIX } from '../../src/app.ts';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { holds, notesModule } from '../helpers/notes-module.ts';

interface Note {
  id: string;
  title: string;
  version: number;
}
interface List {
  items: Note[];
  total: number;
  limit: number;
  offset: number;
}

describeEachDatabase('common rules: lists, versions, idempotency', (ctx) => {
  let p: Principal;
  const post = (title: string, key?: string, token = p.token) =>
    api(ctx(), token, 'POST', '/notes', { body: { title }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  before(async () => {
    p = await createPrincipal(ctx());
  });

  it('lists page with limit 1–200 (default 50) and offset ≥ 0; archived rows hidden by default', async () => {
    for (let i = 0; i < 55; i++) assert.equal((await post(`n${i}`)).statusCode, 201);
    assert.equal((await api(ctx(), p.token, 'POST', '/notes', { body: { title: 'old', is_archived: true } })).statusCode, 201);
    const first = json<List>(await api(ctx(), p.token, 'GET', '/notes'));
    assert.equal(first.items.length, 50);
    assert.deepEqual([first.total, first.limit, first.offset], [55, 50, 0]);
    const rest = json<List>(await api(ctx(), p.token, 'GET', '/notes', { query: { limit: '10', offset: '50' } }));
    assert.equal(rest.items.length, 5);
    assert.deepEqual([rest.total, rest.limit, rest.offset], [55, 10, 50]);
    const all = json<List>(await api(ctx(), p.token, 'GET', '/notes', { query: { include_archived: 'true', limit: '200' } }));
    assert.equal(all.total, 56);
    assert.equal(all.items.length, 56);
  });

  it('limit and offset out of range give 422 naming the parameter', async () => {
    for (const [query, field] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '201' }, 'limit'],
      [{ offset: '-1' }, 'offset'],
      [{ limit: '2.5' }, 'limit'],
    ] as const) {
      const body = assertEnvelope(await api(ctx(), p.token, 'GET', '/notes', { query }), 422, 'validation_error', 'validation_error');
      assert.equal(body.details.fields?.[0]?.field, field, JSON.stringify(query));
    }
    assert.equal((await api(ctx(), p.token, 'GET', '/notes', { query: { limit: '200' } })).statusCode, 200);
  });

  it('If-Match accepts 3, "3" and W/"3"; a stale version gives 409 stale_version', async () => {
    const note = json<Note>(await post('versioned'));
    let version = note.version;
    for (const form of [(v: number) => `${v}`, (v: number) => `"${v}"`, (v: number) => `W/"${v}"`]) {
      const res = await api(ctx(), p.token, 'PATCH', `/notes/${note.id}`, { body: { title: `v${version}` }, headers: { 'if-match': form(version) } });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(json<Note>(res).version, version + 1);
      version += 1;
    }
    const stale = await api(ctx(), p.token, 'PATCH', `/notes/${note.id}`, { body: { title: 'late' }, headers: { 'if-match': '"1"' } });
    assertEnvelope(stale, 409, 'conflict', 'stale_version');
    const bad = await api(ctx(), p.token, 'PATCH', `/notes/${note.id}`, { body: { title: 'x' }, headers: { 'if-match': 'yesterday' } });
    assert.equal(assertEnvelope(bad, 422, 'validation_error', 'validation_error').details.fields?.[0]?.field, 'If-Match');
    const after = json<Note>(await api(ctx(), p.token, 'GET', `/notes/${note.id}`));
    assert.equal(after.title, `v${version - 1}`);
  });

  it('a single GET carries an ETag; If-None-Match with it gives 304, after a change 200', async () => {
    const note = json<Note>(await post('tagged'));
    const res = await api(ctx(), p.token, 'GET', `/notes/${note.id}`);
    assert.equal(res.headers.etag, '"1"');
    const cached = await api(ctx(), p.token, 'GET', `/notes/${note.id}`, { headers: { 'if-none-match': '"1"' } });
    assert.equal(cached.statusCode, 304);
    assert.equal(cached.body, '');
    assert.equal((await api(ctx(), p.token, 'GET', `/notes/${note.id}`, { headers: { 'if-none-match': 'W/"1"' } })).statusCode, 304);
    await api(ctx(), p.token, 'PATCH', `/notes/${note.id}`, { body: { title: 'changed' } });
    const fresh = await api(ctx(), p.token, 'GET', `/notes/${note.id}`, { headers: { 'if-none-match': '"1"' } });
    assert.equal(fresh.statusCode, 200);
    assert.equal(fresh.headers.etag, '"2"');
  });

  it('Idempotency-Key: the same key and body replay the stored response byte for byte', async () => {
    const first = await post('once', 'key-replay');
    assert.equal(first.statusCode, 201);
    assert.equal(first.headers[REPLAY_HEADER], undefined);
    const again = await post('once', 'key-replay');
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers[REPLAY_HEADER], 'true');
    assert.equal(again.body, first.body);
    assert.equal(again.headers['content-type'], 'application/json; charset=utf-8');
    const list = json<List>(await api(ctx(), p.token, 'GET', '/notes', { query: { limit: '200' } }));
    assert.equal(list.items.filter((n) => n.title === 'once').length, 1, 'the effect happened once');
  });

  it('Idempotency-Key: the same key with another body gives 422', async () => {
    assert.equal((await post('first body', 'key-other')).statusCode, 201);
    const res = await post('second body', 'key-other');
    const body = assertEnvelope(res, 422, 'validation_error', 'validation_error');
    assert.equal(body.details.fields?.[0]?.field, 'Idempotency-Key');
  });

  it('Idempotency-Key: keys belong to one token; another token may use the same key', async () => {
    const other = await createPrincipal(ctx(), { slug: p.slug });
    const mine = await post('shared key', 'key-shared');
    const theirs = await post('shared key', 'key-shared', other.token);
    assert.equal(theirs.statusCode, 201);
    assert.equal(theirs.headers[REPLAY_HEADER], undefined);
    assert.notEqual(json<Note>(theirs).id, json<Note>(mine).id);
  });

  it('Idempotency-Key: a failed request releases the key for the corrected request', async () => {
    const failed = await post('fail', 'key-release');
    assertEnvelope(failed, 422, 'validation_error', 'validation_error');
    const fixed = await post('mended', 'key-release');
    assert.equal(fixed.statusCode, 201);
    assert.equal(json<Note>(fixed).title, 'mended');
  });

  it('Idempotency-Key: a request still in flight with the key gives 409', async () => {
    if (ctx().kind === 'sqlite') {
      // One SQLite connection serialises the two requests, so the claim of a request running
      // elsewhere (another process) is made directly.
      const hash = requestHash('POST', `${API_PREFIX}/notes`, { title: 'racing' });
      assert.ok('lease' in (await claimKey(ctx().storage, { orgId: p.orgId, tokenId: p.tokenId, key: 'key-flight', hash })));
      assertEnvelope(await post('racing', 'key-flight'), 409, 'conflict', 'idempotency_in_progress');
      return;
    }
    let release!: () => void;
    holds.post = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (holds.reached = resolve));
    try {
      const first = post('hold', 'key-flight');
      await reached; // the first holds its claim inside its transaction
      assertEnvelope(await post('hold', 'key-flight'), 409, 'conflict', 'idempotency_in_progress');
      release();
      assert.equal((await first).statusCode, 201);
      const replay = await post('hold', 'key-flight');
      assert.equal(replay.headers[REPLAY_HEADER], 'true');
      assert.equal(replay.body, (await first).body);
    } finally {
      release();
      delete holds.post;
      delete holds.reached;
    }
  });

  it('an Idempotency-Key that is not visible ASCII gives 422', async () => {
    const res = await post('x', 'has space');
    assertEnvelope(res, 422, 'validation_error', 'validation_error');
  });
}, { modules: [notesModule] });
