/**
 * Durability of the ledger across hard crashes: a real server process under write load is
 * killed with SIGKILL several times; every movement it acknowledged with 201 must survive and
 * every balance must still equal the sum of its movements.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { importData } from '../../src/import.ts';
import { newId } from '../../src/storage/ids.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { migrate } from '../../src/setup.ts';
import { POSTGRES_URL, createPrincipal, freshDatabase, testConfig } from '../helpers/harness.ts';
import type { DatabaseKind, Principal, TestContext } from '../helpers/harness.ts';
import { endWithTest, exited, killNow } from '../helpers/children.ts';
import { PATIENCE_MS, TEST_TIMEOUT_MS, waitUntil } from '../helpers/patience.ts';
import { freePort } from '../helpers/ports.ts';
import { assertLedgerHolds } from './invariant.ts';

const ROUNDS = 3;
const WRITERS = 6;
/** Acknowledged writes to wait for before the first kill (the n-th round waits for n times as many). */
const ACKS_PER_ROUND = 8;

/** A server child on `port`; what it prints on stderr is kept for the failure message. */
function startChild(url: string, port: number): { child: ChildProcess; stderr: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, BIZPLAT_RATE_LIMIT: '1000000', BIZPLAT_LOG_LEVEL: 'silent' };
  // The child runs with the production default (SQLite synchronous=FULL).
  delete env.BIZPLAT_SQLITE_SYNCHRONOUS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', String(port)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return { child, stderr: () => stderr };
}

/** Waits until the server answers /ping; fails at once, with its stderr, if it exits first. */
async function waitReady(base: string, token: string, server: { child: ChildProcess; stderr: () => string }): Promise<void> {
  await waitUntil(
    'the server to answer /ping',
    async () => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the server exited (${server.child.signalCode ?? server.child.exitCode}): ${server.stderr()}`);
      try {
        return (await fetch(`${base}/ping`, { headers: { 'x-api-token': token } })).status === 200;
      } catch {
        return false; // not listening yet
      }
    },
    PATIENCE_MS,
    server.stderr,
  );
}

function crashSuite(kind: DatabaseKind): void {
  describe(`inventory: SIGKILL under write load [${kind}]`, () => {
    let storage: Storage;
    let drop: () => Promise<void>;
    let url: string;
    let p: Principal;
    let warehouses: [string, string];
    let items: string[];

    before(async () => {
      const db = await freshDatabase(kind);
      url = db.url;
      drop = db.drop;
      const config = testConfig(url);
      storage = openStorage(config);
      await migrate(storage);
      p = await createPrincipal({ kind, config, storage } as TestContext);
      const main = (await storage.db.selectFrom('warehouses').select('id').where('org_id', '=', p.orgId).executeTakeFirstOrThrow()).id;
      const second = newId();
      items = [newId(), newId(), newId()];
      warehouses = [main, second];
      await importData(storage, p.slug, {
        warehouses: [{ id: second, name: 'Second' }],
        products: items.map((id, i) => ({ id, name: `Item ${i}` })),
        movements: [{ kind: 'in', warehouse_id: main, lines: items.map((id) => ({ item_id: id, qty: 50 })) }],
      });
    });
    after(async () => {
      await storage?.close();
      await drop?.();
    });

    it('keeps every acknowledged movement and the ledger invariant across crashes', { timeout: TEST_TIMEOUT_MS }, async (t) => {
      const acknowledged: string[] = [];
      let n = 0;
      const body = () => {
        n += 1;
        const item = items[n % items.length] as string;
        const [a, b] = n % 2 ? warehouses : ([warehouses[1], warehouses[0]] as const);
        const kinds = [
          { kind: 'in', warehouse_id: a, lines: [{ item_id: item, qty: 2 }] },
          { kind: 'out', warehouse_id: a, lines: [{ item_id: item, qty: 1 }, { item_id: item, qty: '0.5' }] },
          { kind: 'transfer', warehouse_id: a, to_warehouse_id: b, lines: [{ item_id: item, qty: 1 }] },
        ];
        return kinds[n % kinds.length];
      };
      for (let round = 0; round < ROUNDS; round++) {
        const port = await freePort();
        const base = `http://127.0.0.1:${port}/api/public/v1`;
        const server = startChild(url, port);
        const child = endWithTest(t, server.child);
        await waitReady(base, p.token, server);
        let stop = false;
        const writer = async () => {
          while (!stop) {
            try {
              const res = await fetch(`${base}/movements`, {
                method: 'POST',
                headers: { 'x-api-token': p.token, 'content-type': 'application/json' },
                body: JSON.stringify(body()),
              });
              const text = await res.text();
              if (res.status === 201) acknowledged.push((JSON.parse(text) as { id: string }).id);
              else assert.equal(res.status, 422, text);
            } catch (error) {
              if (error instanceof assert.AssertionError) throw error;
              // the connection died with the server: the movement was not acknowledged
            }
          }
        };
        let failure: unknown;
        const writers = Array.from({ length: WRITERS }, () => writer().catch((error: unknown) => void (failure ??= error)));
        // Killed once it has acknowledged some writes this round (more each round), however fast the machine is.
        const target = acknowledged.length + ACKS_PER_ROUND * (round + 1);
        try {
          await waitUntil(`${target} acknowledged movements`, () => failure !== undefined || acknowledged.length >= target, PATIENCE_MS, server.stderr);
        } finally {
          killNow(child);
          await exited(child);
          stop = true;
          await Promise.all(writers);
        }
        if (failure !== undefined) throw failure;
      }
      assert.ok(acknowledged.length > 20, `only ${acknowledged.length} movements were acknowledged`);
      const found = new Set<string>();
      for (let i = 0; i < acknowledged.length; i += 500) {
        const rows = await storage.db.selectFrom('stock_movements').select('id').where('org_id', '=', p.orgId).where('id', 'in', acknowledged.slice(i, i + 500)).execute();
        for (const r of rows) found.add(r.id);
      }
      assert.deepEqual(acknowledged.filter((id) => !found.has(id)), [], 'acknowledged movements lost');
      const check = await assertLedgerHolds(storage, p.orgId);
      assert.ok(check.movements >= acknowledged.length + 1);
      t.diagnostic(`${acknowledged.length} acknowledged movements over ${ROUNDS} crashes, ${check.movements - 1 - acknowledged.length} committed but unacknowledged`);
    });
  });
}

crashSuite('sqlite');
if (POSTGRES_URL) crashSuite('postgres');
else describe('inventory: SIGKILL under write load [postgres]', () => it('PostgreSQL half', { skip: 'skipped: TEST_DATABASE_URL is not set' }, () => {}));
