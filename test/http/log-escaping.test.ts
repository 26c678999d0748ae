/** A value that made a request fail is never written into the log verbatim. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, buildApp } from '../../src/app.ts';
import type { DomainModule } from '../../src/domains/module.ts';
import { route } from '../../src/http/route.ts';
import { createPrincipal, describeEachDatabase, testConfig } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';

const ESC = '\u001b';
const LONG = 'x'.repeat(5000);

/** A route whose failure quotes the value sent, as a driver's error does (message and `detail`). */
const echoModule: DomainModule = {
  name: 'echo-failure',
  migrations: [],
  routes: async (app: FastifyInstance) => {
    route(app, {
      method: 'POST', url: '/echo-failure', operationId: 'echoFailure', summary: 'Fails quoting its input', tags: ['Test'],
      access: { scope: 'any', capability: 'metrics', mode: 'write' },
      body: Type.Object({ text: Type.String() }),
      response: { status: 201, schema: Type.Object({}), description: 'Never answered.' },
    }, async (request) => {
      throw Object.assign(new Error(`invalid input value (\ud800): "${request.body.text}"`), { code: '22P02', detail: `Key (name)=(${request.body.text}) is bad` });
    });
  },
};

describeEachDatabase('logs of failed requests', (ctx) => {
  let p: Principal;
  let app: FastifyInstance;
  const lines: string[] = [];

  before(async () => {
    p = await createPrincipal(ctx());
    const config = testConfig(ctx().config.databaseUrl, { BIZPLAT_LOG_LEVEL: 'info' });
    app = await buildApp({ config, storage: ctx().storage, modules: [echoModule], logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
  });
  after(async () => app.close());

  it('hold the failing value truncated, with control characters and unpaired surrogates escaped, and never the driver detail', async () => {
    const text = `${ESC}[31mred\r\nforged line ${LONG}`;
    const res = await app.inject({ method: 'POST', url: `${API_PREFIX}/echo-failure`, headers: { 'x-api-token': p.token }, payload: { text } });
    assert.equal(res.statusCode, 500);
    assert.ok(!res.body.includes('forged'), res.body);
    const raw = lines.join('');
    assert.ok(!raw.includes(ESC), 'no raw escape character');
    assert.ok(!raw.includes(LONG), 'the long value is cut');
    assert.ok(!raw.includes('Key (name)'), 'the driver detail is not logged');
    const failed = lines.map((l) => JSON.parse(l) as { msg: string; error?: { message: string; code: string; type: string; stack: string[] } }).find((l) => l.msg === 'request failed');
    assert.ok(failed?.error, raw.slice(0, 2000));
    assert.equal(failed.error.code, '22P02');
    assert.equal(failed.error.type, 'Error');
    assert.ok(failed.error.message.startsWith('invalid input value (\\ud800): "\\u001b[31mred\\u000d\\u000aforged line xxx'), failed.error.message);
    assert.ok(failed.error.message.length < 600, `message of ${failed.error.message.length} characters`);
    assert.ok(failed.error.message.endsWith('(5049 characters)'), failed.error.message.slice(-80));
    assert.ok(!failed.error.message.includes('\n') && !failed.error.message.includes('\r'));
    assert.ok(!/\p{Cs}/u.test(raw) && !/\p{Cs}/u.test(failed.error.message), 'no unpaired surrogate');
    assert.ok(Array.isArray(failed.error.stack) && failed.error.stack.length > 0);
  });

  it('hold query parameter names escaped and cut', async () => {
    lines.length = 0;
    await app.inject({ method: 'POST', url: `${API_PREFIX}/echo-failure?%1B%5B2J${'n'.repeat(300)}=1`, headers: { 'x-api-token': p.token }, payload: { text: 'a' } });
    const completed = lines.map((l) => JSON.parse(l) as { msg: string; req?: { query: string[] } }).find((l) => l.msg === 'request completed');
    assert.ok(completed?.req, lines.join(''));
    const name = completed.req.query[0] ?? '';
    assert.ok(name?.startsWith('\\u001b[2Jnnn'), name);
    assert.ok(name.length < 120, `name of ${name.length} characters`);
    assert.ok(!lines.join('').includes(ESC));
  });
});
