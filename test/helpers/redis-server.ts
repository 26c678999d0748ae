/**
 * A Redis of a test's own on a free port, without persistence, which the test may kill and start
 * again on the same port (empty, as after a crash of a cache without persistence). It is a child
 * of the test process (children.ts): it ends with the test process at the latest.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { exited, killNow, tracked } from './children.ts';
import { waitUntil } from './patience.ts';
import { freePort } from './ports.ts';

/** Why a private Redis cannot run here, or undefined when it can. */
export const NO_REDIS_REASON: string | undefined = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((p) => existsSync(p)) ? undefined : 'redis-server is not installed';

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(text.startsWith('+PONG')));
    socket.on('error', () => {});
  });
}

export class RedisServer {
  private child: ChildProcess | undefined;
  private output = '';

  private constructor(readonly port: number) {}

  static async create(): Promise<RedisServer> {
    const redis = new RedisServer(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = tracked(spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] }));
    child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child = child;
    await waitUntil('the private Redis to answer', () => answersPing(this.port), undefined, () => this.output.slice(-2000));
  }

  /** SIGKILL: every connection drops and what it held is gone. */
  async kill(): Promise<void> {
    if (!this.child) return;
    killNow(this.child);
    await exited(this.child);
    this.child = undefined;
  }
}
