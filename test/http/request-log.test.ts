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

  // One after the other, so that their log lines come in this order.
  const requests = async (app: LoggedApp['app']) => {
    const urls = [
      `${API_PREFIX}/notes?offset=98765&include_archived=true`,
      `${API_PREFIX}/notes/some-id?email=ann.secret%40example.test`,
      `${API_PREFIX}/no-such-route?phone=%2B998901234567`,
    ];
    const responses = [];
    for (const url of urls) responses.push(await app.inject({ method: 'GET', url, headers: { 'x-api-token': p.token } }));
    return responses;
  };

  type Line = { msg: string; request_id?: string; req: Record<string, unknown>; res?: { statusCode: number }; level: number; time: number; pid: number; hostname: string; responseTime?: number };
  const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Line);
  const completed = (lines: string[]) => parsed(lines).filter((l) => l.msg === 'request completed');

  it('carry the route and the names of query parameters, never their values', async () => {
    const statuses = (await requests(plain.app)).map((r) => r.statusCode);
    // email is not a parameter of GET /notes/{id}: refused (422) as on every route, and still logged by name only.
    assert.deepEqual(statuses, [200, 422, 404]);
    const text = plain.lines.join('');
    for (const value of ['98765', 'ann.secret', 'example.test', '998901234567']) assert.ok(!text.includes(value), `the log holds "${value}"`);
    const logged = completed(plain.lines).map((l) => ({ route: l.req.route, query: l.req.query, url: l.req.url }));
    assert.deepEqual(logged, [
      { route: `${API_PREFIX}/notes`, query: ['offset', 'include_archived'], url: undefined },
      { route: `${API_PREFIX}/notes/:id`, query: ['email'], url: undefined },
      { route: null, query: ['phone'], url: undefined },
    ]);
  });

  it('hold one line per request at info level: the request and its answer together', async () => {
    plain.lines.length = 0;
    const responses = await requests(plain.app);
    const ids = responses.map((r) => String(r.headers['x-request-id']));
    const mine = parsed(plain.lines).filter((l) => l.request_id !== undefined && ids.includes(l.request_id));
    assert.deepEqual(
      mine.map((l) => ({ id: l.request_id, msg: l.msg, status: l.res?.statusCode, method: l.req.method })),
      responses.map((r, i) => ({ id: ids[i], msg: 'request completed', status: r.statusCode, method: 'GET' })),
    );
  });

  it('hold the arrival of each request as well at debug level', async () => {
    const logged = await loggedApp({ BIZPLAT_LOG_LEVEL: 'debug' });
    try {
      await requests(logged.app);
      const messages = parsed(logged.lines).filter((l) => l.request_id !== undefined).map((l) => l.msg);
      assert.deepEqual(messages.filter((m) => m === 'incoming request').length, 3, messages.join(', '));
      assert.deepEqual(messages.filter((m) => m === 'request completed').length, 3, messages.join(', '));
    } finally {
      await logged.app.close();
    }
  });

  it('write the line as pino writes every other: its fields in order, the same level, pid and host name', async () => {
    plain.lines.length = 0;
    const [response] = await requests(plain.app);
    plain.app.log.info('a line through the logger');
    const [line, other] = parsed(plain.lines).filter((l) => l.request_id === response?.headers['x-request-id'] || l.msg === 'a line through the logger');
    assert.ok(line && other, plain.lines.join(''));
    assert.deepEqual(Object.keys(line), ['level', 'time', 'pid', 'hostname', 'request_id', 'req', 'res', 'responseTime', 'msg']);
    // An injected request has no remote port: the field is left out, as pino leaves out what is undefined.
    assert.deepEqual(Object.keys(line.req), ['method', 'route', 'query', 'host', 'remoteAddress']);
    const base = (l: Line) => ({ level: l.level, pid: l.pid, hostname: l.hostname });
    assert.deepEqual(base(line), base(other));
    assert.deepEqual(line.res, { statusCode: 200 });
    assert.ok(Math.abs(line.time - Date.now()) < 60_000 && (line.responseTime ?? -1) >= 0, JSON.stringify(line));
  });

  it('hold no request lines above info level', async () => {
    const logged = await loggedApp({ BIZPLAT_LOG_LEVEL: 'warn' });
    try {
      await requests(logged.app);
      assert.deepEqual(logged.lines, []);
    } finally {
      await logged.app.close();
    }
  });

  it('BIZPLAT_LOG_QUERY_VALUES=1 adds the whole URL for debugging', async () => {
    await requests(debug.app);
    const urls = completed(debug.lines).map((l) => l.req.url);
    assert.deepEqual(urls, [
      `${API_PREFIX}/notes?offset=98765&include_archived=true`,
      `${API_PREFIX}/notes/some-id?email=ann.secret%40example.test`,
      `${API_PREFIX}/no-such-route?phone=%2B998901234567`,
    ]);
  });
}, { modules: [notesModule] });
