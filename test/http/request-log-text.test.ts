import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Agent, get } from 'node:http';
import Fastify from 'fastify';
import type { FastifyRequest } from 'fastify';
import { requestLogSerializer, requestLogText } from '../../src/http/request-log.ts';

it('writes the request as JSON text exactly as stringifying its logged object does', async () => {
  const app = Fastify();
  const seen: Array<{ text: string; object: string }> = [];
  const record = (request: FastifyRequest) => {
    for (const withValues of [false, true]) seen.push({ text: requestLogText(withValues)(request), object: JSON.stringify(requestLogSerializer(withValues)(request)) });
  };
  app.get('/notes/:id', async () => ({ ok: true }));
  app.addHook('onResponse', (request, _reply, done) => {
    record(request);
    done();
  });
  const asked = [
    { url: '/notes/1' },
    { url: '/notes/1?email=ann%40example.test&limit=5&limit=6' },
    { url: '/notes/"quoted"?na%22me=1&x\u0001y=2' },
    { url: '/no-such-route?phone=%2B998' },
    { url: '/notes/2', headers: { host: 'exa"mple.test:80' } },
    { url: '/notes/3', headers: { host: `${'h'.repeat(300)}.test` } },
    { url: '/notes/4', headers: { host: 'bad\u0007host' } },
  ];
  try {
    for (const request of asked) await app.inject({ method: 'GET', ...request });
    const real = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // One kept-alive connection, its Host changing between requests.
    for (const host of ['one.example.test', 'one.example.test', 'two.example.test']) {
      await new Promise<void>((resolve, reject) => {
        get(`${real}/notes/5?a=1`, { agent, headers: { host } }, (res) => res.resume().on('end', resolve)).on('error', reject);
      });
    }
    agent.destroy();
  } finally {
    await app.close();
  }
  assert.equal(seen.length, (asked.length + 3) * 2);
  assert.match(seen.at(-1)!.text, /"host":"two\.example\.test"/);
  for (const { text, object } of seen) assert.equal(text, object);
  assert.match(seen.at(-1)!.text, /"remotePort":\d+\}$/, 'a real connection has its port');
});
