import { randomFillSync } from 'node:crypto';

/**
 * Time-ordered UUIDs (v7, RFC 9562): they index and page well. The 48-bit millisecond time is
 * followed by a 31-bit counter that starts at a random value each millisecond and counts up
 * within it, so ids made by one process only ever increase, then 43 random bits. Random bytes
 * come from a pool refilled 4 KiB at a time and the text is written in one piece: a movement
 * alone takes ten ids.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const text = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1');
/** Where each byte's two digits go in the text. */
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const bytes = new Uint8Array(16);
let lastMs = -1;
let counter = 0;

function takeRandom(n: number): number {
  if (poolOffset + n > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const at = poolOffset;
  poolOffset += n;
  return at;
}

export function newId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    counter = pool.readUInt32BE(takeRandom(4)) >>> 1;
  } else if (++counter > 0x7fffffff) {
    // Two billion ids in one millisecond: borrow the next one.
    lastMs += 1;
    counter = 0;
  }
  const r = takeRandom(6);
  bytes[0] = lastMs / 2 ** 40;
  bytes[1] = lastMs / 2 ** 32;
  bytes[2] = lastMs >>> 24;
  bytes[3] = lastMs >>> 16;
  bytes[4] = lastMs >>> 8;
  bytes[5] = lastMs;
  bytes[6] = 0x70 | (counter >>> 27);
  bytes[7] = counter >>> 19;
  bytes[8] = 0x80 | ((counter >>> 13) & 0x3f);
  bytes[9] = counter >>> 5;
  bytes[10] = ((counter << 3) & 0xf8) | (pool[r]! & 0x07);
  for (let i = 11; i < 16; i++) bytes[i] = pool[r + i - 10]!;
  for (let i = 0; i < 16; i++) {
    text[AT[i]!] = HEX_DIGITS[bytes[i]! >>> 4]!;
    text[AT[i]! + 1] = HEX_DIGITS[bytes[i]! & 0x0f]!;
  }
  return text.toString('latin1', 0, 36);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** UUIDs compare case-insensitively: every id is kept and looked up in lower case. */
export function lowerUuid(value: string): string {
  return value.length === 36 && /[A-F]/.test(value) && isUuid(value) ? value.toLowerCase() : value;
}

/** A field holding record ids: `id`, `…_id`, `…Id`, and their plurals. */
function isIdField(key: string): boolean {
  return key === 'id' || key === 'ids' || key.endsWith('_id') || key.endsWith('Id') || key.endsWith('_ids') || key.endsWith('Ids');
}

/**
 * Lowers, in place, the UUIDs held by id fields of a parsed JSON value (a request body or
 * query, an import record), at any depth; other values are left as they are.
 */
export function lowerIdFields(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) lowerIdFields(item);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const field = record[key];
    if (typeof field === 'string') {
      if (isIdField(key)) record[key] = lowerUuid(field);
    } else if (Array.isArray(field) && isIdField(key)) {
      record[key] = field.map((v: unknown) => (typeof v === 'string' ? lowerUuid(v) : v));
    } else {
      lowerIdFields(field);
    }
  }
}

/** A migration statement lowering the ids (UUIDs only) held by `columns` of `table`, for rows stored before ids were lowered. */
export function lowerIdsStatement(table: string, columns: readonly string[]): string {
  return `UPDATE ${table} SET ${columns.map((c) => `${c} = lower(${c})`).join(', ')} WHERE ${columns.map((c) => `${c} <> lower(${c})`).join(' OR ')}`;
}
