import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import type { CliResult } from '../helpers/cli.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import { emitClientCreated, eventually, settle, startDelivery } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

type CliRun = CliResult;

function cli(databaseUrl: string, args: string[]): Promise<CliRun> {
  return runCli([...args, '--json'], { DATABASE_URL: databaseUrl, BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile });
}

/** With --json a command prints exactly one JSON object on stdout. */
function oneObject(run: CliRun): Record<string, unknown> {
  assert.equal(run.code, 0, run.stderr);
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.length, 1, run.stdout);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

interface Delivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  event: string;
  status: string;
  attempts: Array<{ attempt: number; at: string; ok: boolean; statusCode: number | null; durationMs: number; error: string | null }>;
}

describeEachDatabase(
  'webhook operator commands',
  (ctx) => {
    it('lists attempts, redelivers a failed delivery now, and replays events since a time', async () => {
      const receiver = await startReceiver(cert);
      let dispatcher: { stop(): Promise<void> } | undefined;
      try {
        receiver.respond = () => ({ status: 500 });
        const p = await createPrincipal(ctx());
        const sub = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'ops', url: receiver.url, events: '*' } }));
        dispatcher = await startDelivery(ctx(), { webhookRetryScheduleSeconds: [], webhookPollMs: 200 });
        const first = await emitClientCreated(ctx().storage, p.orgId);
        await receiver.waitFor(1);
        await eventually(
          () => ctx().storage.db.selectFrom('webhook_deliveries').select('status').where('event_id', '=', first.eventId).executeTakeFirstOrThrow(),
          (row) => row.status === 'failed',
        );

        const listed = oneObject(await cli(ctx().config.databaseUrl, ['webhook', 'deliveries', '--org', p.slug, '--status', 'failed', '--subscription', sub.id]));
        const deliveries = listed.deliveries as Delivery[];
        assert.equal(deliveries.length, 1);
        const failed = deliveries[0]!;
        assert.deepEqual([failed.eventId, failed.event, failed.status, failed.subscriptionId], [first.eventId, 'client.created', 'failed', sub.id]);
        assert.equal(failed.attempts.length, 1);
        assert.deepEqual([failed.attempts[0]!.statusCode, failed.attempts[0]!.ok, failed.attempts[0]!.error], [500, false, 'HTTP 500']);
        assert.equal(typeof failed.attempts[0]!.durationMs, 'number');
        assert.match(failed.attempts[0]!.at, /\+00:00$/);
        assert.deepEqual(oneObject(await cli(ctx().config.databaseUrl, ['webhook', 'deliveries', '--org', p.slug, '--status', 'succeeded'])).deliveries, []);

        receiver.respond = () => ({ status: 200 });
        const redelivered = oneObject(await cli(ctx().config.databaseUrl, ['webhook', 'redeliver', '--org', p.slug, '--delivery', failed.id]));
        assert.deepEqual([redelivered.ok, redelivered.statusCode], [true, 200]);
        assert.equal(receiver.received.length, 2);
        assert.equal(receiver.received[1]!.headers['x-webhook-id'], first.eventId);
        const after = await ctx().storage.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', failed.id).executeTakeFirstOrThrow();
        assert.deepEqual(after, { status: 'succeeded', attempts: 2 });

        const since = new Date().toISOString();
        await settle(5);
        const second = await emitClientCreated(ctx().storage, p.orgId);
        await receiver.waitFor(3);
        const replayed = oneObject(await cli(ctx().config.databaseUrl, ['webhook', 'replay', '--org', p.slug, '--subscription', sub.id, '--since', since]));
        assert.equal(replayed.queued, 1, 'only the event since that time');
        await receiver.waitFor(4);
        assert.equal(receiver.received[3]!.headers['x-webhook-id'], second.eventId);
        assert.equal(receiver.received[3]!.body.toString(), receiver.received[2]!.body.toString());

        const missing = await cli(ctx().config.databaseUrl, ['webhook', 'redeliver', '--org', p.slug, '--delivery', '0190d1a0-0000-7000-8000-000000000000']);
        assert.notEqual(missing.code, 0);
        assert.equal(missing.stdout, '');
        assert.equal((JSON.parse(missing.stderr) as { error: string }).error, 'not_found');
      } finally {
        await dispatcher?.stop();
        await receiver.close();
      }
    });

    it('lists the ids other commands take: users, tokens and subscriptions; creates a subscription with its secret shown once', async () => {
      const p = await createPrincipal(ctx());
      const url = ctx().config.databaseUrl;
      const users = oneObject(await cli(url, ['user', 'list', '--org', p.slug])).items as Array<{ id: string; orgUserId: string }>;
      assert.deepEqual(users.map((u) => [u.id, u.orgUserId]), [[p.userId, p.orgUserId]]);
      const tokens = oneObject(await cli(url, ['token', 'list', '--org', p.slug])).items as Array<Record<string, unknown>>;
      assert.equal(tokens.length, 1);
      assert.equal((tokens[0]!.owner as { id: string }).id, p.userId);
      assert.ok(!JSON.stringify(tokens).includes(p.token), 'never a token value');

      const created = oneObject(await cli(url, ['webhook', 'create', '--org', p.slug, '--name', 'erp', '--url', 'https://127.0.0.1:9/hook', '--events', 'client.created,deal.won']));
      assert.match(String(created.secret), /^whsec_/);
      const listed = oneObject(await cli(url, ['webhook', 'list', '--org', p.slug])).items as Array<Record<string, unknown>>;
      assert.deepEqual(listed.map((s) => [s.id, s.name, s.events, s.isActive]), [[created.id, 'erp', ['client.created', 'deal.won'], true]]);
      assert.ok(!JSON.stringify(listed).includes(String(created.secret)));
      const refused = await cli(url, ['webhook', 'create', '--org', p.slug, '--name', 'bad', '--url', 'https://127.0.0.1:9/', '--events', 'no.such']);
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /event catalog/);
      const audit = await ctx().storage.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'webhook.create').execute();
      assert.deepEqual(audit.map((a) => a.target_id).filter((id) => id === created.id), [created.id]);
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } },
);
