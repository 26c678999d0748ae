/**
 * SIGTERM under load loses no request: /readyz fails first, the listener keeps accepting during
 * the grace, every request sent then or accepted before gets its whole answer (connections
 * accepted but not read yet included), and the process exits 0 saying how many it drained.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Agent } from 'undici';
import { migrate } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { startServer } from '../helpers/child-server.ts';
import type { ChildServer } from '../helpers/child-server.ts';
import { exited, killNow } from '../helpers/children.ts';
import { createPrincipal, freshDatabase, testConfig } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { TEST_TIMEOUT_MS, waitUntil } from '../helpers/patience.ts';
import { drainedCount, failures, logRecords, sendFresh, send } from './traffic.ts';
import type { Call, Outcome } from './traffic.ts';

const WORKERS = 4;
/** Connections opened before the signal that send their request only once the listener has closed. */
const SILENT = 20;
/** Connections made and requests sent while the server process is stopped: they wait in the listen queue when SIGTERM arrives. */
const QUEUED = 20;
/** Requests sent on new connections while /readyz already fails. */
const DURING_GRACE = 20;

/** A connection of its own for one GET /ping, sent when the test says. */
interface RawAsk {
  socket: Socket;
  /** Resolves once the connection is established (by the kernel: the server process may not have taken it yet). */
  connected: Promise<void>;
  ask(): void;
  /** Everything the server sent until the connection closed (a reset noted in brackets). */
  answer: Promise<string>;
}

function rawAsk(port: number, token: string, id: string): RawAsk {
  const socket = connect({ host: '127.0.0.1', port });
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString()));
  socket.on('error', (error) => (text += `\n[${error.message}]`));
  return {
    socket,
    connected: new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject)),
    ask: () => socket.write(`GET /api/public/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Token: ${token}\r\nX-Request-Id: ${id}\r\n\r\n`),
    answer: new Promise((resolve) => socket.once('close', () => resolve(text))),
  };
}

/** A whole HTTP/1.1 200 answer: status line, headers and exactly Content-Length bytes of body. */
function wholeOk(text: string): boolean {
  const [head, body = ''] = text.split('\r\n\r\n');
  const length = /\r\ncontent-length: (\d+)/i.exec(head ?? '');
  return (head ?? '').startsWith('HTTP/1.1 200 ') && length !== null && Buffer.byteLength(body) === Number(length[1]);
}

describe('serve: SIGTERM under load', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let p: Principal;

  before(async () => {
    const db = await freshDatabase('sqlite');
    databaseUrl = db.url;
    drop = db.drop;
    const config = testConfig(databaseUrl);
    const storage = openStorage(config);
    try {
      await migrate(storage);
      p = await createPrincipal({ kind: 'sqlite', config, storage } as TestContext);
    } finally {
      await storage.close();
    }
  });
  after(async () => drop?.());

  it('fails /readyz, keeps accepting through the grace, answers every request sent or accepted, and exits 0 with the count', { timeout: TEST_TIMEOUT_MS }, async () => {
    // A grace longer than any test: the second signal ends it, once the test has done its part.
    let server: ChildServer | undefined;
    const agent = new Agent({ connections: WORKERS });
    const raw: RawAsk[] = [];
    let sending = true;
    let workers: Array<Promise<void>> = [];
    try {
      server = await startServer(['src/cli/main.ts', 'serve', '--port', '0'], databaseUrl, {
        BIZPLAT_SHUTDOWN_GRACE_MS: '600000',
        BIZPLAT_RATE_LIMIT: '1000000',
        BIZPLAT_SQLITE_SYNCHRONOUS: 'NORMAL',
      });
      const child = server.process;
      const output = server.output;
      const base = /"url":"(http:[^"]+)"/.exec(output())![1]!;
      const origin = new URL(base).origin;

      const port = Number(new URL(base).port);
      const silent = Array.from({ length: SILENT }, (_, i) => rawAsk(port, p.token, `silent-${i}`));
      raw.push(...silent);
      await Promise.all(silent.map((s) => s.connected));

      // Steady traffic on kept-alive connections: reads and creates with an Idempotency-Key.
      const outcomes: Outcome[] = [];
      /** Those of requests sent once /readyz was seen failing. */
      const late: Outcome[] = [];
      let readyzFailed = false;
      let n = 0;
      const next = (): Call => {
        n += 1;
        return n % 3 === 0
          ? { method: 'POST', path: '/clients', body: { name: `Drain ${n}` }, headers: { 'idempotency-key': `drain-${n}` } }
          : { method: 'GET', path: n % 2 ? '/ping' : '/clients?limit=5' };
      };
      const worker = async () => {
        while (sending) {
          const sentLate = readyzFailed;
          const outcome = await send(agent, base, p.token, next());
          outcomes.push(outcome);
          if (sentLate) late.push(outcome);
        }
      };
      workers = Array.from({ length: WORKERS }, worker);
      await waitUntil('traffic before the signal', () => outcomes.length >= 40);

      // The process is stopped while connections queue up, so SIGTERM finds them not yet accepted.
      child.kill('SIGSTOP');
      const queued = Array.from({ length: QUEUED }, (_, i) => rawAsk(port, p.token, `queued-${i}`));
      raw.push(...queued);
      await Promise.all(queued.map((q) => q.connected));
      for (const q of queued) q.ask();
      child.kill('SIGTERM');
      child.kill('SIGCONT');
      await waitUntil('/readyz to fail with draining', async () => {
        const ready = await sendFresh(origin, origin, undefined, { method: 'GET', path: '/readyz' });
        return ready.status === 503 && JSON.stringify(ready.body) === JSON.stringify({ status: 'failing', failing: ['draining'] });
      }, undefined, () => output().slice(-4000));
      readyzFailed = true;
      const duringGrace = await Promise.all(Array.from({ length: DURING_GRACE }, () => sendFresh(origin, base, p.token, { method: 'GET', path: '/ping' })));
      await waitUntil('kept-alive traffic after /readyz failed', () => late.length >= WORKERS);
      sending = false;
      await Promise.all(workers);
      assert.deepEqual(failures(duringGrace), [], 'every request on a new connection during the grace is answered');
      const queuedAnswers = await Promise.all(queued.map((q) => q.answer));
      assert.deepEqual(queuedAnswers.filter((a) => !wholeOk(a)), [], 'every connection waiting in the listen queue at the signal gets a whole answer');
      for (const o of duringGrace) assert.equal(o.connection, 'close', 'a reply during the drain closes its connection');
      assert.ok(late.length > 0 && late.every((o) => o.connection === 'close'), 'kept-alive connections are closed once draining');

      // The second signal ends the grace; the silent connections speak only once the listener is closed.
      child.kill('SIGTERM');
      await waitUntil('the listener to close', () => output().includes('listener closed'), undefined, () => output().slice(-4000));
      for (const s of silent) s.ask();
      const silentAnswers = await Promise.all(silent.map((s) => s.answer));
      assert.deepEqual(silentAnswers.filter((a) => !wholeOk(a)), [], 'every connection accepted before the listener closed gets a whole answer');

      await exited(child);
      assert.equal(child.exitCode, 0, output());
      assert.deepEqual(failures(outcomes), [], 'no request of the steady traffic failed or was reset');
      const drained = drainedCount(output());
      assert.ok(drained !== undefined, `a "stopped: drained N requests" line: ${output()}`);
      const atLeast = DURING_GRACE + SILENT + QUEUED + late.length;
      assert.ok(drained >= atLeast, `drained ${drained}, but at least ${atLeast} were answered after the signal`);
    } finally {
      sending = false;
      for (const r of raw) r.socket.destroy();
      if (server) {
        killNow(server.process);
        await exited(server.process);
      }
      await Promise.all(workers);
      await agent.close();
    }
  });

  it('keeps the listener open for the whole grace when no second signal comes, then exits 0 on its own', { timeout: TEST_TIMEOUT_MS }, async () => {
    const graceMs = 1500;
    const server = await startServer(['src/cli/main.ts', 'serve', '--port', '0'], databaseUrl, { BIZPLAT_SHUTDOWN_GRACE_MS: String(graceMs) });
    try {
      server.process.kill('SIGTERM');
      await exited(server.process);
      assert.equal(server.process.exitCode, 0, server.output());
      const at = (message: RegExp) => logRecords(server.output()).find((r) => typeof r.msg === 'string' && message.test(r.msg))?.time;
      const draining = at(/^draining: /);
      const closed = at(/^listener closed/);
      assert.ok(typeof draining === 'number' && typeof closed === 'number', server.output());
      // Timers may fire a millisecond early against the wall clock the log times are taken from.
      assert.ok(closed - draining >= graceMs - 10, `the listener closed ${closed - draining} ms after the drain began, before the ${graceMs} ms grace`);
      assert.equal(drainedCount(server.output()), 0);
    } finally {
      killNow(server.process);
      await exited(server.process);
    }
  });
});
