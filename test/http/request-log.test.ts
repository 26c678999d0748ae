import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { API_PREFIX, buildApp } from '../../src/app.ts';
import { createPrincipal, describeEachDatabase, testConfig } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';

type LoggedApp = { app: Awaited<ReturnType<typeof buildApp>>; lines: string[] };

describeEachDatabase('request logs', (ctx) => {
  let p: Principal;
  let plain: LoggedApp;
  let debug: LoggedApp;

  async function loggedApp(env: Record<string, string>): Promise<LoggedApp> {
    const lines: string[] = [];
    const config = testConfig(ctx().config.databaseUrl, { BIZPLAT_LOG_LEVEL: 'info', ...env });
    const app = await buildApp({ config, storage: ctx().storage, modules: [notesModule], logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
    return { app, lines };
  }

  before(async () => {
    p = await createPrincipal(ctx());
    plain = await loggedApp({});
    debug = await loggedApp({ BIZPLAT_LOG_QUERY_VALUES: '1' });
  });
  after(async () => {
    await plain.app.close();
    await debug.app.close();
  });

  const requests = (app: LoggedApp['app']) =>
    Promise.all([
      app.inject({ method: 'GET', url: `${API_PREFIX}/notes?offset=98765&include_archived=true`, headers: { 'x-api-token': p.token } }),
      app.inject({ method: 'GET', url: `${API_PREFIX}/notes/some-id?email=ann.secret%40example.test`, headers: { 'x-api-token': p.token } }),
      app.inject({ method: 'GET', url: `${API_PREFIX}/no-such-route?phone=%2B998901234567`, headers: { 'x-api-token': p.token } }),
    ]);

  function incoming(lines: string[]): Array<{ req: Record<string, unknown> }> {
    return lines.map((l) => JSON.parse(l) as { msg: string; req: Record<string, unknown> }).filter((l) => l.msg === 'incoming request');
  }

  it('carry the route and the names of query parameters, never their values', async () => {
    const statuses = (await requests(plain.app)).map((r) => r.statusCode);
    assert.deepEqual(statuses, [200, 404, 404]);
    const text = plain.lines.join('');
    for (const value of ['98765', 'ann.secret', 'example.test', '998901234567']) assert.ok(!text.includes(value), `the log holds "${value}"`);
    const logged = incoming(plain.lines).map((l) => ({ route: l.req.route, query: l.req.query, url: l.req.url }));
    assert.deepEqual(logged, [
      { route: `${API_PREFIX}/notes`, query: ['offset', 'include_archived'], url: undefined },
      { route: `${API_PREFIX}/notes/:id`, query: ['email'], url: undefined },
      { route: null, query: ['phone'], url: undefined },
    ]);
  });

  it('BIZPLAT_LOG_QUERY_VALUES=1 adds the whole URL for debugging', async () => {
    await requests(debug.app);
    const urls = incoming(debug.lines).map((l) => l.req.url);
    assert.deepEqual(urls, [
      `${API_PREFIX}/notes?offset=98765&include_archived=true`,
      `${API_PREFIX}/notes/some-id?email=ann.secret%40example.test`,
      `${API_PREFIX}/no-such-route?phone=%2B998901234567`,
    ]);
  });
}, { modules: [notesModule] });
