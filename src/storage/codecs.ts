/**
 * The codecs that make both dialects hand services identical JS values. SQLite keeps booleans
 * as 0/1 and JSON as text; PostgreSQL has native types. Rows pass through these on the way out.
 */
import type { ColumnType } from 'kysely';

/** Stored as BOOLEAN (PostgreSQL) or 0/1 (SQLite); written as a JS boolean. */
export type DbBool = ColumnType<boolean | number, boolean, boolean>;
/** Stored as JSONB or TEXT; always written through toJson(). */
export type DbJson = ColumnType<unknown, string, string>;
/** ISO 8601 UTC text (`2026-01-02T03:04:05.678Z`) on both; TIMESTAMPTZ on PostgreSQL. */
export type DbTimestamp = ColumnType<string, string, string>;

export function readBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** JSON columns arrive as text on both dialects. */
export function readJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** `…Z` becomes `…+00:00`: the API's "timestamp with offset". */
export function isoWithOffset(iso: string): string;
export function isoWithOffset(iso: string | null): string | null;
export function isoWithOffset(iso: string | null): string | null {
  if (iso === null) return null;
  return iso.endsWith('Z') ? `${iso.slice(0, -1)}+00:00` : iso;
}

/** `…Z` loses its designator: the API's "timestamp without offset" (always UTC). */
export function isoWithoutOffset(iso: string): string;
export function isoWithoutOffset(iso: string | null): string | null;
export function isoWithoutOffset(iso: string | null): string | null {
  if (iso === null) return null;
  return iso.endsWith('Z') ? iso.slice(0, -1) : iso;
}

/** Text searched with LIKE on both dialects: lower-cased in JS so non-ASCII letters fold too. */
export function searchText(...parts: Array<string | null | undefined>): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .map((p) => p.toLowerCase().replace(/\n/g, ' '))
    .join('\n');
}

/** A LIKE pattern for a substring match against searchText(), with wildcards escaped (ESCAPE '\'). */
export function containsPattern(term: string): string {
  const escaped = term.toLowerCase().replace(/\n/g, ' ').replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${escaped}%`;
}
