/**
 * The sealing key across a copy. The copy keeps the source's key wherever the target's servers
 * will look for it (BIZPLAT_SECRETS_KEY, the key file beside an SQLite database, the key kept in
 * a PostgreSQL database), so sealed secrets and the cursors clients hold go on opening. Only
 * when the target already has a key of its own (an SQLite key file) are the values sealed again.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { domainModules } from '../../domains/index.ts';
import { Sealer } from '../../platform/sealer.ts';
import { SEALING_KEY_ROWS, keyCheckFor, keyFileOf, opensKeyCheck } from '../../platform/server-key.ts';
import { CopyError } from '../../storage/copy/copy.ts';
import type { CopiedRow, CopyChanges, Peek, PlainValue } from '../../storage/copy/copy.ts';

interface SourceKey {
  key: Buffer;
  /** As the target keeps it: the base64 text of a key file or of the database's key row. */
  text: string;
  place: string;
}

export interface SecretsPlan {
  changes: CopyChanges;
  /** Written once the copy is committed: the key file beside an SQLite target. */
  keyFile?: { path: string; text: string };
  /** Where the target's servers find the key. */
  secretsKey: string;
  resealed: boolean;
}

async function keyFileText(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CopyError(`cannot read the key file ${path}: ${(error as Error).message}`);
  }
}

async function sourceKey(from: string, setting: string | undefined, secrets: ReadonlyMap<string, string>): Promise<SourceKey | undefined> {
  if (setting !== undefined) return { key: Buffer.from(setting, 'utf8'), text: setting, place: 'BIZPLAT_SECRETS_KEY' };
  const file = keyFileOf(from);
  const text = file !== undefined ? await keyFileText(file) : secrets.get(SEALING_KEY_ROWS.key);
  return text === undefined ? undefined : { key: Buffer.from(text, 'base64'), text, place: file !== undefined ? `the key file ${file}` : 'the key kept in the source database' };
}

function checkSourceKey(from: string, key: SourceKey | undefined, check: string | undefined): void {
  if (check === undefined) return;
  if (key === undefined) {
    const file = keyFileOf(from);
    throw new CopyError(
      file !== undefined
        ? `the source holds values sealed with the key in ${file} (webhook secrets), and that file is missing: put the key file back beside the source database, or set BIZPLAT_SECRETS_KEY to the key they were sealed with. Nothing was written`
        : 'the source holds sealed values (webhook secrets) but not the key they were sealed with: set BIZPLAT_SECRETS_KEY to that key. Nothing was written',
    );
  }
  if (!opensKeyCheck(key.key, check)) {
    throw new CopyError(
      `${key.place} does not open the values sealed in the source database (webhook secrets): set BIZPLAT_SECRETS_KEY to the key they were sealed with (or unset it when they were sealed with the key file beside the database or the key kept in it). Nothing was written`,
    );
  }
}

function isPlainValue(value: unknown): value is PlainValue {
  return value === null || Buffer.isBuffer(value) || ['string', 'bigint', 'number', 'boolean'].includes(typeof value);
}

function copiedRow(row: Record<string, unknown>): CopiedRow {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, isPlainValue(v) ? v : null]));
}

/** Rewrites that seal every module's sealed values and the key check again under `to`. */
function resealing(from: Buffer, to: Buffer): CopyChanges['rewrite'] {
  const [opener, sealer] = [new Sealer(from), new Sealer(to)];
  const rewrite: NonNullable<CopyChanges['rewrite']> = {
    server_secrets: (row) => (row.name === SEALING_KEY_ROWS.check ? { ...row, value: keyCheckFor(to) } : row.name === SEALING_KEY_ROWS.key ? undefined : row),
  };
  for (const [table, reseal] of domainModules.flatMap((m) => Object.entries(m.resealed ?? {}))) {
    rewrite[table] = (row) => copiedRow(reseal(row, opener, sealer));
  }
  return rewrite;
}

/** Checks that the key at hand opens the source's sealed values, and says how the target gets its key. */
export async function planSecrets(from: string, to: string, setting: string | undefined, peek: Peek): Promise<SecretsPlan> {
  const secrets = new Map((await peek('server_secrets')).map((r) => [String(r.name), String(r.value)]));
  const source = await sourceKey(from, setting, secrets);
  checkSourceKey(from, source, secrets.get(SEALING_KEY_ROWS.check));
  if (setting !== undefined) return { changes: {}, secretsKey: 'BIZPLAT_SECRETS_KEY: start the servers on the copy with the same setting', resealed: false };
  const targetFile = keyFileOf(to);
  if (targetFile === undefined) {
    const kept = 'kept in the target database';
    if (source === undefined || secrets.has(SEALING_KEY_ROWS.key)) return { changes: {}, secretsKey: kept, resealed: false };
    return { changes: { add: [{ table: 'server_secrets', row: { name: SEALING_KEY_ROWS.key, value: source.text } }] }, secretsKey: kept, resealed: false };
  }
  const inFile = `the key file ${targetFile}`;
  // Beside an SQLite database, never inside it: a copy of the file alone opens nothing.
  const withoutKeyRow: CopyChanges = { rewrite: { server_secrets: (row) => (row.name === SEALING_KEY_ROWS.key ? undefined : row) } };
  const existing = await keyFileText(targetFile);
  if (source === undefined) return { changes: withoutKeyRow, secretsKey: inFile, resealed: false };
  if (existing === undefined) return { changes: withoutKeyRow, keyFile: { path: targetFile, text: source.text }, secretsKey: inFile, resealed: false };
  if (existing === source.text) return { changes: withoutKeyRow, secretsKey: inFile, resealed: false };
  const targetKey = Buffer.from(existing, 'base64');
  if (targetKey.length < 32) throw new CopyError(`the key file ${targetFile} beside the target does not hold a key (32 bytes, base64): remove it, and the copy puts the source's key there. Nothing was written`);
  return { changes: { rewrite: resealing(source.key, targetKey) }, secretsKey: inFile, resealed: true };
}

/** Puts the source's key beside the SQLite copy, readable by its owner only; never over an existing file. */
export async function writeKeyFile(keyFile: { path: string; text: string }): Promise<void> {
  await writeFile(keyFile.path, keyFile.text, { mode: 0o600, flag: 'wx' });
}
