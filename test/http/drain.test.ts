import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createContext, createPrincipal } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { holds, notesModule } from '../helpers/notes-module.ts';
import { PATIENCE_MS, waitUntil } from '../helpers/patience.ts';

function rawConnection(port: number) {
  const socket = connect({ port, host: '127.0.0.1' });
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString()));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, ended, received: () => text };
}

function connections(server: Server): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

function closedWithin(ended: Promise<void>, ms: number): Promise<string> {
  const timeout = new Promise<string>((r) => setTimeout(() => r('still open'), ms).unref());
  return Promise.race([ended.then(() => 'closed'), timeout]);
}

describe('draining the app', () => {
  let ctx: TestContext & { close(): Promise<void> };
  let p: Principal;
  before(async () => {
    ctx = await createContext('sqlite', {}, [notesModule]);
    p = await createPrincipal(ctx);
  });
  after(async () => {
    delete holds.post;
    delete holds.reached;
    await ctx.storage.close().catch(() => {});
  });

  it('finishes the request in flight, closes its kept-alive connection, and refuses a late request with 503 in the envelope', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    let release!: () => void;
    holds.post = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (holds.reached = resolve));
    const body = JSON.stringify({ title: 'hold' });
    const inFlight = rawConnection(port);
    const late = rawConnection(port);
    inFlight.socket.write(
      `POST /api/public/v1/notes HTTP/1.1\r\nHost: localhost\r\nX-API-Token: ${p.token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`,
    );
    // The late request has begun (so its connection is not idle) but its headers are not complete.
    late.socket.write('GET /api/public/v1/ping HTTP/1.1\r\nHost: localhost\r\n');
    await reached; // the first request is inside its transaction
    // and the server has accepted the late connection (a connection it has accepted but not yet
    // read a request from is never idle, so closing keeps it until its request is answered).
    await waitUntil('the server to accept both connections', async () => (await connections(ctx.app.server)) === 2);
    const closed = ctx.app.close();
    late.socket.write(`X-API-Token: ${p.token}\r\nX-Request-Id: late-1\r\n\r\n`);
    // The late request is answered while the first is still held (waiting for that, not for a set time).
    for (const until = Date.now() + PATIENCE_MS; !late.received().includes('\r\n\r\n') && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await closed;
    // Both connections are closed by the server (not left open until the keep-alive time-out).
    assert.equal(await closedWithin(inFlight.ended, PATIENCE_MS), 'closed');
    assert.equal(await closedWithin(late.ended, PATIENCE_MS), 'closed');
    assert.match(inFlight.received(), /^HTTP\/1\.1 201 /);
    assert.match(inFlight.received(), /\r\nconnection: close\r\n/i);
    const answer = late.received();
    assert.match(answer, /^HTTP\/1\.1 503 /);
    assert.match(answer, /\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    const envelope = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: string; request_id: string; details: { error: string } };
    assert.deepEqual([envelope.error, envelope.details.error, envelope.request_id], ['service_unavailable', 'shutting_down', 'late-1']);
  });
});
