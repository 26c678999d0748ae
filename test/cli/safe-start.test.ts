import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { runBinWithin } from '../helpers/cli.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bizplat-safe-start-'));
  dirs.push(dir);
  return dir;
}
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function listening(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('serve refuses an address it cannot take', () => {
  it('exits non-zero at once, naming PORT, when the port is in use', async () => {
    const taken = await listening();
    try {
      const port = (taken.address() as { port: number }).port;
      const result = await runBinWithin(['serve'], { DATABASE_URL: `sqlite:${join(tempDir(), 'a.db')}`, PORT: String(port) });
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, new RegExp(`PORT ${port} is already in use`));
      assert.doesNotMatch(result.stdout, /serving the public API/);
    } finally {
      taken.close();
    }
  });

  it('exits non-zero at once, naming BIZPLAT_METRICS_ADDRESS, when the metrics port is in use', async () => {
    const taken = await listening();
    try {
      const port = (taken.address() as { port: number }).port;
      const result = await runBinWithin(['serve'], { DATABASE_URL: `sqlite:${join(tempDir(), 'm.db')}`, PORT: '0', BIZPLAT_METRICS_ADDRESS: `127.0.0.1:${port}` });
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, new RegExp(`BIZPLAT_METRICS_ADDRESS 127\\.0\\.0\\.1:${port} is already in use`));
      assert.doesNotMatch(result.stderr, /\bPORT\b/);
    } finally {
      taken.close();
    }
  });

  it('exits non-zero at once, naming HOST, when the host does not resolve', async () => {
    const result = await runBinWithin(['serve'], { DATABASE_URL: `sqlite:${join(tempDir(), 'b.db')}`, PORT: '0', HOST: 'no-such-host.invalid' });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /HOST "no-such-host\.invalid"/);
  });
});

describe('on/off settings', () => {
  it('accept 1/0, true/false, yes/no, on/off in any case', () => {
    for (const word of ['1', 'true', 'YES', 'On']) {
      const config = loadConfig({ BIZPLAT_WEBHOOK_ALLOW_PRIVATE: word, BIZPLAT_WEBHOOK_SIGNATURE_V2: word, BIZPLAT_LOG_QUERY_VALUES: word });
      assert.deepEqual([config.webhookAllowPrivate, config.webhookSignatureV2, config.logQueryValues], [true, true, true], word);
    }
    for (const word of ['0', 'false', 'No', 'OFF', '']) {
      const config = loadConfig({ BIZPLAT_WEBHOOK_ALLOW_PRIVATE: word, BIZPLAT_WEBHOOK_SIGNATURE_V2: word, BIZPLAT_LOG_QUERY_VALUES: word });
      assert.deepEqual([config.webhookAllowPrivate, config.webhookSignatureV2, config.logQueryValues], [false, false, false], word);
    }
  });

  it('refuse any other word at start, naming the variable', async () => {
    for (const name of ['BIZPLAT_WEBHOOK_ALLOW_PRIVATE', 'BIZPLAT_WEBHOOK_SIGNATURE_V2', 'BIZPLAT_LOG_QUERY_VALUES']) {
      assert.throws(() => loadConfig({ [name]: 'maybe' }), new RegExp(`${name} must be one of .*got "maybe"`));
    }
    const result = await runBinWithin(['serve'], { DATABASE_URL: `sqlite:${join(tempDir(), 'c.db')}`, PORT: '0', BIZPLAT_WEBHOOK_ALLOW_PRIVATE: 'enabled' });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /BIZPLAT_WEBHOOK_ALLOW_PRIVATE must be one of/);
  });
});

describe('certificate file settings', () => {
  it('a missing or non-PEM file stops the start with the variable named', async () => {
    const dir = tempDir();
    for (const name of ['BIZPLAT_WEBHOOK_CA_FILE', 'BIZPLAT_TELEGRAM_CA_FILE']) {
      assert.throws(() => loadConfig({ [name]: join(dir, 'missing.pem') }), new RegExp(`${name} names a file that cannot be read: .*missing\\.pem.*no such file`));
      const notPem = join(dir, 'not.pem');
      writeFileSync(notPem, 'hello');
      assert.throws(() => loadConfig({ [name]: notPem }), new RegExp(`${name} must name a PEM certificate file`));
    }
    const result = await runBinWithin(['serve'], { DATABASE_URL: `sqlite:${join(dir, 'd.db')}`, PORT: '0', BIZPLAT_WEBHOOK_CA_FILE: join(dir, 'missing.pem') });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /BIZPLAT_WEBHOOK_CA_FILE names a file that cannot be read/);
    assert.doesNotMatch(result.stderr, /^Error: ENOENT/m);
  });
});
