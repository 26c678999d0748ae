/**
 * Two instances of docs/deploy/bizplat@.service, started with the settings its Environment=
 * lines give each instance, behind HAProxy running docs/deploy/haproxy.cfg: the API answers
 * through the balancer, /metrics is refused there, and each process serves its own metrics on
 * the address its instance gives it (one shared address would stop the second process).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startServer } from '../helpers/child-server.ts';
import type { ChildServer } from '../helpers/child-server.ts';
import { exited, killNow } from '../helpers/children.ts';
import { ROOT } from '../helpers/cli.ts';
import { POSTGRES_URL, createContext, createPrincipal } from '../helpers/harness.ts';
import { TEST_TIMEOUT_MS, waitUntil } from '../helpers/patience.ts';
import { freePort } from '../helpers/ports.ts';
import { haproxyMissing, startBalancer } from './haproxy.ts';
import type { Balancer } from './haproxy.ts';

const UNIT = readFileSync(join(ROOT, 'docs/deploy/bizplat@.service'), 'utf8');

/** The variables the unit's Environment= lines set for instance `instance` (%i replaced). */
function unitEnvironment(instance: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of UNIT.split('\n').filter((l) => l.startsWith('Environment='))) {
    assert.doesNotMatch(line, /["'\\]/, 'plain assignments only: this reading of the unit knows no quoting');
    for (const word of line.slice('Environment='.length).trim().split(/\s+/)) {
      const [name, value] = word.split(/=(.*)/s, 2) as [string, string];
      env[name] = value.replaceAll('%i', instance);
    }
  }
  return env;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** An instance name (its API port) whose port and metrics port are both free now. */
async function freeInstance(taken: string[]): Promise<string> {
  for (;;) {
    const port = 3100 + Math.floor(Math.random() * 2400);
    const env = unitEnvironment(String(port));
    const metricsPort = Number(env.BIZPLAT_METRICS_ADDRESS!.split(':')[1]);
    if (!taken.includes(String(port)) && (await isFree(port)) && (await isFree(metricsPort))) return String(port);
  }
}

const kind = POSTGRES_URL ? 'postgres' : 'sqlite';

describe(`two instances of the systemd unit behind the recipe's HAProxy [${kind}]`, { skip: haproxyMissing() }, () => {
  it('serves the API through HAProxy, refuses /metrics there, and each instance serves metrics on its own address', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const ctx = await createContext(kind);
    t.after(() => ctx.close());
    const dir = mkdtempSync(join(tmpdir(), 'bizplat-instances-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const owner = await createPrincipal(ctx);
    const first = await freeInstance([]);
    const instances = [first, await freeInstance([first])];
    const settings = instances.map(unitEnvironment);
    assert.notEqual(settings[0]!.BIZPLAT_METRICS_ADDRESS, settings[1]!.BIZPLAT_METRICS_ADDRESS, 'each instance has a metrics address of its own');

    const servers: ChildServer[] = [];
    let balancer: Balancer | undefined;
    try {
      servers.push(...(await Promise.all(settings.map((env) => startServer(['src/cli/main.ts', 'serve'], ctx.config.databaseUrl, env)))));
      const front = await freePort();
      balancer = startBalancer({
        BIZPLAT_HAPROXY_BIND: `127.0.0.1:${front}`,
        BIZPLAT_HAPROXY_SOCKET: join(dir, 'admin.sock'),
        BIZPLAT_APP1: `127.0.0.1:${instances[0]}`,
        BIZPLAT_APP2: `127.0.0.1:${instances[1]}`,
      });
      const lb = balancer;
      await waitUntil('HAProxy to see both servers up', async () => [...(await lb.servers()).values()].filter((s) => s.status === 'UP').length === 2, undefined, lb.output);

      const through = `http://127.0.0.1:${front}`;
      for (let i = 0; i < 4; i++) {
        const ping = await fetch(`${through}/api/public/v1/ping`, { headers: { 'x-api-token': owner.token } });
        assert.equal(ping.status, 200, await ping.text());
      }
      for (const path of ['/metrics', '/metrics/', '/%6detrics', '/metrics?format=text']) {
        const refused = await fetch(`${through}${path}`);
        assert.equal(refused.status, 403, `${path} through HAProxy`);
        assert.doesNotMatch(await refused.text(), /bizplat_/);
      }

      // Each address is its own process's: both answered HAProxy's checks, the pings are split between them.
      const count = (text: string, route: string) => Number(new RegExp(`^bizplat_http_requests_total\\{route="${route}",method="GET",status="200"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
      let pings = 0;
      for (const [i, env] of settings.entries()) {
        const scraped = await fetch(`http://${env.BIZPLAT_METRICS_ADDRESS}/metrics`);
        assert.equal(scraped.status, 200, `instance ${instances[i]}`);
        const text = await scraped.text();
        assert.ok(count(text, '/readyz') > 0, `instance ${instances[i]} counted HAProxy's checks`);
        pings += count(text, '/api/public/v1/ping');
      }
      assert.equal(pings, 4, 'every ping counted once, by the process that answered it');
    } finally {
      for (const s of servers) killNow(s.process);
      if (balancer) killNow(balancer.process);
      await Promise.all([...servers.map((s) => exited(s.process)), ...(balancer ? [exited(balancer.process)] : [])]);
    }
  });
});
