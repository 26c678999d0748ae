import { randomBytes } from 'node:crypto';
import type { Storage } from '../storage/storage.ts';

const KEY_NAME = 'token_hmac_key';
const keys = new WeakMap<Storage, Promise<Buffer>>();

/**
 * The HMAC key tokens are hashed with: BIZPLAT_TOKEN_PEPPER when set (then a database copy
 * alone cannot confirm a guessed token), otherwise a random key made once and kept in the
 * database so that every process on it agrees.
 */
export function tokenKey(storage: Storage, pepper: string | undefined): Promise<Buffer> {
  if (pepper !== undefined) return Promise.resolve(Buffer.from(pepper, 'utf8'));
  let key = keys.get(storage);
  if (key === undefined) {
    key = serverSecret(storage, KEY_NAME);
    keys.set(storage, key);
    key.catch(() => keys.delete(storage));
  }
  return key;
}

/** A random 32-byte key kept in the database under `name`: made by the first process that asks, then shared by all. */
async function serverSecret(storage: Storage, name: string): Promise<Buffer> {
  const value = await storage.transaction(async ({ db }) => {
    await db
      .insertInto('server_secrets')
      .values({ name, value: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  });
  return Buffer.from(value, 'base64');
}
