import { randomBytes } from 'node:crypto';
import { chmod, open, readFile } from 'node:fs/promises';
import type { Storage } from '../storage/storage.ts';
import { Sealer } from './sealer.ts';
import { serverSecret } from './token-key.ts';

const KEY_NAME = 'sealing_key';
const sealers = new WeakMap<Storage, Promise<Sealer>>();

/**
 * The sealer of everything the server encrypts at rest or hands out opaque (webhook secrets,
 * cursors), one per storage. Its key: BIZPLAT_SECRETS_KEY when set; otherwise, for an SQLite
 * file, a random key in a file beside it (`<database>.key`, owner only), so that a copy of the
 * database file alone cannot open what it seals; otherwise (PostgreSQL) a random key made once
 * and kept in the database, as the token key is.
 */
export function serverSealer(storage: Storage, setting: string | undefined): Promise<Sealer> {
  let sealer = sealers.get(storage);
  if (sealer === undefined) {
    sealer = loadKey(storage, setting).then((key) => new Sealer(key));
    sealers.set(storage, sealer);
    sealer.catch(() => sealers.delete(storage));
  }
  return sealer;
}

async function loadKey(storage: Storage, setting: string | undefined): Promise<Buffer> {
  if (setting !== undefined) return Buffer.from(setting, 'utf8');
  const file = keyFileOf(storage.url);
  return file === undefined ? serverSecret(storage, KEY_NAME) : keyInFile(file);
}

/** `<database>.key` for an SQLite file; undefined for PostgreSQL and an in-memory database. */
export function keyFileOf(url: string): string | undefined {
  if (!url.startsWith('sqlite:')) return undefined;
  const path = url.slice('sqlite:'.length);
  return path === ':memory:' || path === '' ? undefined : `${path}.key`;
}

async function keyInFile(path: string): Promise<Buffer> {
  try {
    // 'wx': of two processes starting at once, one writes the key and the other reads it.
    const handle = await open(path, 'wx', 0o600);
    try {
      await handle.writeFile(randomBytes(32).toString('base64'));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await chmod(path, 0o600).catch(() => {});
  }
  const text = (await readFile(path, 'utf8')).trim();
  const key = Buffer.from(text, 'base64');
  if (key.length < 32) throw new Error(`the key file ${path} does not hold a key (32 bytes, base64); remove it only if nothing sealed with it must be read again`);
  return key;
}

