/**
 * The running release is the package's version wherever an operator looks: `bizplat --version`,
 * the start-up log line, GET /healthz and the admin API's catalog (the console's footer).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ADMIN_PREFIX } from '../../src/admin/api.ts';
import { startServer, stopServer } from '../helpers/child-server.ts';
import { ROOT, runBin, runCli } from '../helpers/cli.ts';
import { freshDatabase } from '../helpers/harness.ts';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('the release an operator sees', () => {
  it('bizplat --version and -v print the package version alone, --json as one object', async () => {
    assert.match(version, /^\d+\.\d+\.\d+/);
    for (const flag of ['--version', '-v']) {
      const result = await runBin([flag]);
      assert.deepEqual(result, { code: 0, stdout: `${version}\n`, stderr: '' });
    }
    const json = await runCli(['--version', '--json']);
    assert.deepEqual([json.code, JSON.parse(json.stdout)], [0, { version }]);
    const wrong = await runCli(['--version', 'serve']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /--version takes no command/);
  });

  it('a server names it in its start-up line, in /healthz and in the admin catalog', async (t) => {
    const { url, drop } = await freshDatabase('sqlite');
    t.after(drop);
    const server = await startServer(['src/cli/main.ts', 'serve', '--bootstrap-demo'], url, {});
    try {
      const line = server.output().split('\n').find((l) => l.includes('"serving the public API"'));
      const started = JSON.parse(line!) as { version: string; url: string };
      assert.equal(started.version, version);
      const root = started.url.replace(/\/api\/public\/v1$/, '');
      const health = await fetch(`${root}/healthz`);
      assert.deepEqual([health.status, await health.json()], [200, { status: 'ok', version }]);
      const token = /^\s+(bzp_\S+)$/m.exec(server.output())![1]!;
      const catalog = await fetch(`${root}${ADMIN_PREFIX}/catalog`, { headers: { 'x-api-token': token } });
      assert.equal(catalog.status, 200);
      assert.equal(((await catalog.json()) as { version: string }).version, version);
    } finally {
      await stopServer(server.process);
    }
  });
});
