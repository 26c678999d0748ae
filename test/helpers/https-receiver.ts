/**
 * A real HTTPS webhook receiver on 127.0.0.1 with a self-signed certificate made by the
 * `openssl` CLI in a temp dir; the server trusts it through BIZPLAT_WEBHOOK_CA_FILE.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATIENCE_MS } from './patience.ts';

export interface TestCertificate {
  dir: string;
  certFile: string;
  keyFile: string;
  remove(): void;
}

export function makeCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'bizplat-cert-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ], { stdio: 'ignore' });
  return { dir, certFile, keyFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Received {
  /** The request's path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw bytes as they arrived. */
  body: Buffer;
  at: number;
  /** The sender's side of the connection: distinct values mean distinct connections. */
  remotePort: number | undefined;
}

export interface Reply {
  status: number;
  delayMs?: number;
  /** The answer waits until this settles (a test reads a state in between). */
  heldUntil?: Promise<unknown>;
  headers?: Record<string, string>;
  /** The answer's body; default "ok". */
  body?: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** How the n-th request (from 0) is answered; default 200. */
  respond: (n: number) => Reply;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(cert: TestCertificate, path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const receiver: Receiver = {
    url: '',
    received,
    respond: () => ({ status: 200 }),
    waitFor: (count, timeoutMs = PATIENCE_MS) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve(received);
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${count} requests in ${timeoutMs} ms`)), timeoutMs);
        const wait = () => {
          if (!check()) waiters.push(wait);
        };
        wait();
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server = createServer({ cert: readFileSync(cert.certFile), key: readFileSync(cert.keyFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = received.length;
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at: Date.now(), remotePort: req.socket.remotePort });
      for (const w of waiters.splice(0)) w();
      const reply = receiver.respond(n);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'text/plain', ...(reply.headers ?? {}) });
        res.end(reply.body ?? 'ok');
      };
      if (reply.heldUntil) void reply.heldUntil.then(send, send);
      else if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

/** The signature as the openssl CLI computes it over the received bytes (not the server's code). */
export function opensslHmac(secret: string, body: Buffer, dir: string): string {
  const file = join(dir, `body-${Date.now()}-${Math.random().toString(16).slice(2)}.bin`);
  writeFileSync(file, body);
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret, file], { encoding: 'utf8' });
  rmSync(file);
  return out.trim().split('= ').pop()!;
}
