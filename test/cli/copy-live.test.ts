import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { openSecret } from '../../src/domains/webhooks/secrets.ts';
import { serverSealer } from '../../src/platform/server-key.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { ROOT, cliEnv, onlyJson, runBin, runCli } from '../helpers/cli.ts';
import { tracked } from '../helpers/children.ts';
import { POSTGRES_URL, api, createContext, createPrincipal, freshDatabase, json, testConfig } from '../helpers/harness.ts';
import type { DatabaseKind, TestContext } from '../helpers/harness.ts';
import { PATIENCE_MS, waitUntil } from '../helpers/patience.ts';
import { sessionUrlOf } from '../helpers/session-url.ts';
import { post, stockedOrg } from '../inventory/fixtures.ts';
import { assertLedgerHolds } from '../inventory/invariant.ts';

type Context = TestContext & { close(): Promise<void> };

async function movementIds(storage: Storage, orgId: string): Promise<Set<string>> {
  return new Set((await storage.db.selectFrom('stock_movements').select('id').where('org_id', '=', orgId).execute()).map((r) => r.id));
}

for (const fromKind of ['sqlite', 'postgres'] as const) {
  const toKind: DatabaseKind = POSTGRES_URL && fromKind === 'sqlite' ? 'postgres' : 'sqlite';
  describe(`copy --to while a server writes: ${fromKind} to ${toKind}`, { skip: fromKind === 'postgres' && !POSTGRES_URL ? 'TEST_DATABASE_URL is not set' : false }, () => {
    let source: Context;
    let target: { url: string; drop: () => Promise<void> };
    let copied: Storage | undefined;
    before(async () => {
      source = await createContext(fromKind);
      target = await freshDatabase(toKind);
    });
    after(async () => {
      await copied?.close();
      await source?.close();
      await target?.drop();
    });

    it('copies one moment of the source: every movement committed before it began, none after it ended, the ledger balanced', async () => {
      const s = await stockedOrg(source, 3);
      let running = true;
      const load = (async () => {
        for (let i = 0; running; i++) {
          const res = await post(source, s.token, { kind: 'in', warehouse_id: i % 2 ? s.main : s.second, lines: [{ item_id: s.items[i % 3]!, qty: 1 }, { item_id: s.items[(i + 1) % 3]!, qty: '0.5' }] });
          assert.equal(res.statusCode, 201, res.body);
        }
      })();
      let before_: Set<string>;
      let after_: Set<string>;
      try {
        await waitUntil('20 movements', async () => (await movementIds(source.storage, s.orgId)).size >= 20);
        before_ = await movementIds(source.storage, s.orgId);
        // Its own process, as an operator runs it beside the server: truly concurrent with the writes.
        // --to names the target directly, not through a pooler (docs/operations.md).
        const result = await runBin(['copy', '--db', source.config.databaseUrl, '--to', sessionUrlOf(target.url) ?? target.url, '--json']);
        assert.equal(result.stderr, '', 'no progress on stderr when it is not a terminal');
        onlyJson(result);
        after_ = await movementIds(source.storage, s.orgId);
      } finally {
        running = false;
        await load;
      }
      assert.ok(after_.size > before_.size, `movements were written while the copy ran (${before_.size} before, ${after_.size} after)`);
      copied = openStorage(testConfig(target.url));
      const ids = await movementIds(copied, s.orgId);
      assert.deepEqual([...before_].filter((id) => !ids.has(id)), [], 'every movement committed before the copy is in it');
      assert.deepEqual([...ids].filter((id) => !after_.has(id)), [], 'none committed after it');
      const ledger = await assertLedgerHolds(copied, s.orgId);
      assert.equal(ledger.movements, ids.size);
    });
  });
}

describe('copy --to an SQLite file whose key file is already there', () => {
  let source: Context;
  let target: { url: string; drop: () => Promise<void> };
  let copied: Storage | undefined;
  before(async () => {
    source = await createContext('sqlite', { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1' });
    target = await freshDatabase('sqlite');
  });
  after(async () => {
    await copied?.close();
    await source?.close();
    await target?.drop();
  });

  it('seals the webhook secrets again with that key: the copy signs with the secret the subscriber holds', async () => {
    const p = await createPrincipal(source);
    const hook = await api(source, p.token, 'POST', '/webhooks', { body: { name: 'receiver', url: 'https://127.0.0.1:9/hook', events: '*' } });
    assert.equal(hook.statusCode, 201, hook.body);
    const { id, secret } = json<{ id: string; secret: string }>(hook);
    const keyFile = `${target.url.slice('sqlite:'.length)}.key`;
    writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
    const summary = onlyJson(await runCli(['copy', '--db', source.config.databaseUrl, '--to', target.url, '--json']));
    assert.equal(summary.resealed, true);
    assert.equal(summary.keyFile, undefined, 'the key file there is kept');
    copied = openStorage(testConfig(target.url));
    // The start check of a server on the copy: its key opens what the copy holds sealed.
    const sealer = await serverSealer(copied, undefined);
    const stored = await copied.db.selectFrom('webhook_subscriptions').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
    const original = await source.storage.db.selectFrom('webhook_subscriptions').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
    assert.notEqual(stored.secret, original.secret, 'sealed anew');
    assert.equal(openSecret(sealer, p.orgId, id, stored.secret), secret);
    const keyRows = await copied.db.selectFrom('server_secrets').select('name').where('name', '=', 'sealing_key').execute();
    assert.deepEqual(keyRows, [], 'an SQLite database never holds its sealing key');
  });
});

describe('copy --to on a terminal', () => {
  let source: Context;
  let target: { url: string; drop: () => Promise<void> };
  before(async () => {
    source = await createContext('sqlite');
    target = await freshDatabase('sqlite');
  });
  after(async () => {
    await source?.close();
    await target?.drop();
  });

  it('shows its progress on one line of the terminal, then the summary', async () => {
    const command = `node bin/bizplat.mjs copy --db '${source.config.databaseUrl}' --to '${target.url}'`;
    // `script` runs the command on a pseudo-terminal, as an operator's shell would.
    const child = tracked(spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] }));
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still running: ${output}`)), PATIENCE_MS);
      child.once('close', (c) => (clearTimeout(timer), resolve(c)));
    });
    assert.equal(code, 0, output);
    // Back to the line's start, then the terminal's "erase to the end of the line".
    const shown = output.replaceAll('\r\u001b[K', '<rewrite>');
    const [from, to] = [source.config.databaseUrl, target.url].map((url) => url.slice('sqlite:'.length));
    assert.ok(shown.startsWith(`copy from SQLite database ${from} into SQLite database ${to}\r\n<rewrite>`), `first the databases acted on, then the progress: ${shown}`);
    assert.match(shown, /\n<rewrite>copying 1\/(\d+) \w+: \d+ rows<rewrite>copying 2\/\1 /, 'a progress line, rewritten in place');
    assert.match(shown, /<rewrite>checking (\d+)\/\1 \w+: \d+ rows<rewrite>from: sqlite\r?\nto: sqlite\r?\nsource: SQLite database \S+\r?\ntarget: SQLite database \S+\r?\ntables: \d+/, 'the line is cleared before the summary');
    assert.match(shown, /\nchecked: \d+ tables, row counts and digests equal\r?\n$/, 'the digests are printed with --json only');
  });
});
