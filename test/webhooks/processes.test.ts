import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { startServer, stopServer } from '../helpers/child-server.ts';
import { after, afterEach, it } from 'node:test';
import { SLOW_ANSWER_MS, api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { emitClientCreated, eventually, settle } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

/** `serve` of the CLI on the test database; resolves once it listens. */
const serve = async (databaseUrl: string, env: Record<string, string>): Promise<ChildProcess> =>
  (await startServer(['src/cli/main.ts', 'serve', '--port', '0'], databaseUrl, env)).process;
const stop = (child: ChildProcess): Promise<number | null> => stopServer(child);

describeEachDatabase(
  'webhook dispatch from several server processes',
  (ctx) => {
    const children: ChildProcess[] = [];
    let receiver: Receiver | undefined;
    afterEach(async () => {
      for (const c of children.splice(0)) await stop(c);
      await receiver?.close();
    });

    it('sends each attempt exactly once with two servers dispatching, and loses nothing across a restart', async () => {
      receiver = await startReceiver(cert);
      receiver.respond = () => ({ status: 200, delayMs: 40 });
      const p = await createPrincipal(ctx());
      const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'two servers', url: receiver.url, events: '*' } });
      assert.equal(res.statusCode, 201, res.body);
      const env = {
        BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1',
        BIZPLAT_WEBHOOK_CA_FILE: cert.certFile,
        BIZPLAT_WEBHOOK_POLL_MS: '200',
        BIZPLAT_WEBHOOK_CONCURRENCY: '3',
        // An answer merely slow on a loaded machine must not count as a time-out (and be sent again).
        BIZPLAT_WEBHOOK_TIMEOUT_MS: String(SLOW_ANSWER_MS),
      };
      children.push(...(await Promise.all([serve(ctx().config.databaseUrl, env), serve(ctx().config.databaseUrl, env)])));

      const count = 60;
      const emitted = new Set<string>();
      for (let i = 0; i < count; i++) emitted.add((await emitClientCreated(ctx().storage, p.orgId)).eventId);
      await receiver.waitFor(count);
      await settle(500);
      const ids = receiver.received.map((r) => String(r.headers['x-webhook-id']));
      assert.equal(ids.length, count, 'no attempt was sent twice');
      assert.deepEqual(new Set(ids), emitted);
      assert.ok(new Set(receiver.received.map((r) => r.remotePort)).size > 3, 'both servers sent (more connections than one server opens)');

      // Both servers stop; events committed meanwhile wait in the database for the next start.
      for (const c of children.splice(0)) assert.equal(await stop(c), 0);
      for (let i = 0; i < 5; i++) emitted.add((await emitClientCreated(ctx().storage, p.orgId)).eventId);
      await settle(300);
      assert.equal(receiver.received.length, count);
      children.push(await serve(ctx().config.databaseUrl, env));
      await receiver.waitFor(count + 5);
      // Successes are recorded just after the answers: wait for the records, not a fixed time.
      const pending = await eventually(
        () => ctx().storage.db.selectFrom('webhook_deliveries').select('id').where('org_id', '=', p.orgId).where('status', '!=', 'succeeded').execute(),
        (rows) => rows.length === 0,
      );
      await settle(300);
      assert.deepEqual(new Set(receiver.received.map((r) => String(r.headers['x-webhook-id']))), emitted);
      assert.equal(receiver.received.length, count + 5);
      assert.deepEqual(pending, []);
      assert.equal(json<{ items: Array<{ failureCount: number }> }>(await api(ctx(), p.token, 'GET', '/webhooks')).items[0]!.failureCount, 0);
    });

    it('a server killed mid-attempt leaves a lease that expires, and another server makes the attempt again', async () => {
      receiver = await startReceiver(cert);
      const p = await createPrincipal(ctx());
      const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'crash', url: receiver.url, events: '*' } });
      assert.equal(res.statusCode, 201, res.body);
      const env = { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile, BIZPLAT_WEBHOOK_POLL_MS: '200' };
      // The server that dies holds its lease for its time-out + 5 s; the one that takes over waits minutes for its answer.
      const doomed = await serve(ctx().config.databaseUrl, { ...env, BIZPLAT_WEBHOOK_TIMEOUT_MS: '10000' });
      // Frozen the moment its attempt arrives, so that its own time-out can never fire first, however slowly the kill goes.
      receiver.respond = (n) => {
        if (n === 0) doomed.kill('SIGSTOP');
        return n === 0 ? { status: 200, heldUntil: new Promise(() => {}) } : { status: 200 };
      };
      const { eventId } = await emitClientCreated(ctx().storage, p.orgId);
      await receiver.waitFor(1);
      doomed.kill('SIGKILL');
      await new Promise((r) => doomed.once('exit', r));
      const held = await ctx().storage.db.selectFrom('webhook_deliveries').select(['status', 'locked_until']).where('org_id', '=', p.orgId).executeTakeFirstOrThrow();
      assert.equal(held.status, 'pending');
      assert.ok(held.locked_until, 'the dead server still holds the lease');
      children.push(await serve(ctx().config.databaseUrl, { ...env, BIZPLAT_WEBHOOK_TIMEOUT_MS: String(SLOW_ANSWER_MS) }));
      await receiver.waitFor(2);
      assert.ok(Date.now() >= Date.parse(held.locked_until), 'not before the lease expired');
      assert.equal(receiver.received[1]!.headers['x-webhook-id'], eventId);
      const done = await eventually(
        () => ctx().storage.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('org_id', '=', p.orgId).executeTakeFirstOrThrow(),
        (row) => row.status !== 'pending',
      );
      await settle(300);
      assert.deepEqual(done, { status: 'succeeded', attempts: 1 });
      assert.equal(receiver.received.length, 2);
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1' } },
);
