/**
 * Debian's HAProxy run by a test with the committed docs/deploy/haproxy.cfg, its addresses set
 * through the environment, and read through its stats socket.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { tracked } from '../helpers/children.ts';
import { ROOT } from '../helpers/cli.ts';

export const HAPROXY_CONFIG = join(ROOT, 'docs/deploy/haproxy.cfg');

/** Why HAProxy cannot be run here, or undefined when it can. */
export function haproxyMissing(): string | undefined {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  return probe.error || probe.status !== 0 ? 'haproxy is not installed (Debian package haproxy; .ci/run installs it)' : undefined;
}

export interface Balancer {
  process: ChildProcess;
  output(): string;
  /** One row of `show stat` per server of the bizplat backend, by server name (app1, app2, ...). */
  servers(): Promise<Map<string, Record<string, string>>>;
}

/** Starts HAProxy in the foreground on the committed configuration with `env` (its BIZPLAT_* addresses). */
export function startBalancer(env: Record<string, string>): Balancer {
  const child = tracked(spawn('haproxy', ['-f', HAPROXY_CONFIG, '-db'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const socket = env.BIZPLAT_HAPROXY_SOCKET;
  if (!socket) throw new Error('BIZPLAT_HAPROXY_SOCKET must be set');
  return {
    process: child,
    output: () => output,
    servers: async () => {
      const [header, ...rows] = (await command(socket, 'show stat')).split('\n').filter((line) => line !== '');
      const names = (header ?? '').replace(/^# /, '').split(',');
      const servers = new Map<string, Record<string, string>>();
      for (const row of rows) {
        const values = row.split(',');
        const record = Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));
        if (record.pxname === 'bizplat' && record.svname !== 'BACKEND' && record.svname !== 'FRONTEND') servers.set(record.svname!, record);
      }
      return servers;
    },
  };
}

/** Sends one command to HAProxy's stats socket and returns its whole answer ('' while the socket is not there yet). */
function command(path: string, line: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('error', () => resolve(''));
    socket.on('close', () => resolve(text));
    socket.on('connect', () => socket.end(`${line}\n`));
  });
}
