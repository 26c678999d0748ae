import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { serverSealer, SealingKeyError } from '../../src/platform/server-key.ts';
import { migrate } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { runBinWithin } from '../helpers/cli.ts';
import { api, createPrincipal, freshDatabase, POSTGRES_URL, testConfig } from '../helpers/harness.ts';
import type { DatabaseKind } from '../helpers/harness.ts';

const KEY_A = 'the key the secrets were sealed with, A'.padEnd(40, '.');
const KEY_B = 'another key, not the one that sealed, B'.padEnd(40, '.');

/** A database holding one sealed webhook secret; `secretsKey` set or not (then a key file or the database's key). */
async function databaseWithSealedSecret(url: string, secretsKey?: string): Promise<void> {
  const config = testConfig(url, secretsKey ? { BIZPLAT_SECRETS_KEY: secretsKey } : {});
  const storage = openStorage(config);
  try {
    await migrate(storage);
    const app = await buildApp({ config, storage, logger: false });
    try {
      const ctx = { kind: 'sqlite' as const, modules: [], config, storage, app };
      const owner = await createPrincipal(ctx);
      const res = await api(ctx, owner.token, 'POST', '/webhooks', { body: { name: 'n', url: 'https://hooks.example.com/x', events: '*' } });
      assert.equal(res.statusCode, 201, res.body);
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
  }
}

/** Opens the database as a start would, with `secretsKey`, and returns the refusal's message or 'opened'. */
async function openWith(url: string, secretsKey?: string): Promise<string> {
  const storage = openStorage(testConfig(url));
  try {
    await migrate(storage);
    await serverSealer(storage, secretsKey);
    return 'opened';
  } catch (error) {
    if (error instanceof SealingKeyError) return error.message;
    throw error;
  } finally {
    await storage.close();
  }
}

async function forgetKeyCheck(url: string): Promise<void> {
  const storage = openStorage(testConfig(url));
  try {
    await storage.db.deleteFrom('server_secrets').where('name', '=', 'sealing_key_check').execute();
  } finally {
    await storage.close();
  }
}

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bizplat-key-'));
  dirs.push(dir);
  return dir;
}

describe('sealing key at start [sqlite]', () => {
  it('a copy without its key file is refused at start, saying which file to copy; with the file copied it opens', async () => {
    const dir = tempDir();
    const original = join(dir, 'prod.db');
    await databaseWithSealedSecret(`sqlite:${original}`);
    const restoredDir = tempDir();
    const restored = join(restoredDir, 'staging.db');
    copyFileSync(original, restored);

    const result = await runBinWithin(['serve'], { DATABASE_URL: `sqlite:${restored}`, PORT: '0' });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, new RegExp(`the key file ${restored}\\.key is missing`));
    assert.match(result.stderr, /copy the key file .* or set BIZPLAT_SECRETS_KEY/);
    assert.doesNotMatch(result.stdout, /serving the public API/);
    assert.equal(existsSync(`${restored}.key`), false, 'no new key was made for a database that holds sealed values');

    copyFileSync(`${original}.key`, `${restored}.key`);
    assert.equal(await openWith(`sqlite:${restored}`), 'opened');
  });

  it('a key file that is not the database\'s is refused', async () => {
    const dir = tempDir();
    const db = join(dir, 'a.db');
    await databaseWithSealedSecret(`sqlite:${db}`);
    writeFileSync(`${db}.key`, randomBytes(32).toString('base64'));
    assert.match(await openWith(`sqlite:${db}`), /the key file .*a\.db\.key does not open the values sealed in this database/);
  });

  it('a changed BIZPLAT_SECRETS_KEY is refused, also in a database from before the key check (a sealed secret is tried)', async () => {
    const url = `sqlite:${join(tempDir(), 'b.db')}`;
    await databaseWithSealedSecret(url, KEY_A);
    assert.match(await openWith(url, KEY_B), /BIZPLAT_SECRETS_KEY does not open the values sealed in this database/);
    await forgetKeyCheck(url);
    assert.match(await openWith(url, KEY_B), /BIZPLAT_SECRETS_KEY does not open/);
    assert.equal(await openWith(url, KEY_A), 'opened');
    assert.match(await openWith(url, KEY_B), /BIZPLAT_SECRETS_KEY does not open/, 'the check written by the right key refuses the wrong one');
  });

  it('a database with nothing sealed gets a new key file', async () => {
    const path = join(tempDir(), 'fresh.db');
    assert.equal(await openWith(`sqlite:${path}`), 'opened');
    assert.equal(existsSync(`${path}.key`), true);
  });

  it('servers starting at once on a new database all read the one whole key that was written', async () => {
    const dir = tempDir();
    const url = `sqlite:${join(dir, 'fresh.db')}`;
    const first = openStorage(testConfig(url));
    await migrate(first).finally(() => first.close());
    const storages = Array.from({ length: 8 }, () => openStorage(testConfig(url)));
    try {
      const sealers = await Promise.all(storages.map((storage) => serverSealer(storage, undefined)));
      const sealed = sealers[0]!.seal('test', 'ctx', 'the same key everywhere');
      for (const sealer of sealers) assert.equal(sealer.open('test', 'ctx', sealed), 'the same key everywhere');
    } finally {
      await Promise.all(storages.map((storage) => storage.close()));
    }
    assert.deepEqual(readdirSync(dir).filter((name) => name.endsWith('.tmp')), [], 'no temporary key file is left');
  });
});

describe('sealing key at start [postgres]', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  before(async () => {
    database = await freshDatabase('postgres' satisfies DatabaseKind);
  });
  after(async () => {
    await database?.drop();
  });

  it('a server started with a BIZPLAT_SECRETS_KEY that did not seal the stored secrets exits at start, saying what to set', async () => {
    const url = database!.url;
    await databaseWithSealedSecret(url);
    const result = await runBinWithin(['serve'], { DATABASE_URL: url, PORT: '0', BIZPLAT_SECRETS_KEY: KEY_B });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /BIZPLAT_SECRETS_KEY does not open the values sealed in this database .*set it to the key they were sealed with/);
    assert.doesNotMatch(result.stdout, /serving the public API/);
    assert.equal(await openWith(url), 'opened', 'the key kept in the database opens them');
  });

  it('a database whose kept key was lost is refused rather than given a new key', async () => {
    const url = database!.url;
    const storage = openStorage(testConfig(url));
    try {
      await storage.db.deleteFrom('server_secrets').where('name', '=', 'sealing_key').execute();
    } finally {
      await storage.close();
    }
    assert.match(await openWith(url), /holds sealed values .* but not the key they were sealed with: set BIZPLAT_SECRETS_KEY/);
  });
});
