import { randomBytes } from 'node:crypto';
import { chmod, link, open, readFile, unlink } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import type { Storage } from '../storage/storage.ts';
import { findServerSecret, keepServerSecret } from './queries.ts';
import { Sealer } from './sealer.ts';

const KEY_NAME = 'sealing_key';
/** A known text sealed with the key when it is first used: a later start proves its key by opening it. */
const CHECK_NAME = 'sealing_key_check';
const CHECK_PURPOSE = 'key-check';
const CHECK_TEXT = 'bizplat sealing key';
const sealers = new WeakMap<Storage, Promise<Sealer>>();

/** One value a module keeps sealed, as it must be given to open it. */
export interface SealedSample {
  purpose: string;
  context: string;
  sealed: string;
}

/** A module's look at what it keeps sealed: one stored value, or undefined when it keeps none. */
export type SealedProbe = (db: Kysely<Database>) => Promise<SealedSample | undefined>;

/** A row of a table holding sealed values, with each opened by `from` and sealed again by `to` (a copy to a database with another key). */
export type Reseal = (row: Readonly<Record<string, unknown>>, from: Sealer, to: Sealer) => Record<string, unknown>;

let probes: readonly SealedProbe[] = [];

/** The modules' probes, asked when a database has no key check yet (registered by setup.ts with the events). */
export function registerSealedProbes(list: readonly SealedProbe[]): void {
  probes = list;
}

/** The key at hand does not open what the database holds sealed (or is missing): nothing may start on it. */
export class SealingKeyError extends Error {}

/**
 * The sealer of everything the server encrypts at rest or hands out opaque (webhook secrets,
 * cursors), one per storage. Its key: BIZPLAT_SECRETS_KEY when set; otherwise, for an SQLite
 * file, a random key in a file beside it (`<database>.key`, owner only), so that a copy of the
 * database file alone cannot open what it seals; otherwise (PostgreSQL) a random key made once
 * and kept in the database, as the token key is.
 *
 * The key must open what the database holds: a key check (a known text sealed with it, kept in
 * `server_secrets`) or, in a database from before the check, a module's sealed value. Otherwise
 * this refuses (SealingKeyError) with what to copy or set, and a new key is made only for a
 * database that holds nothing sealed.
 */
export function serverSealer(storage: Storage, setting: string | undefined): Promise<Sealer> {
  let sealer = sealers.get(storage);
  if (sealer === undefined) {
    sealer = checkedSealer(storage, setting);
    sealers.set(storage, sealer);
    sealer.catch(() => sealers.delete(storage));
  }
  return sealer;
}

type KeySource = { kind: 'setting' } | { kind: 'file'; file: string } | { kind: 'database' };

async function checkedSealer(storage: Storage, setting: string | undefined): Promise<Sealer> {
  const check = await findServerSecret(storage.db, CHECK_NAME);
  const sample = check === undefined ? await firstSample(storage.db) : undefined;
  const holdsSealed = check !== undefined || sample !== undefined;
  const file = keyFileOf(storage.url);
  const source: KeySource = setting !== undefined ? { kind: 'setting' } : file !== undefined ? { kind: 'file', file } : { kind: 'database' };
  const sealer = new Sealer(await keyOf(storage, source, setting, holdsSealed));
  const opens = check !== undefined ? sealer.open(CHECK_PURPOSE, CHECK_NAME, check) === CHECK_TEXT : sample === undefined || sealer.open(sample.purpose, sample.context, sample.sealed) !== undefined;
  if (!opens) throw new SealingKeyError(wrongKey(source));
  if (check === undefined) {
    // Two processes starting at once may both write: the one kept must open with this key too.
    const kept = await keepServerSecret(storage.db, CHECK_NAME, sealer.seal(CHECK_PURPOSE, CHECK_NAME, CHECK_TEXT));
    if (sealer.open(CHECK_PURPOSE, CHECK_NAME, kept) !== CHECK_TEXT) throw new SealingKeyError(wrongKey(source));
  }
  return sealer;
}

async function firstSample(db: Kysely<Database>): Promise<SealedSample | undefined> {
  for (const probe of probes) {
    const sample = await probe(db);
    if (sample !== undefined) return sample;
  }
  return undefined;
}

async function keyOf(storage: Storage, source: KeySource, setting: string | undefined, holdsSealed: boolean): Promise<Buffer> {
  if (source.kind === 'setting') return Buffer.from(setting ?? '', 'utf8');
  if (source.kind === 'file') return keyInFile(source.file, holdsSealed);
  const stored = await findServerSecret(storage.db, KEY_NAME);
  if (stored === undefined && holdsSealed) {
    throw new SealingKeyError(
      'this database holds sealed values (webhook secrets) but not the key they were sealed with: set BIZPLAT_SECRETS_KEY to that key. Nothing was started',
    );
  }
  return Buffer.from(stored ?? (await keepServerSecret(storage.db, KEY_NAME, randomBytes(32).toString('base64'))), 'base64');
}

function wrongKey(source: KeySource): string {
  const what = 'does not open the values sealed in this database (webhook secrets)';
  switch (source.kind) {
    case 'setting':
      return `BIZPLAT_SECRETS_KEY ${what}: set it to the key they were sealed with (or unset it if they were sealed with the key file beside the database or the key kept in it). Nothing was started`;
    case 'file':
      return `the key file ${source.file} ${what}: copy over it the key file that was beside the database this one was copied from, or set BIZPLAT_SECRETS_KEY to the key they were sealed with. Nothing was started`;
    case 'database':
      return `the key kept in this database ${what}: set BIZPLAT_SECRETS_KEY to the key they were sealed with. Nothing was started`;
  }
}

/** The rows of server_secrets that hold the sealing key (PostgreSQL, no setting) and its check. */
export const SEALING_KEY_ROWS = { key: KEY_NAME, check: CHECK_NAME } as const;

/** Whether `key` opens a database's key check: the values sealed in it open with that key. */
export function opensKeyCheck(key: Buffer, check: string): boolean {
  return new Sealer(key).open(CHECK_PURPOSE, CHECK_NAME, check) === CHECK_TEXT;
}

/** A new key check for `key`, to keep in a database whose sealed values were sealed again with it. */
export function keyCheckFor(key: Buffer): string {
  return new Sealer(key).seal(CHECK_PURPOSE, CHECK_NAME, CHECK_TEXT);
}

/** `<database>.key` for an SQLite file; undefined for PostgreSQL and an in-memory database. */
export function keyFileOf(url: string): string | undefined {
  if (!url.startsWith('sqlite:')) return undefined;
  const path = url.slice('sqlite:'.length);
  return path === ':memory:' || path === '' ? undefined : `${path}.key`;
}

async function keyInFile(path: string, holdsSealed: boolean): Promise<Buffer> {
  try {
    if (holdsSealed) await (await open(path, 'r')).close();
    else await createKeyFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && holdsSealed) {
      throw new SealingKeyError(
        `the key file ${path} is missing, and this database holds values sealed with it (webhook secrets): copy the key file that was beside the database this one was restored or copied from (its name ends in .key; "backup" names it) to ${path}, or set BIZPLAT_SECRETS_KEY to the key they were sealed with. Nothing was started`,
      );
    }
    throw error;
  }
  await chmod(path, 0o600).catch(() => {});
  const text = (await readFile(path, 'utf8')).trim();
  const key = Buffer.from(text, 'base64');
  if (key.length < 32) throw new Error(`the key file ${path} does not hold a key (32 bytes, base64); remove it only if nothing sealed with it must be read again`);
  return key;
}

/**
 * Puts a new key beside the database unless one is there. The key is written whole under a
 * name of this process's own, then linked into place, which fails if the file exists: of
 * processes starting at once, one key wins and none reads a file still being written.
 */
async function createKeyFile(path: string): Promise<void> {
  const written = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(written, 'wx', 0o600);
  try {
    await handle.writeFile(randomBytes(32).toString('base64'));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(written, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(written).catch(() => {});
  }
}

